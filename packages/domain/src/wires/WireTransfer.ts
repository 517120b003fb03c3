/**
 * Wire transfers send money from an account over the wire network. This module
 * holds the rules: create, and the lifecycle as a pure transition function
 * (decisions.md g); the object is in `WireTransferObject` and the create body
 * in `WireTransferRequests`, both exported from here too:
 *
 *   create ──────────────────────────────▶ pending_creating ─submit─▶ submitted ─complete─▶ complete ─reverse─▶ reversed
 *   create (require_approval) ▶ pending_approval ─approve─▶ pending_creating
 *                                        ├─cancel─▶ canceled
 *                                        └─submit─▶ submitted (settles like an approval)
 *
 * and, reached in the sandbox through the destinations of `WireTransferSandbox`:
 *
 *   create / approve ▶ pending_reviewing ─review passes─▶ pending_creating
 *                     (pending_approval too)└review fails──▶ rejected (hold released)
 *   pending_creating / pending_approval ─require attention─▶ requires_attention ─submit─▶ submitted
 *
 * Every step also says which money movements the bank must perform
 * (`effects`), so that the bank never decides them itself.
 */
import { Data, Result } from "effect"
import type { AccountNumber } from "../accounts/AccountNumber.js"
import type { ExternalAccount } from "../accounts/ExternalAccount.js"
import type { Environment } from "../core/Environment.js"
import { InvalidParametersError } from "../core/Errors.js"
import type { PendingTransactionId, TransactionId, WireTransferId } from "../core/Ids.js"
import { AccountNumberNotActive, ExternalAccountNotActive, WireTransferWrongStatus } from "../core/Refusals.js"
import type { Timestamp } from "../core/Timestamp.js"
import { type PendingEvent, pendingEvent } from "../events/Event.js"
import type { CompletePendingTransaction, MoneyEffect, PostTransaction } from "../money/MoneyEffect.js"
import { cycleDate, inputMessageAccountabilityData, inputSource, returnReasonDescriptions } from "./WireMessages.js"
import { allowedFrom as actionsAllowedFrom } from "./WireTransferActions.js"
import {
  type CreatedBy,
  type Party,
  type Remittance,
  WireTransfer,
  type WireTransferStatus
} from "./WireTransferObject.js"
import type { CreateWireTransfer, PartyInput, RemittanceInput } from "./WireTransferRequests.js"
import type { Reversal } from "./WireTransferReversal.js"
import { heldForReview, outcomeOf } from "./WireTransferSandbox.js"

export * from "./WireMessages.js"
export * from "./WireTransferObject.js"
export * from "./WireTransferRequests.js"
export { Reversal } from "./WireTransferReversal.js"
export * from "./WireTransferSandbox.js"

/** A transfer built by this module's transitions, validated by its class's constructor as every transfer is. */
const transferOf = (fields: ConstructorParameters<typeof WireTransfer>[0]): WireTransfer => new WireTransfer(fields)

// ---------------------------------------------------------------------------
// Money movements the bank performs for a step
// ---------------------------------------------------------------------------

export interface Transition {
  readonly next: WireTransfer
  readonly events: ReadonlyArray<PendingEvent>
  readonly effects: ReadonlyArray<MoneyEffect>
}

const createdEvent = (transfer: WireTransfer): PendingEvent =>
  pendingEvent("wire_transfer.created", "wire_transfer", transfer.id)

const updatedEvent = (transfer: WireTransfer): PendingEvent =>
  pendingEvent("wire_transfer.updated", "wire_transfer", transfer.id)

/** The message on the recipient's statement. */
export const messageToRecipient = (remittance: Remittance | null): string => {
  if (remittance === null) return ""
  return remittance.category === "unstructured"
    ? remittance.unstructured.message
    : `TAX ${remittance.tax.type_code} ${remittance.tax.identification_number}`
}

const transferDetail = (transfer: WireTransfer) => ({
  account_number: transfer.account_number,
  amount: transfer.amount,
  message_to_recipient: messageToRecipient(transfer.remittance),
  routing_number: transfer.routing_number,
  transfer_id: transfer.id
})

