/**
 * Entities are the legal persons that own accounts: natural persons,
 * corporations, joint entities, trusts and government authorities, with the
 * fields a bank needs to identify them (people and addresses:
 * `EntityPeople.ts`; joint, trust and government authority details:
 * `EntityStructures.ts`).
 */
import { Effect, Schema } from "effect"
import { described } from "../core/Described.js"
import { EntityBeneficialOwnerId, EntityId, type FileId } from "../core/Ids.js"
import { CommaSeparated, idempotencyKeyFilterDescription } from "../core/ListParameters.js"
import { IdempotencyKey, idempotencyKeyFieldDescription, ShortText } from "../core/Text.js"
import { CalendarDate, Timestamp } from "../core/Timestamp.js"
import {
  Address,
  addressDescription,
  AddressObject,
  confirmedNoUsTaxIdDescription,
  employerIdentificationNumber,
  Identification,
  identificationDescription,
  IdentificationDocuments,
  identificationObjectFields,
  NaturalPerson,
  NaturalPersonObject
} from "./EntityPeople.js"
import {
  GovernmentAuthority,
  GovernmentAuthorityObject,
  Joint,
  JointObject,
  Trust,
  TrustObject
} from "./EntityStructures.js"

// The people, addresses and structures entities are made of, where `@moneta/domain/Entity` always offered them.
export {
  Address,
  AddressObject,
  CountryCode,
  defaultCountry,
  Identification,
  IdentificationDocuments,
  lastFour,
  NaturalPerson,
  NaturalPersonObject
} from "./EntityPeople.js"
export {
  GovernmentAuthority,
  GovernmentAuthorityCategory,
  GovernmentAuthorityObject,
  GrantorObject,
  Individual,
  IndividualObject,
  Joint,
  JointObject,
  Trust,
  TrustCategory,
  Trustee,
  TrustObject
} from "./EntityStructures.js"

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

// --- risk rating, terms agreements, third-party verification -----------------

export const RiskRating = Schema.Struct({
  rated_at: described(Timestamp, "When the risk rating was made (ISO 8601)."),
  rating: described(
    Schema.Literals(["low", "medium", "high"]),
    "The rating. `low`: minimal risk of involvement in financial crime. `medium`: moderate risk. `high`: elevated risk."
  )
})

export const TermsAgreement = Schema.Struct({
  agreed_at: described(Timestamp, "When the Entity agreed to the terms (ISO 8601)."),
  ip_address: described(ShortText, "The IP address the Entity reviewed the terms from."),
  terms_url: described(ShortText, "The URL of the terms agreed to.")
})

export const ThirdPartyVerification = Schema.Struct({
  reference: described(ShortText, "The Entity's identifier at the verification service."),
  vendor: described(
    Schema.Literals(["alloy", "middesk", "oscilar", "persona", "taktile"]),
    "The verification service: `alloy`, `middesk`, `oscilar`, `persona` or `taktile`."
  )
})

const riskRatingDescription =
  "An assessment of the Entity's risk of involvement in financial crimes, such as money laundering."
const thirdPartyVerificationDescription =
  "The Entity's identifier at a third-party identity verification service you use."

/** The fields every structure's create request may give besides its details. */
const commonCreateFields = {
  description: Schema.optionalKey(
    described(ShortText, "A description of the Entity for display, 1 to 200 characters.")
  ),
  risk_rating: Schema.optionalKey(described(RiskRating, riskRatingDescription)),
  terms_agreements: Schema.optionalKey(
    described(Schema.Array(TermsAgreement), "The terms the Entity agreed to.")
  ),
  third_party_verification: Schema.optionalKey(
    described(ThirdPartyVerification, thirdPartyVerificationDescription)
  )
}

const structureDescription =
  "The Entity's legal structure, which names the detail object that is filled in. `natural_person`: an individual person. `corporation`: a corporation. `joint`: several individual people. `trust`: a trust. `government_authority`: a government authority."

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
  joint: described(Schema.NullOr(JointObject), "The details of a joint Entity; null unless `structure` is `joint`."),
  trust: described(Schema.NullOr(TrustObject), "The details of a trust; null unless `structure` is `trust`."),
  government_authority: described(
    Schema.NullOr(GovernmentAuthorityObject),
    "The details of a government authority; null unless `structure` is `government_authority`."
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
  risk_rating: described(Schema.NullOr(RiskRating), `${riskRatingDescription} Null when none was given.`),
  third_party_verification: described(
    Schema.NullOr(ThirdPartyVerification),
    `${thirdPartyVerificationDescription} Null when none was given.`
  ),
  validation: described(Schema.Null, "The results of validating the Entity; always null, as the sandbox runs none."),
  supplemental_documents: described(
    Schema.Array(Schema.Unknown),
    "Additional documents of the Entity; always empty here."
  ),
  terms_agreements: described(
    Schema.Array(TermsAgreement),
    "The terms the Entity agreed to, in the order they were given."
  ),
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
    ...commonCreateFields
  }),
  Schema.Struct({
    structure: described(Schema.Literal("corporation"), "`corporation`: a corporation, described in `corporation`."),
    corporation: described(Corporation, "The corporation's details."),
    ...commonCreateFields
  }),
  Schema.Struct({
    structure: described(Schema.Literal("joint"), "`joint`: two individual people, described in `joint`."),
    joint: described(Joint, "The joint entity's details."),
    ...commonCreateFields
  }),
  Schema.Struct({
    structure: described(Schema.Literal("trust"), "`trust`: a trust, described in `trust`."),
    trust: described(Trust, "The trust's details."),
    ...commonCreateFields
  }),
  Schema.Struct({
    structure: described(
      Schema.Literal("government_authority"),
      "`government_authority`: a government authority, described in `government_authority`."
    ),
    government_authority: described(GovernmentAuthority, "The government authority's details."),
    ...commonCreateFields
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

/** The identifications a create request gives, of every person it names. */
const identificationsOf = (request: CreateEntity): ReadonlyArray<IdentificationWithDocuments> => {
  switch (request.structure) {
    case "natural_person":
      return [request.natural_person.identification]
    case "corporation":
      return (request.corporation.beneficial_owners ?? []).map((owner) => owner.individual.identification)
    case "joint":
      return request.joint.individuals.map((individual) => individual.identification)
    case "trust":
      return [
        ...request.trust.trustees.flatMap((trustee) =>
          trustee.individual === undefined ? [] : [trustee.individual.identification]
        ),
        ...(request.trust.grantor === undefined ? [] : [request.trust.grantor.identification])
      ]
    case "government_authority":
      return []
  }
}

/**
 * Every file a create request names (identity documents of each person, a
 * trust's formation document), each once.
 */
export const referencedFileIds = (request: CreateEntity): ReadonlyArray<FileId> => {
  const formationDocument = request.structure === "trust" && request.trust.formation_document_file_id !== undefined
    ? [request.trust.formation_document_file_id]
    : []
  return [...new Set([...identificationsOf(request).flatMap(documentFileIds), ...formationDocument])]
}

/** The files an identification names (its documents' fronts and backs). */
export const identificationFileIds = (identification: IdentificationWithDocuments): ReadonlyArray<FileId> =>
  documentFileIds(identification)

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
