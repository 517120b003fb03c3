/**
 * An entity's changes after creation, as the SDK 0.583 makes them:
 * `entities.update` (the details of its own structure, the confirmation date,
 * risk rating, terms agreed to, third-party verification) and
 * `entities.archive`. Each emits `entity.updated`.
 */
import { Result, Schema } from "effect"
import { described } from "../core/Described.js"
import { FieldError } from "../core/Errors.js"
import type { FileId } from "../core/Ids.js"
import { EntityArchived, EntityOwnsOpenAccounts, EntityStructureMismatch, namingFields } from "../core/Refusals.js"
import { ShortText } from "../core/Text.js"
import { Timestamp } from "../core/Timestamp.js"
import { type PendingEvent, pendingEvent } from "../events/Event.js"
import {
  Address,
  Entity,
  type EntityStructure,
  Identification,
  IdentificationDocuments,
  identificationFileIds,
  lastFour,
  LegalIdentifier,
  RiskRating,
  TermsAgreement,
  ThirdPartyVerification
} from "./Entity.js"
import { addressObject } from "./EntityCreation.js"

const addressField = Schema.optionalKey(
  described(Address, "The new physical address; mail receiving locations (PO boxes, PMBs) are not allowed.")
)
const nameField = Schema.optionalKey(described(ShortText, "The new legal name, 1 to 200 characters."))
const onlyFor = (structure: string) =>
  `Refused (400) unless the Entity's \`structure\` is \`${structure}\`. The fields given replace the Entity's; the others stay.`

/** `PATCH /entities/{id}`: the fields the SDK 0.583's `entities.update` takes. */
export const UpdateEntity = Schema.Struct({
  natural_person: Schema.optionalKey(described(
    Schema.Struct({
      name: nameField,
      address: addressField,
      identification: Schema.optionalKey(
        described(
          Schema.Struct({ ...Identification.fields, ...IdentificationDocuments }),
          "A new means of verifying the person's identity; only the number's last 4 characters are kept."
        )
      ),
      confirmed_no_us_tax_id: Schema.optionalKey(
        described(
          Schema.Boolean,
          "Whether you confirmed the person has no US tax id (so the identification may be a document)."
        )
      )
    }),
    `The natural person's details to change. ${onlyFor("natural_person")}`
  )),
  corporation: Schema.optionalKey(described(
    Schema.Struct({
      name: nameField,
      address: addressField,
      email: Schema.optionalKey(described(ShortText, "An email address of the business.")),
      incorporation_state: Schema.optionalKey(
        described(ShortText, "The two-letter USPS abbreviation of the corporation's state of incorporation.")
      ),
      industry_code: Schema.optionalKey(
        described(ShortText, "The NAICS code of the corporation's primary line of business.")
      ),
      legal_identifier: Schema.optionalKey(
        described(LegalIdentifier, "The corporation's legal identifier, usually its Employer Identification Number.")
      ),
      website: Schema.optionalKey(described(ShortText, "The website of the business."))
    }),
    `The corporation's details to change. ${onlyFor("corporation")}`
  )),
  government_authority: Schema.optionalKey(described(
    Schema.Struct({ name: nameField, address: addressField }),
    `The government authority's details to change. ${onlyFor("government_authority")}`
  )),
  trust: Schema.optionalKey(described(
    Schema.Struct({ name: nameField, address: addressField }),
    `The trust's details to change. ${onlyFor("trust")}`
  )),
  details_confirmed_at: Schema.optionalKey(
    described(Timestamp, "When your user last confirmed the Entity's details (ISO 8601).")
  ),
  risk_rating: Schema.optionalKey(
    described(RiskRating, "A new assessment of the Entity's risk of involvement in financial crimes.")
  ),
  terms_agreements: Schema.optionalKey(
    described(
      Schema.Array(TermsAgreement),
      "New terms the Entity agreed to, added after those it already has (which stay)."
    )
  ),
  third_party_verification: Schema.optionalKey(
    described(ThirdPartyVerification, "The Entity's identifier at a third-party identity verification service.")
  )
}).annotate({ identifier: "UpdateEntity" })
export type UpdateEntity = typeof UpdateEntity.Type

export interface Transition {
  readonly next: Entity
  readonly events: ReadonlyArray<PendingEvent>
}

const updatedEvent = (entity: Entity) => pendingEvent("entity.updated", "entity", entity.id)

const archivedRefusal = (entity: Entity) =>
  new EntityArchived({ detail: `Entity ${entity.id} is archived: it takes no changes and owns no new Accounts.` })

/** The entity, if it is not archived: an archived one takes no change and owns no new account (409). */
export const requireUnarchived = (entity: Entity): Result.Result<Entity, EntityArchived> =>
  entity.status === "archived" ? Result.fail(archivedRefusal(entity)) : Result.succeed(entity)

