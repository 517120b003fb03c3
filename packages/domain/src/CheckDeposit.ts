/**
 * Check deposits: a check's images deposited into an account, by the client
 * (`POST /check_deposits`) or by the service when an inbound mail item's check
 * is deposited. Shapes follow the SDK so its clients decode what we send.
 *
 * This module imports no other resource module: the Transaction and Pending
 * Transaction sources reuse its `CheckDepositAcceptance` and `InboundFundsHold`.
 */
import { Schema } from "effect"
import { type PendingEvent, pendingEvent } from "./Event.js"
import {
  AccountId,
  CheckDepositId,
  DeclinedTransactionId,
  FileId,
  InboundMailItemId,
  LockboxRecipientId,
  PendingTransactionId,
  TransactionId
} from "./Ids.js"
import type { DepositCheck } from "./InboundMailItem.js"
import { Amount, Currency, PositiveAmount } from "./Money.js"
import type { PostTransaction } from "./MoneyEffect.js"
import { IdempotencyKey } from "./Text.js"
import { ShortText } from "./Text.js"
import { Timestamp } from "./Timestamp.js"

export const CheckDepositStatus = Schema.Literals(["pending", "submitted", "rejected", "returned"])
export type CheckDepositStatus = typeof CheckDepositStatus.Type

/** The check as read when the deposit was accepted; also the `check_deposit_acceptance` transaction source. */
export const CheckDepositAcceptance = Schema.Struct({
  account_number: Schema.String,
  amount: Amount,
  auxiliary_on_us: Schema.NullOr(Schema.String),
  check_deposit_id: CheckDepositId,
  currency: Currency,
  routing_number: Schema.String,
  serial_number: Schema.NullOr(Schema.String)
})
export type CheckDepositAcceptance = typeof CheckDepositAcceptance.Type

export const DepositAdjustment = Schema.Struct({
  adjusted_at: Timestamp,
  amount: Amount,
  reason: Schema.Literals(["adjusted_amount", "non_conforming_item", "paid"]),
  transaction_id: TransactionId
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

export const DepositRejection = Schema.Struct({
  amount: Amount,
  check_deposit_id: CheckDepositId,
  currency: Currency,
  declined_transaction_id: DeclinedTransactionId,
  reason: DepositRejectionReason,
  rejected_at: Timestamp
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
  amount: Amount,
  check_deposit_id: CheckDepositId,
  currency: Currency,
  return_reason: DepositReturnReason,
  returned_at: Timestamp,
  transaction_id: TransactionId
})

export const DepositSubmission = Schema.Struct({
  back_file_id: FileId,
  front_file_id: FileId,
  submitted_at: Timestamp
})

/** Deposited funds held until the check clears; also the `inbound_funds_hold` pending-transaction source. */
export const InboundFundsHold = Schema.Struct({
  amount: Amount,
  automatically_releases_at: Timestamp,
  created_at: Timestamp,
  currency: Currency,
  held_transaction_id: Schema.NullOr(TransactionId),
  pending_transaction_id: Schema.NullOr(PendingTransactionId),
  released_at: Schema.NullOr(Timestamp),
  status: Schema.Literals(["held", "complete"]),
  type: Schema.tag("inbound_funds_hold")
})
export type InboundFundsHold = typeof InboundFundsHold.Type

export class CheckDeposit extends Schema.Class<CheckDeposit>("CheckDeposit")({
  id: CheckDepositId,
  account_id: AccountId,
  amount: Amount,
  back_image_file_id: Schema.NullOr(FileId),
  created_at: Timestamp,
  deposit_acceptance: Schema.NullOr(CheckDepositAcceptance),
  deposit_adjustments: Schema.Array(DepositAdjustment),
  deposit_rejection: Schema.NullOr(DepositRejection),
  deposit_return: Schema.NullOr(DepositReturn),
  deposit_submission: Schema.NullOr(DepositSubmission),
  description: Schema.NullOr(Schema.String),
  front_image_file_id: FileId,
  idempotency_key: Schema.NullOr(Schema.String),
  inbound_funds_hold: Schema.NullOr(InboundFundsHold),
  inbound_mail_item_id: Schema.NullOr(InboundMailItemId),
  lockbox_recipient_id: Schema.NullOr(LockboxRecipientId),
  status: CheckDepositStatus,
  transaction_id: Schema.NullOr(TransactionId),
  type: Schema.tag("check_deposit")
}) {}

/** `POST /check_deposits`. */
export const CreateCheckDeposit = Schema.Struct({
  account_id: AccountId,
  amount: PositiveAmount,
  back_image_file_id: FileId,
  front_image_file_id: FileId,
  description: Schema.optionalKey(ShortText)
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
  account_id: Schema.optional(AccountId),
  idempotency_key: Schema.optional(IdempotencyKey)
})
export type CheckDepositFilter = typeof CheckDepositFilter.Type
