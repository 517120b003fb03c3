/**
 * Check deposits: deposited through the API (`create`, `pending` until the
 * sandbox's simulations move it on: `CheckDepositSimulations`), or made by
 * depositing the checks of inbound mail (`InboundMailItems`), which the
 * sandbox accepts at once. Each step is a `runStep`: it loads what it needs,
 * asks the domain (`CheckDeposit.create` / `transition`) and writes the
 * deposit, its money movements, its declined transaction and its events in
 * one database transaction; a refused step writes nothing.
 *
 * Lock order: the deposit row, then the hold it ends, then its account (the Ledger).
 */
import * as Account from "@moneta/domain/Account"
import * as CheckDeposit from "@moneta/domain/CheckDeposit"
import type { CheckDepositId, PendingTransactionId } from "@moneta/domain/Ids"
import { Tenant } from "@moneta/domain/Tenant"
import { AccountStore } from "@moneta/store/Accounts"
import { CheckDepositStore } from "@moneta/store/CheckDeposits"
import { DeclinedTransactionStore } from "@moneta/store/DeclinedTransactions"
import { FileStore } from "@moneta/store/Files"
import { newId } from "@moneta/store/IdGenerator"
import { PendingTransactionStore } from "@moneta/store/PendingTransactions"
import { TransactionStore } from "@moneta/store/Transactions"
import { Context, type DateTime, Effect, Layer, Result } from "effect"
import { Events } from "./Events.js"
import { idempotencyKey } from "./IdempotencyKey.js"
import { Ledger } from "./Ledger.js"
import { listOwn, type ListParameters } from "./Lists.js"
import { findOwn } from "./NotFound.js"
import { spanned, withOperationSpan } from "./OperationSpan.js"
import { runStep } from "./Step.js"
import { now } from "./Time.js"

export type CheckDepositListParameters = ListParameters & CheckDeposit.CheckDepositFilter

