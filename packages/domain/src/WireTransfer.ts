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
import { described } from "./Described.js"
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
import { Reversal } from "./WireTransferReversal.js"

export { Reversal } from "./WireTransferReversal.js"

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
  approved_at: described(Timestamp, "When the transfer was approved (ISO 8601, UTC)."),
  approved_by: described(
    Schema.NullOr(Schema.String),
    "The email address of the dashboard user who approved the transfer; null when it was approved through the API (API keys are not users)."
  )
})
export type Approval = typeof Approval.Type

export const Cancellation = Schema.Struct({
  canceled_at: described(Timestamp, "When the transfer was canceled (ISO 8601, UTC)."),
  canceled_by: described(
    Schema.NullOr(Schema.String),
    "The email address of the dashboard user who canceled the transfer; null when it was canceled through the API."
  )
})
export type Cancellation = typeof Cancellation.Type

/** Who created the object: exactly the detail named by `category` is populated. */
export const CreatedBy = Schema.Union([
  Schema.Struct({
    category: described(
      Schema.Literal("api_key"),
      "What created the object. `api_key`: an API key (`api_key` is set). `oauth_application`: an OAuth application acting for a user (`oauth_application` is set). `user`: a person in the dashboard (`user` is set)."
    ),
    api_key: described(
      Schema.Struct({
        description: described(Schema.NullOr(Schema.String), "The description of the API key; null when it has none.")
      }),
      "The API key that created the object; set if and only if `category` is `api_key`."
    ),
    oauth_application: described(
      Schema.Null,
      "The OAuth application that created the object; null unless `category` is `oauth_application`."
    ),
    user: described(Schema.Null, "The dashboard user who created the object; null unless `category` is `user`.")
  }),
  Schema.Struct({
    category: described(
      Schema.Literal("oauth_application"),
      "What created the object. `api_key`: an API key (`api_key` is set). `oauth_application`: an OAuth application acting for a user (`oauth_application` is set). `user`: a person in the dashboard (`user` is set)."
    ),
    api_key: described(Schema.Null, "The API key that created the object; null unless `category` is `api_key`."),
    oauth_application: described(
      Schema.Struct({ name: described(Schema.String, "The name of the OAuth application.") }),
      "The OAuth application that created the object; set if and only if `category` is `oauth_application`."
    ),
    user: described(Schema.Null, "The dashboard user who created the object; null unless `category` is `user`.")
  }),
  Schema.Struct({
    category: described(
      Schema.Literal("user"),
      "What created the object. `api_key`: an API key (`api_key` is set). `oauth_application`: an OAuth application acting for a user (`oauth_application` is set). `user`: a person in the dashboard (`user` is set)."
    ),
    api_key: described(Schema.Null, "The API key that created the object; null unless `category` is `api_key`."),
    oauth_application: described(
      Schema.Null,
      "The OAuth application that created the object; null unless `category` is `oauth_application`."
    ),
    user: described(
      Schema.Struct({ email: described(Schema.String, "The email address of the user.") }),
      "The dashboard user who created the object; set if and only if `category` is `user`."
    )
  })
]).annotate({
  identifier: "CreatedBy",
  description: "What created the object: `category` names it, and only the object of that category is set."
})
export type CreatedBy = typeof CreatedBy.Type

/** `created_by` of an object created through an API key. */
export const createdByApiKey = (description: string | null): CreatedBy => ({
  category: "api_key",
  api_key: { description },
  oauth_application: null,
  user: null
})

export const UnstructuredAddress = Schema.Struct({
  line1: described(Schema.NullOr(Schema.String), "The first line of the address; null when not given."),
  line2: described(Schema.NullOr(Schema.String), "The second line of the address; null when not given."),
  line3: described(Schema.NullOr(Schema.String), "The third line of the address; null when not given.")
})

export const PartyAddress = Schema.Struct({
  unstructured: described(Schema.NullOr(UnstructuredAddress), "The address as unstructured lines; null when none.")
})

