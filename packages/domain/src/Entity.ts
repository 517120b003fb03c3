/**
 * Entities are the legal persons that own accounts. The sandbox models natural
 * persons and corporations with the fields a bank needs to identify them.
 */
import { Effect, Schema } from "effect"
import { EntityBeneficialOwnerId, EntityId, FileId } from "./Ids.js"
import { CommaSeparated } from "./ListParameters.js"
import { IdempotencyKey } from "./Text.js"
import { ShortText } from "./Text.js"
import { CalendarDate, Timestamp } from "./Timestamp.js"

export const EntityStructure = Schema.Literals([
  "corporation",
  "natural_person",
  "joint",
  "trust",
  "government_authority"
])
export type EntityStructure = typeof EntityStructure.Type

export const EntityStatus = Schema.Literals(["active", "archived", "disabled"])
export type EntityStatus = typeof EntityStatus.Type

/** ISO 3166-1 alpha-2; an address given without one is in the United States. */
export const CountryCode = Schema.String.check(
  Schema.isPattern(/^[A-Z]{2}$/u, { message: "must be a two-letter ISO 3166-1 country code" })
)

export const defaultCountry = "US"

export const Address = Schema.Struct({
  line1: ShortText,
  line2: Schema.optionalKey(ShortText),
  city: ShortText,
  state: Schema.String.check(Schema.isPattern(/^[A-Z]{2}$/u, { message: "must be a two-letter state code" })),
  zip: Schema.String.check(Schema.isPattern(/^\d{5}(-\d{4})?$/u, { message: "must be a 5 or 9 digit ZIP code" })),
  country: Schema.optionalKey(CountryCode)
})

export const AddressObject = Schema.Struct({
  line1: Schema.String,
  line2: Schema.NullOr(Schema.String),
  city: Schema.String,
  state: Schema.String,
  zip: Schema.String,
  // Entities stored before addresses carried a country read as US ones.
  country: Schema.String.pipe(Schema.withDecodingDefaultType(Effect.succeed(defaultCountry)))
})

export const Identification = Schema.Struct({
  method: Schema.Literals([
    "social_security_number",
    "individual_taxpayer_identification_number",
    "passport",
    "drivers_license",
    "other"
  ]),
  number: Schema.String.check(Schema.isMinLength(4), Schema.isMaxLength(200))
})

/**
 * The last four characters of an identification number, as shown on the
 * entity. Counted in code points, so a trailing emoji is not split into a
 * lone surrogate (which Postgres cannot store).
 */
export const lastFour = (text: string): string => Array.from(text).slice(-4).join("")

/**
 * Supporting documents of an identification: files the caller uploaded
 * (`referencedFileIds`; each must be one of the caller's), referenced by id and
 * not kept on the entity.
 */
const IdentificationDocuments = {
  drivers_license: Schema.optionalKey(Schema.Struct({
    expiration_date: CalendarDate,
    file_id: FileId,
    state: ShortText,
    back_file_id: Schema.optionalKey(FileId)
  })),
  other: Schema.optionalKey(Schema.Struct({
    country: CountryCode,
    description: ShortText,
    file_id: FileId,
    back_file_id: Schema.optionalKey(FileId),
    expiration_date: Schema.optionalKey(CalendarDate)
  })),
  passport: Schema.optionalKey(
    Schema.Struct({ country: CountryCode, expiration_date: CalendarDate, file_id: FileId })
  )
}

export const NaturalPerson = Schema.Struct({
  name: ShortText,
  date_of_birth: CalendarDate,
  address: Address,
  identification: Schema.Struct({ ...Identification.fields, ...IdentificationDocuments }),
  confirmed_no_us_tax_id: Schema.optionalKey(Schema.Boolean)
})

export const NaturalPersonObject = Schema.Struct({
  name: Schema.String,
  date_of_birth: Schema.String,
  address: AddressObject,
  identification: Schema.Struct({ method: Schema.String, number_last4: Schema.String })
})

export const BeneficialOwnerProng = Schema.Literals(["ownership", "control"])

export const BeneficialOwnershipExemptionReason = Schema.Literals([
  "regulated_financial_institution",
  "publicly_traded_company",
  "public_entity",
  "other"
])

export const BeneficialOwner = Schema.Struct({
  individual: Schema.Struct({
    name: ShortText,
    date_of_birth: CalendarDate,
    address: Address,
    identification: Schema.Struct({ ...Identification.fields, ...IdentificationDocuments }),
    confirmed_no_us_tax_id: Schema.optionalKey(Schema.Boolean)
  }),
  prongs: Schema.Array(BeneficialOwnerProng).check(Schema.isMinLength(1), Schema.isMaxLength(2)),
  company_title: Schema.optionalKey(ShortText)
})

export const LegalIdentifierCategory = Schema.Literals(["us_employer_identification_number", "other"])

const employerIdentificationNumber = /^\d{9}$/u

