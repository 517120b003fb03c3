/**
 * Wire transfers send money from an account over the wire network. This module
 * holds the object, the create body with all its rules, and the lifecycle as a
 * pure transition function (decisions.md g):
 *
 *   create ──────────────────────────────▶ pending_creating ─submit─▶ submitted ─complete─▶ complete ─reverse─▶ reversed
 *   create (require_approval) ▶ pending_approval ─approve─▶ pending_creating
 *                                        ├─cancel─▶ canceled
 *                                        └─submit─▶ submitted (settles like an approval)
 *
 * Every step also says which money movements the bank must perform
 * (`effects`), so that the bank never decides them itself.
 */
import { Data, DateTime, Result, Schema } from "effect"
import { type AccountNumber, AccountNumberDigits } from "./AccountNumber.js"
import { InvalidOperationError, InvalidParametersError } from "./Errors.js"
import { type PendingEvent, pendingEvent } from "./Event.js"
import type { ExternalAccount } from "./ExternalAccount.js"
import {
  AccountId,
  AccountNumberId,
  ExternalAccountId,
  InboundWireDrawdownRequestId,
  PendingTransactionId,
  TransactionId,
  WireTransferId
} from "./Ids.js"
import { CommaSeparated } from "./ListParameters.js"
import { Amount, Currency, PositiveAmount } from "./Money.js"
import type { CompletePendingTransaction, MoneyEffect, PostTransaction } from "./MoneyEffect.js"
import { RoutingNumber } from "./RoutingNumber.js"
import { IdempotencyKey, ShortText } from "./Text.js"
import { CalendarDate, Timestamp } from "./Timestamp.js"

// ---------------------------------------------------------------------------
// The object
// ---------------------------------------------------------------------------

export const WireTransferStatus = Schema.Literals([
  "pending_approval",
  "canceled",
  "pending_reviewing",
  "rejected",
  "requires_attention",
  "pending_creating",
  "reversed",
  "submitted",
  "complete"
])
export type WireTransferStatus = typeof WireTransferStatus.Type

export const Approval = Schema.Struct({
  approved_at: Timestamp,
  approved_by: Schema.NullOr(Schema.String)
})
export type Approval = typeof Approval.Type

export const Cancellation = Schema.Struct({
  canceled_at: Timestamp,
  canceled_by: Schema.NullOr(Schema.String)
})
export type Cancellation = typeof Cancellation.Type

/** Who created the object: exactly the detail named by `category` is populated. */
export const CreatedBy = Schema.Union([
  Schema.Struct({
    category: Schema.Literal("api_key"),
    api_key: Schema.Struct({ description: Schema.NullOr(Schema.String) }),
    oauth_application: Schema.Null,
    user: Schema.Null
  }),
  Schema.Struct({
    category: Schema.Literal("oauth_application"),
    api_key: Schema.Null,
    oauth_application: Schema.Struct({ name: Schema.String }),
    user: Schema.Null
  }),
  Schema.Struct({
    category: Schema.Literal("user"),
    api_key: Schema.Null,
    oauth_application: Schema.Null,
    user: Schema.Struct({ email: Schema.String })
  })
]).annotate({ identifier: "CreatedBy" })
export type CreatedBy = typeof CreatedBy.Type

/** `created_by` of an object created through an API key. */
export const createdByApiKey = (description: string | null): CreatedBy => ({
  category: "api_key",
  api_key: { description },
  oauth_application: null,
  user: null
})

export const UnstructuredAddress = Schema.Struct({
  line1: Schema.NullOr(Schema.String),
  line2: Schema.NullOr(Schema.String),
  line3: Schema.NullOr(Schema.String)
})

export const PartyAddress = Schema.Struct({
  unstructured: Schema.NullOr(UnstructuredAddress)
})

/** The creditor (recipient) or the debtor (whose funds move). */
export const Party = Schema.Struct({
  name: Schema.NullOr(Schema.String),
  address: Schema.NullOr(PartyAddress)
})
export type Party = typeof Party.Type

export const TaxRemittance = Schema.Struct({
  date: Schema.String,
  identification_number: Schema.String,
  type_code: Schema.String
})

export const UnstructuredRemittance = Schema.Struct({
  message: Schema.String
})