/** The creditor (recipient) or the debtor (whose funds move). */
export const Party = Schema.Struct({
  name: described(Schema.NullOr(Schema.String), "The name of the person or business; null when not known."),
  address: described(Schema.NullOr(PartyAddress), "The address of the person or business; null when none was given.")
})
export type Party = typeof Party.Type

export const TaxRemittance = Schema.Struct({
  date: described(Schema.String, "The month and year the tax payment is for, as `YYYY-MM-DD` (the day is ignored)."),
  identification_number: described(
    Schema.String,
    "The 9-digit Taxpayer Identification Number (TIN) or Employer Identification Number (EIN)."
  ),
  type_code: described(Schema.String, "The 5-character tax type code.")
})

export const UnstructuredRemittance = Schema.Struct({
  message: described(Schema.String, "The free-text message sent to the recipient with the transfer.")
})

/** Remittance information: the detail named by `category` is the populated one. */
export const Remittance = Schema.Union([
  Schema.Struct({
    category: described(
      Schema.Literal("unstructured"),
      "The kind of remittance information. `unstructured`: a free-text message (`unstructured` is set). `tax`: a tax payment to the Internal Revenue Service (IRS) (`tax` is set)."
    ),
    unstructured: described(
      UnstructuredRemittance,
      "The free-text remittance information; set if and only if `category` is `unstructured`."
    ),
    tax: described(Schema.Null, "The IRS tax payment information; null unless `category` is `tax`.")
  }),
  Schema.Struct({
    category: described(
      Schema.Literal("tax"),
      "The kind of remittance information. `unstructured`: a free-text message (`unstructured` is set). `tax`: a tax payment to the Internal Revenue Service (IRS) (`tax` is set)."
    ),
    tax: described(TaxRemittance, "The IRS tax payment information; set if and only if `category` is `tax`."),
    unstructured: described(
      Schema.Null,
      "The free-text remittance information; null unless `category` is `unstructured`."
    )
  })
]).annotate({
  identifier: "Remittance",
  description:
    "Remittance information sent with a wire: `category` names it, and only the object of that category is set."
})
export type Remittance = typeof Remittance.Type

export const Submission = Schema.Struct({
  input_message_accountability_data: described(
    Schema.String,
    "The Fedwire transaction identifier (IMAD) of the transfer's message: the Fedwire cycle date, the input source and a 6-digit sequence number."
  ),
  submitted_at: described(Timestamp, "When the transfer was submitted to the wire network (ISO 8601, UTC).")
})
export type Submission = typeof Submission.Type

