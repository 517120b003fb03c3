/**
 * The parts of a check deposit that other resources carry: the accepted
 * check (the `check_deposit_acceptance` transaction source), the hold on
 * its funds (the `inbound_funds_hold` pending-transaction source), the return
 * (the `check_deposit_return` transaction source), an adjustment's credit or
 * debit (the `inbound_check_adjustment` transaction source) and the rejection
 * reasons (of the `check_deposit_rejection` declined-transaction source). A module of
 * their own so that the Transaction schemas need not import the deposit's
 * rules (which import the money effects that name transaction sources).
 */
import { Schema } from "effect"
import { described } from "../core/Described.js"
import { CheckDepositId, PendingTransactionId, TransactionId } from "../core/Ids.js"
import { Timestamp } from "../core/Timestamp.js"
import { Amount, Currency } from "../money/Money.js"

/** The check as read when the deposit was accepted; also the `check_deposit_acceptance` transaction source. */
export const CheckDepositAcceptance = Schema.Struct({
  account_number: described(
    Schema.String,
    "The account number printed on the check: an account at the bank that issued it."
  ),
  amount: described(Amount, "The amount deposited, in the minor unit of the currency (cents for USD)."),
  auxiliary_on_us: described(
    Schema.NullOr(Schema.String),
    "An additional line printed on the check, typically the check number of a business check; null when there is none."
  ),
  check_deposit_id: described(CheckDepositId, "The identifier of the Check Deposit that was accepted."),
  currency: described(Currency, "The ISO 4217 code of the currency: `USD` (US Dollar)."),
  routing_number: described(
    Schema.String,
    "The routing number printed on the check: the bank that issued it."
  ),
  serial_number: described(
    Schema.NullOr(Schema.String),
    "The serial number of a consumer check, if printed; null otherwise (a business check's is usually in `auxiliary_on_us`)."
  )
})
export type CheckDepositAcceptance = typeof CheckDepositAcceptance.Type

/** Deposited funds held until the check clears; also the `inbound_funds_hold` pending-transaction source. */
export const InboundFundsHold = Schema.Struct({
  amount: described(Amount, "The held amount, in the minor unit of the Account's currency (cents for USD)."),
  automatically_releases_at: described(
    Timestamp,
    "When the hold is released automatically (ISO 8601, UTC); some conditions release it earlier."
  ),
  created_at: described(Timestamp, "When the hold was created (ISO 8601, UTC)."),
  currency: described(Currency, "The ISO 4217 code of the hold's currency: `USD` (US Dollar)."),
  held_transaction_id: described(
    Schema.NullOr(TransactionId),
    "The identifier of the Transaction whose funds are held; null when none."
  ),
  pending_transaction_id: described(
    Schema.NullOr(PendingTransactionId),
    "The identifier of the Pending Transaction that represents the held funds; null when none."
  ),
  released_at: described(Schema.NullOr(Timestamp), "When the hold was released (ISO 8601, UTC); null while it holds."),
  status: described(
    Schema.Literals(["held", "complete"]),
    "The status of the hold. `held`: the funds are still held. `complete`: they have been released."
  ),
  type: described(Schema.tag("inbound_funds_hold"), "Always `inbound_funds_hold`: the type of this object.")
})
export type InboundFundsHold = typeof InboundFundsHold.Type

/** Why a check deposit was rejected (also on the `check_deposit_rejection` Declined Transaction source). */
export const DepositRejectionReason = Schema.Literals([
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
])

/** What each rejection reason means. */
export const depositRejectionReasonDescription =
  "Why the Check Deposit was rejected. `incomplete_image`: the check's image is incomplete. `duplicate`: the check was submitted before. `poor_image_quality`: the image quality is poor. `incorrect_amount`: the amount given is not the check's. `incorrect_recipient`: the check is made out to someone other than the account holder. `not_eligible_for_mobile_deposit`: the check cannot be deposited this way. `missing_required_data_elements`: a required field is missing. `suspected_fraud`: the check is suspected to be fraudulent. `deposit_window_expired`: the deposit window has expired. `requested_by_user`: rejected at your request. `international`: not a U.S. domestic check. `unknown`: rejected for an unknown reason."

