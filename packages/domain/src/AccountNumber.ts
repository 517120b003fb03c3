/**
 * Account numbers route money into an account from outside (ACH, wires,
 * checks). An account can have many; each can be disabled or canceled on its own.
 */
import { Schema } from "effect"
import { AccountId, AccountNumberId } from "./Ids.js"
import { CommaSeparated } from "./ListParameters.js"
import { IdempotencyKey } from "./Text.js"
import { ShortText } from "./Text.js"
import { Timestamp } from "./Timestamp.js"

/** A US account number as typed in a request: digits only, at most 17 of them. */
export const AccountNumberDigits = Schema.String.check(
  Schema.isPattern(/^\d{1,17}$/u, { message: "must be 1 to 17 digits" })
).annotate({ identifier: "AccountNumberDigits" })

/** The routing number of the accounts this service holds (valid ABA check digit). */
export const bankRoutingNumber = "101050001"

export const AccountNumberStatus = Schema.Literals(["active", "disabled", "canceled"])
export type AccountNumberStatus = typeof AccountNumberStatus.Type

export const InboundAch = Schema.Struct({
  debit_status: Schema.Literals(["allowed", "blocked"])
})

export const InboundChecks = Schema.Struct({
  status: Schema.Literals(["allowed", "check_transfers_only"])
})

export class AccountNumber extends Schema.Class<AccountNumber>("AccountNumber")({
  id: AccountNumberId,
  account_id: AccountId,
  account_number: Schema.String,
  created_at: Timestamp,
  idempotency_key: Schema.NullOr(Schema.String),
  inbound_ach: InboundAch,
  inbound_checks: InboundChecks,
  name: Schema.String,
  routing_number: Schema.String,
  status: AccountNumberStatus,
  type: Schema.tag("account_number")
}) {}

/** `POST /account_numbers`. */
export const CreateAccountNumber = Schema.Struct({
  account_id: AccountId,
  name: ShortText,
  inbound_ach: Schema.optionalKey(InboundAch),
  inbound_checks: Schema.optionalKey(InboundChecks)
}).annotate({ identifier: "CreateAccountNumber" })
export type CreateAccountNumber = typeof CreateAccountNumber.Type

/** `PATCH /account_numbers/{id}`. */
export const UpdateAccountNumber = Schema.Struct({
  name: Schema.optionalKey(ShortText),
  status: Schema.optionalKey(AccountNumberStatus),
  inbound_ach: Schema.optionalKey(Schema.Struct({ debit_status: Schema.optionalKey(InboundAch.fields.debit_status) })),
  inbound_checks: Schema.optionalKey(InboundChecks)
}).annotate({ identifier: "UpdateAccountNumber" })
export type UpdateAccountNumber = typeof UpdateAccountNumber.Type

/** `GET /account_numbers` filters (beside the paging of `ListParameters`). */
export const AccountNumberFilter = Schema.Struct({
  account_id: Schema.optional(AccountId),
  idempotency_key: Schema.optional(IdempotencyKey),
  "status.in": Schema.optional(CommaSeparated(AccountNumberStatus)),
  "ach_debit_status.in": Schema.optional(CommaSeparated(InboundAch.fields.debit_status))
})
export type AccountNumberFilter = typeof AccountNumberFilter.Type
