/**
 * External accounts: saved destinations at other banks that transfers (wires)
 * can name instead of repeating an account and routing number.
 */
import { Schema } from "effect"
import { AccountNumberDigits } from "./AccountNumber.js"
import { ExternalAccountId } from "./Ids.js"
import { CommaSeparated } from "./ListParameters.js"
import { RoutingNumber } from "./RoutingNumber.js"
import { IdempotencyKey } from "./Text.js"
import { ShortText } from "./Text.js"
import { Timestamp } from "./Timestamp.js"

export const ExternalAccountStatus = Schema.Literals(["active", "archived"])
export type ExternalAccountStatus = typeof ExternalAccountStatus.Type

export const AccountHolder = Schema.Literals(["business", "individual", "unknown"])
export type AccountHolder = typeof AccountHolder.Type

export const Funding = Schema.Literals(["checking", "savings", "general_ledger", "other"])
export type Funding = typeof Funding.Type

export class ExternalAccount extends Schema.Class<ExternalAccount>("ExternalAccount")({
  id: ExternalAccountId,
  account_holder: AccountHolder,
  account_number: Schema.String,
  created_at: Timestamp,
  description: Schema.String,
  funding: Funding,
  idempotency_key: Schema.NullOr(Schema.String),
  routing_number: Schema.String,
  status: ExternalAccountStatus,
  type: Schema.tag("external_account")
}) {}

/** `POST /external_accounts`. */
export const CreateExternalAccount = Schema.Struct({
  account_number: AccountNumberDigits,
  description: ShortText,
  routing_number: RoutingNumber,
  account_holder: Schema.optionalKey(AccountHolder),
  funding: Schema.optionalKey(Funding)
}).annotate({ identifier: "CreateExternalAccount" })
export type CreateExternalAccount = typeof CreateExternalAccount.Type

/** `PATCH /external_accounts/{id}`: an archived account can be made active again. */
export const UpdateExternalAccount = Schema.Struct({
  account_holder: Schema.optionalKey(Schema.Literals(["business", "individual"])),
  description: Schema.optionalKey(ShortText),
  funding: Schema.optionalKey(Funding),
  status: Schema.optionalKey(ExternalAccountStatus)
}).annotate({ identifier: "UpdateExternalAccount" })
export type UpdateExternalAccount = typeof UpdateExternalAccount.Type

/** `GET /external_accounts` filters (beside the paging of `ListParameters`). */
export const ExternalAccountFilter = Schema.Struct({
  idempotency_key: Schema.optional(IdempotencyKey),
  routing_number: Schema.optional(RoutingNumber),
  "status.in": Schema.optional(CommaSeparated(ExternalAccountStatus))
})
export type ExternalAccountFilter = typeof ExternalAccountFilter.Type
