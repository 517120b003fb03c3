/**
 * What carrying out a step's money movements (`MoneyEffect`s) means, decided
 * before anything is written: the Transactions posted, the holds opened, ended
 * or revised, their events, and the change to each account's running totals.
 * The bank loads (holds and balances under lock), asks `plan` and `settle`,
 * and writes what they return; a refusal writes nothing.
 */
import { Result } from "effect"
import { type AccountStatus, closedToMoneyMovement, movesMoney } from "../accounts/Account.js"
import type { AccountId, PendingTransactionId } from "../core/Ids.js"
import type {
  AccountClosed,
  AmountOutOfRange,
  InsufficientAvailableBalance,
  PendingTransactionComplete
} from "../core/Refusals.js"
import type { Timestamp } from "../core/Timestamp.js"
import { type PendingEvent, pendingEvent } from "../events/Event.js"
import * as BalanceChange from "./BalanceChange.js"
import type {
  CompletePendingTransaction,
  CreatePendingTransaction,
  MoneyEffect,
  PostTransaction,
  RevisePendingTransaction
} from "./MoneyEffect.js"
import * as PendingTransaction from "./PendingTransaction.js"
import { Transaction } from "./Transaction.js"

/** An effect that ends or revises a hold, with that hold as the caller loaded it (under lock). */
export type Resolved =
  | PostTransaction
  | CreatePendingTransaction
  | (CompletePendingTransaction & { readonly hold: PendingTransaction.PendingTransaction })
  | (RevisePendingTransaction & { readonly hold: PendingTransaction.PendingTransaction })

/** The holds a step names and the caller must load (lock) before planning. */
export const holdsNamed = (effects: ReadonlyArray<MoneyEffect>) =>
  effects.flatMap((effect) =>
    effect.kind === "complete_pending_transaction" || effect.kind === "revise_pending_transaction"
      ? [effect.pendingTransactionId]
      : []
  )

/**
 * The step's effects with the holds they name (`holdsNamed`), as the caller
 * loaded them under lock; fails with the id of a named hold missing from `holds`.
 */
export const resolve = (
  effects: ReadonlyArray<MoneyEffect>,
  holds: ReadonlyMap<PendingTransactionId, PendingTransaction.PendingTransaction>
): Result.Result<ReadonlyArray<Resolved>, PendingTransactionId> => {
  const resolved: Array<Resolved> = []
  for (const effect of effects) {
    if (effect.kind === "complete_pending_transaction" || effect.kind === "revise_pending_transaction") {
      const hold = holds.get(effect.pendingTransactionId)
      if (hold === undefined) return Result.fail(effect.pendingTransactionId)
      resolved.push({ ...effect, hold })
    } else {
      resolved.push(effect)
    }
  }
  return Result.succeed(resolved)
}

/** A single posting's effect: a debit (a negative amount) must not take the available balance below zero. */
export const posting = (fields: Omit<PostTransaction, "kind" | "requiresAvailableBalance">): PostTransaction => ({
  kind: "post_transaction",
  ...fields,
  requiresAvailableBalance: fields.amount < 0
})

export interface Plan {
  readonly transactions: ReadonlyArray<Transaction>
  readonly createdHolds: ReadonlyArray<PendingTransaction.PendingTransaction>
  readonly completedHolds: ReadonlyArray<PendingTransaction.PendingTransaction>
  readonly revisedHolds: ReadonlyArray<PendingTransaction.PendingTransaction>
  readonly events: ReadonlyArray<PendingEvent>
  /** Each account's change, in account id order: the order accounts are locked in, so no two steps deadlock. */
  readonly changes: ReadonlyArray<readonly [AccountId, BalanceChange.Change]>
}

/** The Transaction a `post_transaction` effect posts. */
export const transactionOf = (effect: PostTransaction, at: Timestamp): Transaction =>
  new Transaction({
    id: effect.transactionId,
    account_id: effect.accountId,
    amount: effect.amount,
    currency: "USD",
    created_at: at,
    description: effect.description,
    route_id: effect.route?.id ?? null,
    route_type: effect.route?.type ?? null,
    source: effect.source
  })

/** The hold a `create_pending_transaction` effect opens. */
export const holdOf = (effect: CreatePendingTransaction, at: Timestamp): PendingTransaction.PendingTransaction =>
  new PendingTransaction.PendingTransaction({
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
  })