export class WireTransfer extends Schema.Class<WireTransfer>("WireTransfer")({
  id: described(WireTransferId, "The wire transfer's identifier."),
  account_id: described(AccountId, "The account the transfer is sent from."),
  account_number: described(
    Schema.String,
    "The destination account number (the external account's when the transfer was made to one)."
  ),
  amount: described(Amount, "The transfer amount in USD cents."),
  approval: described(
    Schema.NullOr(Approval),
    "Who approved the transfer and when; set when the transfer required approval and was approved, null otherwise."
  ),
  cancellation: described(
    Schema.NullOr(Cancellation),
    "Who canceled the transfer and when; set when the transfer required approval and was canceled instead, null otherwise."
  ),
  created_at: described(Timestamp, "When the transfer was created (ISO 8601, UTC)."),
  created_by: described(
    Schema.NullOr(CreatedBy),
    "What created the transfer: through the API, an API key with its description; null when not known."
  ),
  creditor: described(Schema.NullOr(Party), "The person or business receiving the funds; null when not known."),
  currency: described(
    Currency,
    "The ISO 4217 code of the transfer's currency. Always `USD`: wires move US dollars only."
  ),
  debtor: described(
    Schema.NullOr(Party),
    "The person or business whose funds are transferred: the one given on creation, else the account's entity (its name and address); null when the account has no entity."
  ),
  external_account_id: described(
    Schema.NullOr(ExternalAccountId),
    "The external account the transfer was made to; null when it was sent to an account number and routing number given directly."
  ),
  idempotency_key: described(
    Schema.NullOr(Schema.String),
    "The `Idempotency-Key` of the request that created the transfer, unique across the service; null when it was created without one."
  ),
  inbound_wire_drawdown_request_id: described(
    Schema.NullOr(InboundWireDrawdownRequestId),
    "The inbound wire drawdown request this transfer answers, as given on creation (not checked: drawdown requests are not modelled); null when none."
  ),
  network: described(Schema.Literal("wire"), "The transfer's network. Always `wire`."),
  pending_transaction_id: described(
    Schema.NullOr(PendingTransactionId),
    "The pending transaction holding the amount while the transfer awaits approval; null when the transfer did not require approval."
  ),
  remittance: described(
    Schema.NullOr(Remittance),
    "The remittance information sent with the transfer; null when none."
  ),
  reversal: described(
    Schema.NullOr(Reversal),
    "The reversal, once the recipient's bank returned the transfer (`status` `reversed`); null otherwise."
  ),
  routing_number: described(
    Schema.String,
    "The American Bankers' Association (ABA) routing transit number of the destination bank, nine digits."
  ),
  source_account_number_id: described(
    Schema.NullOr(AccountNumberId),
    "The account number shown to the recipient as the sender's; null when none was chosen."
  ),
  status: described(
    WireTransferStatus,
    "Where the transfer stands. `pending_approval`: waiting for approval (created with `require_approval`). `canceled`: canceled before approval. `pending_reviewing`: under review by the service. `rejected`: rejected by the service. `requires_attention`: needs a service operator. `pending_creating`: approved (or not needing approval), waiting to be sent. `submitted`: sent to the wire network. `complete`: acknowledged by the wire network. `reversed`: returned by the recipient's bank. The sandbox's submit simulation makes a transfer `complete` at once."
  ),
  submission: described(
    Schema.NullOr(Submission),
    "Details of the submission to the wire network, once submitted; null before."
  ),
  transaction_id: described(
    Schema.NullOr(TransactionId),
    "The transaction that debited the account for the transfer; null until the transfer is funded (while awaiting approval, or when canceled)."
  ),
  unique_end_to_end_transaction_reference: described(
    Schema.NullOr(Schema.String),
    "The transfer's unique end-to-end transaction reference (UETR), a UUID set when it is submitted; null before."
  ),
  type: described(Schema.tag("wire_transfer"), "Always `wire_transfer`: the type of this object.")
}) {}

/** A transfer built by this module's transitions, validated by its class's constructor as every transfer is. */
const transferOf = (fields: ConstructorParameters<typeof WireTransfer>[0]): WireTransfer => new WireTransfer(fields)

// ---------------------------------------------------------------------------
// The create body
// ---------------------------------------------------------------------------

export const UnstructuredAddressInput = Schema.Struct({
  line1: described(ShortText, "The first line of the address (1 to 200 characters)."),
  line2: Schema.optionalKey(described(ShortText, "The second line of the address (1 to 200 characters).")),
  line3: Schema.optionalKey(described(ShortText, "The third line of the address (1 to 200 characters)."))
})

/** `address` is optional, but when it is given its `unstructured` lines are required. */
export const PartyAddressInput = Schema.Struct({
  unstructured: described(
    UnstructuredAddressInput,
    "The address as unstructured lines; required when `address` is given."
  )
})

export const PartyInput = Schema.Struct({
  name: described(ShortText, "The name of the person or business (1 to 200 characters)."),
  address: Schema.optionalKey(described(PartyAddressInput, "The address of the person or business."))
})
export type PartyInput = typeof PartyInput.Type

