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
  createInSandbox,
  type CreateLockboxAddress,
  type Transition,
  transition,
  type UpdateLockboxAddress
} from "@moneta/domain/LockboxAddress"
import { Tenant } from "@moneta/domain/Tenant"
import { newId } from "@moneta/store/IdGenerator"
import { LockboxAddressStore } from "@moneta/store/LockboxAddresses"
import { Context, Effect, Layer } from "effect"
import { Events } from "./Events.js"
import { idempotencyKey } from "./IdempotencyKey.js"
import { listOwn, type ListParameters } from "./Lists.js"
import { findOwn } from "./NotFound.js"
import { spanned } from "./OperationSpan.js"
import { runStep } from "./Step.js"
import { now } from "./Time.js"

export class LockboxAddresses extends Context.Service<LockboxAddresses>()("@moneta/bank/LockboxAddresses", {
  make: Effect.gen(function*() {
    const store = yield* LockboxAddressStore
    const events = yield* Events

    const create = (request: CreateLockboxAddress) =>
      runStep({
        load: Effect.gen(function*() {
          const tenant = yield* Tenant
          const createdAt = yield* now
          const input = {
            id: yield* newId("lockbox_address"),
            createdAt,
            body: request,
            idempotencyKey: yield* idempotencyKey
          }
          return { tenant, input }
        }),
        decide: ({ input }) => createInSandbox(input),
        persist: ({ events: emitted, next }: Transition, { input, tenant }) =>
          Effect.gen(function*() {
            yield* store.insert(tenant, next)
            yield* events.record(emitted, input.createdAt)
            return next
          })
      })

    const retrieve = (id: LockboxAddressId) => findOwn("lockbox_address", id, store.find)

    const update = (id: LockboxAddressId, request: UpdateLockboxAddress) =>
      runStep({
        load: Effect.gen(function*() {
          const tenant = yield* Tenant
          const current = yield* findOwn("lockbox_address", id, store.lock)
          return { tenant, current, at: yield* now }
        }),
        decide: ({ current }) => transition(current, Command.Update({ body: request })),
        persist: ({ events: emitted, next }, { at, tenant }) =>
          Effect.gen(function*() {
            yield* store.update(tenant, next)
            yield* events.record(emitted, at)
            return next
          })
      })

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
