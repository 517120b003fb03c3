/**
 * Moving money. The ledger carries out the money movements a domain
 * transition asks for (`MoneyEffect`s: post a Transaction, open a hold, end a
 * hold) inside the caller's database transaction, and records their events
 * (`transaction.created`, `pending_transaction.created` / `.updated`). What
 * they write and whether they are allowed is decided by the domain's
 * `Ledger.plan` and `Ledger.settle`; this module loads, locks and persists.
 *
 * Locking, so that no balance goes negative whatever the concurrency and no
 * two operations deadlock:
 * - holds being ended are locked first (their owner, e.g. a wire transfer,
 *   is already locked by the caller), then every account touched, in id order;
 * - the available-balance check reads the locked row, so concurrent spenders
 *   of one account queue and each sees the others' committed effects;
 * - a refused step fails before writing anything; the caller's transaction
 *   rolls back whatever it wrote before.
 */
import type * as BalanceChange from "@moneta/domain/BalanceChange"
import type { PendingEvent } from "@moneta/domain/Event"
import type { AccountId, PendingTransactionId, TransactionId } from "@moneta/domain/Ids"
import * as LedgerPlan from "@moneta/domain/Ledger"
import type { MoneyEffect } from "@moneta/domain/MoneyEffect"
import type * as PendingTransaction from "@moneta/domain/PendingTransaction"
import { Tenant } from "@moneta/domain/Tenant"
import type { RouteType, Transaction, TransactionSource } from "@moneta/domain/Transaction"
import { AccountStore, type LockedBalance } from "@moneta/store/Accounts"
import { newId } from "@moneta/store/IdGenerator"
import { PendingTransactionStore } from "@moneta/store/PendingTransactions"
import { postedMicros, postsAfter, TransactionStore } from "@moneta/store/Transactions"
import type { Write } from "@moneta/store/Writes"
import { Context, type DateTime, Effect, Layer, Option } from "effect"
import { Events } from "./Events.js"
import { notFound } from "./NotFound.js"

export interface Posting {
  /** The id the caller reserved; a new one is made when absent. */
  readonly id?: TransactionId | undefined
  readonly accountId: AccountId
  readonly amount: number
  readonly description: string
  readonly source: TransactionSource
  readonly route: { readonly id: string; readonly type: RouteType } | null
  readonly createdAt: DateTime.Utc
}

/** What a step wrote, for callers that return or inspect it. */
export interface Applied {
  readonly transactions: ReadonlyArray<Transaction>
  readonly createdHolds: ReadonlyArray<PendingTransaction.PendingTransaction>
  readonly completedHolds: ReadonlyArray<PendingTransaction.PendingTransaction>
  readonly revisedHolds: ReadonlyArray<PendingTransaction.PendingTransaction>
}

