/**
 * Check deposits: deposited through the API (`create`, `pending` until the
 * sandbox's simulations move it on: `CheckDepositSimulations`), or made by
 * depositing the checks of inbound mail (`InboundMailItems`), which the
 * sandbox accepts at once. Each step loads what it needs, asks the domain
 * (`CheckDeposit.create` / `transition`) and writes the deposit, its money
 * movements, its declined transaction and its events in one database
 * transaction; a refused step writes nothing.
 *
 * Lock order: the deposit row, then its account (the Ledger).
 */
import * as Account from "@moneta/domain/Account"
import * as CheckDeposit from "@moneta/domain/CheckDeposit"
import type { CheckDepositId } from "@moneta/domain/Ids"
import { Tenant } from "@moneta/domain/Tenant"
import { AccountStore } from "@moneta/store/Accounts"
import { CheckDepositStore } from "@moneta/store/CheckDeposits"
import { DeclinedTransactionStore } from "@moneta/store/DeclinedTransactions"
import { FileStore } from "@moneta/store/Files"
import { newId } from "@moneta/store/IdGenerator"
import { transactionally } from "@moneta/store/UnitOfWork"
import { Context, type DateTime, Effect, Layer } from "effect"
import { Events } from "./Events.js"
import { idempotencyKey } from "./IdempotencyKey.js"
import { Ledger } from "./Ledger.js"
import { listOwn, type ListParameters } from "./Lists.js"
import { findOwn } from "./NotFound.js"
import { spanned, withOperationSpan } from "./OperationSpan.js"
import { now } from "./Time.js"

export type CheckDepositListParameters = ListParameters & CheckDeposit.CheckDepositFilter

export class CheckDeposits extends Context.Service<CheckDeposits>()("@moneta/bank/CheckDeposits", {
  make: Effect.gen(function*() {
    const store = yield* CheckDepositStore
    const accounts = yield* AccountStore
    const files = yield* FileStore
    const declinedTransactions = yield* DeclinedTransactionStore
    const ledger = yield* Ledger
    const events = yield* Events

    /**
     * `POST /check_deposits`: the account and both image files must be the
     * caller's (404), the account open (409) and the files check images of
     * their sides (400). Nothing moves until the deposit is submitted.
     */
    const create = (body: CheckDeposit.CreateCheckDeposit) =>
      transactionally(Effect.gen(function*() {
        const tenant = yield* Tenant
        const account = yield* findOwn("account", body.account_id, accounts.find)
        yield* Effect.fromResult(Account.requireOpen(account))
        const frontImage = yield* findOwn("file", body.front_image_file_id, files.find)
        const backImage = yield* findOwn("file", body.back_image_file_id, files.find)
        const createdAt = yield* now
        const step = yield* Effect.fromResult(CheckDeposit.create({
          id: yield* newId("check_deposit"),
          createdAt,
          body,
          idempotencyKey: yield* idempotencyKey,
          frontImage,
          backImage
        }))
        yield* events.record(step.events, createdAt, [yield* store.insertWrite(tenant, step.next)])
        return step.next
      }))

    /**
     * Locks the deposit and applies the command `commandAt` makes, or fails
     * with the domain's refusal (409, nothing written). Its money movements
     * lock the account before the deposit's row, its declined transaction and
     * the events are written (see the Ledger). `CheckDepositSimulations` acts
     * through it, so the deposit's write path stays in this module.
     */
    const act = <R>(
      id: CheckDepositId,
      commandAt: (at: DateTime.Utc) => Effect.Effect<CheckDeposit.Command, never, R>
    ) =>
      transactionally(Effect.gen(function*() {
        const tenant = yield* Tenant
        const deposit = yield* findOwn("check_deposit", id, store.lock)
        const at = yield* now
        const step = yield* Effect.fromResult(CheckDeposit.transition(deposit, yield* commandAt(at)))
        const declined = yield* Effect.forEach(step.declined, (row) => declinedTransactions.insertWrite(tenant, row))
        yield* ledger.apply(step.effects, at, new Map(), {
          writes: [yield* store.updateWrite(tenant, step.next), ...declined],
          events: step.events
        })
        return step.next
      }))

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
      Ledger.Default,
      Events.Default
    ])
  )
}
