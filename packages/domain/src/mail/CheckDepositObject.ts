/**
 * The Check Deposit resource as the API shows it: its schema, its request
 * body and its list filters. What happens to a deposit (create, submit,
 * reject, return, adjust, release its hold) is `CheckDeposit`, which
 * re-exports all of this.
 */
import { Schema } from "effect"
import { described } from "../core/Described.js"
import {
  AccountId,
  CheckDepositId,
  DeclinedTransactionId,
  FileId,
  InboundMailItemId,
  LockboxRecipientId,
  TransactionId
} from "../core/Ids.js"
import { idempotencyKeyFilterDescription } from "../core/ListParameters.js"
import { IdempotencyKey, idempotencyKeyFieldDescription, ShortText } from "../core/Text.js"
import { Timestamp } from "../core/Timestamp.js"
import { Amount, Currency, PositiveAmount } from "../money/Money.js"
import {
  CheckDepositAcceptance,
  DepositAdjustmentReason,
  depositAdjustmentReasonDescription,
  DepositRejectionReason,
  depositRejectionReasonDescription,
  DepositReturn,
  InboundFundsHold
} from "./CheckDepositSources.js"

export const CheckDepositStatus = Schema.Literals(["pending", "submitted", "rejected", "returned"])
export type CheckDepositStatus = typeof CheckDepositStatus.Type

export const DepositAdjustment = Schema.Struct({
  adjusted_at: described(Timestamp, "When the adjustment was received (ISO 8601, UTC)."),
  amount: described(Amount, "The amount of the adjustment, in the minor unit of the currency (cents for USD)."),
  reason: described(DepositAdjustmentReason, depositAdjustmentReasonDescription),
  transaction_id: described(TransactionId, "The identifier of the Transaction of the adjustment.")
})

export const DepositRejection = Schema.Struct({
  amount: described(Amount, "The rejected amount, in the minor unit of the currency (cents for USD)."),
  check_deposit_id: described(CheckDepositId, "The identifier of the Check Deposit that was rejected."),
  currency: described(Currency, "The ISO 4217 code of the currency: `USD` (US Dollar)."),
  declined_transaction_id: described(DeclinedTransactionId, "The identifier of the Declined Transaction it created."),
  reason: described(DepositRejectionReason, depositRejectionReasonDescription),
  rejected_at: described(Timestamp, "When the Check Deposit was rejected (ISO 8601, UTC).")
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

export type DepositAdjustment = typeof DepositAdjustment.Type

/** `GET /check_deposits` filters (beside the paging of `ListParameters`). */
export const CheckDepositFilter = Schema.Struct({
  account_id: Schema.optional(AccountId).annotateKey({
    description: "Return only the Check Deposits into this Account."
  }),
  idempotency_key: Schema.optional(IdempotencyKey).annotateKey({ description: idempotencyKeyFilterDescription })
})
export type CheckDepositFilter = typeof CheckDepositFilter.Type
