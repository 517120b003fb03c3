/**
 * Pending transactions are holds on an account's available balance: a wire
 * awaiting approval, a card authorization, a deposited check's funds hold. They
 * start `pending` and end `complete` (the money posted as a Transaction, or the
 * hold was released). Only a card authorization's hold changes its `amount`
 * while pending, following the authorization's increments and partial
 * reversals (`revise`).
 *
 * available balance = current balance + Σ `held_amount` of the pending ones
 * (`held_amount` is the negative part of `amount`: a credit holds nothing).
 */
import { Result, Schema } from "effect"
import { CardAuthorizationPendingSource } from "./CardPaymentElements.js"
import { InboundFundsHold } from "./CheckDeposit.js"
import { InvalidOperationError } from "./Errors.js"
import { type PendingEvent, pendingEvent } from "./Event.js"
import { AccountId, CheckDepositId, FileId, PendingTransactionId, WireTransferId } from "./Ids.js"
import { CommaSeparated } from "./ListParameters.js"
import { Amount, Currency } from "./Money.js"
import { ShortText } from "./Text.js"
import { Timestamp } from "./Timestamp.js"
import { OtherSource, RouteType, sourceOf } from "./Transaction.js"

export const PendingTransactionStatus = Schema.Literals(["pending", "complete"])
export type PendingTransactionStatus = typeof PendingTransactionStatus.Type

/** The source categories of the SDK; `source` decodes any other category as an `OtherSource`. */
export const PendingTransactionSourceCategory = Schema.Literals([
  "account_transfer_instruction",
  "ach_transfer_instruction",
  "card_authorization",
  "check_deposit_instruction",
  "check_transfer_instruction",
  "fednow_transfer_instruction",
  "inbound_funds_hold",
  "user_initiated_hold",
  "real_time_payments_transfer_instruction",
  "wire_transfer_instruction",
  "inbound_wire_transfer_reversal",
  "swift_transfer_instruction",
  "card_push_transfer_instruction",
  "blockchain_onramp_transfer_instruction",
  "blockchain_offramp_transfer",
  "other"
])
export type PendingTransactionSourceCategory = typeof PendingTransactionSourceCategory.Type

/** A wire transfer awaiting approval holds its amount. */
export const WireTransferInstruction = Schema.Struct({
  account_number: Schema.String,
  amount: Amount,
  message_to_recipient: Schema.String,
  routing_number: Schema.String,
  transfer_id: WireTransferId
})
export type WireTransferInstruction = typeof WireTransferInstruction.Type

/** A check deposit that has not been accepted yet. */
export const CheckDepositInstruction = Schema.Struct({
  amount: Amount,
  back_image_file_id: Schema.NullOr(FileId),
  check_deposit_id: Schema.NullOr(CheckDepositId),
  currency: Currency,
  front_image_file_id: FileId
})
export type CheckDepositInstruction = typeof CheckDepositInstruction.Type

/** A hold placed through `POST /pending_transactions`: the SDK gives it no fields. */
export const UserInitiatedHold = Schema.Record(Schema.String, Schema.Unknown)

export const PendingTransactionSource = Schema.Union([
  sourceOf("wire_transfer_instruction", WireTransferInstruction),
  sourceOf("card_authorization", CardAuthorizationPendingSource),
  sourceOf("inbound_funds_hold", InboundFundsHold),
  sourceOf("check_deposit_instruction", CheckDepositInstruction),
  sourceOf("user_initiated_hold", UserInitiatedHold),
  OtherSource
]).annotate({ identifier: "PendingTransactionSource" })
export type PendingTransactionSource = typeof PendingTransactionSource.Type

export class PendingTransaction extends Schema.Class<PendingTransaction>("PendingTransaction")({
  id: PendingTransactionId,
  account_id: AccountId,
  amount: Amount,
  completed_at: Schema.NullOr(Timestamp),
  created_at: Timestamp,
  currency: Currency,
  description: Schema.String,
  held_amount: Amount,
  route_id: Schema.NullOr(Schema.String),
  route_type: Schema.NullOr(RouteType),
  source: PendingTransactionSource,
  status: PendingTransactionStatus,
  type: Schema.tag("pending_transaction")
}) {}

/** How much a pending transaction of `amount` takes off the available balance (never a credit). */
export const heldAmountOf = (amount: number): number => Math.min(amount, 0)

/** `POST /pending_transactions`: a hold the client places itself; `amount` is negative. */
export const CreatePendingTransaction = Schema.Struct({
  account_id: AccountId,
  amount: Schema.Number.check(
    Schema.isInt().abort(),
    Schema.isLessThan(0, { message: "must be a negative integer (the amount to hold)" }),
    Schema.isGreaterThanOrEqualTo(-Number.MAX_SAFE_INTEGER)
  ),
  description: Schema.optionalKey(ShortText)
}).annotate({ identifier: "CreatePendingTransaction" })
export type CreatePendingTransaction = typeof CreatePendingTransaction.Type

export interface Transition {
  readonly next: PendingTransaction
  readonly events: ReadonlyArray<PendingEvent>
}

const updated = (pendingTransaction: PendingTransaction): PendingEvent =>
  pendingEvent("pending_transaction.updated", "pending_transaction", pendingTransaction.id)

/** The event of a newly written pending transaction. */
export const createdEvent = (pendingTransaction: PendingTransaction): PendingEvent =>
  pendingEvent("pending_transaction.created", "pending_transaction", pendingTransaction.id)

/** Ends a hold: the money posted, or the hold was released. Only a `pending` one completes. */
export const complete = (
  pendingTransaction: PendingTransaction,
  at: Timestamp
): Result.Result<Transition, InvalidOperationError> => {
  if (pendingTransaction.status !== "pending") {
    return Result.fail(
      new InvalidOperationError({ detail: `pending transaction ${pendingTransaction.id} is already complete` })
    )
  }
  const next = new PendingTransaction({ ...pendingTransaction, status: "complete", completed_at: at })
  return Result.succeed({ next, events: [updated(next)] })
}

/** `POST /pending_transactions/{id}/release`: only the client's own holds, only while pending. */
export const release = (
  pendingTransaction: PendingTransaction,
  at: Timestamp
): Result.Result<Transition, InvalidOperationError> =>
  pendingTransaction.source.category === "user_initiated_hold"
    ? complete(pendingTransaction, at)
    : Result.fail(
      new InvalidOperationError({
        detail:
          `only user_initiated_hold pending transactions can be released, this one is ${pendingTransaction.source.category}`
      })
    )

/**
 * Changes what a `pending` hold holds (a card authorization incremented or
 * partly reversed): `amount` and `held_amount` follow; emits `pending_transaction.updated`.
 */
export const revise = (
  pendingTransaction: PendingTransaction,
  amount: number
): Result.Result<Transition, InvalidOperationError> => {
  if (pendingTransaction.status !== "pending") {
    return Result.fail(
      new InvalidOperationError({ detail: `pending transaction ${pendingTransaction.id} is already complete` })
    )
  }
  const next = new PendingTransaction({ ...pendingTransaction, amount, held_amount: heldAmountOf(amount) })
  return Result.succeed({ next, events: [updated(next)] })
}

/** `GET /pending_transactions` filters (beside the paging of `ListParameters`). */
export const PendingTransactionFilter = Schema.Struct({
  account_id: Schema.optional(AccountId),
  route_id: Schema.optional(Schema.String),
  "status.in": Schema.optional(CommaSeparated(PendingTransactionStatus)),
  "category.in": Schema.optional(CommaSeparated(PendingTransactionSourceCategory))
})
export type PendingTransactionFilter = typeof PendingTransactionFilter.Type