const debitDescription = (transfer: WireTransfer): string =>
  `Wire transfer to ${transfer.creditor?.name ?? transfer.account_number}`

const postDebit = (transfer: WireTransfer, transactionId: TransactionId, requiresAvailableBalance: boolean) =>
  ({
    kind: "post_transaction",
    transactionId,
    accountId: transfer.account_id,
    amount: -transfer.amount,
    description: debitDescription(transfer),
    source: { category: "wire_transfer_intention", wire_transfer_intention: transferDetail(transfer) },
    requiresAvailableBalance
  }) satisfies PostTransaction

const completeHold = (transfer: WireTransfer): ReadonlyArray<CompletePendingTransaction> =>
  transfer.pending_transaction_id === null
    ? []
    : [{ kind: "complete_pending_transaction", pendingTransactionId: transfer.pending_transaction_id }]

// ---------------------------------------------------------------------------
// Create
// ---------------------------------------------------------------------------

export interface CreateInput {
  readonly id: WireTransferId
  readonly createdAt: Timestamp
  readonly body: CreateWireTransfer
  /** The external account named by `body.external_account_id`, loaded by the bank; null when none is named. */
  readonly externalAccount: ExternalAccount | null
  readonly createdBy: CreatedBy | null
  readonly idempotencyKey: string | null
  /** Used when the body has no `debtor`: the details of the account's entity, if any. */
  readonly defaultDebtor: Party | null
  /** Ids the bank reserved for the money movement; the one the create does not need is discarded. */
  readonly transactionId: TransactionId
  readonly pendingTransactionId: PendingTransactionId
  /** The server's environment: a sandbox applies the outcomes of `WireTransferSandbox`. */
  readonly environment: Environment
}

const party = (input: PartyInput): Party => ({
  name: input.name,
  address: input.address === undefined
    ? null
    : {
      unstructured: {
        line1: input.address.unstructured.line1,
        line2: input.address.unstructured.line2 ?? null,
        line3: input.address.unstructured.line3 ?? null
      }
    }
})

const remittance = (input: RemittanceInput): Remittance =>
  input.category === "tax" && input.tax !== undefined
    ? { category: "tax", tax: input.tax, unstructured: null }
    : { category: "unstructured", unstructured: { message: input.unstructured?.message ?? "" }, tax: null }

const destination = (
  input: CreateInput
): Result.Result<{ readonly accountNumber: string; readonly routingNumber: string }, ExternalAccountNotActive> => {
  const { body, externalAccount } = input
  if (body.external_account_id === undefined) {
    // The body schema guarantees both numbers when no external account is named.
    return Result.succeed({ accountNumber: body.account_number ?? "", routingNumber: body.routing_number ?? "" })
  }
  if (externalAccount === null || externalAccount.id !== body.external_account_id) {
    return Result.fail(new ExternalAccountNotActive({ detail: "the external account was not loaded" }))
  }
  if (externalAccount.status !== "active") {
    return Result.fail(
      new ExternalAccountNotActive({ detail: `external account ${externalAccount.id} is ${externalAccount.status}` })
    )
  }
  return Result.succeed({
    accountNumber: externalAccount.account_number,
    routingNumber: externalAccount.routing_number
  })
}

/** `source_account_number_id` must name an active account number of the sending account (`account_id`). */
export const checkSourceAccountNumber = (
  body: CreateWireTransfer,
  accountNumber: AccountNumber
): Result.Result<void, InvalidParametersError | AccountNumberNotActive> => {
  if (accountNumber.account_id !== body.account_id) {
    return Result.fail(
      InvalidParametersError.single("source_account_number_id", "must be an account number of account_id")
    )
  }
  if (accountNumber.status !== "active") {
    return Result.fail(
      new AccountNumberNotActive({ detail: `account number ${accountNumber.id} is ${accountNumber.status}` })
    )
  }
  return Result.succeed(undefined)
}

/**
 * A new transfer. Without approval its −amount Transaction posts at once and it
 * is `pending_creating`; with `require_approval` a Pending Transaction holds
 * the amount and it is `pending_approval`. A sandbox transfer to a destination
 * held for review (`WireTransferSandbox`) is held the same way and waits in
 * `pending_reviewing`. Either way the available balance must cover the amount.
 */
