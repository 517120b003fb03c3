/**
 * Event categories. The set is open: the service may add categories over time,
 * so decoding accepts any string, while the categories known today stay typed.
 */
import { Schema } from "effect"

/** Categories of real-time decisions: delivered only to subscriptions that select them. */
export const RealTimeDecisionEventCategory = Schema.Literals([
  "real_time_decision.card_authorization_requested",
  "real_time_decision.card_balance_inquiry_requested",
  "real_time_decision.digital_wallet_token_requested",
  "real_time_decision.digital_wallet_authentication_requested",
  "real_time_decision.card_authentication_requested",
  "real_time_decision.card_authentication_challenge_requested"
])
export type RealTimeDecisionEventCategory = typeof RealTimeDecisionEventCategory.Type

export const KnownEventCategory = Schema.Literals([
  "account.created",
  "account.updated",
  "account_number.created",
  "account_number.updated",
  "account_transfer.created",
  "account_transfer.updated",
  "ach_prenotification.created",
  "ach_prenotification.updated",
  "ach_transfer.created",
  "ach_transfer.updated",
  "blockchain_address.created",
  "blockchain_address.updated",
  "blockchain_offramp_transfer.created",
  "blockchain_offramp_transfer.updated",
  "blockchain_onramp_transfer.created",
  "blockchain_onramp_transfer.updated",
  "bookkeeping_account.created",
  "bookkeeping_account.updated",
  "card.created",
  "card.updated",
  "card_payment.created",
  "card_payment.updated",
  "card_profile.created",
  "card_profile.updated",
  "card_dispute.created",
  "card_dispute.updated",
  "check_deposit.created",
  "check_deposit.updated",
  "check_transfer.created",
  "check_transfer.updated",
  "digital_card_profile.created",
  "digital_card_profile.updated",
  "digital_wallet_token.created",
  "digital_wallet_token.updated",
  "entity.created",
  "entity.updated",
  "event_subscription.created",
  "event_subscription.updated",
  "export.created",
  "export.updated",
  "external_account.created",
  "external_account.updated",
  "fednow_transfer.created",
  "fednow_transfer.updated",
  "inbound_ach_transfer.created",
  "inbound_ach_transfer.updated",
  "inbound_ach_transfer_return.created",
  "inbound_ach_transfer_return.updated",
  "inbound_check_deposit.created",
  "inbound_check_deposit.updated",
  "inbound_fednow_transfer.created",
  "inbound_fednow_transfer.updated",
  "inbound_mail_item.created",
  "inbound_mail_item.updated",
  "inbound_real_time_payments_transfer.created",
  "inbound_real_time_payments_transfer.updated",
  "inbound_wire_transfer.created",
  "inbound_wire_transfer.updated",
  "intrafi_account_enrollment.created",
  "intrafi_account_enrollment.updated",
  "intrafi_exclusion.created",
  "intrafi_exclusion.updated",
  "loan_application.created",
  "loan_application.updated",
  "loan_offer.created",
  "loan_offer.updated",
  "lockbox.created",
  "lockbox.updated",
  "card_push_transfer.created",
  "card_push_transfer.updated",
  "card_validation.created",
  "card_validation.updated",
  "pending_transaction.created",
  "pending_transaction.updated",
  "physical_card.created",
  "physical_card.updated",
  "physical_card_profile.created",
  "physical_card_profile.updated",
  "physical_check.created",
  "physical_check.updated",
  "program.created",
  "program.updated",
  "proof_of_authorization_request.created",
  "proof_of_authorization_request.updated",
  "real_time_payments_transfer.created",
  "real_time_payments_transfer.updated",
  "real_time_payments_request_for_payment.created",
  "real_time_payments_request_for_payment.updated",
  "swift_transfer.created",
  "swift_transfer.updated",
  "wire_drawdown_request.created",
  "wire_drawdown_request.updated",
  "wire_transfer.created",
  "wire_transfer.updated",
  "account_statement.created",
  "card_purchase_supplement.created",
  "declined_transaction.created",
  "file.created",
  "inbound_wire_drawdown_request.created",
  "loan_distribution.created",
  "loan_purchase.created",
  "oauth_connection.created",
  "transaction.created",
  "bookkeeping_entry_set.updated",
  "group.updated",
  "group.heartbeat",
  "oauth_connection.deactivated",
  // Named by SDK 0.583 beyond the specification's list; a subscription may select them.
  "checkbook.created",
  "checkbook.updated",
  "inbound_real_time_payments_request_for_payment.created",
  "inbound_real_time_payments_request_for_payment.updated",
  "interest_rate_plan.created",
  "interest_rate_plan.updated",
  ...RealTimeDecisionEventCategory.literals
])
export type KnownEventCategory = typeof KnownEventCategory.Type

/** A category this version does not know yet: kept as it came. */
export const UnknownEventCategory = Schema.String.pipe(Schema.brand("UnknownEventCategory"))
export type UnknownEventCategory = typeof UnknownEventCategory.Type

export const EventCategory = Schema.Union([KnownEventCategory, UnknownEventCategory]).annotate({
  identifier: "EventCategory",
  description:
    "What happened. `<object>.created` occurs whenever an object of that type is created and `<object>.updated` whenever one is updated (`account.created`: an Account was created); Lockbox Recipients and Lockbox Addresses share `lockbox.*`, and `bookkeeping_entry_set.updated` occurs when an entry set is created. `real_time_decision.<category>_requested`: a Real-Time Decision awaits your answer (sent only to a subscription that selects it). `group.heartbeat`: a test of a webhook endpoint. `oauth_connection.deactivated`: an OAuth connection was deactivated. New categories can appear over time: tolerate ones you do not know."
})
export type EventCategory = typeof EventCategory.Type

export const knownEventCategories: ReadonlyArray<KnownEventCategory> = KnownEventCategory.literals

// Set lookups: a Schema guard or decoder of a union of ~100 literals tries them one by one
// (about 10 µs a call, 20 µs for an unknown category), and the webhook dispatcher asks per delivery.
const knownCategories: ReadonlySet<unknown> = new Set<string>(KnownEventCategory.literals)
const realTimeDecisionCategories: ReadonlySet<unknown> = new Set<string>(RealTimeDecisionEventCategory.literals)

export const isKnownEventCategory = (value: unknown): value is KnownEventCategory => knownCategories.has(value)

export const isRealTimeDecisionCategory = (value: unknown): value is RealTimeDecisionEventCategory =>
  realTimeDecisionCategories.has(value)

/** The category a text names, as decoding it with `EventCategory` gives, without trying each literal in turn. */
export const eventCategoryOf = (text: string): EventCategory =>
  isKnownEventCategory(text) ? text : UnknownEventCategory.make(text)