export class Ledger extends Context.Service<Ledger>()("@moneta/bank/Ledger", {
  make: Effect.gen(function*() {
    const accounts = yield* AccountStore
    const transactions = yield* TransactionStore
    const holds = yield* PendingTransactionStore
    const events = yield* Events

    /** Locks the account and returns its balance; 404 if it is not the caller's. */
    const lockAccount = (accountId: AccountId) =>
      Effect.gen(function*() {
        const tenant = yield* Tenant
        const balance = yield* accounts.lockBalance(tenant, accountId)
        return yield* Option.match(balance, {
          onNone: () => Effect.fail(notFound("account", accountId)),
          onSome: Effect.succeed
        })
      })

    /** Locks a hold the step ends or revises. */
    const lockHold = (id: PendingTransactionId) =>
      Effect.flatMap(Tenant, (tenant) => holds.lock(tenant, id)).pipe(
        Effect.flatMap(Option.match({
          // The domain names holds its own objects opened: a missing one is a broken invariant.
          onNone: () => Effect.die(new Error(`pending transaction ${id} does not exist`)),
          onSome: Effect.succeed
        }))
      )

    /** The step's effects with the holds they name, locked (holds first, then accounts: see the module comment). */
    const resolve = (effects: ReadonlyArray<MoneyEffect>) =>
      Effect.gen(function*() {
        const named = LedgerPlan.holdsNamed(effects)
        const locked = new Map<PendingTransactionId, PendingTransaction.PendingTransaction>()
        for (const id of named) locked.set(id, yield* lockHold(id))
        return yield* Effect.fromResult(LedgerPlan.resolve(effects, locked)).pipe(
          // every named hold was locked just above: a missing one is a broken invariant
          Effect.mapError((id) => new Error(`pending transaction ${id} was not locked`)),
          Effect.orDie
        )
      })

    /**
     * Carries out the money movements of one step, all or nothing: fails with
     * 409 (writing nothing) when a guarded debit or hold is not covered by the
     * available balance, 404 when an account is not the caller's. `locked`
     * holds balances the caller read under the account's row lock in this
     * database transaction (those accounts are not locked again). `step` is
     * the caller's own part of the step: its rows, written after the ledger's
     * by the statement that records its events with the ledger's (`Writes`).
     *
     * Each account's new totals are written by the statement of its first
     * posting in the step, where it has one (`Writes`): one statement fewer
     * per step that posts.
     */
    const apply = (
      effects: ReadonlyArray<MoneyEffect>,
      at: DateTime.Utc,
      locked: ReadonlyMap<AccountId, LockedBalance> = new Map(),
      step: { readonly writes?: ReadonlyArray<Write>; readonly events?: ReadonlyArray<PendingEvent> } = {}
    ) =>
      Effect.gen(function*() {
        const tenant = yield* Tenant
        const plan = yield* Effect.fromResult(LedgerPlan.plan(yield* resolve(effects), at))
        const loaded: Array<readonly [AccountId, BalanceChange.Change, LockedBalance]> = []
        for (const [accountId, change] of plan.changes) {
          loaded.push([accountId, change, locked.get(accountId) ?? (yield* lockAccount(accountId))])
        }
        const totals = new Map(yield* Effect.fromResult(LedgerPlan.settle(loaded)))
        const lastPosted = new Map<AccountId, number | null>(
          loaded.map(([accountId, , balance]) => [accountId, balance.lastPostedMicros])
        )
        const heldMoved = new Set(plan.changes.flatMap(([accountId, change]) => change.held === 0n ? [] : [accountId]))
        /** The account's held total from `at` on, when the step moved it (for balances `at_time`). */
        const heldWrites = (accountId: AccountId, next: BalanceChange.NextTotals) =>
          heldMoved.has(accountId) ? [accounts.heldTotalWrite(accountId, at, next.held)] : []
        const firstPostings = new Map<AccountId, Transaction>()
        const lastPostings = new Map<AccountId, Transaction>()
        for (const transaction of plan.transactions) {
          if (!firstPostings.has(transaction.account_id)) firstPostings.set(transaction.account_id, transaction)
          lastPostings.set(transaction.account_id, transaction)
        }
        // Everything rides with the events' statement (`Writes`) but a posting that a later posting
        // of its account in this step reads (its running balance): that one runs on its own first.
        const alongside: Array<Write> = []
        for (const [accountId, next] of totals) {
          if (!firstPostings.has(accountId)) {
            alongside.push(accounts.balanceWrite(tenant, accountId, next), ...heldWrites(accountId, next))
          }
        }
        for (const transaction of plan.transactions) {
          const next = firstPostings.get(transaction.account_id) === transaction
            ? totals.get(transaction.account_id)
            : undefined
          const totalsWrites = next === undefined
            ? []
            : [
              accounts.balanceWrite(tenant, transaction.account_id, next, at),
              ...heldWrites(transaction.account_id, next)
            ]
          // A posting after the account's newest (read under its lock) has no later row to amend.
          const amendsLater = !postsAfter(transaction, lastPosted.get(transaction.account_id) ?? null)
          if (!amendsLater) lastPosted.set(transaction.account_id, postedMicros(transaction))
          if (lastPostings.get(transaction.account_id) === transaction) {
            alongside.push(...(yield* transactions.insertWrites(tenant, transaction, totalsWrites, amendsLater)))
          } else {
            yield* transactions.insert(tenant, transaction, totalsWrites, amendsLater)
          }
        }
        // Holds share the statement too, unless one is written twice (two writes of a row in one
        // statement leave one of them undone): then each is written on its own, in order.
        const holdsChanged = [...plan.completedHolds, ...plan.revisedHolds]
        const holdIds = [...plan.createdHolds, ...holdsChanged].map((hold) => hold.id)
        if (new Set(holdIds).size === holdIds.length) {
          for (const hold of plan.createdHolds) alongside.push(yield* holds.insertWrite(tenant, hold))
          for (const hold of holdsChanged) alongside.push(yield* holds.updateWrite(tenant, hold))
        } else {
          for (const hold of plan.createdHolds) yield* holds.insert(tenant, hold, null)
          for (const hold of holdsChanged) yield* holds.update(tenant, hold)
        }
        yield* events.record([...plan.events, ...(step.events ?? [])], at, [...alongside, ...(step.writes ?? [])])
        return {
          transactions: plan.transactions,
          createdHolds: plan.createdHolds,
          completedHolds: plan.completedHolds,
          revisedHolds: plan.revisedHolds
        } satisfies Applied
      })

    /** Posts one transaction. Debits must not take the available balance below zero. */
    const post = (posting: Posting) =>
      Effect.gen(function*() {
        const effect = LedgerPlan.posting({
          transactionId: posting.id ?? (yield* newId("transaction")),
          accountId: posting.accountId,
          amount: posting.amount,
          description: posting.description,
          source: posting.source,
          route: posting.route ?? undefined
        })
        yield* apply([effect], posting.createdAt)
        return LedgerPlan.transactionOf(effect, posting.createdAt)
      })

    return { lockAccount, apply, post } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(
    Layer.provide([AccountStore.Default, TransactionStore.Default, PendingTransactionStore.Default, Events.Default])
  )
}
