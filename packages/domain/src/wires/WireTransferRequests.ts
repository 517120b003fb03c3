/**
 * What a client sends about wire transfers: the create body, with the rules
 * a body must follow on its own, and the list filter.
 */
import { Schema } from "effect"
import { AccountNumberDigits } from "../accounts/AccountNumber.js"
import { RoutingNumber } from "../accounts/RoutingNumber.js"
import { described } from "../core/Described.js"
import { AccountId, AccountNumberId, ExternalAccountId, InboundWireDrawdownRequestId } from "../core/Ids.js"
import { CommaSeparated } from "../core/ListParameters.js"
import { IdempotencyKey, ShortText } from "../core/Text.js"
import { CalendarDate } from "../core/Timestamp.js"
import { PositiveAmount } from "../money/Money.js"

import { WireTransferStatus } from "./WireTransferObject.js"
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
      "The inbound wire drawdown request this transfer answers: one of yours (404 otherwise)."
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