export const create = (input: CreateInput): Result.Result<Transition, ExternalAccountNotActive> =>
  Result.map(destination(input), ({ accountNumber, routingNumber }) => {
    const { body } = input
    const requiresApproval = body.require_approval === true
    const reviewed = !requiresApproval && heldForReview(outcomeOf(input.environment, accountNumber))
    const holds = requiresApproval || reviewed
    const transfer = transferOf({
      id: input.id,
      account_id: body.account_id,
      account_number: accountNumber,
      amount: body.amount,
      approval: null,
      cancellation: null,
      created_at: input.createdAt,
      created_by: input.createdBy,
      creditor: party(body.creditor),
      currency: "USD",
      debtor: body.debtor === undefined ? input.defaultDebtor : party(body.debtor),
      external_account_id: body.external_account_id ?? null,
      idempotency_key: input.idempotencyKey,
      inbound_wire_drawdown_request_id: body.inbound_wire_drawdown_request_id ?? null,
      network: "wire",
      pending_transaction_id: holds ? input.pendingTransactionId : null,
      remittance: remittance(body.remittance),
      reversal: null,
      routing_number: routingNumber,
      source_account_number_id: body.source_account_number_id ?? null,
      status: requiresApproval ? "pending_approval" : reviewed ? "pending_reviewing" : "pending_creating",
      submission: null,
      transaction_id: holds ? null : input.transactionId,
      unique_end_to_end_transaction_reference: null
    })
    const effect: MoneyEffect = holds
      ? {
        kind: "create_pending_transaction",
        pendingTransactionId: input.pendingTransactionId,
        accountId: transfer.account_id,
        amount: -transfer.amount,
        description: debitDescription(transfer),
        source: { category: "wire_transfer_instruction", wire_transfer_instruction: transferDetail(transfer) },
        requiresAvailableBalance: true
      }
      : postDebit(transfer, input.transactionId, true)
    return { next: transfer, events: [createdEvent(transfer)], effects: [effect] }
  })

// ---------------------------------------------------------------------------
// Commands after create
// ---------------------------------------------------------------------------

export type Command = Data.TaggedEnum<{
  /**
   * `POST /wire_transfers/{id}/approve`. With `review` (a sandbox destination held
   * for review) the transfer waits in `pending_reviewing`, its hold kept.
   */
  Approve: {
    readonly at: Timestamp
    readonly approvedBy: string | null
    readonly transactionId: TransactionId
    readonly review: boolean
  }
  /** `POST /wire_transfers/{id}/cancel`. */
  Cancel: { readonly at: Timestamp; readonly canceledBy: string | null }
  /**
   * The bank's review of a held transfer ends (the sandbox's submit does it): passed,
   * the hold settles into the debit (`pending_creating`); failed, the hold is
   * released (`rejected`).
   */
  Review: { readonly at: Timestamp; readonly passes: boolean; readonly transactionId: TransactionId }
  /**
   * The transfer needs an operator before it can leave (the sandbox's submit, for its
   * destination); one awaiting approval settles as an approval would.
   */
  RequireAttention: { readonly at: Timestamp; readonly transactionId: TransactionId }
  /** Sandbox submit: the transfer leaves for the network. `transactionId` is used when it was still awaiting approval. */
  Submit: {
    readonly at: Timestamp
    readonly inputMessageAccountabilityData: string
    readonly uniqueEndToEndTransactionReference: string
    readonly transactionId: TransactionId
  }
  /** The network acknowledged the transfer (the sandbox does this right after submitting). */
  Complete: { readonly at: Timestamp }
  /** Sandbox reverse: the receiving bank sent the money back. */
  Reverse: {
    readonly at: Timestamp
    readonly transactionId: TransactionId
    readonly inputSequenceNumber: string
    readonly description: string
    readonly returnReasonCode: string | null
    readonly returnReasonAdditionalInformation: string | null
    /** The reversing bank's identifier of the reversal message; null when it gave none. */
    readonly instructionIdentification: string | null
  }
}>
export const Command = Data.taggedEnum<Command>()
export type CommandTag = Command["_tag"]

