/**
 * What a check deposit's steps share: the shape of a step (`Transition`),
 * the sandbox's defaults (what it reads off a check, why it rejects,
 * returns and adjusts, how long it holds funds) and the acceptance of a
 * deposit (its credit and its inbound funds hold), used by both a deposit
 * made through the API and one made from mail. `CheckDeposit` re-exports
 * the public part.
 */
import { DateTime } from "effect"
import type { PendingTransactionId, TransactionId } from "../core/Ids.js"
import type { Timestamp } from "../core/Timestamp.js"
import { type PendingEvent, pendingEvent } from "../events/Event.js"
import type { DeclinedTransaction } from "../money/DeclinedTransaction.js"
import type { MoneyEffect, PostTransaction } from "../money/MoneyEffect.js"
import type { PendingTransactionSource } from "../money/PendingTransaction.js"
import { CheckDeposit } from "./CheckDepositObject.js"
import type {
  CheckDepositAcceptance,
  DepositAdjustmentReason,
  DepositRejectionReason,
  DepositReturnReason,
  InboundFundsHold
} from "./CheckDepositSources.js"

export interface Transition {
  readonly next: CheckDeposit
  readonly events: ReadonlyArray<PendingEvent>
  readonly effects: ReadonlyArray<MoneyEffect>
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

export const sandboxScan: Scan = {
  account_number: sandboxPayerAccountNumber,
  routing_number: sandboxPayerRoutingNumber
}

/** Why the sandbox rejects a deposit: Increase's simulation names image quality as the typical cause. */
export const sandboxRejectionReason: typeof DepositRejectionReason.Type = "poor_image_quality"

/** Why the sandbox's drawee bank returns a deposited check: the commonest return (Check21 code `A`). */
export const sandboxReturnReason: typeof DepositReturnReason.Type = "insufficient_funds"

/**
 * How long the sandbox holds the funds of a check deposited through the API
 * (`automatically_releases_at`): two days, the usual availability of a
 * deposited check beyond its first dollars. The hold sweeper and a sandbox
 * clock advance release it then (bank `DueHolds`); the release simulation
 * ends it earlier.
 */
export const inboundFundsHoldDays = 2

/** Why the sandbox's adjustment simulation adjusts a deposit when it is not told: the check could not be processed. */
export const sandboxAdjustmentReason: DepositAdjustmentReason = "non_conforming_item"

/** A deposit built by this module, validated by its class's constructor as every deposit is. */
export const depositOf = (fields: ConstructorParameters<typeof CheckDeposit>[0]): CheckDeposit =>
  new CheckDeposit(fields)

export const createdEvent = (deposit: CheckDeposit): PendingEvent =>
  pendingEvent("check_deposit.created", "check_deposit", deposit.id)

export const updatedEvent = (deposit: CheckDeposit): PendingEvent =>
  pendingEvent("check_deposit.updated", "check_deposit", deposit.id)

/** The pending-transaction source of a hold: the hold itself. */
export const holdSource = (hold: InboundFundsHold): PendingTransactionSource => ({
  category: "inbound_funds_hold",
  inbound_funds_hold: hold
})

/** A held hold, released at `at`: `complete`, with `released_at`. */
export const released = (hold: InboundFundsHold, at: Timestamp): InboundFundsHold => ({
  ...hold,
  status: "complete",
  released_at: at
})

/**
 * The deposit accepted and submitted: `deposit_acceptance` says what was read
 * off the check, `deposit_submission` which images went to the Check21
 * network, and a +amount Transaction (source `check_deposit_acceptance`)
 * credits the account at once. With `holdId`, a −amount Pending Transaction
 * (source `inbound_funds_hold`) holds the credited funds: the current balance
 * rises, the available balance does not until the hold is released.
 */
export const accept = (
  deposit: CheckDeposit,
  input: {
    readonly at: Timestamp
    readonly transactionId: TransactionId
    readonly scan: Scan
    readonly holdId: PendingTransactionId | null
  }
): { readonly next: CheckDeposit; readonly effects: ReadonlyArray<MoneyEffect> } => {
  const acceptance: CheckDepositAcceptance = {
    account_number: input.scan.account_number,
    amount: deposit.amount,
    auxiliary_on_us: input.scan.auxiliary_on_us ?? null,
    check_deposit_id: deposit.id,
    currency: "USD",
    routing_number: input.scan.routing_number,
    serial_number: input.scan.serial_number ?? null
  }
  const hold: InboundFundsHold | null = input.holdId === null ? null : {
    amount: deposit.amount,
    automatically_releases_at: DateTime.add(input.at, { days: inboundFundsHoldDays }),
    created_at: input.at,
    currency: "USD",
    held_transaction_id: input.transactionId,
    pending_transaction_id: input.holdId,
    released_at: null,
    status: "held",
    type: "inbound_funds_hold"
  }
  // a check mailed to a lockbox recipient came in through that lockbox
  const route = deposit.lockbox_recipient_id === null
    ? undefined
    : { id: deposit.lockbox_recipient_id, type: "lockbox" as const }
  const next = depositOf({
    ...deposit,
    deposit_acceptance: acceptance,
    inbound_funds_hold: hold,
    deposit_submission: {
      front_file_id: deposit.front_image_file_id,
      // A mailed check scanned on one side only is submitted with its front twice, as image exchange requires two.
      back_file_id: deposit.back_image_file_id ?? deposit.front_image_file_id,
      submitted_at: input.at
    },
    status: "submitted",
    transaction_id: input.transactionId
  })
  const credit: PostTransaction = {
    kind: "post_transaction",
    transactionId: input.transactionId,
    accountId: deposit.account_id,
    amount: deposit.amount,
    description: "Check deposit",
    source: { category: "check_deposit_acceptance", check_deposit_acceptance: acceptance },
    route,
    requiresAvailableBalance: false
  }
  const holding: ReadonlyArray<MoneyEffect> = hold === null || input.holdId === null ? [] : [{
    kind: "create_pending_transaction",
    pendingTransactionId: input.holdId,
    accountId: deposit.account_id,
    amount: -deposit.amount,
    description: "Check deposit hold",
    source: holdSource(hold),
    route,
    // it holds funds the same step credits: the available balance does not change
    requiresAvailableBalance: false
  }]
  return { next, effects: [credit, ...holding] }
}
