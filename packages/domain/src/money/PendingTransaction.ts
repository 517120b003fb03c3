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
import { CardAuthorizationPendingSource } from "../cards/CardPaymentElements.js"
import { described } from "../core/Described.js"
import { AccountId, CheckDepositId, FileId, PendingTransactionId, WireTransferId } from "../core/Ids.js"
import { CommaSeparated } from "../core/ListParameters.js"
import { PendingTransactionComplete, PendingTransactionNotReleasable } from "../core/Refusals.js"
import { ShortText } from "../core/Text.js"
import { Timestamp } from "../core/Timestamp.js"
import { type PendingEvent, pendingEvent } from "../events/Event.js"
import { InboundFundsHold } from "../mail/CheckDepositSources.js"
import { Amount, Currency } from "./Money.js"
import { OtherSource, RouteType, routeTypeDescription, sourceOf } from "./Transaction.js"

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
  account_number: described(Schema.String, "The destination account number."),
  amount: described(
    Amount,
    "The transfer amount in the minor unit of the currency (cents for USD), positive (the hold is its negative)."
  ),
  message_to_recipient: described(Schema.String, "The message that will show on the recipient's bank statement."),
  routing_number: described(
    Schema.String,
    "The destination's American Bankers' Association (ABA) routing transit number."
  ),
  transfer_id: described(WireTransferId, "The identifier of the Wire Transfer awaiting approval.")
})
export type WireTransferInstruction = typeof WireTransferInstruction.Type

/** A check deposit that has not been accepted yet. */
export const CheckDepositInstruction = Schema.Struct({
  amount: described(Amount, "The amount of the check, in the minor unit of the currency (cents for USD)."),
  back_image_file_id: described(
    Schema.NullOr(FileId),
    "The identifier of the File with the image of the back of the check; null when none was given."
  ),
  check_deposit_id: described(Schema.NullOr(CheckDepositId), "The identifier of the Check Deposit; null when none."),
  currency: described(Currency, "The ISO 4217 code of the currency: `USD` (US Dollar)."),
  front_image_file_id: described(FileId, "The identifier of the File with the image of the front of the check.")
})
export type CheckDepositInstruction = typeof CheckDepositInstruction.Type

/** A hold placed through `POST /pending_transactions`: the SDK gives it no fields. */
export const UserInitiatedHold = Schema.Record(Schema.String, Schema.Unknown)

export const PendingTransactionSource = Schema.Union([
  sourceOf(
    "wire_transfer_instruction",
    WireTransferInstruction,
    "A Wire Transfer that requires approval holds its amount until it is approved or canceled."
  ),
  sourceOf(
    "card_authorization",
    CardAuthorizationPendingSource,
    "A card authorization holds its amount until it settles, is reversed or expires."
  ),
  sourceOf(
    "inbound_funds_hold",
    InboundFundsHold,
    "Funds received (a deposited check's) are held until they are released."
  ),
  sourceOf(
    "check_deposit_instruction",
    CheckDepositInstruction,
    "A Check Deposit that has not been accepted yet."
  ),
  sourceOf(
    "user_initiated_hold",
    UserInitiatedHold,
    "A hold you placed with `POST /pending_transactions`; it carries no details (an empty object)."
  ),
  OtherSource
]).annotate({
  identifier: "PendingTransactionSource",
  description:
    "What caused the Pending Transaction: `category` names it, and the object of the same name holds its details. New categories can appear over time: tolerate ones you do not know."
})
export type PendingTransactionSource = typeof PendingTransactionSource.Type

export class PendingTransaction extends Schema.Class<PendingTransaction>("PendingTransaction")({
  id: described(PendingTransactionId, "The Pending Transaction identifier."),
  account_id: described(AccountId, "The identifier of the Account this Pending Transaction belongs to."),
  amount: described(
    Amount,
    "The Pending Transaction amount in the minor unit of its currency (cents for USD), negative for money on its way out. A card authorization's follows its increments and partial reversals while pending; a settlement for a different amount shows on the resulting Transaction."
  ),
  completed_at: described(
    Schema.NullOr(Timestamp),
    "When the Pending Transaction completed (ISO 8601, UTC); null while it is pending."
  ),
  created_at: described(Timestamp, "When the Pending Transaction occurred (ISO 8601, UTC)."),
  currency: described(
    Currency,
    "The ISO 4217 code of the Pending Transaction's currency, the Account's: `USD` (US Dollar)."
  ),
  description: described(
    Schema.String,
    "For a transfer, the description you gave; for a card payment, the merchant's; for a hold, the one you chose."
  ),
  held_amount: described(
    Amount,
    "How much the Pending Transaction takes off the Account's available balance while pending, in the minor unit (cents for USD): `amount` when it is negative, 0 for a credit."
  ),
  route_id: described(
    Schema.NullOr(Schema.String),
    "The identifier of the route the Pending Transaction came through (such as a Card or an Account Number); null when none."
  ),
  route_type: described(Schema.NullOr(RouteType), routeTypeDescription),
  source: described(
    PendingTransactionSource,
    "What caused the Pending Transaction: `category` names it, and the object of the same name holds its details."
  ),
  status: described(
    PendingTransactionStatus,
    "Whether the Pending Transaction still holds funds. `pending`: it does, awaiting confirmation. `complete`: it no longer counts against the balance (the money posted as a Transaction, or the hold was released)."
  ),
  type: described(Schema.tag("pending_transaction"), "Always `pending_transaction`: the type of this object.")
}) {}

