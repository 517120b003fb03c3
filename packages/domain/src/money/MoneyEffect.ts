/**
 * Money movements a domain transition asks the bank to perform. Transitions
 * return them next to the new state so that the bank only carries them out,
 * inside the same SQL transaction, and never decides on its own which money
 * moves.
 */
import type { AccountId, PendingTransactionId, TransactionId } from "../core/Ids.js"
import type { PendingTransactionSource } from "./PendingTransaction.js"
import type { RouteType, TransactionSource } from "./Transaction.js"

/** What the money moved through (a card, an account number…), shown as `route_id` / `route_type`. */
export interface Route {
  readonly id: string
  readonly type: RouteType
}

/** Post an immutable Transaction (and emit `transaction.created`). */
export interface PostTransaction {
  readonly kind: "post_transaction"
  readonly transactionId: TransactionId
  readonly accountId: AccountId
  /** Signed: negative takes money out of the account. */
  readonly amount: number
  readonly description: string
  readonly source: TransactionSource
  readonly route?: Route | undefined
  /** Refuse the whole step (409, nothing written) unless the available balance covers `-amount`. */
  readonly requiresAvailableBalance: boolean
}

/** Write a `pending` Pending Transaction (and emit `pending_transaction.created`). */
export interface CreatePendingTransaction {
  readonly kind: "create_pending_transaction"
  readonly pendingTransactionId: PendingTransactionId
  readonly accountId: AccountId
  /** Signed; its negative part is held (`PendingTransaction.heldAmountOf`). */
  readonly amount: number
  readonly description: string
  readonly source: PendingTransactionSource
  readonly route?: Route | undefined
  /** Refuse the whole step (409, nothing written) unless the available balance covers `-amount`. */
  readonly requiresAvailableBalance: boolean
}

/** Complete a Pending Transaction (`PendingTransaction.complete`): its hold stops counting. */
export interface CompletePendingTransaction {
  readonly kind: "complete_pending_transaction"
  readonly pendingTransactionId: PendingTransactionId
  /** The hold's source as it ends (an inbound funds hold records its release); unchanged when absent. */
  readonly source?: PendingTransactionSource | undefined
}

/**
 * Change what a `pending` Pending Transaction holds (`PendingTransaction.revise`):
 * a card authorization's hold follows its increments and partial reversals.
 */
export interface RevisePendingTransaction {
  readonly kind: "revise_pending_transaction"
  readonly pendingTransactionId: PendingTransactionId
  /** The new signed amount. */
  readonly amount: number
  /** Refuse the whole step (409, nothing written) unless the available balance covers a larger hold. */
  readonly requiresAvailableBalance: boolean
}

export type MoneyEffect =
  | PostTransaction
  | CreatePendingTransaction
  | CompletePendingTransaction
  | RevisePendingTransaction