/** Remittance information: the detail named by `category` is the populated one. */
export const Remittance = Schema.Union([
  Schema.Struct({ category: Schema.Literal("unstructured"), unstructured: UnstructuredRemittance, tax: Schema.Null }),
  Schema.Struct({ category: Schema.Literal("tax"), tax: TaxRemittance, unstructured: Schema.Null })
]).annotate({ identifier: "Remittance" })
export type Remittance = typeof Remittance.Type

export const Reversal = Schema.Struct({
  amount: Amount,
  created_at: Timestamp,
  debtor_routing_number: Schema.NullOr(Schema.String),
  description: Schema.String,
  input_cycle_date: Schema.String,
  input_message_accountability_data: Schema.String,
  input_sequence_number: Schema.String,
  input_source: Schema.String,
  instruction_identification: Schema.NullOr(Schema.String),
  return_reason_additional_information: Schema.NullOr(Schema.String),
  return_reason_code: Schema.NullOr(Schema.String),
  return_reason_code_description: Schema.NullOr(Schema.String),
  transaction_id: TransactionId,
  wire_transfer_id: WireTransferId
})
export type Reversal = typeof Reversal.Type

export const Submission = Schema.Struct({
  input_message_accountability_data: Schema.String,
  submitted_at: Timestamp
})
export type Submission = typeof Submission.Type

export class WireTransfer extends Schema.Class<WireTransfer>("WireTransfer")({
  id: WireTransferId,
  account_id: AccountId,
  account_number: Schema.String,
  amount: Amount,
  approval: Schema.NullOr(Approval),
  cancellation: Schema.NullOr(Cancellation),
  created_at: Timestamp,
  created_by: Schema.NullOr(CreatedBy),
  creditor: Schema.NullOr(Party),
  currency: Currency,
  debtor: Schema.NullOr(Party),
  external_account_id: Schema.NullOr(ExternalAccountId),
  idempotency_key: Schema.NullOr(Schema.String),
  inbound_wire_drawdown_request_id: Schema.NullOr(InboundWireDrawdownRequestId),
  network: Schema.Literal("wire"),
  pending_transaction_id: Schema.NullOr(PendingTransactionId),
  remittance: Schema.NullOr(Remittance),
  reversal: Schema.NullOr(Reversal),
  routing_number: Schema.String,
  source_account_number_id: Schema.NullOr(AccountNumberId),
  status: WireTransferStatus,
  submission: Schema.NullOr(Submission),
  transaction_id: Schema.NullOr(TransactionId),
  unique_end_to_end_transaction_reference: Schema.NullOr(Schema.String),
  type: Schema.tag("wire_transfer")
}) {}

/** A transfer built by this module's transitions, validated by its class's constructor as every transfer is. */
const transferOf = (fields: ConstructorParameters<typeof WireTransfer>[0]): WireTransfer => new WireTransfer(fields)

// ---------------------------------------------------------------------------
// The create body
// ---------------------------------------------------------------------------

export const UnstructuredAddressInput = Schema.Struct({
  line1: ShortText,
  line2: Schema.optionalKey(ShortText),
  line3: Schema.optionalKey(ShortText)
})

/** `address` is optional, but when it is given its `unstructured` lines are required. */
export const PartyAddressInput = Schema.Struct({
  unstructured: UnstructuredAddressInput
})

export const PartyInput = Schema.Struct({
  name: ShortText,
  address: Schema.optionalKey(PartyAddressInput)
})
export type PartyInput = typeof PartyInput.Type

export const TaxRemittanceInput = Schema.Struct({
  date: CalendarDate,
  identification_number: Schema.String.check(Schema.isPattern(/^\d{9}$/u, { message: "must be a 9-digit TIN or EIN" })),
  type_code: Schema.String.check(Schema.isBetweenLength(5, 5, { message: "must be 5 characters" }))
})

export const UnstructuredRemittanceInput = Schema.Struct({
  message: ShortText
})

export const RemittanceCategory = Schema.Literals(["unstructured", "tax"])
export type RemittanceCategory = typeof RemittanceCategory.Type

