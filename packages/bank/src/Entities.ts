/**
 * Entities: create, retrieve, list. The identity documents a create names are
 * files of the caller's (404 `file` otherwise, as for any referenced object).
 */
import { Caller as Tenant } from "@moneta/domain/Caller"
import type { EntityFilter } from "@moneta/domain/Entity"
import {
  type Address,
  type AddressObject,
  type BeneficialOwner,
  type BeneficialOwnerObject,
  type CreateEntity,
  defaultCountry,
  Entity,
  lastFour,
  referencedFileIds
} from "@moneta/domain/Entity"
import { pendingEvent } from "@moneta/domain/Event"
import { type EntityBeneficialOwnerId, type EntityId } from "@moneta/domain/Ids"
import { Entities as EntityStore } from "@moneta/store/Entities"
import { Files as FileStore } from "@moneta/store/Files"
import { newId } from "@moneta/store/IdGenerator"
import { transactionally } from "@moneta/store/UnitOfWork"
import { Context, Effect, Layer } from "effect"
import { idempotencyKey } from "./Caller.js"
import { Events } from "./Events.js"
import { listOwn, type ListParameters } from "./Lists.js"
import { findOwn, orNotFound } from "./NotFound.js"
import { now } from "./Time.js"
import { traced } from "./Traced.js"

const addressObject = (address: typeof Address.Type): typeof AddressObject.Type => ({
  ...address,
  line2: address.line2 ?? null,
  country: address.country ?? defaultCountry
})

const beneficialOwnerObject = (
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

export const entityFromRequest = (request: CreateEntity, fields: {
  readonly id: EntityId
  readonly createdAt: Entity["created_at"]
  readonly idempotencyKey: string | null
  /** The corporation's beneficial owners, each with its new id. */
  readonly beneficialOwners: ReadonlyArray<typeof BeneficialOwnerObject.Type>
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
    joint: null,
    trust: null,
    government_authority: null,
    idempotency_key: fields.idempotencyKey,
    created_at: fields.createdAt,
    details_confirmed_at: null,
    creating_entity_onboarding_session_id: null,
    risk_rating: null,
    third_party_verification: null,
    validation: null,
    supplemental_documents: [],
    terms_agreements: []
  })

export class Entities extends Context.Service<Entities>()("@moneta/bank/Entities", {
  make: Effect.gen(function*() {
    const store = yield* EntityStore
    const files = yield* FileStore
    const events = yield* Events

    const create = (request: CreateEntity) =>
      transactionally(Effect.gen(function*() {
        const tenant = yield* Tenant
        for (const fileId of referencedFileIds(request)) {
          yield* files.find(tenant, fileId).pipe(orNotFound("file", fileId))
        }
        const createdAt = yield* now
        const owners = request.structure === "corporation" ? request.corporation.beneficial_owners ?? [] : []
        const entity = entityFromRequest(request, {
          id: yield* newId("entity"),
          createdAt,
          idempotencyKey: yield* idempotencyKey,
          beneficialOwners: yield* Effect.forEach(owners, (owner) =>
            Effect.map(newId("entity_beneficial_owner"), (id) => beneficialOwnerObject(owner, id)))
        })
        yield* store.insert(tenant, entity)
        yield* events.record([pendingEvent("entity.created", "entity", entity.id)], createdAt)
        return entity
      }))

    const retrieve = (id: EntityId) => findOwn("entity", id, store.find)

    const list = (parameters: ListParameters & EntityFilter) =>
      listOwn(parameters, (tenant, request) =>
        store.list(tenant, request, {
          idempotencyKey: parameters.idempotency_key,
          statuses: parameters["status.in"],
          validationStatuses: parameters["validation_status.in"]
        }))

    return traced("Entities", { create, retrieve, list } as const)
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(
    Layer.provide([EntityStore.Default, FileStore.Default, Events.Default])
  )
}
