/**
 * Entities: create, retrieve, list. The identity documents a create names are
 * files of the caller's (404 `file` otherwise, as for any referenced object).
 */
import type { EntityFilter } from "@moneta/domain/Entity"
import { type CreateEntity, referencedFileIds } from "@moneta/domain/Entity"
import * as EntityCreation from "@moneta/domain/EntityCreation"
import type { EntityId } from "@moneta/domain/Ids"
import { Tenant } from "@moneta/domain/Tenant"
import { EntityStore } from "@moneta/store/Entities"
import { FileStore } from "@moneta/store/Files"
import { newId } from "@moneta/store/IdGenerator"
import { transactionally } from "@moneta/store/UnitOfWork"
import { Context, Effect, Layer } from "effect"
import { Events } from "./Events.js"
import { idempotencyKey } from "./IdempotencyKey.js"
import { listOwn, type ListParameters } from "./Lists.js"
import { findOwn } from "./NotFound.js"
import { spanned } from "./OperationSpan.js"
import { now } from "./Time.js"

export class Entities extends Context.Service<Entities>()("@moneta/bank/Entities", {
  make: Effect.gen(function*() {
    const store = yield* EntityStore
    const files = yield* FileStore
    const events = yield* Events

    const create = (request: CreateEntity) =>
      transactionally(Effect.gen(function*() {
        const tenant = yield* Tenant
        for (const fileId of referencedFileIds(request)) {
          yield* findOwn("file", fileId, files.find)
        }
        const createdAt = yield* now
        const { next: entity, events: emitted } = EntityCreation.create(request, {
          id: yield* newId("entity"),
          createdAt,
          idempotencyKey: yield* idempotencyKey,
          beneficialOwners: yield* Effect.forEach(EntityCreation.beneficialOwnersOf(request), (owner) =>
            Effect.map(newId("entity_beneficial_owner"), (id) =>
              EntityCreation.beneficialOwnerObject(owner, id)))
        })
        yield* store.insert(tenant, entity)
        yield* events.record(emitted, createdAt)
        return entity
      }))

    const retrieve = (id: EntityId) => findOwn("entity", id, store.find)

    const list = (parameters: ListParameters & EntityFilter) =>
      listOwn(parameters, (tenant, request) => store.list(tenant, request, parameters))

    return {
      create: spanned("bank.Entities.create", create, (request) => ({ "moneta.structure": request.structure })),
      retrieve: spanned("bank.Entities.retrieve", retrieve, (id) => ({ "moneta.entity_id": id })),
      list: spanned("bank.Entities.list", list)
    } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(
    Layer.provide([EntityStore.Default, FileStore.Default, Events.Default])
  )
}
