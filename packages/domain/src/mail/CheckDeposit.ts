/**
 * Check deposits: a check's images deposited into an account, by the client
 * (`POST /check_deposits`) or by the service when an inbound mail item's check
 * is deposited. Shapes follow the SDK so its clients decode what we send.
 *
 * Its `CheckDepositAcceptance` and `InboundFundsHold`, which the Transaction and
 * Pending Transaction sources reuse, live in `CheckDepositSources`.
 */
import { Data, Result, Schema } from "effect"
import { described } from "../core/Described.js"
import { FieldError } from "../core/Errors.js"
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
import { CheckDepositImageInvalid, CheckDepositWrongStatus, namingFields } from "../core/Refusals.js"
import { IdempotencyKey, idempotencyKeyFieldDescription, ShortText } from "../core/Text.js"
import { Timestamp } from "../core/Timestamp.js"
import { type PendingEvent, pendingEvent } from "../events/Event.js"
import { DeclinedTransaction } from "../money/DeclinedTransaction.js"
import { Amount, Currency, PositiveAmount } from "../money/Money.js"
import type { PostTransaction } from "../money/MoneyEffect.js"
import {
  CheckDepositAcceptance,
  DepositRejectionReason,
  depositRejectionReasonDescription,
  DepositReturn,
  type DepositReturnReason,
  InboundFundsHold
} from "./CheckDepositSources.js"
import type { FilePurpose } from "./File.js"
import type { DepositCheck } from "./InboundMailItem.js"

export {
  CheckDepositAcceptance,
  DepositRejectionReason,
  depositRejectionReasonDescription,
  DepositReturn,
  DepositReturnReason,
  InboundFundsHold
} from "./CheckDepositSources.js"

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

export interface Transition {
  readonly next: CheckDeposit
  readonly events: ReadonlyArray<PendingEvent>
  readonly effects: ReadonlyArray<PostTransaction>
  /** Declined Transactions the step records (a rejection's); empty for the others. */
  readonly declined: ReadonlyArray<DeclinedTransaction>
}

/** What the sandbox reads off the MICR line of a check when it is not told (the payer's bank is not modelled). */
export const sandboxPayerAccountNumber = "987654321"
export const sandboxPayerRoutingNumber = "101050001"

/** The check as read off its MICR line: the sandbox's fixed payer unless the simulation gives a scan. */
export interface Scan {
  readonly account_number: string
  readonly routing_number: string
  readonly auxiliary_on_us?: string | undefined
  readonly serial_number?: string | undefined
}

const sandboxScan: Scan = { account_number: sandboxPayerAccountNumber, routing_number: sandboxPayerRoutingNumber }

/** Why the sandbox rejects a deposit: Increase's simulation names image quality as the typical cause. */
export const sandboxRejectionReason: typeof DepositRejectionReason.Type = "poor_image_quality"

/** Why the sandbox's drawee bank returns a deposited check: the commonest return (Check21 code `A`). */
export const sandboxReturnReason: typeof DepositReturnReason.Type = "insufficient_funds"

/** A deposit built by this module, validated by its class's constructor as every deposit is. */
const depositOf = (fields: ConstructorParameters<typeof CheckDeposit>[0]): CheckDeposit => new CheckDeposit(fields)

const createdEvent = (deposit: CheckDeposit): PendingEvent =>
  pendingEvent("check_deposit.created", "check_deposit", deposit.id)

const updatedEvent = (deposit: CheckDeposit): PendingEvent =>
  pendingEvent("check_deposit.updated", "check_deposit", deposit.id)

/**
 * The deposit accepted and submitted: `deposit_acceptance` says what was read
 * off the check, `deposit_submission` which images went to the Check21
 * network, and a +amount Transaction (source `check_deposit_acceptance`)
 * credits the account at once (the sandbox holds no funds).
 */
