/**
 * Inbound mail items (decisions.md h); the sandbox's simulated mail
 * (decisions.md d) arrives through `InboundMailItemSimulations`. Each operation asks the domain (`InboundMailItem.receive`
 * / `action`) for the item's next state and the checks to deposit; the
 * deposits (`CheckDeposit.depositFromMail`), their crediting Transactions,
 * the item and every event commit in one database transaction, and a refused
 * step writes nothing.
 *
 * Lock order: the mail item row, then the credited accounts in id order (the
 * Ledger), before any row that references an account is written.
 */
import * as CheckDeposit from "@moneta/domain/CheckDeposit"
import { type CheckDepositId, type InboundMailItemId } from "@moneta/domain/Ids"
import * as InboundMailItem from "@moneta/domain/InboundMailItem"
import { Tenant } from "@moneta/domain/Tenant"
import { CheckDepositStore } from "@moneta/store/CheckDeposits"
import { newId } from "@moneta/store/IdGenerator"
import { InboundMailItemStore } from "@moneta/store/InboundMailItems"
import type { Write } from "@moneta/store/Writes"
import { Context, type DateTime, Effect, Layer } from "effect"
import { Events } from "./Events.js"
import { Ledger } from "./Ledger.js"
import { listOwn, type ListParameters } from "./Lists.js"
import { findOwn } from "./NotFound.js"
import { spanned } from "./OperationSpan.js"
import { runStep } from "./Step.js"
import { now } from "./Time.js"

export type InboundMailItemListParameters = ListParameters & InboundMailItem.InboundMailItemFilter

export const checkDepositId = newId("check_deposit")
const transactionId = newId("transaction")

export class InboundMailItems extends Context.Service<InboundMailItems>()("@moneta/bank/InboundMailItems", {
  make: Effect.gen(function*() {
    const store = yield* InboundMailItemStore
    const checkDeposits = yield* CheckDepositStore
    const ledger = yield* Ledger
    const events = yield* Events

    /**
     * Writes a step: the deposits' credits first (they lock the accounts; an
     * account that is not the caller's is a 404 with nothing written), then
     * the item and the deposits with all events, in one statement.
     */
    const persist = (step: InboundMailItem.Transition, at: DateTime.Utc, write: Effect.Effect<Write>) =>
      Effect.gen(function*() {
        const tenant = yield* Tenant
        const deposits: Array<CheckDeposit.Transition> = []
        for (const deposit of step.effects) {
          deposits.push(CheckDeposit.depositFromMail({ deposit, createdAt: at, transactionId: yield* transactionId }))
        }
        yield* ledger.apply(deposits.flatMap((deposit) => deposit.effects), at)
        const item = yield* write
        const depositRows = yield* Effect.forEach(
          deposits,
          (deposit) => checkDeposits.insertWrite(tenant, deposit.next)
        )
        yield* events.record(
          [...step.events, ...deposits.flatMap((deposit) => deposit.events)],
          at,
          [item, ...depositRows]
        )
        return step.next
      })

    const action = (id: InboundMailItemId, body: InboundMailItem.ActionInboundMailItem) =>
      runStep({
        load: Effect.gen(function*() {
          const tenant = yield* Tenant
          const item = yield* findOwn("inbound_mail_item", id, store.lock)
          const at = yield* now
          // One id reserved per check: the domain chooses which checks become deposits.
          const checkDepositIds: ReadonlyArray<CheckDepositId> = yield* Effect.forEach(
            item.checks,
            () => checkDepositId
          )
          return { tenant, item, at, checkDepositIds }
        }),
        decide: ({ checkDepositIds, item }) => InboundMailItem.action(item, { body, checkDepositIds }),
        persist: (step, { at, tenant }) => persist(step, at, store.updateWrite(tenant, step.next))
      })

    /** Writes mail that arrived (the domain's `receive` step) with its deposits; call inside the arrival's transaction. */
    const receive = (step: InboundMailItem.Transition, at: DateTime.Utc) =>
      Effect.flatMap(Tenant, (tenant) => persist(step, at, store.insertWrite(tenant, step.next)))

    const retrieve = (id: InboundMailItemId) => findOwn("inbound_mail_item", id, store.find)

    const list = (parameters: InboundMailItemListParameters) =>
      listOwn(parameters, (tenant, request) => store.list(tenant, request, parameters))

    return {
      action: spanned("bank.InboundMailItems.action", action, (id) => ({ "moneta.inbound_mail_item_id": id })),
      receive: spanned("bank.InboundMailItems.receive", receive),
      retrieve: spanned("bank.InboundMailItems.retrieve", retrieve, (id) => ({ "moneta.inbound_mail_item_id": id })),
      list: spanned("bank.InboundMailItems.list", list)
    } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(
    Layer.provide([InboundMailItemStore.Default, CheckDepositStore.Default, Ledger.Default, Events.Default])
  )
}
