/**
 * Entities of structure `joint`, `trust` and `government_authority`, as the
 * SDK 0.583's EntityCreateParams gives them, and as they are stored and shown.
 */
import { Schema } from "effect"
import { described } from "../core/Described.js"
import { EntityAuthorizedPersonId, FileId } from "../core/Ids.js"
import { ShortText } from "../core/Text.js"
import {
  Address,
  AddressObject,
  employerIdentificationNumber,
  identificationObjectFields,
  NaturalPerson
} from "./EntityPeople.js"

const individualDescription = "The person's details: name, date of birth, physical address and identification."

/** An individual of a joint entity or a trust, as the person's details are given for a natural person. */
export const Individual = NaturalPerson

/** An individual as stored and shown (identification: the method and last 4 characters only). */
export const IndividualObject = Schema.Struct({
  name: described(Schema.String, "The person's legal name."),
  date_of_birth: described(Schema.String, "The person's date of birth, `YYYY-MM-DD`."),
  address: described(AddressObject, "The person's address."),
  identification: described(
    Schema.NullOr(Schema.Struct(identificationObjectFields)),
    "How the person's identity can be verified (the number's last 4 characters only); null when none is on record."
  )
})

export const Joint = Schema.Struct({
  individuals: described(
    Schema.Array(described(Individual, individualDescription)).check(
      Schema.isMinLength(2, { message: "must list the two individuals that share control of the entity" }),
      Schema.isMaxLength(2, { message: "must list the two individuals that share control of the entity" })
    ),
    "The two individuals that share control of the entity."
  )
})

export const JointObject = Schema.Struct({
  individuals: described(Schema.Array(IndividualObject), "The two individuals that share control of the entity."),
  name: described(Schema.String, "The entity's name: its individuals' names joined with `and`.")
})

export const TrustCategory = Schema.Literals(["revocable", "irrevocable"])

const trustCategoryDescription =
  "Whether the trust can be revoked. `revocable`: the grantor can revoke it (its `grantor` is required). `irrevocable`: it cannot be revoked (it needs its own Employer Identification Number, `tax_identifier`)."

const einDescription = "nine digits with no dashes."

const Ein = Schema.String.check(Schema.isPattern(employerIdentificationNumber, { message: "must be 9 digits" }))

const UsState = Schema.String.check(Schema.isPattern(/^[A-Z]{2}$/u, { message: "must be a two-letter state code" }))

export const Trustee = Schema.Struct({
  structure: described(Schema.Literal("individual"), "The structure of the trustee: `individual`, an individual."),
  individual: Schema.optionalKey(
    described(Individual, "The individual trustee; required as `structure` is `individual`.")
  )
}).check(
  Schema.makeFilter((trustee) =>
    trustee.individual !== undefined || { path: ["individual"], issue: "is required when structure is individual" }
  )
)

export const Trust = Schema.Struct({
  name: described(ShortText, "The legal name of the trust, 1 to 200 characters."),
  category: described(TrustCategory, trustCategoryDescription),
  address: described(
    Address,
    "The trust's physical address; mail receiving locations (PO boxes, PMBs) are not allowed."
  ),
  trustees: described(
    Schema.Array(Trustee).check(Schema.isMinLength(1, { message: "must list at least one trustee" })),
    "The trustees of the trust, at least one."
  ),
  grantor: Schema.optionalKey(
    described(Individual, "The person who created the trust; required when `category` is `revocable`.")
  ),
  tax_identifier: Schema.optionalKey(
    described(
      Ein,
      `The trust's own Employer Identification Number, ${einDescription} Required when \`category\` is \`irrevocable\`.`
    )
  ),
  formation_document_file_id: Schema.optionalKey(
    described(FileId, "The identifier of the File with the trust's formation document.")
  ),
  formation_state: Schema.optionalKey(
    described(UsState, "The two-letter USPS abbreviation of the state the trust was formed in.")
  )
}).check(
  Schema.makeFilter((trust) =>
    trust.category !== "revocable" || trust.grantor !== undefined ||
    { path: ["grantor"], issue: "is required for a revocable trust" }
  ),
  Schema.makeFilter((trust) =>
    trust.category !== "irrevocable" || trust.tax_identifier !== undefined ||
    { path: ["tax_identifier"], issue: "is required for an irrevocable trust" }
  )
)