export const TaxRemittanceInput = Schema.Struct({
  date: described(CalendarDate, "The month and year the tax payment is for, as `YYYY-MM-DD` (the day is ignored)."),
  identification_number: described(
    Schema.String.check(Schema.isPattern(/^\d{9}$/u, { message: "must be a 9-digit TIN or EIN" })),
    "The 9-digit Taxpayer Identification Number (TIN) or Employer Identification Number (EIN)."
  ),
  type_code: described(
    Schema.String.check(Schema.isBetweenLength(5, 5, { message: "must be 5 characters" })),
    "The 5-character tax type code."
  )
})

export const UnstructuredRemittanceInput = Schema.Struct({
  message: described(ShortText, "A free-text message for the recipient (1 to 200 characters).")
})

export const RemittanceCategory = Schema.Literals(["unstructured", "tax"])
export type RemittanceCategory = typeof RemittanceCategory.Type

/** The detail named by `category` is required, the other one must be absent. */
export const RemittanceInput = Schema.Struct({
  category: described(
    RemittanceCategory,
    "The kind of remittance information. `unstructured`: a free-text message; `unstructured` is required. `tax`: a tax payment to the Internal Revenue Service (IRS); `tax` is required."
  ),
  unstructured: Schema.optionalKey(
    described(
      UnstructuredRemittanceInput,
      "The free-text remittance information; required when `category` is `unstructured`, absent otherwise."
    )
  ),
  tax: Schema.optionalKey(
    described(
      TaxRemittanceInput,
      "The IRS tax payment information; required when `category` is `tax`, absent otherwise."
    )
  )
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
  account_id: described(Schema.optional(AccountId), "Only the transfers sent from this account."),
  external_account_id: described(
    Schema.optional(ExternalAccountId),
    "Only the transfers made to this external account."
  ),
  idempotency_key: described(
    Schema.optional(IdempotencyKey),
    "Only the transfer created with this `Idempotency-Key` (at most one)."
  ),
  "status.in": Schema.optional(CommaSeparated(WireTransferStatus))
})
export type WireTransferFilter = typeof WireTransferFilter.Type

/** `POST /wire_transfers`. */
export const CreateWireTransfer = Schema.Struct({
  account_id: described(
    AccountId,
    "The account that sends the transfer; its available balance must cover the amount (409 otherwise)."
  ),
  amount: described(PositiveAmount, "The transfer amount in USD cents; a positive integer."),
  creditor: described(PartyInput, "The person or business receiving the funds."),
  remittance: described(RemittanceInput, "The remittance information sent with the transfer."),
  account_number: Schema.optionalKey(
    described(
      AccountNumberDigits,
      "The destination account number (1 to 17 digits); required unless `external_account_id` is given, then absent."
    )
  ),
  routing_number: Schema.optionalKey(
    described(
      RoutingNumber,
      "The destination bank's American Bankers' Association (ABA) routing transit number (nine digits, with a valid check digit); required unless `external_account_id` is given, then absent."
    )
  ),
  external_account_id: Schema.optionalKey(
    described(
      ExternalAccountId,
      "An external account to send the transfer to, instead of `account_number` and `routing_number` (which must then be absent)."
    )
  ),
  debtor: Schema.optionalKey(
    described(
      PartyInput,
      "The person or business whose funds are transferred; needed only when sending from a commingled account, otherwise the account's entity is used."
    )
  ),
  inbound_wire_drawdown_request_id: Schema.optionalKey(
    described(
      InboundWireDrawdownRequestId,
      "The inbound wire drawdown request this transfer answers (echoed, not checked)."
    )
  ),
  require_approval: Schema.optionalKey(
    described(
      Schema.Boolean,
      "Whether the transfer waits for an explicit approval (`POST /wire_transfers/{wire_transfer_id}/approve`) before it is sent: a pending transaction holds the amount meanwhile. Default false."
    )
  ),
  source_account_number_id: Schema.optionalKey(
    described(
      AccountNumberId,
      "An account number of the sending account to show to the recipient as the sender's; it must be `active`."
    )
  )
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
