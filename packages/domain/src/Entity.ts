/**
 * Entities are the legal persons that own accounts. The sandbox models natural
 * persons and corporations with the fields a bank needs to identify them.
 */
import { Effect, Schema } from "effect"
import { described } from "./Described.js"
import { EntityBeneficialOwnerId, EntityId, FileId } from "./Ids.js"
import { CommaSeparated, idempotencyKeyFilterDescription } from "./ListParameters.js"
import { IdempotencyKey, idempotencyKeyFieldDescription, ShortText } from "./Text.js"
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

/** A physical address as a request gives it; mail receiving locations (PO boxes, PMBs) are not allowed. */
export const Address = Schema.Struct({
  line1: described(ShortText, "The first line of the address, usually the street number and street."),
  line2: Schema.optionalKey(described(ShortText, "The second line of the address, such as the floor or room number.")),
  city: described(ShortText, "The city, district, town or village of the address."),
  state: described(
    Schema.String.check(Schema.isPattern(/^[A-Z]{2}$/u, { message: "must be a two-letter state code" })),
    "The two-letter USPS abbreviation of the state (or province or region) of the address."
  ),
  zip: described(
    Schema.String.check(Schema.isPattern(/^\d{5}(-\d{4})?$/u, { message: "must be a 5 or 9 digit ZIP code" })),
    "The ZIP code of the address: 5 digits, or 9 with a dash after the first 5."
  ),
  country: Schema.optionalKey(
    described(CountryCode, "The ISO 3166-1 alpha-2 code of the country of the address; `US` when omitted.")
  )
})

export const AddressObject = Schema.Struct({
  line1: described(Schema.String, "The first line of the address."),
  line2: described(Schema.NullOr(Schema.String), "The second line of the address; null when there is none."),
  city: described(Schema.String, "The city, district, town or village of the address."),
  state: described(Schema.String, "The two-letter USPS abbreviation of the state of the address."),
  zip: described(Schema.String, "The ZIP or postal code of the address."),
  // Entities stored before addresses carried a country read as US ones.
  country: described(
    Schema.String.pipe(Schema.withDecodingDefaultType(Effect.succeed(defaultCountry))),
    "The ISO 3166-1 alpha-2 code of the country of the address."
  )
})

const identificationMethodDescription =
  "How the person's identity can be verified. `social_security_number`: a Social Security Number. `individual_taxpayer_identification_number`: an Individual Taxpayer Identification Number (ITIN). `passport`: a passport number. `drivers_license`: a driver's license number. `other`: another identifying document."

