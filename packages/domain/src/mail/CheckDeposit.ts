/**
 * Check deposits: a check's images deposited into an account, by the client
 * (`POST /check_deposits`) or by the service when an inbound mail item's check
 * is deposited. Shapes follow the SDK so its clients decode what we send.
 *
 * Its `CheckDepositAcceptance`, `InboundFundsHold` and `InboundCheckAdjustment`,
 * which the Transaction and Pending Transaction sources reuse, live in
 * `CheckDepositSources`.
 *
 *   pending ─submit─▶ submitted (credited; funds held) ─return─▶ returned (debited; hold ended)
 *   pending ─reject─▶ rejected (a Declined Transaction; nothing moves)
 *   submitted ─adjust─▶ submitted (another adjustment: its amount credited or debited)
 *   submitted ─release the hold─▶ submitted (the held funds become available)
 */
import { Data, Result, Schema } from "effect"
import { FieldError, InvalidParametersError } from "../core/Errors.js"
import {
  type CheckDepositId,
  type DeclinedTransactionId,
  type FileId,
  type PendingTransactionId,
  type TransactionId
} from "../core/Ids.js"
import {
  CheckDepositImageInvalid,
  CheckDepositWrongStatus,
  namingFields,
  PendingTransactionNotReleasable
} from "../core/Refusals.js"
import { type Timestamp } from "../core/Timestamp.js"
import { pendingEvent } from "../events/Event.js"
import { DeclinedTransaction } from "../money/DeclinedTransaction.js"
import { maxAmount } from "../money/Money.js"
import type { MoneyEffect, PostTransaction } from "../money/MoneyEffect.js"
import type { PendingTransaction } from "../money/PendingTransaction.js"
import type { Transaction } from "../money/Transaction.js"
import {
  type CheckDeposit,
  type CheckDepositStatus,
  type CreateCheckDeposit,
  type DepositAdjustment,
  type DepositRejection
} from "./CheckDepositObject.js"
import {
  type AdjustmentReason,
  CheckDepositAcceptance,
  DepositAdjustmentReason,
  type DepositReturn,
  InboundFundsHold
} from "./CheckDepositSources.js"
import {
  accept,
  createdEvent,
  depositOf,
  holdSource,
  released,
  sandboxAdjustmentReason,
  sandboxRejectionReason,
  sandboxReturnReason,
  sandboxScan,
  type Scan,
  type Transition,
  updatedEvent
} from "./CheckDepositSubmission.js"
import type { FilePurpose } from "./File.js"
import type { DepositCheck } from "./InboundMailItem.js"

export * from "./CheckDepositObject.js"
export {
  AdjustmentReason,
  CheckDepositAcceptance,
  DepositAdjustmentReason,
  DepositRejectionReason,
  depositRejectionReasonDescription,
  DepositReturn,
  DepositReturnReason,
  InboundCheckAdjustment,
  InboundFundsHold
} from "./CheckDepositSources.js"
export {
  inboundFundsHoldDays,
  sandboxAdjustmentReason,
  sandboxPayerAccountNumber,
  sandboxPayerRoutingNumber,
  sandboxRejectionReason,
  sandboxReturnReason,
  type Scan,
  type Transition
} from "./CheckDepositSubmission.js"

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
  // The sandbox holds no funds of a mailed check: they are available at once.
  const { effects, next } = accept(received, { at: createdAt, transactionId, scan: sandboxScan, holdId: null })
  return { next, events: [createdEvent(next)], effects, declined: [] }
}

// ---------------------------------------------------------------------------
// Steps after create (the sandbox's simulations)
// ---------------------------------------------------------------------------

export type Command = Data.TaggedEnum<{
  /** `POST /simulations/check_deposits/{id}/submit`: accepted and sent to the Check21 network, its funds held. */
  Submit: {
    readonly at: Timestamp
    readonly transactionId: TransactionId
    readonly scan: Scan | null
    /** Reserved for the Pending Transaction that holds the funds. */
    readonly holdId: PendingTransactionId
  }
  /** `POST /simulations/check_deposits/{id}/reject`: refused before submission. */
  Reject: { readonly at: Timestamp; readonly declinedTransactionId: DeclinedTransactionId }
  /** `POST /simulations/check_deposits/{id}/return`: the bank the check was drawn on sent it back. */
  Return: { readonly at: Timestamp; readonly transactionId: TransactionId }
  /**
   * `POST /simulations/check_deposits/{id}/adjustment`: the other bank adjusted
   * the deposit. `amount` (signed) and `reason` as the simulation's body gave them.
   */
  Adjust: {
    readonly at: Timestamp
    readonly transactionId: TransactionId
    readonly amount: number | undefined
    readonly reason: AdjustmentReason | undefined
  }
  /**
   * `POST /simulations/pending_transactions/{id}/release_inbound_funds_hold`, or the hold's
   * `automatically_releases_at` passed (the hold sweeper, a clock advance): the held funds become available.
   */
  ReleaseHold: { readonly at: Timestamp; readonly holdId: PendingTransactionId }
}>
export const Command = Data.taggedEnum<Command>()
export type CommandTag = Command["_tag"]