/** The detail named by `category` is required, the other one must be absent. */
export const RemittanceInput = Schema.Struct({
  category: RemittanceCategory,
  unstructured: Schema.optionalKey(UnstructuredRemittanceInput),
  tax: Schema.optionalKey(TaxRemittanceInput)
}).check(
  Schema.makeFilter((remittance) => {
    const other: RemittanceCategory = remittance.category === "tax" ? "unstructured" : "tax"
    return [
      ...(remittance[remittance.category] === undefined
        ? [{ path: [remittance.category], issue: `is required when category is ${remittance.category}` }]
        : []),
      ...(remittance[other] !== undefined
        ? [{ path: [other], issue: `must be absent when category is ${remittance.category}` }]
        : [])
    ]
  })
)
export type RemittanceInput = typeof RemittanceInput.Type

/** `GET /wire_transfers` filters (beside the paging of `ListParameters`). */
export const WireTransferFilter = Schema.Struct({
  account_id: Schema.optional(AccountId),
  external_account_id: Schema.optional(ExternalAccountId),
  idempotency_key: Schema.optional(IdempotencyKey),
  "status.in": Schema.optional(CommaSeparated(WireTransferStatus))
})
export type WireTransferFilter = typeof WireTransferFilter.Type

/** `POST /wire_transfers`. */
export const CreateWireTransfer = Schema.Struct({
  account_id: AccountId,
  amount: PositiveAmount,
  creditor: PartyInput,
  remittance: RemittanceInput,
  account_number: Schema.optionalKey(AccountNumberDigits),
  routing_number: Schema.optionalKey(RoutingNumber),
  external_account_id: Schema.optionalKey(ExternalAccountId),
  debtor: Schema.optionalKey(PartyInput),
  inbound_wire_drawdown_request_id: Schema.optionalKey(InboundWireDrawdownRequestId),
  require_approval: Schema.optionalKey(Schema.Boolean),
  source_account_number_id: Schema.optionalKey(AccountNumberId)
}).check(
  Schema.makeFilter((body) => {
    const destinationFields = ["account_number", "routing_number"] as const
    return destinationFields.flatMap((field) => {
      if (body.external_account_id !== undefined) {
        return body[field] === undefined
          ? []
          : [{ path: [field], issue: "must be absent when external_account_id is given" }]
      }
      return body[field] === undefined
        ? [{ path: [field], issue: "is required unless external_account_id is given" }]
        : []
    })
  })
).annotate({ identifier: "CreateWireTransfer" })
export type CreateWireTransfer = typeof CreateWireTransfer.Type

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
): Result.Result<{ readonly accountNumber: string; readonly routingNumber: string }, InvalidOperationError> => {
  const { body, externalAccount } = input
  if (body.external_account_id === undefined) {
    // The body schema guarantees both numbers when no external account is named.
    return Result.succeed({ accountNumber: body.account_number ?? "", routingNumber: body.routing_number ?? "" })
  }
  if (externalAccount === null || externalAccount.id !== body.external_account_id) {
    return Result.fail(new InvalidOperationError({ detail: "the external account was not loaded" }))
  }
  if (externalAccount.status !== "active") {
    return Result.fail(
      new InvalidOperationError({ detail: `external account ${externalAccount.id} is ${externalAccount.status}` })
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
): Result.Result<void, InvalidParametersError | InvalidOperationError> => {
  if (accountNumber.account_id !== body.account_id) {
    return Result.fail(
      InvalidParametersError.single("source_account_number_id", "must be an account number of account_id")
    )
  }
  if (accountNumber.status !== "active") {
    return Result.fail(
      new InvalidOperationError({ detail: `account number ${accountNumber.id} is ${accountNumber.status}` })
    )
  }
  return Result.succeed(undefined)
}

/**
 * A new transfer. Without approval its −amount Transaction posts at once and it
 * is `pending_creating`; with `require_approval` a Pending Transaction holds
 * the amount and it is `pending_approval`. Either way the available balance
 * must cover the amount.
 */
export const create = (input: CreateInput): Result.Result<Transition, InvalidOperationError> =>
  Result.map(destination(input), ({ accountNumber, routingNumber }) => {
    const { body } = input
    const requiresApproval = body.require_approval === true
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
      pending_transaction_id: requiresApproval ? input.pendingTransactionId : null,
      remittance: remittance(body.remittance),
      reversal: null,
      routing_number: routingNumber,
      source_account_number_id: body.source_account_number_id ?? null,
      status: requiresApproval ? "pending_approval" : "pending_creating",
      submission: null,
      transaction_id: requiresApproval ? null : input.transactionId,
      unique_end_to_end_transaction_reference: null
    })
    const effect: MoneyEffect = requiresApproval
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
  /** `POST /wire_transfers/{id}/approve`. */
  Approve: { readonly at: Timestamp; readonly approvedBy: string | null; readonly transactionId: TransactionId }
  /** `POST /wire_transfers/{id}/cancel`. */
  Cancel: { readonly at: Timestamp; readonly canceledBy: string | null }
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
  }
}>
export const Command = Data.taggedEnum<Command>()
export type CommandTag = Command["_tag"]

