/**
 * Lockbox addresses: where checks are mailed. A new address is `pending`
 * until the service assigns its mailing address; the sandbox assigns it at
 * once, so the address is `active` when the create call returns (both moves
 * are recorded as events).
 */
import type { LockboxAddressId } from "@moneta/domain/Ids"
import type { IdempotencyKeyFilter } from "@moneta/domain/ListParameters"
import {
  Command,
  create as createAddress,
  type CreateLockboxAddress,
  sandboxMailingAddress,
  transition,
  type UpdateLockboxAddress
} from "@moneta/domain/LockboxAddress"
import { Tenant } from "@moneta/domain/Tenant"
import { newId } from "@moneta/store/IdGenerator"
import { LockboxAddressStore } from "@moneta/store/LockboxAddresses"
import { transactionally } from "@moneta/store/UnitOfWork"
import { Context, Effect, Layer } from "effect"
import { Events } from "./Events.js"
import { idempotencyKey } from "./IdempotencyKey.js"
import { listOwn, type ListParameters } from "./Lists.js"
import { findOwn } from "./NotFound.js"
import { spanned } from "./OperationSpan.js"
import { now } from "./Time.js"

export class LockboxAddresses extends Context.Service<LockboxAddresses>()("@moneta/bank/LockboxAddresses", {
  make: Effect.gen(function*() {
    const store = yield* LockboxAddressStore
    const events = yield* Events

    const create = (request: CreateLockboxAddress) =>
      transactionally(Effect.gen(function*() {
        const tenant = yield* Tenant
        const createdAt = yield* now
        const id = yield* newId("lockbox_address")
        const created = createAddress({ id, createdAt, body: request, idempotencyKey: yield* idempotencyKey })
        const activated = yield* Effect.fromResult(
          transition(created.next, Command.Activate({ address: sandboxMailingAddress(id) }))
        )
        yield* store.insert(tenant, activated.next)
        yield* events.record([...created.events, ...activated.events], createdAt)
        return activated.next
      }))

    const retrieve = (id: LockboxAddressId) => findOwn("lockbox_address", id, store.find)

    const update = (id: LockboxAddressId, request: UpdateLockboxAddress) =>
      transactionally(Effect.gen(function*() {
        const tenant = yield* Tenant
        const current = yield* findOwn("lockbox_address", id, store.lock)
        const { next, events: emitted } = yield* Effect.fromResult(
          transition(current, Command.Update({ body: request }))
        )
        yield* store.update(tenant, next)
        yield* events.record(emitted, yield* now)
        return next
      }))

    const list = (parameters: ListParameters & IdempotencyKeyFilter) =>
      listOwn(
        parameters,
        (tenant, request) => store.list(tenant, request, parameters)
      )

    return {
      create: spanned("bank.LockboxAddresses.create", create),
      retrieve: spanned("bank.LockboxAddresses.retrieve", retrieve, (id) => ({ "moneta.lockbox_address_id": id })),
      update: spanned("bank.LockboxAddresses.update", update, (id) => ({ "moneta.lockbox_address_id": id })),
      list: spanned("bank.LockboxAddresses.list", list)
    } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(
    Layer.provide([LockboxAddressStore.Default, Events.Default])
  )
}
