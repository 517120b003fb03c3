/**
 * The wire transfer object as the API shows it: its status, approval,
 * cancellation, creator, parties, remittance, submission and reversal. The
 * rules that build and move it are in `WireTransfer`.
 */
import { Schema } from "effect"
import { described } from "../core/Described.js"
import {
  AccountId,
  AccountNumberId,
  ExternalAccountId,
  InboundWireDrawdownRequestId,
  PendingTransactionId,
  TransactionId,
  WireTransferId
} from "../core/Ids.js"
import { Timestamp } from "../core/Timestamp.js"
import { Amount, Currency } from "../money/Money.js"
import { Reversal } from "./WireTransferReversal.js"

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