/** The statuses each command may start from; every other pair is refused (409). */
export const allowedFrom: { readonly [Tag in CommandTag]: ReadonlyArray<WireTransferStatus> } = {
  Approve: ["pending_approval"],
  Cancel: ["pending_approval"],
  Submit: ["pending_approval", "pending_creating"],
  Complete: ["submitted"],
  Reverse: ["complete"]
}

/** Statuses no command leaves. */
export const terminalStatuses: ReadonlyArray<WireTransferStatus> = ["canceled", "rejected", "reversed"]

const verbs: { readonly [Tag in CommandTag]: string } = {
  Approve: "approved",
  Cancel: "canceled",
  Submit: "submitted",
  Complete: "completed",
  Reverse: "reversed"
}

/** The input source of wire messages this service writes (8 characters, as Fedwire's). */
export const inputSource = "MONETASB"

/**
 * The Fedwire cycle date of a message sent at `at`: the wire day begins at
 * 9:00 PM Eastern Time on the evening before its cycle date.
 */
export const cycleDate = (at: DateTime.Utc): string => {
  const eastern = DateTime.makeZonedUnsafe(at, { timeZone: "America/New_York" })
  const day = DateTime.getPart(eastern, "hour") >= 21 ? DateTime.add(eastern, { days: 1 }) : eastern
  return DateTime.formatIsoDate(day)
}

/** IMAD: cycle date (YYYYMMDD), input source (8 characters), sequence number (6 digits). */
export const inputMessageAccountabilityData = (at: DateTime.Utc, sequenceNumber: string): string =>
  `${cycleDate(at).replaceAll("-", "")}${inputSource}${sequenceNumber.padStart(6, "0").slice(-6)}`

/** Descriptions of the common ISO 20022 return reason codes. */
export const returnReasonDescriptions: Readonly<Record<string, string>> = {
  AC01: "Incorrect account number",
  AC03: "Invalid creditor account number",
  AC04: "Closed account number",
  AC06: "Blocked account",
  AG01: "Transaction forbidden",
  AM09: "Wrong amount",
  BE04: "Missing creditor address",
  CUST: "Requested by customer",
  DUPL: "Duplicate payment",
  FRAD: "Fraudulent origin",
  FOCR: "Following cancellation request",
  MS03: "Not specified reason agent generated",
  NARR: "Narrative",
  RC01: "Bank identifier incorrect",
  RR04: "Regulatory reason",
  UPAY: "Undue payment"
}

const accepted = (next: WireTransfer, effects: ReadonlyArray<MoneyEffect>): Transition => ({
  next,
  events: [updatedEvent(next)],
  effects
})

const apply = (transfer: WireTransfer, command: Command): Transition =>
  Command.$match(command, {
    Approve: ({ approvedBy, at, transactionId }) => {
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
        debtor_routing_number: null,
        description: reverse.description,
        input_cycle_date: cycleDate(reverse.at),
        input_message_accountability_data: inputMessageAccountabilityData(reverse.at, reverse.inputSequenceNumber),
        input_sequence_number: reverse.inputSequenceNumber,
        input_source: inputSource,
        instruction_identification: null,
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

/** Applies `command` to `transfer`, or refuses it (409) when the status does not allow it. */
export const transition = (
  transfer: WireTransfer,
  command: Command
): Result.Result<Transition, InvalidOperationError> =>
  allowedFrom[command._tag].includes(transfer.status)
    ? Result.succeed(apply(transfer, command))
    : Result.fail(
      new InvalidOperationError({
        detail: `wire transfer ${transfer.id} cannot be ${
          verbs[command._tag]
        }: its status is ${transfer.status} (needs ${allowedFrom[command._tag].join(" or ")})`
      })
    )
