/**
 * Moving money. The ledger carries out the money movements a domain
 * transition asks for (`MoneyEffect`s: post a Transaction, open a hold, end a
 * hold) inside the caller's database transaction, and records their events
 * (`transaction.created`, `pending_transaction.created` / `.updated`).
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
import { Caller as Tenant } from "@moneta/domain/Caller"
import * as BalanceChange from "@moneta/domain/BalanceChange"
import { pendingEvent, type PendingEvent } from "@moneta/domain/Event"
import { type AccountId, TransactionId } from "@moneta/domain/Ids"
import type { MoneyEffect } from "@moneta/domain/MoneyEffect"
import * as PendingTransaction from "@moneta/domain/PendingTransaction"
import { Transaction, type RouteType, type TransactionSource } from "@moneta/domain/Transaction"
import { Accounts, type Balance } from "@moneta/store/Accounts"
import { makeId } from "@moneta/store/IdGenerator"
import { heldColumn, PendingTransactions } from "@moneta/store/PendingTransactions"
import { Transactions } from "@moneta/store/Transactions"
import { type DateTime, Effect, Either, Option } from "effect"
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

/** Changes to an account's running totals, exact: `posted` to the current balance, `held` (positive) to the held total. */
interface Movement {
  posted: bigint
  held: bigint
  /** Some effect on this account may only proceed if the available balance stays covered. */
  guarded: boolean
}

/**
 * Transactions and holds are built from a domain step's typed effects: the
 * constructors' validation of every field (about a millisecond each, mostly the
 * source unions) is skipped; the store encodes them, which checks the schema,
 * before they are written.
 */
const withoutValidation = true

