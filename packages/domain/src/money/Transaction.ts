/**
 * Transactions are immutable postings to an account; the current balance is
 * their sum. `source` names what caused one: a `category` and one object named
 * after it.
 */
import { DateTime, Schema } from "effect"
import { CardRefund, CardSettlement } from "../cards/CardPaymentElements.js"
import { described } from "../core/Described.js"
import { AccountId, TransactionId } from "../core/Ids.js"
import { CommaSeparated } from "../core/ListParameters.js"
import { Timestamp } from "../core/Timestamp.js"
import { CheckDepositAcceptance, DepositReturn, InboundCheckAdjustment } from "../mail/CheckDepositSources.js"
import { Reversal } from "../wires/WireTransferReversal.js"
import { Amount, Currency } from "./Money.js"

export const RouteType = Schema.Literals(["account_number", "card", "lockbox"])
export type RouteType = typeof RouteType.Type

/**
 * Builds the `{category, <category>: detail}` shape of a source; `description`
 * says what the detail object is (what caused the object that has this source).
 */
export const sourceOf = <const C extends string, D extends Schema.Top>(category: C, detail: D, description: string) =>
  Schema.Struct(
    {
      category: described(
        Schema.Literal(category),
        `What caused this: \`${category}\`. The details are in the \`${category}\` object.`
      ),
      [category]: described(detail, description)
    } as {
      readonly category: Schema.Literal<C>
    } & { readonly [K in C]: D["Rebuild"] }
  )

export const InterestPayment = Schema.Struct({
  accrued_on_account_id: described(AccountId, "The identifier of the Account on which the interest was accrued."),
  amount: described(Amount, "The interest paid, in the minor unit of the currency (cents for USD)."),
  currency: described(Currency, "The ISO 4217 code of the currency: `USD` (US Dollar)."),
  period_start: described(Timestamp, "The start of the period for which interest was paid (ISO 8601, UTC)."),
  period_end: described(Timestamp, "The end of the period for which interest was paid (ISO 8601, UTC).")
})

export const InboundAchTransfer = Schema.Struct({
  addenda: described(
    Schema.NullOr(Schema.Unknown),
    "Additional information the originator sent with the transfer, as received; null when it sent none."
  ),
  amount: described(Amount, "The transfer amount in the minor unit of the currency (cents for USD)."),
  originator_company_descriptive_date: described(
    Schema.NullOr(Schema.String),
    "The originator's description of the date of the transfer, usually `YYMMDD`; null when it gave none."
  ),
  originator_company_discretionary_data: described(
    Schema.NullOr(Schema.String),
    "Data set by the originator; null when it set none."
  ),
  originator_company_entry_description: described(
    Schema.String,
    "The originator's description of the transfer (such as `PAYROLL`)."
  ),
  originator_company_id: described(
    Schema.String,
    "An identifier of the originating company, generally (not always) the same across its transfers."
  ),
  originator_company_name: described(Schema.String, "The name the originator gave itself."),
  receiver_id_number: described(
    Schema.NullOr(Schema.String),
    "The originator's identifier for the recipient; null when it gave none."
  ),
  receiver_name: described(
    Schema.NullOr(Schema.String),
    "The recipient's name as the originator wrote it (not verified); null when it gave none."
  ),
  trace_number: described(
    Schema.String,
    "The 15-digit number that, with the amount, date and originating routing number, identifies the ACH transfer at either bank (not unique on its own)."
  ),
  transfer_id: described(Schema.String, "The identifier of the Inbound ACH Transfer.")
})