export const DepositReturnReason = Schema.Literals([
  "ach_conversion_not_supported",
  "closed_account",
  "duplicate_submission",
  "insufficient_funds",
  "no_account",
  "not_authorized",
  "stale_dated",
  "stop_payment",
  "unknown_reason",
  "unmatched_details",
  "unreadable_image",
  "endorsement_irregular",
  "altered_or_fictitious_item",
  "frozen_or_blocked_account",
  "post_dated",
  "endorsement_missing",
  "signature_missing",
  "stop_payment_suspect",
  "unusable_image",
  "image_fails_security_check",
  "cannot_determine_amount",
  "signature_irregular",
  "non_cash_item",
  "unable_to_process",
  "item_exceeds_dollar_limit",
  "branch_or_account_sold"
])

/** Why a deposit was returned; also the `check_deposit_return` transaction source. */
export const DepositReturn = Schema.Struct({
  amount: described(Amount, "The returned amount, in the minor unit of the currency (cents for USD)."),
  check_deposit_id: described(CheckDepositId, "The identifier of the Check Deposit that was returned."),
  currency: described(Currency, "The ISO 4217 code of the currency: `USD` (US Dollar)."),
  return_reason: described(
    DepositReturnReason,
    "Why the bank holding the account the check was drawn against returned it (Check21 return codes in parentheses). `ach_conversion_not_supported`: the check does not allow ACH conversion. `closed_account`: the account is closed (D). `duplicate_submission`: the check was already deposited (Y). `insufficient_funds`: insufficient funds (A). `no_account`: no account matches the check (E). `not_authorized`: the check was not authorized (Q). `stale_dated`: the check is too old (G). `stop_payment`: the account holder stopped the payment (C). `unknown_reason`: unknown. `unmatched_details`: the image does not match the details submitted. `unreadable_image`: the image could not be read (U). `endorsement_irregular`: the endorsement was irregular (J). `altered_or_fictitious_item`: the check was altered or fake (N). `frozen_or_blocked_account`: the account is frozen (F). `post_dated`: the check is post-dated (H). `endorsement_missing`: the endorsement is missing (I). `signature_missing`: the signature is missing (K). `stop_payment_suspect`: a stop payment is expected (T). `unusable_image`: the bank cannot read the image (U). `image_fails_security_check`: the image fails the bank's security check (V). `cannot_determine_amount`: the amount cannot be determined (W). `signature_irregular`: the signature is inconsistent with earlier ones (L). `non_cash_item`: a non-cash item (M). `unable_to_process`: the bank cannot process it (O). `item_exceeds_dollar_limit`: it exceeds a limit (P). `branch_or_account_sold`: the bank no longer services the account (R)."
  ),
  returned_at: described(Timestamp, "When the Check Deposit was returned (ISO 8601, UTC)."),
  transaction_id: described(
    TransactionId,
    "The identifier of the Transaction that reversed the deposit's Transaction."
  )
})
export type DepositReturn = typeof DepositReturn.Type

/** Why a check deposit, or its return, was adjusted by the other bank (the adjustment simulation's `reason`). */
export const AdjustmentReason = Schema.Literals([
  "late_return",
  "wrong_payee_credit",
  "adjusted_amount",
  "non_conforming_item",
  "paid"
])
export type AdjustmentReason = typeof AdjustmentReason.Type

/** The adjustment reasons a Check Deposit's `deposit_adjustments` carry (the SDK's three). */
export const DepositAdjustmentReason = Schema.Literals(["adjusted_amount", "non_conforming_item", "paid"])
export type DepositAdjustmentReason = typeof DepositAdjustmentReason.Type

export const depositAdjustmentReasonDescription =
  "Why the deposit was adjusted. `adjusted_amount`: the check was deposited for a different amount than written on it. `non_conforming_item`: the receiving bank could not process the check (a low quality image, for example). `paid`: the check was already deposited elsewhere."

/** An adjustment Increase received for a check deposited through Check21; the `inbound_check_adjustment` transaction source. */
export const InboundCheckAdjustment = Schema.Struct({
  adjusted_transaction_id: described(
    TransactionId,
    "The identifier of the Transaction that was adjusted (a Check Deposit's: the one that credited it)."
  ),
  amount: described(
    Amount,
    "The amount of the adjustment, in the minor unit of the currency (cents for USD): negative when funds are clawed back."
  ),
  reason: described(
    AdjustmentReason,
    "Why the check was adjusted. `late_return`: the return was initiated too late and the receiving bank answered with a Late Return Claim. `wrong_payee_credit`: the check went to the wrong payee and the depositing bank reimbursed the funds. `adjusted_amount`: the check was deposited for a different amount than written on it. `non_conforming_item`: the receiving bank could not process the check. `paid`: the check was already deposited elsewhere."
  )
})
export type InboundCheckAdjustment = typeof InboundCheckAdjustment.Type