export class Ledger extends Effect.Service<Ledger>()("@moneta/bank/Ledger", {
  effect: Effect.gen(function*() {
    const accounts = yield* Accounts
    const transactions = yield* Transactions
    const holds = yield* PendingTransactions
    const events = yield* Events

    /** Locks the account and returns its balance; 404 if it is not the caller's. */
    const lockAccount = (accountId: string) =>
      Effect.gen(function*() {
        const tenant = yield* Tenant
        const balance = yield* accounts.lockBalance(tenant, accountId)
        return yield* Option.match(balance, {
          onNone: () => Effect.fail(notFound("account", accountId)),
          onSome: Effect.succeed
        })
      })

    /**
     * Locks the accounts in id order, asks the domain for each account's next
     * totals (refused if a guarded account would end below zero available, or
     * any total would leave the representable range), then writes them.
     */
    const move = (movements: Map<string, Movement>, locked: ReadonlyMap<string, Balance>) =>
      Effect.gen(function*() {
        const tenant = yield* Tenant
        const ordered = [...movements.entries()].sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0))
        const next: Array<readonly [string, BalanceChange.NextTotals]> = []
        for (const [accountId, movement] of ordered) {
          const balance = locked.get(accountId) ?? (yield* lockAccount(accountId))
          if (movement.posted !== 0n || movement.held !== 0n) {
            next.push([accountId, yield* BalanceChange.applyChange(accountId, balance, movement)])
          }
        }
        for (const [accountId, totals] of next) yield* accounts.setBalance(tenant, accountId, totals)
      })

    /**
     * Carries out the money movements of one step, all or nothing: fails with
     * 409 (writing nothing) when a guarded debit or hold is not covered by the
     * available balance, 404 when an account is not the caller's. `locked`
     * holds balances the caller read under the account's row lock in this
     * database transaction (those accounts are not locked again).
     */
    const apply = (effects: ReadonlyArray<MoneyEffect>, at: DateTime.Utc, locked: ReadonlyMap<string, Balance> = new Map()) =>
      Effect.gen(function*() {
        const tenant = yield* Tenant
        const movements = new Map<string, Movement>()
        const movementOf = (accountId: string): Movement => {
          const existing = movements.get(accountId)
          if (existing !== undefined) return existing
          const created: Movement = { posted: 0n, held: 0n, guarded: false }
          movements.set(accountId, created)
          return created
        }
        const posted: Array<Transaction> = []
        const created: Array<PendingTransaction.PendingTransaction> = []
        const completed: Array<PendingTransaction.PendingTransaction> = []
        const revised: Array<PendingTransaction.PendingTransaction> = []
        const recorded: Array<PendingEvent> = []

        for (const effect of effects) {
          switch (effect.kind) {
            case "complete_pending_transaction": {
              const hold = yield* holds.lock(tenant, effect.pendingTransactionId).pipe(
                Effect.flatMap(Option.match({
                  // The domain names holds its own objects opened: a missing one is a broken invariant.
                  onNone: () => Effect.dieMessage(`pending transaction ${effect.pendingTransactionId} does not exist`),
                  onSome: Effect.succeed
                }))
              )
              const transition = yield* Either.match(PendingTransaction.complete(hold, at), {
                onLeft: Effect.fail,
                onRight: Effect.succeed
              })
              movementOf(hold.account_id).held -= BigInt(heldColumn(hold))
              completed.push(transition.next)
              recorded.push(...transition.events)
              break
            }
            case "revise_pending_transaction": {
              const hold = yield* holds.lock(tenant, effect.pendingTransactionId).pipe(
                Effect.flatMap(Option.match({
                  onNone: () => Effect.dieMessage(`pending transaction ${effect.pendingTransactionId} does not exist`),
                  onSome: Effect.succeed
                }))
              )
              const transition = yield* Either.match(PendingTransaction.revise(hold, effect.amount), {
                onLeft: Effect.fail,
                onRight: Effect.succeed
              })
              const movement = movementOf(hold.account_id)
              movement.held += BigInt(heldColumn(transition.next)) - BigInt(heldColumn(hold))
              movement.guarded ||= effect.requiresAvailableBalance
              revised.push(transition.next)
              recorded.push(...transition.events)
              break
            }
            case "create_pending_transaction": {
              const hold = new PendingTransaction.PendingTransaction({
                id: effect.pendingTransactionId,
                account_id: effect.accountId,
                amount: effect.amount,
                completed_at: null,
                created_at: at,
                currency: "USD",
                description: effect.description,
                held_amount: PendingTransaction.heldAmountOf(effect.amount),
                route_id: effect.route?.id ?? null,
                route_type: effect.route?.type ?? null,
                source: effect.source,
                status: "pending"
              }, withoutValidation)
              const movement = movementOf(effect.accountId)
              movement.held += BigInt(heldColumn(hold))
              movement.guarded ||= effect.requiresAvailableBalance
              created.push(hold)
              recorded.push(PendingTransaction.createdEvent(hold))
              break
            }
            case "post_transaction": {
              const transaction = new Transaction({
                id: effect.transactionId,
                account_id: effect.accountId,
                amount: effect.amount,
                currency: "USD",
                created_at: at,
                description: effect.description,
                route_id: effect.route?.id ?? null,
                route_type: effect.route?.type ?? null,
                source: effect.source
              }, withoutValidation)
              const movement = movementOf(effect.accountId)
              movement.posted += BigInt(effect.amount)
              movement.guarded ||= effect.requiresAvailableBalance
              posted.push(transaction)
              recorded.push(pendingEvent("transaction.created", "transaction", transaction.id))
              break
            }
          }
        }

        yield* move(movements, locked)
        for (const transaction of posted) yield* transactions.insert(tenant, transaction)
        for (const hold of created) yield* holds.insert(tenant, hold, null)
        for (const hold of completed) yield* holds.update(tenant, hold)
        for (const hold of revised) yield* holds.update(tenant, hold)
        yield* events.record(recorded, at)
        return {
          transactions: posted,
          createdHolds: created,
          completedHolds: completed,
          revisedHolds: revised
        } satisfies Applied
      })

    /** Posts one transaction. Debits must not take the available balance below zero. */
    const post = (posting: Posting) =>
      Effect.gen(function*() {
        const tenant = yield* Tenant
        const transaction = new Transaction({
          id: posting.id ?? TransactionId.make(yield* makeId("transaction")),
          account_id: posting.accountId,
          amount: posting.amount,
          currency: "USD",
          created_at: posting.createdAt,
          description: posting.description,
          route_id: posting.route?.id ?? null,
          route_type: posting.route?.type ?? null,
          source: posting.source
        }, withoutValidation)
        yield* move(new Map([[posting.accountId, { posted: BigInt(posting.amount), held: 0n, guarded: posting.amount < 0 }]]), new Map())
        yield* transactions.insert(tenant, transaction)
        yield* events.record([pendingEvent("transaction.created", "transaction", transaction.id)], posting.createdAt)
        return transaction
      })

    return { lockAccount, apply, post } as const
  }),
  dependencies: [Accounts.Default, Transactions.Default, PendingTransactions.Default, Events.Default]
}) {}
