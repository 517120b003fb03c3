/**
 * Transactions are immutable postings to an account; the current balance is
 * their sum. `source` names what caused one: a `category` and one object named
 * after it.
 */
import { Schema } from "effect"
import { CardRefund, CardSettlement } from "./CardPaymentElements.js"
import { CheckDepositAcceptance } from "./CheckDeposit.js"
import { AccountId, TransactionId } from "./Ids.js"
import { CommaSeparated } from "./ListParameters.js"
import { Amount, Currency } from "./Money.js"
import { Timestamp } from "./Timestamp.js"
import { Reversal } from "./WireTransfer.js"

export const RouteType = Schema.Literals(["account_number", "card", "lockbox"])
export type RouteType = typeof RouteType.Type

/** Builds the `{category, <category>: detail}` shape of a source. */
export const sourceOf = <const C extends string, D extends Schema.Top>(category: C, detail: D) =>
  Schema.Struct(
    { category: Schema.Literal(category), [category]: detail } as {
      readonly category: Schema.Literal<C>
    } & { readonly [K in C]: D }
  )

export const InterestPayment = Schema.Struct({
  accrued_on_account_id: AccountId,
  amount: Amount,
  currency: Currency,
  period_start: Timestamp,
  period_end: Timestamp
})

export const InboundAchTransfer = Schema.Struct({
  addenda: Schema.NullOr(Schema.Unknown),
  amount: Amount,
  originator_company_descriptive_date: Schema.NullOr(Schema.String),
  originator_company_discretionary_data: Schema.NullOr(Schema.String),
  originator_company_entry_description: Schema.String,
  originator_company_id: Schema.String,
  originator_company_name: Schema.String,
  receiver_id_number: Schema.NullOr(Schema.String),
  receiver_name: Schema.NullOr(Schema.String),
  trace_number: Schema.String,
  transfer_id: Schema.String
})

export const WireTransferIntention = Schema.Struct({
  account_number: Schema.String,
  amount: Amount,
  message_to_recipient: Schema.String,
  routing_number: Schema.String,
  transfer_id: Schema.String
})

/**
 * A wire transfer sent back by the receiving bank: the same object as the
 * transfer's `reversal` (the SDK's `Transaction.Source.InboundWireReversal`).
 */
export const InboundWireReversal = Reversal

/** Every source category a transaction can have (the SDK's `category.in` filter values). */
export const TransactionSourceCategory = Schema.Literals([
  "account_transfer_intention",
  "ach_transfer_intention",
  "ach_transfer_rejection",
  "ach_transfer_return",
  "cashback_payment",
  "card_dispute_acceptance",
  "card_dispute_financial",
  "card_dispute_loss",
  "card_refund",
  "card_settlement",
  "card_financial",
  "card_revenue_payment",
  "check_deposit_acceptance",
  "check_deposit_return",
  "fednow_transfer_acknowledgement",
  "check_transfer_deposit",
  "fee_payment",
  "inbound_ach_transfer",
  "inbound_ach_transfer_return_intention",
  "inbound_check_deposit_return_intention",
  "inbound_check_adjustment",
  "inbound_fednow_transfer_confirmation",
  "inbound_real_time_payments_transfer_confirmation",
  "inbound_wire_reversal",
  "inbound_wire_transfer",
  "inbound_wire_transfer_reversal",
  "interest_payment",
  "internal_source",
  "real_time_payments_transfer_acknowledgement",
  "sample_funds",
  "wire_transfer_intention",
  "swift_transfer_intention",
  "swift_transfer_return",
  "card_push_transfer_acceptance",
  "account_revenue_payment",
  "blockchain_onramp_transfer_intention",
  "blockchain_offramp_transfer_settlement",
  "other"
])
export type TransactionSourceCategory = typeof TransactionSourceCategory.Type

/** A source category this version does not model in detail: kept as it came. */
export const OtherSource = Schema.StructWithRest(Schema.Struct({ category: Schema.String }), [
  Schema.Record(Schema.String, Schema.Unknown)
])

export const TransactionSource = Schema.Union([
  sourceOf("interest_payment", InterestPayment),
  sourceOf("inbound_ach_transfer", InboundAchTransfer),
  sourceOf("wire_transfer_intention", WireTransferIntention),
  sourceOf("inbound_wire_reversal", InboundWireReversal),
  sourceOf("check_deposit_acceptance", CheckDepositAcceptance),
  sourceOf("card_settlement", CardSettlement),
  sourceOf("card_refund", CardRefund),
  OtherSource
]).annotate({ identifier: "TransactionSource" })
export type TransactionSource = typeof TransactionSource.Type

export class Transaction extends Schema.Class<Transaction>("Transaction")({
  id: TransactionId,
  account_id: AccountId,
  amount: Amount,
  currency: Currency,
  created_at: Timestamp,
  description: Schema.String,
  route_id: Schema.NullOr(Schema.String),
  route_type: Schema.NullOr(RouteType),
  source: TransactionSource,
  type: Schema.tag("transaction")
}) {}

/** Simulates interest paid into an account: the sandbox's way to fund one. */
export const SimulateInterestPayment = Schema.Struct({
  account_id: AccountId,
  amount: Schema.Number.check(
    Schema.isInt().abort(),
    Schema.isGreaterThan(0, { message: "must be a positive integer" })
  ),
  accrued_on_account_id: Schema.optionalKey(AccountId),
  period_start: Schema.optionalKey(Timestamp),
  period_end: Schema.optionalKey(Timestamp)
}).annotate({ identifier: "SimulateInterestPayment" })
export type SimulateInterestPayment = typeof SimulateInterestPayment.Type

/** `GET /transactions` filters (beside the paging of `ListParameters`). */
export const TransactionFilter = Schema.Struct({
  account_id: Schema.optional(AccountId),
  route_id: Schema.optional(Schema.String),
  "category.in": Schema.optional(CommaSeparated(TransactionSourceCategory))
})
export type TransactionFilter = typeof TransactionFilter.Type
