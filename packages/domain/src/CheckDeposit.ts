/**
 * Check deposits: a check's images deposited into an account, by the client
 * (`POST /check_deposits`) or by the service when an inbound mail item's check
 * is deposited. Shapes follow the SDK so its clients decode what we send.
 *
 * Its `CheckDepositAcceptance` and `InboundFundsHold`, which the Transaction and
 * Pending Transaction sources reuse, live in `CheckDepositSources`.
 */
import { Schema } from "effect"
import { CheckDepositAcceptance, InboundFundsHold } from "./CheckDepositSources.js"
import { described } from "./Described.js"
import { type PendingEvent, pendingEvent } from "./Event.js"
import {
  AccountId,
  CheckDepositId,
  DeclinedTransactionId,
  FileId,
  InboundMailItemId,
  LockboxRecipientId,
  TransactionId
} from "./Ids.js"
import type { DepositCheck } from "./InboundMailItem.js"
import { idempotencyKeyFilterDescription } from "./ListParameters.js"
import { Amount, Currency, PositiveAmount } from "./Money.js"
import type { PostTransaction } from "./MoneyEffect.js"
import { IdempotencyKey, idempotencyKeyFieldDescription, ShortText } from "./Text.js"
import { Timestamp } from "./Timestamp.js"

export { CheckDepositAcceptance, InboundFundsHold } from "./CheckDepositSources.js"

export const CheckDepositStatus = Schema.Literals(["pending", "submitted", "rejected", "returned"])
export type CheckDepositStatus = typeof CheckDepositStatus.Type

export const DepositAdjustment = Schema.Struct({
  adjusted_at: described(Timestamp, "When the adjustment was received (ISO 8601, UTC)."),
  amount: described(Amount, "The amount of the adjustment, in the minor unit of the currency (cents for USD)."),
  reason: described(
    Schema.Literals(["adjusted_amount", "non_conforming_item", "paid"]),
    "Why the deposit was adjusted. `adjusted_amount`: the check was deposited for a different amount than written on it. `non_conforming_item`: the receiving bank could not process the check (a low quality image, for example). `paid`: the check was already deposited elsewhere."
  ),
  transaction_id: described(TransactionId, "The identifier of the Transaction of the adjustment.")
})

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

/** Why a check deposit was rejected (also on the `check_deposit_rejection` Declined Transaction source). */
export const depositRejectionReasonDescription =
  "Why the Check Deposit was rejected. `incomplete_image`: the check's image is incomplete. `duplicate`: the check was submitted before. `poor_image_quality`: the image quality is poor. `incorrect_amount`: the amount given is not the check's. `incorrect_recipient`: the check is made out to someone other than the account holder. `not_eligible_for_mobile_deposit`: the check cannot be deposited this way. `missing_required_data_elements`: a required field is missing. `suspected_fraud`: the check is suspected to be fraudulent. `deposit_window_expired`: the deposit window has expired. `requested_by_user`: rejected at your request. `international`: not a U.S. domestic check. `unknown`: rejected for an unknown reason."

export const DepositRejection = Schema.Struct({
  amount: described(Amount, "The rejected amount, in the minor unit of the currency (cents for USD)."),
  check_deposit_id: described(CheckDepositId, "The identifier of the Check Deposit that was rejected."),
  currency: described(Currency, "The ISO 4217 code of the currency: `USD` (US Dollar)."),
  declined_transaction_id: described(DeclinedTransactionId, "The identifier of the Declined Transaction it created."),
  reason: described(DepositRejectionReason, depositRejectionReasonDescription),
  rejected_at: described(Timestamp, "When the Check Deposit was rejected (ISO 8601, UTC).")
})

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

export const DepositSubmission = Schema.Struct({
  back_file_id: described(
    FileId,
    "The identifier of the File with the image of the back of the check submitted to the Check21 network (the front's, for a mailed check scanned on one side only)."
  ),
  front_file_id: described(
    FileId,
    "The identifier of the File with the image of the front of the check submitted to the Check21 network."
  ),
  submitted_at: described(Timestamp, "When the check was submitted to the Check21 network (ISO 8601, UTC).")
})

