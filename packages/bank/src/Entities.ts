/** Entities: create, retrieve, list. */
import { type Address, type AddressObject, type CreateEntity, defaultCountry, Entity } from "@moneta/domain/Entity"
import { pendingEvent } from "@moneta/domain/Event"
import { EntityId } from "@moneta/domain/Ids"
import { Entities as EntityStore } from "@moneta/store/Entities"
import { makeId } from "@moneta/store/IdGenerator"
import { Caller as Tenant } from "@moneta/domain/Caller"
import { transactionally } from "@moneta/store/UnitOfWork"
import { Effect } from "effect"
import { idempotencyKey } from "./Caller.js"
import { Events } from "./Events.js"
import { type ListParameters, pageRequest, toPage } from "./Lists.js"
import { notFound } from "./NotFound.js"
import { now } from "./Time.js"
import { traced } from "./Traced.js"

const lastFour = (text: string) => text.slice(-4)

const addressObject = (address: typeof Address.Type): typeof AddressObject.Type => ({
  ...address,
  line2: address.line2 ?? null,
  country: address.country ?? defaultCountry
})

export const entityFromRequest = (request: CreateEntity, fields: {
  readonly id: string
  readonly createdAt: Entity["created_at"]
  readonly idempotencyKey: string | null
}): Entity =>
  new Entity({
    id: EntityId.make(fields.id),
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
        tax_identifier: request.corporation.tax_identifier,
        address: addressObject(request.corporation.address),
        website: request.corporation.website ?? null,
        incorporation_state: request.corporation.incorporation_state ?? null
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

export class Entities extends Effect.Service<Entities>()("@moneta/bank/Entities", {
  effect: Effect.gen(function*() {
    const store = yield* EntityStore
    const events = yield* Events

    const create = (request: CreateEntity) =>
      transactionally(Effect.gen(function*() {
        const tenant = yield* Tenant
        const createdAt = yield* now
        const entity = entityFromRequest(request, {
          id: yield* makeId("entity"),
          createdAt,
          idempotencyKey: yield* idempotencyKey
        })
        yield* store.insert(tenant, entity)
        yield* events.record([pendingEvent("entity.created", "entity", entity.id)], createdAt)
        return entity
      }))

    const retrieve = (id: string) =>
      Effect.gen(function*() {
        const found = yield* store.find(yield* Tenant, id)
        return yield* Effect.mapError(found, () => notFound("entity", id))
      })

    const list = (parameters: ListParameters & {
      readonly idempotency_key?: string | undefined
      readonly "status.in"?: ReadonlyArray<string> | undefined
      readonly "validation_status.in"?: ReadonlyArray<string> | undefined
    }) =>
      Effect.gen(function*() {
        const request = yield* pageRequest(parameters)
        return toPage(yield* store.list(yield* Tenant, request, {
          idempotencyKey: parameters.idempotency_key,
          statuses: parameters["status.in"],
          validationStatuses: parameters["validation_status.in"]
        }))
      })

    return traced("Entities", { create, retrieve, list } as const)
  }),
  dependencies: [EntityStore.Default, Events.Default]
}) {}
