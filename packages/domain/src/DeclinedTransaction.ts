/**
 * A declined transaction records money that did not move: a card
 * authorization the service, the user (through a real-time decision) or the
 * network declined, an inbound transfer that was refused… `source` names the
 * cause: a `category` and one object named after it.
 */
import { Schema } from "effect"
import { CardDecline } from "./CardPaymentElements.js"
import { AccountId, CheckDepositId, DeclinedTransactionId, FileId } from "./Ids.js"
import { CommaSeparated } from "./ListParameters.js"
import { Amount, Currency } from "./Money.js"
import { Timestamp } from "./Timestamp.js"
import { RouteType, sourceOf } from "./Transaction.js"

export const AchDecline = Schema.Struct({
  id: Schema.String,
  amount: Amount,
  inbound_ach_transfer_id: Schema.String,
  originator_company_descriptive_date: Schema.NullOr(Schema.String),
  originator_company_discretionary_data: Schema.NullOr(Schema.String),
  originator_company_id: Schema.String,
  originator_company_name: Schema.String,
  reason: Schema.Literals([
    "ach_route_canceled",
    "ach_route_disabled",
    "breaches_limit",
    "entity_not_active",
    "group_locked",
    "transaction_not_allowed",
    "returned_per_odfi_request",
    "user_initiated",
    "insufficient_funds",
    "authorization_revoked_by_customer",
    "payment_stopped",
    "customer_advised_unauthorized_improper_ineligible_or_incomplete",
    "representative_payee_deceased_or_unable_to_continue_in_that_capacity",
    "beneficiary_or_account_holder_deceased",
    "credit_entry_refused_by_receiver",
    "duplicate_entry",
    "corporate_customer_advised_not_authorized"
  ]),
  receiver_id_number: Schema.NullOr(Schema.String),
  receiver_name: Schema.NullOr(Schema.String),
  trace_number: Schema.String,
  type: Schema.Literal("ach_decline")
})

export const CheckDecline = Schema.Struct({
  amount: Amount,
  auxiliary_on_us: Schema.NullOr(Schema.String),
  back_image_file_id: Schema.NullOr(FileId),
  check_transfer_id: Schema.NullOr(Schema.String),
  front_image_file_id: Schema.NullOr(FileId),
  inbound_check_deposit_id: Schema.NullOr(Schema.String),
  reason: Schema.Literals([
    "ach_route_disabled",
    "ach_route_canceled",
    "altered_or_fictitious",
    "breaches_limit",
    "endorsement_irregular",
    "entity_not_active",
    "group_locked",
    "insufficient_funds",
    "stop_payment_requested",
    "duplicate_presentment",
    "not_authorized",
    "amount_mismatch",
    "not_our_item",
    "no_account_number_found",
    "refer_to_image",
    "unable_to_process",
    "unusable_image",
    "user_initiated"
  ])
})

export const CheckDepositRejection = Schema.Struct({
  amount: Amount,
  check_deposit_id: CheckDepositId,
  currency: Currency,
  declined_transaction_id: DeclinedTransactionId,
  reason: Schema.Literals([
    "incomplete_image",
    "duplicate",
    "poor_image_quality",
    "incorrect_amount",
    "incorrect_recipient",
    "not_eligible_for_mobile_deposit",
    "missing_required_data_elements",
    "suspected_fraud",
    "deposit_window_expired",
    "requested_by_user",
    "international",
    "unknown"
  ]),
  rejected_at: Timestamp
})

export const InboundFednowTransferDecline = Schema.Struct({
  reason: Schema.Literals([
    "account_number_canceled",
    "account_number_disabled",
    "account_restricted",
    "group_locked",
    "entity_not_active",
    "fednow_not_enabled"
  ]),
  transfer_id: Schema.String
})

export const InboundRealTimePaymentsTransferDecline = Schema.Struct({
  amount: Amount,
  creditor_name: Schema.String,
  currency: Currency,
  debtor_account_number: Schema.String,
  debtor_name: Schema.String,
  debtor_routing_number: Schema.String,
  reason: Schema.Literals([
    "account_number_canceled",
    "account_number_disabled",
    "account_restricted",
    "group_locked",
    "entity_not_active",
    "real_time_payments_not_enabled"
  ]),
  transaction_identification: Schema.String,
  transfer_id: Schema.String,
  unstructured_remittance_information: Schema.NullOr(Schema.String)
})

export const WireDecline = Schema.Struct({
  inbound_wire_transfer_id: Schema.String,
  reason: Schema.Literals([
    "account_number_canceled",
    "account_number_disabled",
    "entity_not_active",
    "group_locked",
    "no_account_number",
    "transaction_not_allowed"
  ])
})

export const DeclinedTransactionSource = Schema.Union([
  sourceOf("card_decline", CardDecline),
  sourceOf("ach_decline", AchDecline),
  sourceOf("check_decline", CheckDecline),
  sourceOf("check_deposit_rejection", CheckDepositRejection),
  sourceOf("inbound_fednow_transfer_decline", InboundFednowTransferDecline),
  sourceOf("inbound_real_time_payments_transfer_decline", InboundRealTimePaymentsTransferDecline),
  sourceOf("wire_decline", WireDecline),
  // a cause the service does not detail
  sourceOf("other", Schema.Struct({}))
]).annotate({ identifier: "DeclinedTransactionSource" })
export type DeclinedTransactionSource = typeof DeclinedTransactionSource.Type

export class DeclinedTransaction extends Schema.Class<DeclinedTransaction>("DeclinedTransaction")({
  id: DeclinedTransactionId,
  account_id: AccountId,
  /** The amount that was declined, signed as the transaction would have been. */
  amount: Amount,
  created_at: Timestamp,
  currency: Currency,
  description: Schema.String,
  route_id: Schema.NullOr(Schema.String),
  route_type: Schema.NullOr(RouteType),
  source: DeclinedTransactionSource,
  type: Schema.tag("declined_transaction")
}) {}

/** The source of the declined transaction a card decline creates. */
export const cardDeclineSource = (cardDecline: CardDecline): DeclinedTransactionSource => ({
  category: "card_decline",
  card_decline: cardDecline
})

/** Every source category a declined transaction can have (the SDK's `category.in` filter values). */
export const DeclinedTransactionSourceCategory = Schema.Literals([
  "ach_decline",
  "card_decline",
  "check_decline",
  "inbound_real_time_payments_transfer_decline",
  "inbound_fednow_transfer_decline",
  "wire_decline",
  "check_deposit_rejection",
  "other"
])
export type DeclinedTransactionSourceCategory = typeof DeclinedTransactionSourceCategory.Type

/** The filters of `GET /declined_transactions` (besides the paging and `created_at.*` ones every list has). */
export const DeclinedTransactionFilter = Schema.Struct({
  account_id: Schema.optional(AccountId),
  route_id: Schema.optional(Schema.String),
  "category.in": Schema.optional(CommaSeparated(DeclinedTransactionSourceCategory))
})
export type DeclinedTransactionFilter = typeof DeclinedTransactionFilter.Type