export class CheckDeposits extends Context.Service<CheckDeposits>()("@moneta/bank/CheckDeposits", {
  make: Effect.gen(function*() {
    const store = yield* CheckDepositStore
    const accounts = yield* AccountStore
    const files = yield* FileStore
    const declinedTransactions = yield* DeclinedTransactionStore
    const pendingTransactions = yield* PendingTransactionStore
    const transactions = yield* TransactionStore
    const ledger = yield* Ledger
    const events = yield* Events

    /**
     * `POST /check_deposits`: the account and both image files must be the
     * caller's (404), the account open (409) and the files check images of
     * their sides (400). Nothing moves until the deposit is submitted.
     */
    const create = (body: CheckDeposit.CreateCheckDeposit) =>
      runStep({
        load: Effect.gen(function*() {
          const tenant = yield* Tenant
          const account = yield* findOwn("account", body.account_id, accounts.find)
          const frontImage = yield* findOwn("file", body.front_image_file_id, files.find)
          const backImage = yield* findOwn("file", body.back_image_file_id, files.find)
          const input: CheckDeposit.CreateInput = {
            id: yield* newId("check_deposit"),
            createdAt: yield* now,
            body,
            idempotencyKey: yield* idempotencyKey,
            frontImage,
            backImage
          }
          return { tenant, account, input }
        }),
        decide: ({ account, input }) => Result.flatMap(Account.requireOpen(account), () => CheckDeposit.create(input)),
        persist: (created, { input, tenant }) =>
          Effect.gen(function*() {
            yield* events.record(created.events, input.createdAt, [yield* store.insertWrite(tenant, created.next)])
            return created.next
          })
      })

    /**
     * A step on a deposit: `locate` finds its id (inside the step's
     * transaction), the deposit is locked and the command `commandAt` makes is
     * applied, or refused by the domain (nothing written). Its money movements
     * lock the hold they end and the account before the deposit's row, its
     * declined transaction and the events are written (see the Ledger).
     */
    const step = <EL, RL, R>(
      locate: Effect.Effect<CheckDepositId, EL, RL>,
      commandAt: (at: DateTime.Utc) => Effect.Effect<CheckDeposit.Command, never, R>
    ) =>
      runStep({
        load: Effect.gen(function*() {
          const tenant = yield* Tenant
          const deposit = yield* findOwn("check_deposit", yield* locate, store.lock)
          const at = yield* now
          return { tenant, deposit, at, command: yield* commandAt(at) }
        }),
        decide: ({ command, deposit }) => CheckDeposit.transition(deposit, command),
        persist: (transition, { at, tenant }) =>
          Effect.gen(function*() {
            const declined = yield* Effect.forEach(
              transition.declined,
              (row) => declinedTransactions.insertWrite(tenant, row)
            )
            const applied = yield* ledger.apply(transition.effects, at, new Map(), {
              writes: [yield* store.updateWrite(tenant, transition.next), ...declined],
              events: transition.events
            })
            return { deposit: transition.next, applied }
          })
      })

    /**
     * Applies the command `commandAt` makes to the deposit `id`.
     * `CheckDepositSimulations` acts through it, so the deposit's write path
     * stays in this module.
     */
    const act = <R>(
      id: CheckDepositId,
      commandAt: (at: DateTime.Utc) => Effect.Effect<CheckDeposit.Command, never, R>
    ) => Effect.map(step(Effect.succeed(id), commandAt), ({ deposit }) => deposit)

    /**
     * Applies the command `commandAt` makes to the deposit whose funds the
     * Pending Transaction `holdId` holds (404 unless it is the caller's, 409
     * unless it is a deposit's inbound funds hold); answers the Pending
     * Transaction as the step left it.
     */
    const actOnHold = <R>(
      holdId: PendingTransactionId,
      commandAt: (at: DateTime.Utc) => Effect.Effect<CheckDeposit.Command, never, R>
    ) =>
      Effect.gen(function*() {
        const locate = Effect.gen(function*() {
          const hold = yield* findOwn("pending_transaction", holdId, pendingTransactions.find)
          const heldId = yield* Effect.fromResult(CheckDeposit.heldTransactionOf(hold))
          const credit = yield* findOwn("transaction", heldId, transactions.find)
          return yield* Effect.fromResult(CheckDeposit.depositCreditedBy(hold, credit))
        })
        const { applied } = yield* step(locate, commandAt)
        const ended = applied.completedHolds.find((hold) => hold.id === holdId)
        // The domain refuses a step on a hold that does not end it: one that did not is a broken invariant.
        if (ended === undefined) return yield* Effect.die(new Error(`pending transaction ${holdId} was not ended`))
        return ended
      })

    const retrieve = (id: CheckDepositId) => findOwn("check_deposit", id, store.find)

    const list = (parameters: CheckDepositListParameters) =>
      listOwn(parameters, (tenant, request) => store.list(tenant, request, parameters))

    return {
      create: spanned(
        "bank.CheckDeposits.create",
        create,
        (body) => ({ "moneta.account_id": body.account_id, "moneta.amount": body.amount })
      ),
      act: <R>(...args: Parameters<typeof act<R>>) =>
        withOperationSpan(act(...args), "bank.CheckDeposits.act", { "moneta.check_deposit_id": args[0] }),
      actOnHold: <R>(...args: Parameters<typeof actOnHold<R>>) =>
        withOperationSpan(actOnHold(...args), "bank.CheckDeposits.actOnHold", {
          "moneta.pending_transaction_id": args[0]
        }),
      retrieve: spanned("bank.CheckDeposits.retrieve", retrieve, (id) => ({ "moneta.check_deposit_id": id })),
      list: spanned("bank.CheckDeposits.list", list)
    } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(
    Layer.provide([
      CheckDepositStore.Default,
      AccountStore.Default,
      FileStore.Default,
      DeclinedTransactionStore.Default,
      PendingTransactionStore.Default,
      TransactionStore.Default,
      Ledger.Default,
      Events.Default
    ])
  )
}