/** The status each command may start from; every other pair is refused (409). */
export const allowedFrom: { readonly [Tag in CommandTag]: ReadonlyArray<CheckDepositStatus> } = {
  Submit: ["pending"],
  Reject: ["pending"],
  Return: ["submitted"],
  Adjust: ["submitted"],
  ReleaseHold: ["submitted"]
}

/** Statuses no command leaves. */
export const terminalStatuses: ReadonlyArray<CheckDepositStatus> = ["rejected", "returned"]

const verbs: { readonly [Tag in CommandTag]: string } = {
  Submit: "submitted",
  Reject: "rejected",
  Return: "returned",
  Adjust: "adjusted",
  ReleaseHold: "released from its hold"
}

export type Refusal = CheckDepositWrongStatus | InvalidParametersError

/** The hold ended by a step that takes the deposit's money back (a return): nothing when none is held. */
const endHold = (deposit: CheckDeposit, at: Timestamp) => {
  const hold = deposit.inbound_funds_hold
  if (hold === null || hold.status !== "held" || hold.pending_transaction_id === null) {
    return { hold, effects: [] }
  }
  const ended = released(hold, at)
  const effect: MoneyEffect = {
    kind: "complete_pending_transaction",
    pendingTransactionId: hold.pending_transaction_id,
    source: holdSource(ended)
  }
  return { hold: ended, effects: [effect] }
}

/** Whether a simulation's reason is one a Check Deposit's `deposit_adjustments` can carry. */
const isDepositAdjustmentReason = Schema.is(DepositAdjustmentReason)

/**
 * An adjustment the other bank made to a submitted deposit: `amount` (signed;
 * the deposit's amount clawed back when absent) is credited or debited by a
 * Transaction of source `inbound_check_adjustment` naming the deposit's credit,
 * and appended to `deposit_adjustments`. The status stays `submitted`.
 */
const adjust = (
  deposit: CheckDeposit,
  command: Extract<Command, { readonly _tag: "Adjust" }>
): Result.Result<Transition, Refusal> => {
  const reason = command.reason ?? sandboxAdjustmentReason
  if (!isDepositAdjustmentReason(reason)) {
    return Result.fail(
      InvalidParametersError.single(
        "reason",
        `${reason} adjusts the return of an inbound check, not a Check Deposit: a Check Deposit is adjusted for adjusted_amount, non_conforming_item or paid`
      )
    )
  }
  const amount = command.amount ?? -deposit.amount
  if (amount === 0 || Math.abs(amount) > maxAmount) {
    return Result.fail(
      InvalidParametersError.single("amount", `must be a non-zero integer of at most ${maxAmount} in magnitude`)
    )
  }
  const adjustedTransactionId = deposit.transaction_id
  if (adjustedTransactionId === null) {
    return Result.fail(
      new CheckDepositWrongStatus({ detail: `check deposit ${deposit.id} has no credit to adjust` })
    )
  }
  const adjustment: DepositAdjustment = {
    adjusted_at: command.at,
    amount,
    reason,
    transaction_id: command.transactionId
  }
  const next = depositOf({ ...deposit, deposit_adjustments: [...deposit.deposit_adjustments, adjustment] })
  const posting: PostTransaction = {
    kind: "post_transaction",
    transactionId: command.transactionId,
    accountId: deposit.account_id,
    amount,
    description: "Check deposit adjustment",
    source: {
      category: "inbound_check_adjustment",
      inbound_check_adjustment: { adjusted_transaction_id: adjustedTransactionId, amount, reason }
    },
    // The other bank's claim is settled whatever the balance, as a return is: it may overdraw the account.
    requiresAvailableBalance: false
  }
  return Result.succeed({ next, events: [updatedEvent(next)], effects: [posting], declined: [] })
}