/** What a hold holds, positive (its `held_amount` is the signed, non-positive part of its amount). */
const heldBy = (hold: PendingTransaction.PendingTransaction): bigint => -BigInt(hold.held_amount)

interface Movement {
  posted: bigint
  held: bigint
  guarded: boolean
}

/** The step's writes and balance changes, or why a hold cannot be ended or revised. */
export const plan = (
  effects: ReadonlyArray<Resolved>,
  at: Timestamp
): Result.Result<Plan, PendingTransactionComplete> => {
  const movements = new Map<AccountId, Movement>()
  const movementOf = (accountId: AccountId): Movement => {
    const existing = movements.get(accountId)
    if (existing !== undefined) return existing
    const created: Movement = { posted: 0n, held: 0n, guarded: false }
    movements.set(accountId, created)
    return created
  }
  const transactions: Array<Transaction> = []
  const createdHolds: Array<PendingTransaction.PendingTransaction> = []
  const completedHolds: Array<PendingTransaction.PendingTransaction> = []
  const revisedHolds: Array<PendingTransaction.PendingTransaction> = []
  const events: Array<PendingEvent> = []

  for (const effect of effects) {
    switch (effect.kind) {
      case "complete_pending_transaction": {
        const transition = PendingTransaction.complete(effect.hold, at, effect.source)
        if (Result.isFailure(transition)) return Result.fail(transition.failure)
        movementOf(effect.hold.account_id).held -= heldBy(effect.hold)
        completedHolds.push(transition.success.next)
        events.push(...transition.success.events)
        break
      }
      case "revise_pending_transaction": {
        const transition = PendingTransaction.revise(effect.hold, effect.amount)
        if (Result.isFailure(transition)) return Result.fail(transition.failure)
        const movement = movementOf(effect.hold.account_id)
        movement.held += heldBy(transition.success.next) - heldBy(effect.hold)
        movement.guarded ||= effect.requiresAvailableBalance
        revisedHolds.push(transition.success.next)
        events.push(...transition.success.events)
        break
      }
      case "create_pending_transaction": {
        const hold = holdOf(effect, at)
        const movement = movementOf(effect.accountId)
        movement.held += heldBy(hold)
        movement.guarded ||= effect.requiresAvailableBalance
        createdHolds.push(hold)
        events.push(PendingTransaction.createdEvent(hold))
        break
      }
      case "post_transaction": {
        const transaction = transactionOf(effect, at)
        const movement = movementOf(effect.accountId)
        movement.posted += BigInt(effect.amount)
        movement.guarded ||= effect.requiresAvailableBalance
        transactions.push(transaction)
        events.push(pendingEvent("transaction.created", "transaction", transaction.id))
        break
      }
    }
  }

  // Every account touched is listed (and so locked and checked to be the caller's), even when its changes cancel out.
  const changes = [...movements.entries()].sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0))
  return Result.succeed({ transactions, createdHolds, completedHolds, revisedHolds, events, changes })
}

/** An account's totals and status, as read under its row lock. */
export interface LockedAccount extends BalanceChange.Totals {
  readonly status: AccountStatus
}

/**
 * Each changed account's next totals from its balance read under lock, or the
 * refusal (409, nothing written): a closed account would move money, a
 * guarded account would end below zero available, or a total would leave the
 * representable range.
 */
export const settle = (
  changes: ReadonlyArray<readonly [AccountId, BalanceChange.Change, LockedAccount]>
): Result.Result<
  ReadonlyArray<readonly [AccountId, BalanceChange.NextTotals]>,
  AccountClosed | InsufficientAvailableBalance | AmountOutOfRange
> => {
  const next: Array<readonly [AccountId, BalanceChange.NextTotals]> = []
  for (const [accountId, change, balance] of changes) {
    if (change.posted === 0n && change.held === 0n) continue
    if (!movesMoney(balance.status)) return Result.fail(closedToMoneyMovement(accountId))
    const totals = BalanceChange.applyChange(accountId, balance, change)
    if (Result.isFailure(totals)) return Result.fail(totals.failure)
    next.push([accountId, totals.success])
  }
  return Result.succeed(next)
}
