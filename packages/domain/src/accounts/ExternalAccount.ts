/**
 * External accounts: saved destinations at other banks that transfers (wires)
 * can name instead of repeating an account and routing number.
 */
import { Schema } from "effect"
import { described } from "../core/Described.js"
import { ExternalAccountId } from "../core/Ids.js"
import { CommaSeparated, idempotencyKeyFilterDescription } from "../core/ListParameters.js"
import { IdempotencyKey, idempotencyKeyFieldDescription, ShortText } from "../core/Text.js"
import { Timestamp } from "../core/Timestamp.js"
import { type PendingEvent, pendingEvent } from "../events/Event.js"
import { AccountNumberDigits } from "./AccountNumber.js"
import { RoutingNumber } from "./RoutingNumber.js"

export const ExternalAccountStatus = Schema.Literals(["active", "archived"])
export type ExternalAccountStatus = typeof ExternalAccountStatus.Type

export const AccountHolder = Schema.Literals(["business", "individual", "unknown"])
export type AccountHolder = typeof AccountHolder.Type

export const Funding = Schema.Literals(["checking", "savings", "general_ledger", "other"])
export type Funding = typeof Funding.Type

const accountHolderDescription =
  "What kind of entity owns the External Account. `business`: a business. `individual`: an individual. `unknown`: not known."

const fundingDescription =
  "The kind of account it is. `checking`: a checking account. `savings`: a savings account. `general_ledger`: a general ledger account. `other`: another kind."

const statusDescription =
  "The status of the External Account. `active`: in use. `archived`: kept but set aside (it can be made active again)."

export class ExternalAccount extends Schema.Class<ExternalAccount>("ExternalAccount")({
  id: described(ExternalAccountId, "The External Account identifier."),
  account_holder: described(AccountHolder, accountHolderDescription),
  account_number: described(Schema.String, "The account number of the account at the other bank."),
  created_at: described(Timestamp, "When the External Account was created (ISO 8601, UTC)."),
  description: described(Schema.String, "The description you gave the External Account, for display."),
  funding: described(Funding, fundingDescription),
  idempotency_key: described(Schema.NullOr(Schema.String), idempotencyKeyFieldDescription),
  routing_number: described(
    Schema.String,
    "The American Bankers' Association (ABA) routing transit number of the other bank."
  ),
  status: described(ExternalAccountStatus, statusDescription),
  type: described(Schema.tag("external_account"), "Always `external_account`: the type of this object.")
}) {}

/** `POST /external_accounts`. */
export const CreateExternalAccount = Schema.Struct({
  account_number: described(
    AccountNumberDigits,
    "The account number of the account at the other bank, 1 to 17 digits."
  ),
  description: described(ShortText, "A description of the External Account for display, 1 to 200 characters."),
  routing_number: described(
    RoutingNumber,
    "The American Bankers' Association (ABA) routing transit number of the other bank: nine digits with a valid check digit."
  ),
  account_holder: Schema.optionalKey(described(AccountHolder, `${accountHolderDescription} \`unknown\` when omitted.`)),
  funding: Schema.optionalKey(described(Funding, `${fundingDescription} \`checking\` when omitted.`))
}).annotate({ identifier: "CreateExternalAccount" })
export type CreateExternalAccount = typeof CreateExternalAccount.Type

/** `PATCH /external_accounts/{id}`: an archived account can be made active again. */
export const UpdateExternalAccount = Schema.Struct({
  account_holder: Schema.optionalKey(
    described(
      Schema.Literals(["business", "individual"]),
      "What kind of entity owns the External Account. `business`: a business. `individual`: an individual."
    )
  ),
  description: Schema.optionalKey(
    described(ShortText, "The new description of the External Account, 1 to 200 characters.")
  ),
  funding: Schema.optionalKey(described(Funding, fundingDescription)),
  status: Schema.optionalKey(described(ExternalAccountStatus, statusDescription))
}).annotate({ identifier: "UpdateExternalAccount" })
export type UpdateExternalAccount = typeof UpdateExternalAccount.Type

export interface Transition {
  readonly next: ExternalAccount
  readonly events: ReadonlyArray<PendingEvent>
}

export interface CreateInput {
  readonly id: ExternalAccountId
  readonly createdAt: Timestamp
  readonly idempotencyKey: string | null
  readonly body: CreateExternalAccount
}

/** A new external account: active; its holder `unknown` and its funding `checking` unless given. Emits `external_account.created`. */
export const create = (input: CreateInput): Transition => {
  const next = new ExternalAccount({
    id: input.id,
    account_holder: input.body.account_holder ?? "unknown",
    account_number: input.body.account_number,
    created_at: input.createdAt,
    description: input.body.description,
    funding: input.body.funding ?? "checking",
    idempotency_key: input.idempotencyKey,
    routing_number: input.body.routing_number,
    status: "active"
  })
  return { next, events: [pendingEvent("external_account.created", "external_account", next.id)] }
}

/**
 * `PATCH`: each field the body gives replaces the account's, the others stay
 * (an archived account can be made active again). Emits `external_account.updated`.
 */
export const update = (current: ExternalAccount, body: UpdateExternalAccount): Transition => {
  const next = new ExternalAccount({
    ...current,
    account_holder: body.account_holder ?? current.account_holder,
    description: body.description ?? current.description,
    funding: body.funding ?? current.funding,
    status: body.status ?? current.status
  })
  return { next, events: [pendingEvent("external_account.updated", "external_account", next.id)] }
}

/** `GET /external_accounts` filters (beside the paging of `ListParameters`). */
export const ExternalAccountFilter = Schema.Struct({
  idempotency_key: Schema.optional(IdempotencyKey).annotateKey({ description: idempotencyKeyFilterDescription }),
  routing_number: Schema.optional(RoutingNumber).annotateKey({
    description: "Return only the External Accounts at the bank of this routing number."
  }),
  "status.in": Schema.optional(CommaSeparated(ExternalAccountStatus)).annotateKey({
    description: "Return only External Accounts with one of these statuses, comma-separated: `active`, `archived`."
  })
})
export type ExternalAccountFilter = typeof ExternalAccountFilter.Type