/** The statuses each command may start from (`WireTransferActions`: plain data the dashboard shares); a command without its row fails to compile here. */
export const allowedFrom: { readonly [Tag in CommandTag]: ReadonlyArray<WireTransferStatus> } = actionsAllowedFrom

/** Statuses no command leaves. */
export const terminalStatuses: ReadonlyArray<WireTransferStatus> = ["canceled", "rejected", "reversed"]

const verbs: { readonly [Tag in CommandTag]: string } = {
  Approve: "approved",
  Cancel: "canceled",
  Review: "reviewed",
  RequireAttention: "held for attention",
  Submit: "submitted",
  Complete: "completed",
  Reverse: "reversed"
}

const accepted = (next: WireTransfer, effects: ReadonlyArray<MoneyEffect>): Transition => ({
  next,
  events: [updatedEvent(next)],
  effects
})

const apply = (transfer: WireTransfer, command: Command): Transition =>
  Command.$match(command, {
    Approve: ({ approvedBy, at, review, transactionId }) => {
      if (review) {
        return accepted(
          transferOf({
            ...transfer,
            status: "pending_reviewing",
            approval: { approved_at: at, approved_by: approvedBy }
          }),
          []
        )
      }
      const next = transferOf({
        ...transfer,
        status: "pending_creating",
        approval: { approved_at: at, approved_by: approvedBy },
        transaction_id: transactionId
      })
      return accepted(next, [...completeHold(transfer), postDebit(next, transactionId, false)])
    },
    Cancel: ({ at, canceledBy }) =>
      accepted(
        transferOf({
          ...transfer,
          status: "canceled",
          cancellation: { canceled_at: at, canceled_by: canceledBy }
        }),
        completeHold(transfer)
      ),
    Review: ({ passes, transactionId }) => {
      if (!passes) return accepted(transferOf({ ...transfer, status: "rejected" }), completeHold(transfer))
      const next = transferOf({ ...transfer, status: "pending_creating", transaction_id: transactionId })
      return accepted(next, [...completeHold(transfer), postDebit(next, transactionId, false)])
    },
    RequireAttention: ({ transactionId }) => {
      const settles = transfer.status === "pending_approval"
      const next = transferOf({
        ...transfer,
        status: "requires_attention",
        transaction_id: settles ? transactionId : transfer.transaction_id
      })
      return accepted(next, settles ? [...completeHold(transfer), postDebit(next, transactionId, false)] : [])
    },
    Submit: ({ at, inputMessageAccountabilityData, transactionId, uniqueEndToEndTransactionReference }) => {
      // A transfer submitted while awaiting approval settles as if it had been approved.
      const settles = transfer.status === "pending_approval"
      const next = transferOf({
        ...transfer,
        status: "submitted",
        submission: { input_message_accountability_data: inputMessageAccountabilityData, submitted_at: at },
        unique_end_to_end_transaction_reference: uniqueEndToEndTransactionReference,
        transaction_id: settles ? transactionId : transfer.transaction_id
      })
      return accepted(next, settles ? [...completeHold(transfer), postDebit(next, transactionId, false)] : [])
    },
    Complete: () => accepted(transferOf({ ...transfer, status: "complete" }), []),
    Reverse: (reverse) => {
      const reversal: Reversal = {
        amount: transfer.amount,
        created_at: reverse.at,
        // the bank sending the money back is the one the transfer went to
        debtor_routing_number: transfer.routing_number,
        description: reverse.description,
        input_cycle_date: cycleDate(reverse.at),
        input_message_accountability_data: inputMessageAccountabilityData(reverse.at, reverse.inputSequenceNumber),
        input_sequence_number: reverse.inputSequenceNumber,
        input_source: inputSource,
        instruction_identification: reverse.instructionIdentification,
        return_reason_additional_information: reverse.returnReasonAdditionalInformation,
        return_reason_code: reverse.returnReasonCode,
        return_reason_code_description: reverse.returnReasonCode === null
          ? null
          : (returnReasonDescriptions[reverse.returnReasonCode] ?? null),
        transaction_id: reverse.transactionId,
        wire_transfer_id: transfer.id
      }
      const next = transferOf({ ...transfer, status: "reversed", reversal })
      const credit: PostTransaction = {
        kind: "post_transaction",
        transactionId: reverse.transactionId,
        accountId: transfer.account_id,
        amount: transfer.amount,
        description: `Reversal of wire transfer ${transfer.id}`,
        source: {
          category: "inbound_wire_reversal",
          inbound_wire_reversal: reversal
        },
        requiresAvailableBalance: false
      }
      return accepted(next, [credit])
    }
  })