const detailKeys = ["natural_person", "corporation", "government_authority", "trust"] as const

/** The detail objects the body gives that are not the entity's own structure's (each a 400). */
export const mismatchedDetails = (structure: EntityStructure, body: UpdateEntity): ReadonlyArray<FieldError> =>
  detailKeys.filter((key) => body[key] !== undefined && key !== structure).map((key) =>
    new FieldError({
      field: key,
      message: `is only for an Entity of structure ${key}; this one is ${structure}`
    })
  )

/** Every file the update names (the documents of a natural person's new identification), each once. */
export const referencedFileIds = (body: UpdateEntity): ReadonlyArray<FileId> => {
  const identification = body.natural_person?.identification
  return identification === undefined ? [] : [...new Set(identificationFileIds(identification))]
}

/** The corporation's EIN as `tax_identifier` shows it: the identifier's value unless it is of category `other`. */
const taxIdentifierOf = (identifier: typeof LegalIdentifier.Type) =>
  identifier.category === "other" ? null : identifier.value

/**
 * `PATCH`: the fields the body gives replace the entity's (new terms
 * agreements are added after the earlier ones). Refused when the entity is
 * archived (409) or the body names another structure's details (400). Emits
 * `entity.updated`.
 */
export const update = (
  current: Entity,
  body: UpdateEntity
): Result.Result<Transition, EntityArchived | EntityStructureMismatch> => {
  if (current.status === "archived") return Result.fail(archivedRefusal(current))
  const mismatched = mismatchedDetails(current.structure, body)
  if (mismatched.length > 0) return Result.fail(new EntityStructureMismatch(namingFields(mismatched)))
  const person = body.natural_person
  const corporation = body.corporation
  const authority = body.government_authority
  const trust = body.trust
  const next = new Entity({
    ...current,
    natural_person: current.natural_person === null || person === undefined ? current.natural_person : {
      ...current.natural_person,
      name: person.name ?? current.natural_person.name,
      address: person.address === undefined ? current.natural_person.address : addressObject(person.address),
      identification: person.identification === undefined
        ? current.natural_person.identification
        : { method: person.identification.method, number_last4: lastFour(person.identification.number) }
    },
    corporation: current.corporation === null || corporation === undefined ? current.corporation : {
      ...current.corporation,
      name: corporation.name ?? current.corporation.name,
      address: corporation.address === undefined ? current.corporation.address : addressObject(corporation.address),
      email: corporation.email ?? current.corporation.email,
      incorporation_state: corporation.incorporation_state ?? current.corporation.incorporation_state,
      industry_code: corporation.industry_code ?? current.corporation.industry_code,
      website: corporation.website ?? current.corporation.website,
      ...(corporation.legal_identifier === undefined ? {} : {
        legal_identifier: {
          category: corporation.legal_identifier.category ?? "us_employer_identification_number",
          value: corporation.legal_identifier.value
        },
        tax_identifier: taxIdentifierOf(corporation.legal_identifier)
      })
    },
    government_authority: current.government_authority === null || authority === undefined
      ? current.government_authority
      : {
        ...current.government_authority,
        name: authority.name ?? current.government_authority.name,
        address: authority.address === undefined
          ? current.government_authority.address
          : addressObject(authority.address)
      },
    trust: current.trust === null || trust === undefined ? current.trust : {
      ...current.trust,
      name: trust.name ?? current.trust.name,
      address: trust.address === undefined ? current.trust.address : addressObject(trust.address)
    },
    details_confirmed_at: body.details_confirmed_at ?? current.details_confirmed_at,
    risk_rating: body.risk_rating ?? current.risk_rating,
    terms_agreements: [...current.terms_agreements, ...(body.terms_agreements ?? [])],
    third_party_verification: body.third_party_verification ?? current.third_party_verification
  })
  return Result.succeed({ next, events: [updatedEvent(next)] })
}

/**
 * `POST /entities/{id}/archive`: the entity becomes `archived` (it can no
 * longer own new accounts). Refused (409) when it is already archived, or
 * while it owns an open account (close those first).
 */
export const archive = (
  current: Entity,
  ownsOpenAccount: boolean
): Result.Result<Transition, EntityArchived | EntityOwnsOpenAccounts> => {
  if (current.status === "archived") return Result.fail(archivedRefusal(current))
  if (ownsOpenAccount) {
    return Result.fail(
      new EntityOwnsOpenAccounts({
        detail: `Entity ${current.id} owns open Accounts: close them before archiving it.`
      })
    )
  }
  const next = new Entity({ ...current, status: "archived" })
  return Result.succeed({ next, events: [updatedEvent(next)] })
}
