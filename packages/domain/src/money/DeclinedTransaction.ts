/**
 * A declined transaction records money that did not move: a card
 * authorization the service, the user (through a real-time decision) or the
 * network declined, an inbound transfer that was refused… `source` names the
 * cause: a `category` and one object named after it.
 */
import { Schema } from "effect"
import { CardDecline } from "../cards/CardPaymentElements.js"
import { described } from "../core/Described.js"
import { AccountId, CheckDepositId, DeclinedTransactionId, FileId } from "../core/Ids.js"
import { CommaSeparated } from "../core/ListParameters.js"
import { Timestamp } from "../core/Timestamp.js"
import { DepositRejectionReason, depositRejectionReasonDescription } from "../mail/CheckDepositSources.js"
import { Amount, Currency } from "./Money.js"
import { RouteType, routeTypeDescription, sourceOf } from "./Transaction.js"

export const AchDecline = Schema.Struct({
  id: described(Schema.String, "The ACH Decline's identifier."),
  amount: described(Amount, "The declined amount in the minor unit of the currency (cents for USD)."),
  inbound_ach_transfer_id: described(
    Schema.String,
    "The identifier of the Inbound ACH Transfer this decline is about."
  ),
  originator_company_descriptive_date: described(
    Schema.NullOr(Schema.String),
    "The originator's description of the date of the transfer; null when it gave none."
  ),
  originator_company_discretionary_data: described(
    Schema.NullOr(Schema.String),
    "Additional information the originator included; null when none."
  ),
  originator_company_id: described(Schema.String, "The identifier of the company that initiated the transfer."),
  originator_company_name: described(Schema.String, "The name of the company that initiated the transfer."),
  reason: described(
    Schema.Literals([
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
    "Why the ACH transfer was declined. `ach_route_canceled`: the account number is canceled. `ach_route_disabled`: the account number is disabled. `breaches_limit`: the transaction would exceed a limit. `entity_not_active`: the account's entity is not active. `group_locked`: your account is inactive. `transaction_not_allowed`: the transaction is not allowed by the service's terms. `returned_per_odfi_request`: the originating financial institution asked for it to be returned. `user_initiated`: your integration declined it through the API. `insufficient_funds`: the account holds too little. `authorization_revoked_by_customer`: the customer no longer authorizes it. `payment_stopped`: the customer asked for the payment to be stopped. `customer_advised_unauthorized_improper_ineligible_or_incomplete`: the customer advises that the debit was unauthorized. `representative_payee_deceased_or_unable_to_continue_in_that_capacity`: the payee is deceased. `beneficiary_or_account_holder_deceased`: the account holder is deceased. `credit_entry_refused_by_receiver`: the customer refused a credit entry. `duplicate_entry`: the account holder identified it as a duplicate. `corporate_customer_advised_not_authorized`: the corporate customer no longer authorizes it."
  ),
  receiver_id_number: described(
    Schema.NullOr(Schema.String),
    "The originator's identifier for the receiver of the transfer; null when it gave none."
  ),
  receiver_name: described(
    Schema.NullOr(Schema.String),
    "The name of the receiver of the transfer; null when the originator gave none."
  ),
  trace_number: described(Schema.String, "The trace number of the transfer."),
  type: described(Schema.Literal("ach_decline"), "Always `ach_decline`: the type of this object.")
})

export const CheckDecline = Schema.Struct({
  amount: described(Amount, "The declined amount in the minor unit of the currency (cents for USD)."),
  auxiliary_on_us: described(
    Schema.NullOr(Schema.String),
    "The auxiliary on-us field of the MICR line of a business check, usually the check number; null when there is none."
  ),
  back_image_file_id: described(
    Schema.NullOr(FileId),
    "The identifier of the File with an image of the back of the declined check; null when there is none."
  ),
  check_transfer_id: described(
    Schema.NullOr(Schema.String),
    "The identifier of the Check Transfer this decline is about; null when none."
  ),
  front_image_file_id: described(
    Schema.NullOr(FileId),
    "The identifier of the File with an image of the front of the declined check; null when there is none."
  ),
  inbound_check_deposit_id: described(
    Schema.NullOr(Schema.String),
    "The identifier of the Inbound Check Deposit this decline is about; null when none."
  ),
  reason: described(
    Schema.Literals([
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
    ]),
    "Why the check was declined. `ach_route_disabled`: the account number is disabled. `ach_route_canceled`: the account number is canceled. `altered_or_fictitious`: the check was altered or fictitious. `breaches_limit`: it would exceed a limit. `endorsement_irregular`: the payee did not endorse it. `entity_not_active`: the account's entity is not active. `group_locked`: your account is inactive. `insufficient_funds`: the account holds too little. `stop_payment_requested`: a stop payment was requested. `duplicate_presentment`: it was deposited twice. `not_authorized`: it was not authorized. `amount_mismatch`: the amount presented does not match the check's. `not_our_item`: the check is not drawn on this bank. `no_account_number_found`: its account number does not exist here. `refer_to_image`: it is not readable (see the image). `unable_to_process`: it cannot be processed. `unusable_image`: its image is unusable. `user_initiated`: your integration declined it through the API."
  )
})

export const CheckDepositRejection = Schema.Struct({
  amount: described(Amount, "The rejected amount in the minor unit of the check's currency (cents for USD)."),
  check_deposit_id: described(CheckDepositId, "The identifier of the Check Deposit that was rejected."),
  currency: described(Currency, "The ISO 4217 code of the check's currency: `USD` (US Dollar)."),
  declined_transaction_id: described(DeclinedTransactionId, "The identifier of the Declined Transaction it created."),
  reason: described(DepositRejectionReason, depositRejectionReasonDescription),
  rejected_at: described(Timestamp, "When the Check Deposit was rejected (ISO 8601, UTC).")
})

export const InboundFednowTransferDecline = Schema.Struct({
  reason: described(
    Schema.Literals([
      "account_number_canceled",
      "account_number_disabled",
      "account_restricted",
      "group_locked",
      "entity_not_active",
      "fednow_not_enabled"
    ]),
    "Why the transfer was declined. `account_number_canceled`: the account number is canceled. `account_number_disabled`: it is disabled. `account_restricted`: your account is restricted. `group_locked`: your account is inactive. `entity_not_active`: the account's entity is not active. `fednow_not_enabled`: your account is not enabled to receive FedNow transfers."
  ),
  transfer_id: described(Schema.String, "The identifier of the FedNow Transfer that was declined.")
})

export const InboundRealTimePaymentsTransferDecline = Schema.Struct({
  amount: described(Amount, "The declined amount in the minor unit of the currency (cents for USD)."),
  creditor_name: described(Schema.String, "The recipient's name as the sender wrote it."),
  currency: described(Currency, "The ISO 4217 code of the transfer's currency: always `USD` (US Dollar)."),
  debtor_account_number: described(Schema.String, "The account number of the account that sent the transfer."),
  debtor_name: described(Schema.String, "The name the sender gave."),
  debtor_routing_number: described(Schema.String, "The routing number of the account that sent the transfer."),
  reason: described(
    Schema.Literals([
      "account_number_canceled",
      "account_number_disabled",
      "account_restricted",
      "group_locked",
      "entity_not_active",
      "real_time_payments_not_enabled"
    ]),
    "Why the transfer was declined. `account_number_canceled`: the account number is canceled. `account_number_disabled`: it is disabled. `account_restricted`: your account is restricted. `group_locked`: your account is inactive. `entity_not_active`: the account's entity is not active. `real_time_payments_not_enabled`: your account is not enabled to receive Real-Time Payments transfers."
  ),
  transaction_identification: described(
    Schema.String,
    "The Real-Time Payments network's identification of the transfer."
  ),
  transfer_id: described(Schema.String, "The identifier of the Real-Time Payments Transfer that was declined."),
  unstructured_remittance_information: described(
    Schema.NullOr(Schema.String),
    "Additional information sent with the transfer; null when none."
  )
})

export const WireDecline = Schema.Struct({
  inbound_wire_transfer_id: described(Schema.String, "The identifier of the Inbound Wire Transfer that was declined."),
  reason: described(
    Schema.Literals([
      "account_number_canceled",
      "account_number_disabled",
      "entity_not_active",
      "group_locked",
      "no_account_number",
      "transaction_not_allowed"
    ]),
    "Why the wire transfer was declined. `account_number_canceled`: the account number is canceled. `account_number_disabled`: it is disabled. `entity_not_active`: the account's entity is not active. `group_locked`: your account is inactive. `no_account_number`: the beneficiary account number does not exist. `transaction_not_allowed`: the transaction is not allowed by the service's terms."
  )
})

export const DeclinedTransactionSource = Schema.Union([
  sourceOf(
    "card_decline",
    CardDecline,
    "A card authorization was declined (by the service, by you through a Real-Time Decision, or by the network)."
  ),
  sourceOf("ach_decline", AchDecline, "An inbound ACH transfer was declined."),
  sourceOf("check_decline", CheckDecline, "A check drawn on the Account was declined."),
  sourceOf("check_deposit_rejection", CheckDepositRejection, "A Check Deposit was rejected."),
  sourceOf("inbound_fednow_transfer_decline", InboundFednowTransferDecline, "An inbound FedNow transfer was declined."),
  sourceOf(
    "inbound_real_time_payments_transfer_decline",
    InboundRealTimePaymentsTransferDecline,
    "An inbound Real-Time Payments transfer was declined."
  ),
  sourceOf("wire_decline", WireDecline, "An inbound wire transfer was declined."),
  // a cause the service does not detail
  sourceOf("other", Schema.Struct({}), "A decline for an undocumented reason: an empty object.")
]).annotate({
  identifier: "DeclinedTransactionSource",
  description:
    "What was declined: `category` names it, and the object of the same name holds its details. New categories can appear over time: tolerate ones you do not know."
})
export type DeclinedTransactionSource = typeof DeclinedTransactionSource.Type

export class DeclinedTransaction extends Schema.Class<DeclinedTransaction>("DeclinedTransaction")({
  id: described(DeclinedTransactionId, "The Declined Transaction identifier."),
  account_id: described(AccountId, "The identifier of the Account the Declined Transaction belongs to."),
  /** The amount that was declined, signed as the transaction would have been. */
  amount: described(
    Amount,
    "The declined amount in the minor unit of its currency (cents for USD), signed as the Transaction would have been (negative for money that would have left the Account)."
  ),
  created_at: described(Timestamp, "When the decline occurred (ISO 8601, UTC)."),
  currency: described(
    Currency,
    "The ISO 4217 code of the Declined Transaction's currency, the Account's: `USD` (US Dollar)."
  ),
  description: described(Schema.String, "The description the merchant or sender gave."),
  route_id: described(
    Schema.NullOr(Schema.String),
    "The identifier of the route the declined money came through (such as a Card or an Account Number); null when none."
  ),
  route_type: described(Schema.NullOr(RouteType), routeTypeDescription),
  source: described(
    DeclinedTransactionSource,
    "What was declined: `category` names it, and the object of the same name holds its details."
  ),
  type: described(Schema.tag("declined_transaction"), "Always `declined_transaction`: the type of this object.")
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
  account_id: Schema.optional(AccountId).annotateKey({
    description: "Return only the Declined Transactions of this Account."
  }),
  route_id: Schema.optional(Schema.String).annotateKey({
    description:
      "Return only the Declined Transactions that came through this route (a Card or an Account Number identifier)."
  }),
  "category.in": Schema.optional(CommaSeparated(DeclinedTransactionSourceCategory)).annotateKey({
    description: "Return only Declined Transactions whose `source.category` is one of these, comma-separated."
  })
})
export type DeclinedTransactionFilter = typeof DeclinedTransactionFilter.Type
