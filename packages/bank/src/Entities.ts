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
import { Tenant, type TenantShape } from "@moneta/domain/Tenant"
import { AccountStore } from "@moneta/store/Accounts"
import { EntityStore } from "@moneta/store/Entities"
import { FileStore } from "@moneta/store/Files"
import { newId } from "@moneta/store/IdGenerator"
import { Context, type DateTime, Effect, Layer } from "effect"
import { Events } from "./Events.js"
import { idempotencyKey } from "./IdempotencyKey.js"
import { listOwn, type ListParameters } from "./Lists.js"
import { findOwn } from "./NotFound.js"
import { spanned } from "./OperationSpan.js"
import { always, runStep } from "./Step.js"
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
      runStep({
        load: Effect.gen(function*() {
          const tenant = yield* Tenant
          yield* requireFiles(referencedFileIds(request))
          const createdAt = yield* now
          const ids = {
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
          }
          return { tenant, at: createdAt, ids }
        }),
        decide: ({ ids }) => always(EntityCreation.create(request, ids)),
        persist: ({ events: emitted, next: entity }, { at, tenant }) =>
          Effect.gen(function*() {
            yield* store.insert(tenant, entity)
            yield* events.record(emitted, at)
            return entity
          })
      })

    const retrieve = (id: EntityId) => findOwn("entity", id, store.find)

    /** Writes a changed entity and its events. */
    const persistChange = (
      { events: emitted, next }: EntityUpdate.Transition,
      { at, tenant }: { readonly at: DateTime.Utc; readonly tenant: TenantShape }
    ) =>
      Effect.gen(function*() {
        yield* store.update(tenant, next)
        yield* events.record(emitted, at)
        return next
      })

    /** Changes the given fields (the domain's `update`). */
    const update = (id: EntityId, request: EntityUpdate.UpdateEntity) =>
      runStep({
        load: Effect.gen(function*() {
          const tenant = yield* Tenant
          const current = yield* findOwn("entity", id, store.lock)
          yield* requireFiles(EntityUpdate.referencedFileIds(request))
          return { tenant, current, at: yield* now }
        }),
        decide: ({ current }) => EntityUpdate.update(current, request),
        persist: persistChange
      })

    /** Archives the entity (the domain's `archive`), unless it owns an open account. */
    const archive = (id: EntityId) =>
      runStep({
        load: Effect.gen(function*() {
          const tenant = yield* Tenant
          const current = yield* findOwn("entity", id, store.lock)
          const ownsOpenAccount = yield* accounts.entityHasOpenAccount(tenant, id)
          return { tenant, current, ownsOpenAccount, at: yield* now }
        }),
        decide: ({ current, ownsOpenAccount }) => EntityUpdate.archive(current, ownsOpenAccount),
        persist: persistChange
      })

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