export const GrantorObject = Schema.Struct({
  name: described(Schema.String, "The grantor's legal name."),
  date_of_birth: described(Schema.NullOr(Schema.String), "The grantor's date of birth, `YYYY-MM-DD`."),
  address: described(Schema.NullOr(AddressObject), "The grantor's address."),
  identification: described(
    Schema.NullOr(Schema.Struct(identificationObjectFields)),
    "How the grantor's identity can be verified (the number's last 4 characters only)."
  )
})

export const TrustObject = Schema.Struct({
  name: described(Schema.String, "The trust's name."),
  category: described(TrustCategory, trustCategoryDescription),
  address: described(AddressObject, "The trust's address."),
  trustees: described(
    Schema.Array(Schema.Struct({
      structure: described(Schema.Literal("individual"), "The structure of the trustee: always `individual`."),
      individual: described(Schema.NullOr(IndividualObject), "The individual trustee.")
    })),
    "The trustees of the trust."
  ),
  grantor: described(Schema.NullOr(GrantorObject), "The grantor of the trust; null unless it is `revocable`."),
  tax_identifier: described(
    Schema.NullOr(Schema.String),
    "The trust's own Employer Identification Number; null when none was given."
  ),
  formation_document_file_id: described(
    Schema.NullOr(FileId),
    "The identifier of the File with the trust's formation document; null when none was given."
  ),
  formation_state: described(
    Schema.NullOr(Schema.String),
    "The two-letter USPS abbreviation of the state the trust was formed in; null when none was given."
  )
})

export const GovernmentAuthorityCategory = Schema.Literals([
  "municipality",
  "state_agency",
  "state_government",
  "federal_agency"
])

const governmentAuthorityCategoryDescription =
  "The category of the government authority. `municipality`: a municipality. `state_agency`: a state agency. `state_government`: a state government. `federal_agency`: a federal agency."

export const GovernmentAuthority = Schema.Struct({
  name: described(ShortText, "The legal name of the government authority, 1 to 200 characters."),
  category: described(GovernmentAuthorityCategory, governmentAuthorityCategoryDescription),
  address: described(
    Address,
    "The government authority's physical address; mail receiving locations (PO boxes, PMBs) are not allowed."
  ),
  tax_identifier: described(Ein, `The government authority's Employer Identification Number, ${einDescription}`),
  authorized_persons: described(
    Schema.Array(Schema.Struct({ name: described(ShortText, "The person's legal name, 1 to 200 characters.") })).check(
      Schema.isMinLength(1, { message: "must list at least one authorized person" })
    ),
    "The officials authorized to act on the government authority's behalf, at least one."
  ),
  website: Schema.optionalKey(described(ShortText, "The website of the government authority."))
})

export const GovernmentAuthorityObject = Schema.Struct({
  name: described(Schema.String, "The government authority's name."),
  category: described(GovernmentAuthorityCategory, governmentAuthorityCategoryDescription),
  address: described(AddressObject, "The government authority's address."),
  tax_identifier: described(
    Schema.NullOr(Schema.String),
    "The government authority's Employer Identification Number."
  ),
  authorized_persons: described(
    Schema.Array(Schema.Struct({
      authorized_person_id: described(EntityAuthorizedPersonId, "The identifier of this authorized person."),
      name: described(Schema.String, "The person's legal name.")
    })),
    "The officials authorized to act on the government authority's behalf."
  ),
  website: described(
    Schema.NullOr(Schema.String),
    "The website of the government authority; null when none was given."
  )
})
