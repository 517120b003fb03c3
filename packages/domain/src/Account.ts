/**
 * Accounts hold money. Only the fields the service needs are modelled; the
 * shape follows the public SDK so that its clients decode what we send.
 */
import { Option, Schema } from "effect"
import { AccountId, EntityId, ProgramId } from "./Ids.js"
import { CommaSeparated } from "./ListParameters.js"
import { Amount, Currency } from "./Money.js"
import { IdempotencyKey } from "./Text.js"
import { ShortText } from "./Text.js"
import { Timestamp } from "./Timestamp.js"

export const AccountStatus = Schema.Literals(["open", "closed"])
export type AccountStatus = typeof AccountStatus.Type

export class Account extends Schema.Class<Account>("Account")({
  id: AccountId,
  name: Schema.String,
  status: AccountStatus,
  currency: Currency,
  bank: Schema.Literals(["core_bank", "first_internet_bank", "grasshopper_bank", "increase_bank"]),
  entity_id: Schema.NullOr(EntityId),
  informational_entity_id: Schema.NullOr(EntityId),
  program_id: Schema.NullOr(ProgramId),
  funding: Schema.Literals(["loan", "deposits"]),
  interest_rate: Schema.String,
  account_revenue_rate: Schema.NullOr(Schema.String),
  loan: Schema.Null,
  idempotency_key: Schema.NullOr(Schema.String),
  created_at: Timestamp,
  closed_at: Schema.NullOr(Timestamp),
  type: Schema.tag("account")
}) {}

export const CreateAccount = Schema.Struct({
  name: ShortText,
  entity_id: Schema.optionalKey(EntityId),
  informational_entity_id: Schema.optionalKey(EntityId),
  program_id: Schema.optionalKey(ProgramId),
  // The SDK's `funding`: only deposit accounts are offered (no loans), so `loan` is refused.
  funding: Schema.optionalKey(Schema.Literal("deposits"))
}).annotate({ identifier: "CreateAccount" })
export type CreateAccount = typeof CreateAccount.Type

/**
 * Who owns a new account: the entity the request names, else the group's own
 * (its oldest active entity), as every Increase account has an owner (SDK 0.583
 * types `entity_id` as a string). Null only for a group with no entity yet.
 */
export const owningEntity = (
  requested: EntityId | undefined,
  groupEntity: Option.Option<EntityId>
): EntityId | null => requested ?? Option.getOrNull(groupEntity)

/** current = Σ posted transactions; available = current − Σ open holds. */
export class BalanceLookup extends Schema.Class<BalanceLookup>("BalanceLookup")({
  account_id: AccountId,
  current_balance: Amount,
  available_balance: Amount,
  loan: Schema.Null,
  type: Schema.tag("balance_lookup")
}) {}

/** `GET /accounts` filters (beside the paging of `ListParameters`). */
export const AccountFilter = Schema.Struct({
  entity_id: Schema.optional(EntityId),
  informational_entity_id: Schema.optional(EntityId),
  program_id: Schema.optional(ProgramId),
  idempotency_key: Schema.optional(IdempotencyKey),
  "status.in": Schema.optional(CommaSeparated(AccountStatus))
})
export type AccountFilter = typeof AccountFilter.Type