export interface SandboxSubmitInput {
  readonly at: Timestamp
  readonly environment: Environment
  /** Used when the submission settles a held transfer. */
  readonly transactionId: TransactionId
  readonly inputMessageAccountabilityData: string
  readonly uniqueEndToEndTransactionReference: string
}

/**
 * The steps of the sandbox's `POST /simulations/wire_transfers/{id}/submit` for
 * `transfer` (decisions.md g, and "Sandbox wire outcomes" for the destinations of
 * `WireTransferSandbox`): an ordinary transfer is submitted and completed at once;
 * a held one is reviewed first; some stop at `requires_attention` or `submitted`,
 * which the next submit moves on. A status no step leaves from is refused (409)
 * by the first step.
 */
export const sandboxSubmitSteps = (transfer: WireTransfer, input: SandboxSubmitInput): ReadonlyArray<Command> => {
  const outcome = outcomeOf(input.environment, transfer.account_number)
  const submit = Command.Submit({
    at: input.at,
    transactionId: input.transactionId,
    inputMessageAccountabilityData: input.inputMessageAccountabilityData,
    uniqueEndToEndTransactionReference: input.uniqueEndToEndTransactionReference
  })
  const complete = Command.Complete({ at: input.at })
  if (transfer.status === "submitted") return [complete]
  if (transfer.status === "requires_attention") return [submit, complete]
  const inReview = transfer.status === "pending_reviewing" ||
    (transfer.status === "pending_approval" && heldForReview(outcome))
  if (inReview) {
    const passes = outcome !== "review_rejects"
    const review = Command.Review({ at: input.at, passes, transactionId: input.transactionId })
    return passes ? [review, submit, complete] : [review]
  }
  if (outcome === "requires_attention" && allowedFrom.RequireAttention.includes(transfer.status)) {
    return [Command.RequireAttention({ at: input.at, transactionId: input.transactionId })]
  }
  if (outcome === "stays_submitted") return [submit]
  return [submit, complete]
}

/** Whether `POST /wire_transfers/{id}/approve` sends `transfer` to review rather than to `pending_creating`. */
export const reviewedOnApproval = (transfer: WireTransfer, environment: Environment): boolean =>
  heldForReview(outcomeOf(environment, transfer.account_number))

/** Applies `command` to `transfer`, or refuses it (409) when the status does not allow it. */
export const transition = (
  transfer: WireTransfer,
  command: Command
): Result.Result<Transition, WireTransferWrongStatus> =>
  allowedFrom[command._tag].includes(transfer.status)
    ? Result.succeed(apply(transfer, command))
    : Result.fail(
      new WireTransferWrongStatus({
        detail: `wire transfer ${transfer.id} cannot be ${
          verbs[command._tag]
        }: its status is ${transfer.status} (needs ${allowedFrom[command._tag].join(" or ")})`
      })
    )

/**
 * Applies `commands` in turn (the sandbox's submit is up to three steps):
 * the last state, every step's events and money movements, or the first
 * refusal, in which case nothing applies.
 */
export const transitionAll = (
  transfer: WireTransfer,
  commands: ReadonlyArray<Command>
): Result.Result<Transition, WireTransferWrongStatus> =>
  commands.reduce<Result.Result<Transition, WireTransferWrongStatus>>(
    (done, command) =>
      Result.flatMap(done, (step) =>
        Result.map(transition(step.next, command), (next) => ({
          next: next.next,
          events: [...step.events, ...next.events],
          effects: [...step.effects, ...next.effects]
        }))),
    Result.succeed({ next: transfer, events: [], effects: [] })
  )
