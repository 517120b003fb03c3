/**
 * A new entity from its create request: the stored form of what the request
 * gives (an address's country defaults to the US, identification numbers keep
 * their last four digits, a corporation's legal identifier falls back on its
 * `tax_identifier` read as an EIN) and the `entity.created` event.
 */
import type { EntityAuthorizedPersonId, EntityBeneficialOwnerId, EntityId } from "../core/Ids.js"
import { type PendingEvent, pendingEvent } from "../events/Event.js"
import {
  type Address,
  type AddressObject,
  type BeneficialOwner,
  type BeneficialOwnerObject,
  type CreateEntity,
  defaultCountry,
  Entity,
  type GovernmentAuthorityObject,
  type Individual,
  type IndividualObject,
  type JointObject,
  lastFour,
  type TrustObject
} from "./Entity.js"

export const addressObject = (address: typeof Address.Type): typeof AddressObject.Type => ({
  ...address,
  line2: address.line2 ?? null,
  country: address.country ?? defaultCountry
})

/** An individual as stored: the identification keeps its method and last 4 characters. */
export const individualObject = (individual: typeof Individual.Type): typeof IndividualObject.Type => ({
  name: individual.name,
  date_of_birth: individual.date_of_birth,
  address: addressObject(individual.address),
  identification: {
    method: individual.identification.method,
    number_last4: lastFour(individual.identification.number)
  }
})

/** A joint entity's name: its individuals' names, joined with `and`. */
export const jointName = (individuals: ReadonlyArray<{ readonly name: string }>): string =>
  individuals.map((individual) => individual.name).join(" and ")

const jointObject = (request: Extract<CreateEntity, { structure: "joint" }>): typeof JointObject.Type => ({
  individuals: request.joint.individuals.map(individualObject),
  name: jointName(request.joint.individuals)
})

const trustObject = (request: Extract<CreateEntity, { structure: "trust" }>): typeof TrustObject.Type => {
  const { trust } = request
  return {
    name: trust.name,
    category: trust.category,
    address: addressObject(trust.address),
    trustees: trust.trustees.map((trustee) => ({
      structure: trustee.structure,
      individual: trustee.individual === undefined ? null : individualObject(trustee.individual)
    })),
    grantor: trust.grantor === undefined ? null : individualObject(trust.grantor),
    tax_identifier: trust.tax_identifier ?? null,
    formation_document_file_id: trust.formation_document_file_id ?? null,
    formation_state: trust.formation_state ?? null
  }
}

const governmentAuthorityObject = (
  request: Extract<CreateEntity, { structure: "government_authority" }>,
  authorizedPersonIds: ReadonlyArray<EntityAuthorizedPersonId>
): typeof GovernmentAuthorityObject.Type => {
  const authority = request.government_authority
  return {
    name: authority.name,
    category: authority.category,
    address: addressObject(authority.address),
    tax_identifier: authority.tax_identifier,
    authorized_persons: authority.authorized_persons.flatMap((person, index) => {
      const id = authorizedPersonIds[index]
      return id === undefined ? [] : [{ authorized_person_id: id, name: person.name }]
    }),
    website: authority.website ?? null
  }
}

/** How many authorized persons a create request names (a government authority's; none for other structures). */
export const authorizedPersonCountOf = (request: CreateEntity): number =>
  request.structure === "government_authority" ? request.government_authority.authorized_persons.length : 0

export const beneficialOwnerObject = (
  owner: typeof BeneficialOwner.Type,
  id: EntityBeneficialOwnerId
): typeof BeneficialOwnerObject.Type => ({
  id,
  company_title: owner.company_title ?? null,
  individual: {
    name: owner.individual.name,
    date_of_birth: owner.individual.date_of_birth,
    address: addressObject(owner.individual.address),
    identification: {
      method: owner.individual.identification.method,
      number_last4: lastFour(owner.individual.identification.number)
    }
  },
  prongs: owner.prongs
})

/** The corporation's legal identifier: given, or the earlier `tax_identifier` read as an EIN. */
const legalIdentifierOf = (corporation: Extract<CreateEntity, { structure: "corporation" }>["corporation"]) =>
  corporation.legal_identifier !== undefined
    ? {
      category: corporation.legal_identifier.category ?? "us_employer_identification_number",
      value: corporation.legal_identifier.value
    }
    : corporation.tax_identifier !== undefined
    ? { category: "us_employer_identification_number" as const, value: corporation.tax_identifier }
    : null

/**
 * The entity a create request describes: active, with the defaults of its
 * structure (a joint entity is named for its two individuals).
 */
export const entityFromRequest = (request: CreateEntity, fields: {
  readonly id: EntityId
  readonly createdAt: Entity["created_at"]
  readonly idempotencyKey: string | null
  /** The corporation's beneficial owners, each with its new id. */
  readonly beneficialOwners: ReadonlyArray<typeof BeneficialOwnerObject.Type>
  /** A new id for each authorized person of a government authority (`authorizedPersonCountOf`), in order. */
  readonly authorizedPersonIds: ReadonlyArray<EntityAuthorizedPersonId>
}): Entity =>
  new Entity({
    id: fields.id,
    structure: request.structure,
    status: "active",
    description: request.description ?? null,
    natural_person: request.structure === "natural_person"
      ? {
        name: request.natural_person.name,
        date_of_birth: request.natural_person.date_of_birth,
        address: addressObject(request.natural_person.address),
        identification: {
          method: request.natural_person.identification.method,
          number_last4: lastFour(request.natural_person.identification.number)
        }
      }
      : null,
    corporation: request.structure === "corporation"
      ? {
        name: request.corporation.name,
        tax_identifier: request.corporation.tax_identifier ??
          (request.corporation.legal_identifier?.category === "other"
            ? null
            : request.corporation.legal_identifier?.value ?? null),
        address: addressObject(request.corporation.address),
        website: request.corporation.website ?? null,
        incorporation_state: request.corporation.incorporation_state ?? null,
        beneficial_owners: fields.beneficialOwners,
        beneficial_ownership_exemption_reason: request.corporation.beneficial_ownership_exemption_reason ?? null,
        email: request.corporation.email ?? null,
        industry_code: request.corporation.industry_code ?? null,
        legal_identifier: legalIdentifierOf(request.corporation)
      }
      : null,
    joint: request.structure === "joint" ? jointObject(request) : null,
    trust: request.structure === "trust" ? trustObject(request) : null,
    government_authority: request.structure === "government_authority"
      ? governmentAuthorityObject(request, fields.authorizedPersonIds)
      : null,
    idempotency_key: fields.idempotencyKey,
    created_at: fields.createdAt,
    details_confirmed_at: null,
    creating_entity_onboarding_session_id: null,
    risk_rating: request.risk_rating ?? null,
    third_party_verification: request.third_party_verification ?? null,
    validation: null,
    supplemental_documents: [],
    terms_agreements: request.terms_agreements ?? []
  })

/** The beneficial owners a create request names (a corporation's; none for other structures), in order. */
export const beneficialOwnersOf = (request: CreateEntity): ReadonlyArray<typeof BeneficialOwner.Type> =>
  request.structure === "corporation" ? request.corporation.beneficial_owners ?? [] : []

/** A new entity (`entityFromRequest`). Emits `entity.created`. */
export const create = (
  request: CreateEntity,
  fields: Parameters<typeof entityFromRequest>[1]
): { readonly next: Entity; readonly events: ReadonlyArray<PendingEvent> } => {
  const next = entityFromRequest(request, fields)
  return { next, events: [pendingEvent("entity.created", "entity", next.id)] }
}
