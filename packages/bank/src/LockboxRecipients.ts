/**
 * Lockbox recipients: inboxes at a lockbox address whose checks go to an
 * account. A new recipient gets a mail stop code no other recipient at its
 * address has: codes are drawn under the address's row lock, so concurrent
 * creations at one address queue, and a unique index backs the rule.
 */
import { type LockboxAddressId, type LockboxRecipientId } from "@moneta/domain/Ids"
import * as LockboxRecipient from "@moneta/domain/LockboxRecipient"
import { Tenant } from "@moneta/domain/Tenant"
import { AccountStore } from "@moneta/store/Accounts"
import { newId } from "@moneta/store/IdGenerator"
import { LockboxAddressStore } from "@moneta/store/LockboxAddresses"
import { LockboxRecipientStore } from "@moneta/store/LockboxRecipients"
import { Context, Effect, Layer, Random } from "effect"
import { Events } from "./Events.js"
import { idempotencyKey } from "./IdempotencyKey.js"
import { listOwn, type ListParameters } from "./Lists.js"
import { findOwn } from "./NotFound.js"
import { spanned } from "./OperationSpan.js"
import { runStep } from "./Step.js"
import { now } from "./Time.js"

export type LockboxRecipientListParameters = ListParameters & LockboxRecipient.LockboxRecipientFilter

/** A new mail stop code: the domain's characters, each drawn at random in its range. */
const drawMailStopCode = Effect.map(
  Effect.forEach(
    LockboxRecipient.mailStopCodeDraws,
    ([min, max]) => Random.nextIntBetween(min, max, { halfOpen: true })
  ),
  LockboxRecipient.mailStopCodeOf
)

export class LockboxRecipients extends Context.Service<LockboxRecipients>()("@moneta/bank/LockboxRecipients", {
  make: Effect.gen(function*() {
    const store = yield* LockboxRecipientStore
    const addresses = yield* LockboxAddressStore
    const accounts = yield* AccountStore
    const events = yield* Events

    /** A code no recipient at the address has; the caller holds the address's row lock. */
    const freeMailStopCode = (lockboxAddressId: LockboxAddressId) =>
      Effect.gen(function*() {
        for (;;) {
          const code = yield* drawMailStopCode
          if (!(yield* store.mailStopCodeTaken(lockboxAddressId, code))) return code
        }
      })

    const create = (body: LockboxRecipient.CreateLockboxRecipient) =>
      runStep({
        load: Effect.gen(function*() {
          const tenant = yield* Tenant
          const address = yield* findOwn("lockbox_address", body.lockbox_address_id, addresses.lock)
          yield* findOwn("account", body.account_id, accounts.find)
          const input: LockboxRecipient.CreateInput = {
            id: yield* newId("lockbox_recipient"),
            createdAt: yield* now,
            body,
            address,
            mailStopCode: yield* freeMailStopCode(address.id),
            idempotencyKey: yield* idempotencyKey
          }
          return { tenant, input }
        }),
        decide: ({ input }) => LockboxRecipient.create(input),
        persist: ({ events: emitted, next }, { input, tenant }) =>
          Effect.gen(function*() {
            yield* store.insert(tenant, next)
            yield* events.record(emitted, input.createdAt)
            return next
          })
      })

    const update = (id: LockboxRecipientId, body: LockboxRecipient.UpdateLockboxRecipient) =>
      runStep({
        load: Effect.gen(function*() {
          const tenant = yield* Tenant
          const current = yield* findOwn("lockbox_recipient", id, store.lock)
          return { tenant, current, at: yield* now }
        }),
        decide: ({ current }) => LockboxRecipient.update(current, body),
        persist: ({ events: emitted, next }, { at, tenant }) =>
          Effect.gen(function*() {
            yield* store.update(tenant, next)
            yield* events.record(emitted, at)
            return next
          })
      })

    const retrieve = (id: LockboxRecipientId) => findOwn("lockbox_recipient", id, store.find)

    const list = (parameters: LockboxRecipientListParameters) =>
      listOwn(parameters, (tenant, request) => store.list(tenant, request, parameters))

    return {
      create: spanned(
        "bank.LockboxRecipients.create",
        create,
        (body) => ({ "moneta.account_id": body.account_id, "moneta.lockbox_address_id": body.lockbox_address_id })
      ),
      update: spanned("bank.LockboxRecipients.update", update, (id) => ({ "moneta.lockbox_recipient_id": id })),
      retrieve: spanned("bank.LockboxRecipients.retrieve", retrieve, (id) => ({ "moneta.lockbox_recipient_id": id })),
      list: spanned("bank.LockboxRecipients.list", list)
    } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(
    Layer.provide([LockboxRecipientStore.Default, LockboxAddressStore.Default, AccountStore.Default, Events.Default])
  )
}