/** The held funds of a submitted deposit released: its hold `complete`, the Pending Transaction completed. */
const releaseHold = (
  deposit: CheckDeposit,
  command: Extract<Command, { readonly _tag: "ReleaseHold" }>
): Result.Result<Transition, Refusal> => {
  const hold = deposit.inbound_funds_hold
  if (hold === null || hold.pending_transaction_id !== command.holdId) {
    return Result.fail(
      new CheckDepositWrongStatus({
        detail: `check deposit ${deposit.id} has no hold under pending transaction ${command.holdId}`
      })
    )
  }
  if (hold.status !== "held") {
    return Result.fail(
      new CheckDepositWrongStatus({
        detail: `the inbound funds hold of check deposit ${deposit.id} was already released`
      })
    )
  }
  const ended = endHold(deposit, command.at)
  const next = depositOf({ ...deposit, inbound_funds_hold: ended.hold })
  return Result.succeed({ next, events: [updatedEvent(next)], effects: ended.effects, declined: [] })
}

const apply = (deposit: CheckDeposit, command: Command): Result.Result<Transition, Refusal> =>
  Command.$match(command, {
    Submit: ({ at, holdId, scan, transactionId }) => {
      const { effects, next } = accept(deposit, { at, transactionId, scan: scan ?? sandboxScan, holdId })
      return Result.succeed({ next, events: [updatedEvent(next)], effects, declined: [] })
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
      return Result.succeed({
        next,
        events: [
          updatedEvent(next),
          pendingEvent("declined_transaction.created", "declined_transaction", declined.id)
        ],
        effects: [],
        declined: [declined]
      })
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
      // The funds taken back are held no longer.
      const ended = endHold(deposit, at)
      const next = depositOf({
        ...deposit,
        status: "returned",
        deposit_return: depositReturn,
        inbound_funds_hold: ended.hold
      })
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
      return Result.succeed({ next, events: [updatedEvent(next)], effects: [...ended.effects, debit], declined: [] })
    },
    Adjust: (adjustment) => adjust(deposit, adjustment),
    ReleaseHold: (release) => releaseHold(deposit, release)
  })

/**
 * Applies `command` to `deposit`, or refuses it: 409 when the status does not
 * allow it (checked first) or a released hold is released again, 400 for an
 * adjustment's body a deposit cannot take.
 */
export const transition = (
  deposit: CheckDeposit,
  command: Command
): Result.Result<Transition, Refusal> =>
  allowedFrom[command._tag].includes(deposit.status)
    ? apply(deposit, command)
    : Result.fail(
      new CheckDepositWrongStatus({
        detail: `check deposit ${deposit.id} cannot be ${verbs[command._tag]}: its status is ${deposit.status} (needs ${
          allowedFrom[command._tag].join(" or ")
        })`
      })
    )

// ---------------------------------------------------------------------------
// Finding the deposit an inbound funds hold holds the funds of
// ---------------------------------------------------------------------------

const isInboundFundsHold = Schema.is(InboundFundsHold)
const isCheckDepositAcceptance = Schema.is(CheckDepositAcceptance)

const notAHold = (pendingTransaction: PendingTransaction, why: string) =>
  Result.fail(
    new PendingTransactionNotReleasable({
      detail: `pending transaction ${pendingTransaction.id} ${why}: only inbound funds holds are released this way`
    })
  )

/**
 * The Transaction whose funds an `inbound_funds_hold` Pending Transaction
 * holds (a deposit's credit); any other Pending Transaction is refused (409).
 */
export const heldTransactionOf = (
  pendingTransaction: PendingTransaction
): Result.Result<TransactionId, PendingTransactionNotReleasable> => {
  const source = pendingTransaction.source
  const hold = "inbound_funds_hold" in source ? source.inbound_funds_hold : undefined
  if (source.category !== "inbound_funds_hold" || !isInboundFundsHold(hold)) {
    return notAHold(pendingTransaction, `is a ${source.category}`)
  }
  const held = hold.held_transaction_id
  return held === null ? notAHold(pendingTransaction, "holds no Transaction's funds") : Result.succeed(held)
}

/** The Check Deposit a held Transaction credited (its source `check_deposit_acceptance`); refused (409) for another. */
export const depositCreditedBy = (
  pendingTransaction: PendingTransaction,
  credit: Transaction
): Result.Result<CheckDepositId, PendingTransactionNotReleasable> => {
  const acceptance = "check_deposit_acceptance" in credit.source ? credit.source.check_deposit_acceptance : undefined
  return credit.source.category === "check_deposit_acceptance" && isCheckDepositAcceptance(acceptance)
    ? Result.succeed(acceptance.check_deposit_id)
    : notAHold(pendingTransaction, `holds the funds of a ${credit.source.category}, not of a Check Deposit`)
}
