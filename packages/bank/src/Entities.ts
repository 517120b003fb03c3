/**
 * Entities: create, retrieve, list, update and archive. The identity
 * documents a create or an update names are files of the caller's (404
 * `file` otherwise, as for any referenced object).
 */
import type { EntityFilter } from "@moneta/domain/Entity"
import { type CreateEntity, referencedFileIds } from "@moneta/domain/Entity"
import * as EntityCreation from "@moneta/domain/EntityCreation"
import * as EntityUpdate from "@moneta/domain/EntityUpdate"
import type { EntityId, FileId } from "@moneta/domain/Ids"
import { Tenant } from "@moneta/domain/Tenant"
import { AccountStore } from "@moneta/store/Accounts"
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
    const accounts = yield* AccountStore
    const events = yield* Events

    const requireFiles = (ids: ReadonlyArray<FileId>) =>
      Effect.forEach(ids, (fileId) => findOwn("file", fileId, files.find), { discard: true })

    const create = (request: CreateEntity) =>
      transactionally(Effect.gen(function*() {
        const tenant = yield* Tenant
        yield* requireFiles(referencedFileIds(request))
        const createdAt = yield* now
        const { next: entity, events: emitted } = EntityCreation.create(request, {
          id: yield* newId("entity"),
          createdAt,
          idempotencyKey: yield* idempotencyKey,
          beneficialOwners: yield* Effect.forEach(EntityCreation.beneficialOwnersOf(request), (owner) =>
            Effect.map(newId("entity_beneficial_owner"), (id) =>
              EntityCreation.beneficialOwnerObject(owner, id))),
          authorizedPersonIds: yield* Effect.forEach(
            Array.from({ length: EntityCreation.authorizedPersonCountOf(request) }),
            () =>
              newId("entity_authorized_person")
          )
        })
        yield* store.insert(tenant, entity)
        yield* events.record(emitted, createdAt)
        return entity
      }))

    const retrieve = (id: EntityId) => findOwn("entity", id, store.find)

    /** Changes the given fields (the domain's `update`). */
    const update = (id: EntityId, request: EntityUpdate.UpdateEntity) =>
      transactionally(Effect.gen(function*() {
        const tenant = yield* Tenant
        const current = yield* findOwn("entity", id, store.lock)
        yield* requireFiles(EntityUpdate.referencedFileIds(request))
        const { next: updated, events: emitted } = yield* Effect.fromResult(EntityUpdate.update(current, request))
        yield* store.update(tenant, updated)
        yield* events.record(emitted, yield* now)
        return updated
      }))

    /** Archives the entity (the domain's `archive`), unless it owns an open account. */
    const archive = (id: EntityId) =>
      transactionally(Effect.gen(function*() {
        const tenant = yield* Tenant
        const current = yield* findOwn("entity", id, store.lock)
        const ownsOpenAccount = yield* accounts.entityHasOpenAccount(tenant, id)
        const { next: archived, events: emitted } = yield* Effect.fromResult(
          EntityUpdate.archive(current, ownsOpenAccount)
        )
        yield* store.update(tenant, archived)
        yield* events.record(emitted, yield* now)
        return archived
      }))

    const list = (parameters: ListParameters & EntityFilter) =>
      listOwn(parameters, (tenant, request) => store.list(tenant, request, parameters))

    return {
      create: spanned("bank.Entities.create", create, (request) => ({ "moneta.structure": request.structure })),
      retrieve: spanned("bank.Entities.retrieve", retrieve, (id) => ({ "moneta.entity_id": id })),
      update: spanned("bank.Entities.update", update, (id) => ({ "moneta.entity_id": id })),
      archive: spanned("bank.Entities.archive", archive, (id) => ({ "moneta.entity_id": id })),
      list: spanned("bank.Entities.list", list)
    } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(
    Layer.provide([EntityStore.Default, AccountStore.Default, FileStore.Default, Events.Default])
  )
}