export class CheckDeposit extends Schema.Class<CheckDeposit>("CheckDeposit")({
  id: described(CheckDepositId, "The Check Deposit identifier."),
  account_id: described(AccountId, "The identifier of the Account the check was deposited into."),
  amount: described(Amount, "The deposited amount, in the minor unit of the currency (cents for USD)."),
  back_image_file_id: described(
    Schema.NullOr(FileId),
    "The identifier of the File with the image of the back of the check; null when none was given (a mailed check scanned on one side)."
  ),
  created_at: described(Timestamp, "When the Check Deposit was created (ISO 8601, UTC)."),
  deposit_acceptance: described(
    Schema.NullOr(CheckDepositAcceptance),
    "The check as read when the deposit was accepted; null until then."
  ),
  deposit_adjustments: described(
    Schema.Array(DepositAdjustment),
    "The adjustments the receiving bank made to the deposit or its return; empty when there were none."
  ),
  deposit_rejection: described(
    Schema.NullOr(DepositRejection),
    "Why the deposit was rejected; null unless it was."
  ),
  deposit_return: described(Schema.NullOr(DepositReturn), "Why the deposit was returned; null unless it was."),
  deposit_submission: described(
    Schema.NullOr(DepositSubmission),
    "The submission of the check to the Check21 network for processing; null until it is submitted."
  ),
  description: described(
    Schema.NullOr(Schema.String),
    "The description of the Check Deposit, for display only; null when none was given."
  ),
  front_image_file_id: described(FileId, "The identifier of the File with the image of the front of the check."),
  idempotency_key: described(Schema.NullOr(Schema.String), idempotencyKeyFieldDescription),
  inbound_funds_hold: described(
    Schema.NullOr(InboundFundsHold),
    "The hold on the deposited funds, if they are held; null when they are not."
  ),
  inbound_mail_item_id: described(
    Schema.NullOr(InboundMailItemId),
    "The identifier of the Inbound Mail Item whose check this is; null for a check deposited through the API."
  ),
  lockbox_recipient_id: described(
    Schema.NullOr(LockboxRecipientId),
    "The identifier of the Lockbox Recipient that received the mailed check; null when it came otherwise."
  ),
  status: described(
    CheckDepositStatus,
    "The status of the Check Deposit. `pending`: awaiting review. `submitted`: deposited. `rejected`: rejected (see `deposit_rejection`). `returned`: returned (see `deposit_return`)."
  ),
  transaction_id: described(
    Schema.NullOr(TransactionId),
    "The identifier of the Transaction that credited the deposit; null until it is accepted."
  ),
  type: described(Schema.tag("check_deposit"), "Always `check_deposit`: the type of this object.")
}) {}

/** `POST /check_deposits`. */
export const CreateCheckDeposit = Schema.Struct({
  account_id: described(AccountId, "The identifier of the Account to deposit the check into."),
  amount: described(PositiveAmount, "The amount of the check, in the minor unit of the currency (cents for USD)."),
  back_image_file_id: described(FileId, "The identifier of the File with the image of the back of the check."),
  front_image_file_id: described(FileId, "The identifier of the File with the image of the front of the check."),
  description: Schema.optionalKey(
    described(ShortText, "A description of the Check Deposit for display only, 1 to 200 characters.")
  )
}).annotate({ identifier: "CreateCheckDeposit" })
export type CreateCheckDeposit = typeof CreateCheckDeposit.Type

export interface Transition {
  readonly next: CheckDeposit
  readonly events: ReadonlyArray<PendingEvent>
  readonly effects: ReadonlyArray<PostTransaction>
}

/** What the sandbox reads off the MICR line of a mailed check (the payer's bank is not modelled). */
export const sandboxPayerAccountNumber = "987654321"
export const sandboxPayerRoutingNumber = "101050001"

export interface DepositFromMailInput {
  readonly deposit: DepositCheck
  readonly createdAt: Timestamp
  /** Reserved by the bank for the crediting Transaction. */
  readonly transactionId: TransactionId
}

/**
 * A check from an inbound mail item, deposited. The sandbox accepts it at once:
 * the deposit is `submitted` and a +amount Transaction (source
 * `check_deposit_acceptance`) credits the account.
 */
export const depositFromMail = ({ createdAt, deposit, transactionId }: DepositFromMailInput): Transition => {
  const acceptance: CheckDepositAcceptance = {
    account_number: sandboxPayerAccountNumber,
    amount: deposit.amount,
    auxiliary_on_us: null,
    check_deposit_id: deposit.checkDepositId,
    currency: "USD",
    routing_number: sandboxPayerRoutingNumber,
    serial_number: null
  }
  const next = new CheckDeposit({
    id: deposit.checkDepositId,
    account_id: deposit.accountId,
    amount: deposit.amount,
    back_image_file_id: deposit.backImageFileId,
    created_at: createdAt,
    deposit_acceptance: acceptance,
    deposit_adjustments: [],
    deposit_rejection: null,
    deposit_return: null,
    deposit_submission: {
      front_file_id: deposit.frontImageFileId,
      // A mailed check scanned on one side only is submitted with its front twice, as image exchange requires two.
      back_file_id: deposit.backImageFileId ?? deposit.frontImageFileId,
      submitted_at: createdAt
    },
    description: null,
    front_image_file_id: deposit.frontImageFileId,
    idempotency_key: null,
    inbound_funds_hold: null,
    inbound_mail_item_id: deposit.inboundMailItemId,
    lockbox_recipient_id: deposit.lockboxRecipientId,
    status: "submitted",
    transaction_id: transactionId
  })
  return {
    next,
    events: [pendingEvent("check_deposit.created", "check_deposit", next.id)],
    effects: [
      {
        kind: "post_transaction",
        transactionId,
        accountId: deposit.accountId,
        amount: deposit.amount,
        description: "Check deposit",
        source: { category: "check_deposit_acceptance", check_deposit_acceptance: acceptance },
        requiresAvailableBalance: false
      }
    ]
  }
}

/** `GET /check_deposits` filters (beside the paging of `ListParameters`). */
export const CheckDepositFilter = Schema.Struct({
  account_id: Schema.optional(AccountId).annotateKey({
    description: "Return only the Check Deposits into this Account."
  }),
  idempotency_key: Schema.optional(IdempotencyKey).annotateKey({ description: idempotencyKeyFilterDescription })
})
export type CheckDepositFilter = typeof CheckDepositFilter.Type