const isInboundFundsHold = Schema.is(InboundFundsHold)

/**
 * When the hold ends on its own unless something ends it first: a card
 * authorization's `expires_at`, an inbound funds hold's
 * `automatically_releases_at`; null for the other sources.
 */
export const releasesAt = (pendingTransaction: PendingTransaction): Timestamp | null => {
  const source = pendingTransaction.source
  if (source.category === "card_authorization") {
    const authorization = source["card_authorization"]
    return authorization instanceof CardAuthorizationPendingSource ? authorization.expires_at : null
  }
  if (source.category === "inbound_funds_hold") {
    const hold = source["inbound_funds_hold"]
    return isInboundFundsHold(hold) ? hold.automatically_releases_at : null
  }
  return null
}

/** How much a pending transaction of `amount` takes off the available balance (never a credit). */
export const heldAmountOf = (amount: number): number => Math.min(amount, 0)

/** `POST /pending_transactions`: a hold the client places itself; `amount` is negative. */
export const CreatePendingTransaction = Schema.Struct({
  account_id: described(AccountId, "The identifier of the Account to place the hold on."),
  amount: described(
    Schema.Number.check(
      Schema.isInt().abort(),
      Schema.isLessThan(0, { message: "must be a negative integer (the amount to hold)" }),
      Schema.isGreaterThanOrEqualTo(-Number.MAX_SAFE_INTEGER)
    ),
    "The amount to hold in the minor unit of the currency (cents for USD), negative: pass -100 to hold $1.00."
  ),
  description: Schema.optionalKey(described(ShortText, "The description you give the hold, 1 to 200 characters."))
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
  at: Timestamp,
  source: PendingTransactionSource = pendingTransaction.source
): Result.Result<Transition, PendingTransactionComplete> => {
  if (pendingTransaction.status !== "pending") {
    return Result.fail(
      new PendingTransactionComplete({ detail: `pending transaction ${pendingTransaction.id} is already complete` })
    )
  }
  const next = new PendingTransaction({ ...pendingTransaction, source, status: "complete", completed_at: at })
  return Result.succeed({ next, events: [updated(next)] })
}

/** `POST /pending_transactions/{id}/release`: only the client's own holds, only while pending. */
export const release = (
  pendingTransaction: PendingTransaction,
  at: Timestamp
): Result.Result<Transition, PendingTransactionNotReleasable | PendingTransactionComplete> =>
  pendingTransaction.source.category === "user_initiated_hold"
    ? complete(pendingTransaction, at)
    : Result.fail(
      new PendingTransactionNotReleasable({
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
): Result.Result<Transition, PendingTransactionComplete> => {
  if (pendingTransaction.status !== "pending") {
    return Result.fail(
      new PendingTransactionComplete({ detail: `pending transaction ${pendingTransaction.id} is already complete` })
    )
  }
  const next = new PendingTransaction({ ...pendingTransaction, amount, held_amount: heldAmountOf(amount) })
  return Result.succeed({ next, events: [updated(next)] })
}

/** `GET /pending_transactions` filters (beside the paging of `ListParameters`). */
export const PendingTransactionFilter = Schema.Struct({
  account_id: Schema.optional(AccountId).annotateKey({
    description: "Return only the Pending Transactions of this Account."
  }),
  route_id: Schema.optional(Schema.String).annotateKey({
    description:
      "Return only the Pending Transactions that came through this route (a Card or an Account Number identifier)."
  }),
  "status.in": Schema.optional(CommaSeparated(PendingTransactionStatus)).annotateKey({
    description: "Return only Pending Transactions with one of these statuses, comma-separated: `pending`, `complete`."
  }),
  "category.in": Schema.optional(CommaSeparated(PendingTransactionSourceCategory)).annotateKey({
    description: "Return only Pending Transactions whose `source.category` is one of these, comma-separated."
  })
})
export type PendingTransactionFilter = typeof PendingTransactionFilter.Type