export const Identification = Schema.Struct({
  method: described(
    Schema.Literals([
      "social_security_number",
      "individual_taxpayer_identification_number",
      "passport",
      "drivers_license",
      "other"
    ]),
    identificationMethodDescription
  ),
  number: described(
    Schema.String.check(Schema.isMinLength(4), Schema.isMaxLength(200)),
    "The identification number, such as a Social Security Number (nine digits, no dashes for an SSN or ITIN); only its last 4 characters are kept."
  )
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
  drivers_license: Schema.optionalKey(described(
    Schema.Struct({
      expiration_date: described(CalendarDate, "The driver's license's expiration date, `YYYY-MM-DD`."),
      file_id: described(FileId, "The identifier of the File with the front of the driver's license."),
      state: described(ShortText, "The state that issued the driver's license."),
      back_file_id: Schema.optionalKey(
        described(FileId, "The identifier of the File with the back of the driver's license.")
      )
    }),
    "The United States driver's license used for identification; required when `method` is `drivers_license`."
  )),
  other: Schema.optionalKey(described(
    Schema.Struct({
      country: described(CountryCode, "The ISO 3166-1 alpha-2 code of the country that issued the document."),
      description: described(ShortText, "A description of the document, 1 to 200 characters."),
      file_id: described(FileId, "The identifier of the File with the front of the document."),
      back_file_id: Schema.optionalKey(
        described(FileId, "The identifier of the File with the back of the document, if it has one.")
      ),
      expiration_date: Schema.optionalKey(described(CalendarDate, "The document's expiration date, `YYYY-MM-DD`."))
    }),
    "The document used for identification; required when `method` is `other`."
  )),
  passport: Schema.optionalKey(described(
    Schema.Struct({
      country: described(CountryCode, "The ISO 3166-1 alpha-2 code of the country that issued the passport."),
      expiration_date: described(CalendarDate, "The passport's expiration date, `YYYY-MM-DD`."),
      file_id: described(FileId, "The identifier of the File with the passport.")
    }),
    "The passport used for identification; required when `method` is `passport`."
  ))
}

const identificationDescription =
  "How the person's identity can be verified: the method and number, with the document's details for a passport, a driver's license or another document."

const confirmedNoUsTaxIdDescription =
  "Whether you confirmed the person has no US tax id (neither a Social Security Number nor an ITIN): only then may the identification be a passport, a driver's license or another document."

const addressDescription = "The person's physical address; mail receiving locations (PO boxes, PMBs) are not allowed."

export const NaturalPerson = Schema.Struct({
  name: described(ShortText, "The person's legal name, 1 to 200 characters."),
  date_of_birth: described(CalendarDate, "The person's date of birth, `YYYY-MM-DD`."),
  address: described(Address, addressDescription),
  identification: described(
    Schema.Struct({ ...Identification.fields, ...IdentificationDocuments }),
    identificationDescription
  ),
  confirmed_no_us_tax_id: Schema.optionalKey(described(Schema.Boolean, confirmedNoUsTaxIdDescription))
})

const identificationObjectFields = {
  method: described(Schema.String, identificationMethodDescription),
  number_last4: described(Schema.String, "The last 4 characters of the identification number.")
}

export const NaturalPersonObject = Schema.Struct({
  name: described(Schema.String, "The person's legal name."),
  date_of_birth: described(Schema.String, "The person's date of birth, `YYYY-MM-DD`."),
  address: described(AddressObject, "The person's address."),
  identification: described(
    Schema.Struct(identificationObjectFields),
    "How the person's identity can be verified (the number's last 4 characters only)."
  )
})

export const BeneficialOwnerProng = Schema.Literals(["ownership", "control"])

const prongsDescription =
  "Why the person is a beneficial owner: `ownership` (owns 25% or more of the corporation), `control` (manages or directs it, such as its CEO or CFO), or both."

export const BeneficialOwnershipExemptionReason = Schema.Literals([
  "regulated_financial_institution",
  "publicly_traded_company",
  "public_entity",
  "other"
])

export const BeneficialOwner = Schema.Struct({
  individual: described(
    Schema.Struct({
      name: described(ShortText, "The person's legal name, 1 to 200 characters."),
      date_of_birth: described(CalendarDate, "The person's date of birth, `YYYY-MM-DD`."),
      address: described(Address, addressDescription),
      identification: described(
        Schema.Struct({ ...Identification.fields, ...IdentificationDocuments }),
        identificationDescription
      ),
      confirmed_no_us_tax_id: Schema.optionalKey(described(Schema.Boolean, confirmedNoUsTaxIdDescription))
    }),
    "The beneficial owner's personal details."
  ),
  prongs: described(
    Schema.Array(BeneficialOwnerProng).check(Schema.isMinLength(1), Schema.isMaxLength(2)),
    `${prongsDescription} Give both when the person is both.`
  ),
  company_title: Schema.optionalKey(described(ShortText, "The person's role or title in the corporation."))
})

export const LegalIdentifierCategory = Schema.Literals(["us_employer_identification_number", "other"])

const legalIdentifierCategoryDescription =
  "What kind of identifier it is. `us_employer_identification_number`: the Employer Identification Number (EIN) the IRS assigned, nine digits. `other`: an identifier a foreign government issued, like a tax identification or registration number."

const employerIdentificationNumber = /^\d{9}$/u

/** The corporation's legal identifier: an EIN (nine digits) unless `category` says otherwise. */
export const LegalIdentifier = Schema.Struct({
  value: described(
    Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(200)),
    "The identifier itself: for an EIN, nine digits with no dashes."
  ),
  category: Schema.optionalKey(
    described(
      LegalIdentifierCategory,
      `${legalIdentifierCategoryDescription} \`us_employer_identification_number\` when omitted.`
    )
  )
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
const exemptionReasonDescription =
  "Why the corporation need not list beneficial owners. `regulated_financial_institution`: it is a regulated financial institution. `publicly_traded_company`: it is publicly traded. `public_entity`: it acts on behalf of the federal or a state government. `other`: another reason (only with the bank's approval)."

export const Corporation = Schema.Struct({
  name: described(ShortText, "The legal name of the corporation, 1 to 200 characters."),
  tax_identifier: Schema.optionalKey(
    described(
      Schema.String.check(Schema.isPattern(employerIdentificationNumber, { message: "must be 9 digits" })),
      "The corporation's Employer Identification Number, nine digits: the earlier form of `legal_identifier` (one of the two is required)."
    )
  ),
  legal_identifier: Schema.optionalKey(
    described(
      LegalIdentifier,
      "The corporation's legal identifier, usually its Employer Identification Number (EIN); this or the earlier `tax_identifier` is required."
    )
  ),
  address: described(
    Address,
    "The corporation's physical address; mail receiving locations (PO boxes, PMBs) are not allowed."
  ),
  beneficial_owners: Schema.optionalKey(
    described(
      Schema.Array(BeneficialOwner).check(Schema.isMaxLength(5)),
      "Up to 5 people: one control person (such as the CEO or CFO) and each person who owns 25% or more of the corporation. Omit them when `beneficial_ownership_exemption_reason` is given."
    )
  ),
  beneficial_ownership_exemption_reason: Schema.optionalKey(
    described(BeneficialOwnershipExemptionReason, exemptionReasonDescription)
  ),
  email: Schema.optionalKey(described(ShortText, "An email address of the business.")),
  industry_code: Schema.optionalKey(
    described(
      ShortText,
      "The North American Industry Classification System (NAICS) code of the corporation's primary line of business, such as `5132` (Software Publishers)."
    )
  ),
  website: Schema.optionalKey(described(ShortText, "The website of the business.")),
  incorporation_state: Schema.optionalKey(
    described(Schema.String, "The two-letter USPS abbreviation of the corporation's state of incorporation.")
  )
}).check(
  Schema.makeFilter((corporation) =>
    corporation.tax_identifier !== undefined || corporation.legal_identifier !== undefined ||
    { path: ["legal_identifier"], issue: "is required (or the earlier tax_identifier)" }
  )
)

export const BeneficialOwnerObject = Schema.Struct({
  id: described(EntityBeneficialOwnerId, "The beneficial owner's identifier."),
  company_title: described(
    Schema.NullOr(Schema.String),
    "The person's role or title in the corporation; null when none was given."
  ),
  individual: described(
    Schema.Struct({
      name: described(Schema.String, "The person's legal name."),
      date_of_birth: described(Schema.String, "The person's date of birth, `YYYY-MM-DD`."),
      address: described(AddressObject, "The person's address."),
      identification: described(
        Schema.NullOr(Schema.Struct(identificationObjectFields)),
        "How the person's identity can be verified (the number's last 4 characters only); null when none is on record."
      )
    }),
    "The beneficial owner's personal details."
  ),
  prongs: described(Schema.Array(BeneficialOwnerProng), prongsDescription)
})

export const CorporationObject = Schema.Struct({
  name: described(Schema.String, "The legal name of the corporation."),
  tax_identifier: described(
    Schema.NullOr(Schema.String),
    "The corporation's Employer Identification Number (the earlier form of `legal_identifier`); null when its legal identifier is not an EIN."
  ),
  address: described(AddressObject, "The corporation's address."),
  website: described(Schema.NullOr(Schema.String), "The website of the corporation; null when none was given."),
  incorporation_state: described(
    Schema.NullOr(Schema.String),
    "The two-letter USPS abbreviation of the corporation's state of incorporation; null when none was given."
  ),
  // Corporations stored before these fields existed read with empty values.
  beneficial_owners: described(
    Schema.Array(BeneficialOwnerObject).pipe(Schema.withDecodingDefaultType(Effect.succeed([]))),
    "The people who control the corporation or own 25% or more of it; empty when it is exempt."
  ),
  beneficial_ownership_exemption_reason: described(
    Schema.NullOr(BeneficialOwnershipExemptionReason).pipe(Schema.withDecodingDefaultType(Effect.succeed(null))),
    `${exemptionReasonDescription} Null when it is not exempt.`
  ),
  email: described(
    Schema.NullOr(Schema.String).pipe(Schema.withDecodingDefaultType(Effect.succeed(null))),
    "An email address of the business; null when none was given."
  ),
  industry_code: described(
    Schema.NullOr(Schema.String).pipe(Schema.withDecodingDefaultType(Effect.succeed(null))),
    "The NAICS code of the corporation's primary line of business; null when none was given."
  ),
  legal_identifier: described(
    Schema.NullOr(
      Schema.Struct({
        category: described(LegalIdentifierCategory, legalIdentifierCategoryDescription),
        value: described(Schema.String, "The identifier itself.")
      })
    ).pipe(Schema.withDecodingDefaultType(Effect.succeed(null))),
    "The corporation's legal identifier, usually its Employer Identification Number (EIN); null for a corporation recorded before it was kept."
  )
})

const structureDescription =
  "The Entity's legal structure, which names the detail object that is filled in. `natural_person`: an individual person. `corporation`: a corporation. `joint`: several individual people. `trust`: a trust. `government_authority`: a government authority. This service creates natural persons and corporations."

export class Entity extends Schema.Class<Entity>("Entity")({
  id: described(EntityId, "The Entity identifier."),
  structure: described(EntityStructure, structureDescription),
  status: described(
    EntityStatus,
    "The status of the Entity. `active`: in use. `archived`: it can no longer be used to create Accounts. `disabled`: temporarily barred from financial activity."
  ),
  description: described(
    Schema.NullOr(Schema.String),
    "The description you gave the Entity, for display; null when none."
  ),
  natural_person: described(
    Schema.NullOr(NaturalPersonObject),
    "The details of a natural person; null unless `structure` is `natural_person`."
  ),
  corporation: described(
    Schema.NullOr(CorporationObject),
    "The details of a corporation; null unless `structure` is `corporation`."
  ),
  joint: described(Schema.Null, "The details of a joint Entity; always null, as this service creates none."),
  trust: described(Schema.Null, "The details of a trust; always null, as this service creates none."),
  government_authority: described(
    Schema.Null,
    "The details of a government authority; always null, as this service creates none."
  ),
  idempotency_key: described(Schema.NullOr(Schema.String), idempotencyKeyFieldDescription),
  created_at: described(Timestamp, "When the Entity was created (ISO 8601, UTC)."),
  details_confirmed_at: described(
    Schema.NullOr(Timestamp),
    "When the Entity's details were last confirmed (ISO 8601, UTC); null when they never were."
  ),
  creating_entity_onboarding_session_id: described(
    Schema.Null,
    "The Entity Onboarding Session that created the Entity; always null, as Entities are created through the API."
  ),
  risk_rating: described(
    Schema.Null,
    "An assessment of the Entity's risk of involvement in financial crimes; always null, as the sandbox makes none."
  ),
  third_party_verification: described(
    Schema.Null,
    "The Entity's identifier at a third-party identity verification service; always null here."
  ),
  validation: described(Schema.Null, "The results of validating the Entity; always null, as the sandbox runs none."),
  supplemental_documents: described(
    Schema.Array(Schema.Unknown),
    "Additional documents of the Entity; always empty here."
  ),
  terms_agreements: described(Schema.Array(Schema.Unknown), "The terms the Entity agreed to; always empty here."),
  type: described(Schema.tag("entity"), "Always `entity`: the type of this object.")
}) {}

/** Create body: `structure` names which one of the detail objects is given. */
export const CreateEntity = Schema.Union([
  Schema.Struct({
    structure: described(
      Schema.Literal("natural_person"),
      "`natural_person`: an individual person, described in `natural_person`."
    ),
    natural_person: described(NaturalPerson, "The person's details."),
    description: Schema.optionalKey(
      described(ShortText, "A description of the Entity for display, 1 to 200 characters.")
    )
  }),
  Schema.Struct({
    structure: described(Schema.Literal("corporation"), "`corporation`: a corporation, described in `corporation`."),
    corporation: described(Corporation, "The corporation's details."),
    description: Schema.optionalKey(
      described(ShortText, "A description of the Entity for display, 1 to 200 characters.")
    )
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
  idempotency_key: Schema.optional(IdempotencyKey).annotateKey({ description: idempotencyKeyFilterDescription }),
  "status.in": Schema.optional(CommaSeparated(EntityStatus)).annotateKey({
    description: "Return only Entities with one of these statuses, comma-separated: `active`, `archived`, `disabled`."
  }),
  "validation_status.in": Schema.optional(CommaSeparated(Schema.Literals(["pending", "valid", "invalid"])))
    .annotateKey({
      description:
        "Return only Entities whose validation has one of these statuses, comma-separated: `pending`, `valid`, `invalid`. Entities here are not validated (`validation` is null), so this filter matches none."
    })
})
export type EntityFilter = typeof EntityFilter.Type