const accept = (
  deposit: CheckDeposit,
  input: { readonly at: Timestamp; readonly transactionId: TransactionId; readonly scan: Scan }
): { readonly next: CheckDeposit; readonly effect: PostTransaction } => {
  const acceptance: CheckDepositAcceptance = {
    account_number: input.scan.account_number,
    amount: deposit.amount,
    auxiliary_on_us: input.scan.auxiliary_on_us ?? null,
    check_deposit_id: deposit.id,
    currency: "USD",
    routing_number: input.scan.routing_number,
    serial_number: input.scan.serial_number ?? null
  }
  const next = depositOf({
    ...deposit,
    deposit_acceptance: acceptance,
    deposit_submission: {
      front_file_id: deposit.front_image_file_id,
      // A mailed check scanned on one side only is submitted with its front twice, as image exchange requires two.
      back_file_id: deposit.back_image_file_id ?? deposit.front_image_file_id,
      submitted_at: input.at
    },
    status: "submitted",
    transaction_id: input.transactionId
  })
  return {
    next,
    effect: {
      kind: "post_transaction",
      transactionId: input.transactionId,
      accountId: deposit.account_id,
      amount: deposit.amount,
      description: "Check deposit",
      source: { category: "check_deposit_acceptance", check_deposit_acceptance: acceptance },
      // a check mailed to a lockbox recipient came in through that lockbox
      route: deposit.lockbox_recipient_id === null
        ? undefined
        : { id: deposit.lockbox_recipient_id, type: "lockbox" },
      requiresAvailableBalance: false
    }
  }
}

// ---------------------------------------------------------------------------
// Create
// ---------------------------------------------------------------------------

/** The file named as one side of the check, loaded by the bank (it is the caller's). */
export interface CheckImageFile {
  readonly id: FileId
  readonly purpose: FilePurpose
}

export interface CreateInput {
  readonly id: CheckDepositId
  readonly createdAt: Timestamp
  readonly body: CreateCheckDeposit
  readonly idempotencyKey: string | null
  readonly frontImage: CheckImageFile
  readonly backImage: CheckImageFile
}

const imageSides = [
  { field: "front_image_file_id", purpose: "check_image_front", input: "frontImage" },
  { field: "back_image_file_id", purpose: "check_image_back", input: "backImage" }
] as const

/**
 * The images of a new deposit must be Files uploaded for their side of a
 * check (`purpose` `check_image_front` / `check_image_back`); every side at
 * fault is named (400).
 */
export const checkImages = (
  input: Pick<CreateInput, "frontImage" | "backImage">
): Result.Result<void, CheckDepositImageInvalid> => {
  const errors: Array<FieldError> = []
  for (const side of imageSides) {
    const file = input[side.input]
    if (file.purpose !== side.purpose) {
      errors.push(
        new FieldError({
          field: side.field,
          message: `must be a File of purpose ${side.purpose}; ${file.id} has purpose ${file.purpose}`
        })
      )
    }
  }
  return errors.length === 0
    ? Result.succeed(undefined)
    : Result.fail(new CheckDepositImageInvalid(namingFields(errors)))
}

/** A check deposited through the API: `pending` until the sandbox submits, rejects or (after submission) returns it. */
export const create = (input: CreateInput): Result.Result<Transition, CheckDepositImageInvalid> =>
  Result.map(checkImages(input), () => {
    const next = depositOf({
      id: input.id,
      account_id: input.body.account_id,
      amount: input.body.amount,
      back_image_file_id: input.backImage.id,
      created_at: input.createdAt,
      deposit_acceptance: null,
      deposit_adjustments: [],
      deposit_rejection: null,
      deposit_return: null,
      deposit_submission: null,
      description: input.body.description ?? null,
      front_image_file_id: input.frontImage.id,
      idempotency_key: input.idempotencyKey,
      inbound_funds_hold: null,
      inbound_mail_item_id: null,
      lockbox_recipient_id: null,
      status: "pending",
      transaction_id: null
    })
    return { next, events: [createdEvent(next)], effects: [], declined: [] }
  })

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
  const received = depositOf({
    id: deposit.checkDepositId,
    account_id: deposit.accountId,
    amount: deposit.amount,
    back_image_file_id: deposit.backImageFileId,
    created_at: createdAt,
    deposit_acceptance: null,
    deposit_adjustments: [],
    deposit_rejection: null,
    deposit_return: null,
    deposit_submission: null,
    description: null,
    front_image_file_id: deposit.frontImageFileId,
    idempotency_key: null,
    inbound_funds_hold: null,
    inbound_mail_item_id: deposit.inboundMailItemId,
    lockbox_recipient_id: deposit.lockboxRecipientId,
    status: "pending",
    transaction_id: null
  })
  const { effect, next } = accept(received, { at: createdAt, transactionId, scan: sandboxScan })
  return { next, events: [createdEvent(next)], effects: [effect], declined: [] }
}

// ---------------------------------------------------------------------------
// Steps after create (the sandbox's simulations)
// ---------------------------------------------------------------------------