export const WireTransferIntention = Schema.Struct({
  account_number: described(Schema.String, "The destination account number."),
  amount: described(
    Amount,
    "The transfer amount in the minor unit of the currency (cents for USD), positive (the Transaction's amount is its negative)."
  ),
  message_to_recipient: described(Schema.String, "The message that shows on the recipient's bank statement."),
  routing_number: described(
    Schema.String,
    "The destination's American Bankers' Association (ABA) routing transit number."
  ),
  transfer_id: described(Schema.String, "The identifier of the Wire Transfer that led to this Transaction.")
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
export const OtherSource = Schema.StructWithRest(
  Schema.Struct({
    category: described(
      Schema.String,
      "A category this service does not describe in detail (see the list of categories); the object named like it is passed on as received. Tolerate categories you do not know: new ones can appear."
    )
  }),
  [Schema.Record(Schema.String, Schema.Unknown)]
)

export const TransactionSource = Schema.Union([
  sourceOf(
    "interest_payment",
    InterestPayment,
    "Interest paid into the Account (in the sandbox, simulated to fund it)."
  ),
  sourceOf(
    "inbound_ach_transfer",
    InboundAchTransfer,
    "An ACH transfer another bank sent to one of your Account Numbers."
  ),
  sourceOf(
    "wire_transfer_intention",
    WireTransferIntention,
    "A Wire Transfer you sent: its amount left the Account when the transfer was created or approved."
  ),
  sourceOf(
    "inbound_wire_reversal",
    InboundWireReversal,
    "A Wire Transfer you sent, returned by the receiving bank: the funds come back."
  ),
  sourceOf("check_deposit_acceptance", CheckDepositAcceptance, "A Check Deposit was accepted: its amount is credited."),
  sourceOf(
    "check_deposit_return",
    DepositReturn,
    "A deposited check was returned by the bank it was drawn on: its amount is debited back."
  ),
  sourceOf(
    "inbound_check_adjustment",
    InboundCheckAdjustment,
    "The other bank adjusted a check deposited through Check21 (a Check Deposit's adjustment): the amount, signed, is credited or debited."
  ),
  sourceOf("card_settlement", CardSettlement, "A card purchase settled: the merchant's bank collected the funds."),
  sourceOf("card_refund", CardRefund, "A merchant refunded a card purchase."),
  OtherSource
]).annotate({
  identifier: "TransactionSource",
  description:
    "What caused the Transaction: `category` names it, and the object of the same name holds its details. New categories can appear over time: tolerate ones you do not know."
})
export type TransactionSource = typeof TransactionSource.Type

/** What `route_type` says, on every kind of transaction. */
export const routeTypeDescription =
  "The kind of route the money came through. `account_number`: an Account Number. `card`: a Card. `lockbox`: a Lockbox. Null when it came through none."

export class Transaction extends Schema.Class<Transaction>("Transaction")({
  id: described(TransactionId, "The Transaction identifier."),
  account_id: described(AccountId, "The identifier of the Account the Transaction belongs to."),
  amount: described(
    Amount,
    "The Transaction amount in the minor unit of its currency (cents for USD): positive when money came into the Account, negative when it left."
  ),
  currency: described(Currency, "The ISO 4217 code of the Transaction's currency, the Account's: `USD` (US Dollar)."),
  created_at: described(Timestamp, "When the Transaction occurred (ISO 8601, UTC)."),
  description: described(
    Schema.String,
    "An informational message describing the Transaction, shown as its line on the statement; `source` has the details."
  ),
  route_id: described(
    Schema.NullOr(Schema.String),
    "The identifier of the route the Transaction came through (such as a Card or an Account Number); null when none."
  ),
  route_type: described(Schema.NullOr(RouteType), routeTypeDescription),
  source: described(
    TransactionSource,
    "What caused the Transaction: `category` names it, and the object of the same name holds its details."
  ),
  type: described(Schema.tag("transaction"), "Always `transaction`: the type of this object.")
}) {}

/** Simulates interest paid into an account: the sandbox's way to fund one. */
export const SimulateInterestPayment = Schema.Struct({
  account_id: described(AccountId, "The identifier of the Account to pay the interest into."),
  amount: described(
    Schema.Number.check(
      Schema.isInt().abort(),
      Schema.isGreaterThan(0, { message: "must be a positive integer" })
    ),
    "The interest to pay, in the minor unit of the currency (cents for USD): a positive integer."
  ),
  accrued_on_account_id: Schema.optionalKey(
    described(AccountId, "The identifier of the Account the interest accrued on; `account_id` when omitted.")
  ),
  period_start: Schema.optionalKey(
    described(Timestamp, "The start of the interest period (ISO 8601); one month before `period_end` when omitted.")
  ),
  period_end: Schema.optionalKey(
    described(Timestamp, "The end of the interest period (ISO 8601); the time of the request when omitted.")
  )
}).annotate({ identifier: "SimulateInterestPayment" })
export type SimulateInterestPayment = typeof SimulateInterestPayment.Type

/**
 * The source of a simulated interest payment made at `at`: accrued on the paid
 * account unless the body names another; the period, unless given, ends at
 * `at` and starts one month before `at`.
 */
export const interestPaymentSource = (body: SimulateInterestPayment, at: Timestamp): TransactionSource => ({
  category: "interest_payment",
  interest_payment: {
    accrued_on_account_id: body.accrued_on_account_id ?? body.account_id,
    amount: body.amount,
    currency: "USD",
    period_start: body.period_start ?? DateTime.subtract(at, { months: 1 }),
    period_end: body.period_end ?? at
  }
})

/** `GET /transactions` filters (beside the paging of `ListParameters`). */
export const TransactionFilter = Schema.Struct({
  account_id: Schema.optional(AccountId).annotateKey({ description: "Return only the Transactions of this Account." }),
  route_id: Schema.optional(Schema.String).annotateKey({
    description: "Return only the Transactions that came through this route (a Card or an Account Number identifier)."
  }),
  "category.in": Schema.optional(CommaSeparated(TransactionSourceCategory)).annotateKey({
    description: "Return only Transactions whose `source.category` is one of these, comma-separated."
  })
})
export type TransactionFilter = typeof TransactionFilter.Type
