/**
 * Entities are the legal persons that own accounts. The sandbox models natural
 * persons and corporations with the fields a bank needs to identify them.
 */
import { Schema } from "effect"
import { EntityId } from "./Ids.js"
import { CalendarDate, Timestamp } from "./Timestamp.js"
import { ShortText } from "./Text.js"

export const EntityStructure = Schema.Literal("corporation", "natural_person", "joint", "trust", "government_authority")
export type EntityStructure = typeof EntityStructure.Type

export const EntityStatus = Schema.Literal("active", "archived", "disabled")
export type EntityStatus = typeof EntityStatus.Type

/** ISO 3166-1 alpha-2; an address given without one is in the United States. */
export const CountryCode = Schema.String.pipe(
  Schema.pattern(/^[A-Z]{2}$/, { message: () => "must be a two-letter ISO 3166-1 country code" })
)

export const defaultCountry = "US"

export const Address = Schema.Struct({
  line1: ShortText,
  line2: Schema.optional(ShortText),
  city: ShortText,
  state: Schema.String.pipe(Schema.pattern(/^[A-Z]{2}$/, { message: () => "must be a two-letter state code" })),
  zip: Schema.String.pipe(Schema.pattern(/^\d{5}(-\d{4})?$/, { message: () => "must be a 5 or 9 digit ZIP code" })),
  country: Schema.optional(CountryCode)
})

export const AddressObject = Schema.Struct({
  line1: Schema.String,
  line2: Schema.NullOr(Schema.String),
  city: Schema.String,
  state: Schema.String,
  zip: Schema.String,
  // Entities stored before addresses carried a country read as US ones.
  country: Schema.optionalWith(Schema.String, { default: () => defaultCountry })
})

export const Identification = Schema.Struct({
  method: Schema.Literal("social_security_number", "individual_taxpayer_identification_number", "passport", "drivers_license", "other"),
  number: Schema.String.pipe(Schema.minLength(4), Schema.maxLength(200))
})

export const NaturalPerson = Schema.Struct({
  name: ShortText,
  date_of_birth: CalendarDate,
  address: Address,
  identification: Identification
})

export const NaturalPersonObject = Schema.Struct({
  name: Schema.String,
  date_of_birth: Schema.String,
  address: AddressObject,
  identification: Schema.Struct({ method: Schema.String, number_last4: Schema.String })
})

export const Corporation = Schema.Struct({
  name: ShortText,
  tax_identifier: Schema.String.pipe(Schema.pattern(/^\d{9}$/, { message: () => "must be 9 digits" })),
  address: Address,
  website: Schema.optional(ShortText),
  incorporation_state: Schema.optional(Schema.String)
})

export const CorporationObject = Schema.Struct({
  name: Schema.String,
  tax_identifier: Schema.NullOr(Schema.String),
  address: AddressObject,
  website: Schema.NullOr(Schema.String),
  incorporation_state: Schema.NullOr(Schema.String)
})

export class Entity extends Schema.Class<Entity>("Entity")({
  id: EntityId,
  structure: EntityStructure,
  status: EntityStatus,
  description: Schema.NullOr(Schema.String),
  natural_person: Schema.NullOr(NaturalPersonObject),
  corporation: Schema.NullOr(CorporationObject),
  joint: Schema.Null,
  trust: Schema.Null,
  government_authority: Schema.Null,
  idempotency_key: Schema.NullOr(Schema.String),
  created_at: Timestamp,
  details_confirmed_at: Schema.NullOr(Timestamp),
  creating_entity_onboarding_session_id: Schema.Null,
  risk_rating: Schema.Null,
  third_party_verification: Schema.Null,
  validation: Schema.Null,
  supplemental_documents: Schema.Array(Schema.Unknown),
  terms_agreements: Schema.Array(Schema.Unknown),
  type: Schema.tag("entity")
}) {}

/** Create body: `structure` names which one of the detail objects is given. */
export const CreateEntity = Schema.Union(
  Schema.Struct({
    structure: Schema.Literal("natural_person"),
    natural_person: NaturalPerson,
    description: Schema.optional(ShortText)
  }),
  Schema.Struct({
    structure: Schema.Literal("corporation"),
    corporation: Corporation,
    description: Schema.optional(ShortText)
  })
).annotations({ identifier: "CreateEntity" })
export type CreateEntity = typeof CreateEntity.Type