/** The corporation's legal identifier: an EIN (nine digits) unless `category` says otherwise. */
export const LegalIdentifier = Schema.Struct({
  value: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(200)),
  category: Schema.optionalKey(LegalIdentifierCategory)
}).check(
  Schema.makeFilter((identifier) =>
    identifier.category === "other" || employerIdentificationNumber.test(identifier.value) ||
    { path: ["value"], issue: "must be 9 digits for a us_employer_identification_number" }
  )
)

/**
 * A corporation as the SDK 0.583 sends it (`legal_identifier`,
 * `beneficial_owners`), or in the earlier shape with `tax_identifier`; one of
 * the two identifiers is required.
 */
export const Corporation = Schema.Struct({
  name: ShortText,
  tax_identifier: Schema.optionalKey(
    Schema.String.check(Schema.isPattern(employerIdentificationNumber, { message: "must be 9 digits" }))
  ),
  legal_identifier: Schema.optionalKey(LegalIdentifier),
  address: Address,
  beneficial_owners: Schema.optionalKey(Schema.Array(BeneficialOwner).check(Schema.isMaxLength(5))),
  beneficial_ownership_exemption_reason: Schema.optionalKey(BeneficialOwnershipExemptionReason),
  email: Schema.optionalKey(ShortText),
  industry_code: Schema.optionalKey(ShortText),
  website: Schema.optionalKey(ShortText),
  incorporation_state: Schema.optionalKey(Schema.String)
}).check(
  Schema.makeFilter((corporation) =>
    corporation.tax_identifier !== undefined || corporation.legal_identifier !== undefined ||
    { path: ["legal_identifier"], issue: "is required (or the earlier tax_identifier)" }
  )
)

export const BeneficialOwnerObject = Schema.Struct({
  id: EntityBeneficialOwnerId,
  company_title: Schema.NullOr(Schema.String),
  individual: Schema.Struct({
    name: Schema.String,
    date_of_birth: Schema.String,
    address: AddressObject,
    identification: Schema.NullOr(Schema.Struct({ method: Schema.String, number_last4: Schema.String }))
  }),
  prongs: Schema.Array(BeneficialOwnerProng)
})

export const CorporationObject = Schema.Struct({
  name: Schema.String,
  tax_identifier: Schema.NullOr(Schema.String),
  address: AddressObject,
  website: Schema.NullOr(Schema.String),
  incorporation_state: Schema.NullOr(Schema.String),
  // Corporations stored before these fields existed read with empty values.
  beneficial_owners: Schema.Array(BeneficialOwnerObject).pipe(Schema.withDecodingDefaultType(Effect.succeed([]))),
  beneficial_ownership_exemption_reason: Schema.NullOr(BeneficialOwnershipExemptionReason).pipe(
    Schema.withDecodingDefaultType(Effect.succeed(null))
  ),
  email: Schema.NullOr(Schema.String).pipe(Schema.withDecodingDefaultType(Effect.succeed(null))),
  industry_code: Schema.NullOr(Schema.String).pipe(Schema.withDecodingDefaultType(Effect.succeed(null))),
  legal_identifier: Schema.NullOr(Schema.Struct({ category: LegalIdentifierCategory, value: Schema.String })).pipe(
    Schema.withDecodingDefaultType(Effect.succeed(null))
  )
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
export const CreateEntity = Schema.Union([
  Schema.Struct({
    structure: Schema.Literal("natural_person"),
    natural_person: NaturalPerson,
    description: Schema.optionalKey(ShortText)
  }),
  Schema.Struct({
    structure: Schema.Literal("corporation"),
    corporation: Corporation,
    description: Schema.optionalKey(ShortText)
  })
]).annotate({ identifier: "CreateEntity" })
export type CreateEntity = typeof CreateEntity.Type

type IdentificationWithDocuments = typeof NaturalPerson.Type["identification"]

const documentFileIds = ({ drivers_license, other, passport }: IdentificationWithDocuments): ReadonlyArray<FileId> =>
  [
    drivers_license?.file_id,
    drivers_license?.back_file_id,
    other?.file_id,
    other?.back_file_id,
    passport?.file_id
  ].filter((id) => id !== undefined)

/** Every file a create request names (identity documents of the person or of each beneficial owner), each once. */
export const referencedFileIds = (request: CreateEntity): ReadonlyArray<FileId> => {
  const identifications = request.structure === "natural_person"
    ? [request.natural_person.identification]
    : (request.corporation.beneficial_owners ?? []).map((owner) => owner.individual.identification)
  return [...new Set(identifications.flatMap(documentFileIds))]
}

/** `GET /entities` filters (beside the paging of `ListParameters`). */
export const EntityFilter = Schema.Struct({
  idempotency_key: Schema.optional(IdempotencyKey),
  "status.in": Schema.optional(CommaSeparated(EntityStatus)),
  "validation_status.in": Schema.optional(CommaSeparated(Schema.Literals(["pending", "valid", "invalid"])))
})
export type EntityFilter = typeof EntityFilter.Type