export type Command = Data.TaggedEnum<{
  /** `POST /simulations/check_deposits/{id}/submit`: accepted and sent to the Check21 network. */
  Submit: { readonly at: Timestamp; readonly transactionId: TransactionId; readonly scan: Scan | null }
  /** `POST /simulations/check_deposits/{id}/reject`: refused before submission. */
  Reject: { readonly at: Timestamp; readonly declinedTransactionId: DeclinedTransactionId }
  /** `POST /simulations/check_deposits/{id}/return`: the bank the check was drawn on sent it back. */
  Return: { readonly at: Timestamp; readonly transactionId: TransactionId }
}>
export const Command = Data.taggedEnum<Command>()
export type CommandTag = Command["_tag"]

/** The status each command may start from; every other pair is refused (409). */
export const allowedFrom: { readonly [Tag in CommandTag]: ReadonlyArray<CheckDepositStatus> } = {
  Submit: ["pending"],
  Reject: ["pending"],
  Return: ["submitted"]
}

/** Statuses no command leaves. */
export const terminalStatuses: ReadonlyArray<CheckDepositStatus> = ["rejected", "returned"]

const verbs: { readonly [Tag in CommandTag]: string } = {
  Submit: "submitted",
  Reject: "rejected",
  Return: "returned"
}

const apply = (deposit: CheckDeposit, command: Command): Transition =>
  Command.$match(command, {
    Submit: ({ at, scan, transactionId }) => {
      const { effect, next } = accept(deposit, { at, transactionId, scan: scan ?? sandboxScan })
      return { next, events: [updatedEvent(next)], effects: [effect], declined: [] }
    },
    Reject: ({ at, declinedTransactionId }) => {
      const rejection: typeof DepositRejection.Type = {
        amount: deposit.amount,
        check_deposit_id: deposit.id,
        currency: "USD",
        declined_transaction_id: declinedTransactionId,
        reason: sandboxRejectionReason,
        rejected_at: at
      }
      const next = depositOf({ ...deposit, status: "rejected", deposit_rejection: rejection })
      const declined = new DeclinedTransaction({
        id: declinedTransactionId,
        account_id: deposit.account_id,
        // Signed as the Transaction would have been: a credit.
        amount: deposit.amount,
        created_at: at,
        currency: "USD",
        description: "Check deposit rejected",
        route_id: null,
        route_type: null,
        source: { category: "check_deposit_rejection", check_deposit_rejection: rejection }
      })
      return {
        next,
        events: [
          updatedEvent(next),
          pendingEvent("declined_transaction.created", "declined_transaction", declined.id)
        ],
        effects: [],
        declined: [declined]
      }
    },
    Return: ({ at, transactionId }) => {
      const depositReturn: DepositReturn = {
        amount: deposit.amount,
        check_deposit_id: deposit.id,
        currency: "USD",
        return_reason: sandboxReturnReason,
        returned_at: at,
        transaction_id: transactionId
      }
      const next = depositOf({ ...deposit, status: "returned", deposit_return: depositReturn })
      const debit: PostTransaction = {
        kind: "post_transaction",
        transactionId,
        accountId: deposit.account_id,
        amount: -deposit.amount,
        description: "Check deposit return",
        source: { category: "check_deposit_return", check_deposit_return: depositReturn },
        // The drawee bank takes the money back whatever the balance: a return may overdraw the account.
        requiresAvailableBalance: false
      }
      return { next, events: [updatedEvent(next)], effects: [debit], declined: [] }
    }
  })

/** Applies `command` to `deposit`, or refuses it (409) when the status does not allow it. */
export const transition = (
  deposit: CheckDeposit,
  command: Command
): Result.Result<Transition, CheckDepositWrongStatus> =>
  allowedFrom[command._tag].includes(deposit.status)
    ? Result.succeed(apply(deposit, command))
    : Result.fail(
      new CheckDepositWrongStatus({
        detail: `check deposit ${deposit.id} cannot be ${verbs[command._tag]}: its status is ${deposit.status} (needs ${
          allowedFrom[command._tag].join(" or ")
        })`
      })
    )

/** `GET /check_deposits` filters (beside the paging of `ListParameters`). */
export const CheckDepositFilter = Schema.Struct({
  account_id: Schema.optional(AccountId).annotateKey({
    description: "Return only the Check Deposits into this Account."
  }),
  idempotency_key: Schema.optional(IdempotencyKey).annotateKey({ description: idempotencyKeyFilterDescription })
})
export type CheckDepositFilter = typeof CheckDepositFilter.Type
