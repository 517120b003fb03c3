/**
 * Accounts hold money. Only the fields the service needs are modelled; the
 * shape follows the public SDK so that its clients decode what we send.
 */
import { Option, Result, Schema } from "effect"
import { described } from "../core/Described.js"
import type { Environment } from "../core/Environment.js"
import { FieldError, ObjectNotFoundError } from "../core/Errors.js"
import { AccountId, EntityId, ProgramId } from "../core/Ids.js"
import { CommaSeparated, idempotencyKeyFilterDescription } from "../core/ListParameters.js"
import { AccountBalanceNotZero, AccountClosed, AccountNotALoan, namingFields } from "../core/Refusals.js"
import { IdempotencyKey, idempotencyKeyFieldDescription, ShortText } from "../core/Text.js"
import { Timestamp } from "../core/Timestamp.js"
import { type PendingEvent, pendingEvent } from "../events/Event.js"
import { Amount, Currency } from "../money/Money.js"

export const AccountStatus = Schema.Literals(["open", "closed"])
export type AccountStatus = typeof AccountStatus.Type

const statusDescription =
  "The status of the Account. `open`: ready to use. `closed`: closed; no new activity can occur on it."

export class Account extends Schema.Class<Account>("Account")({
  id: described(AccountId, "The Account identifier."),
  name: described(Schema.String, "The name you chose for the Account."),
  status: described(AccountStatus, statusDescription),
  currency: described(
    Currency,
    "The ISO 4217 code of the Account's currency. `USD`: US Dollar, the only currency the service holds."
  ),
  bank: described(
    Schema.Literals(["core_bank", "first_internet_bank", "grasshopper_bank", "increase_bank"]),
    "The bank the Account is with. `core_bank`: Core Bank. `first_internet_bank`: First Internet Bank of Indiana. `grasshopper_bank`: Grasshopper Bank. `increase_bank`: Increase Bank (every Account of this service)."
  ),
  entity_id: described(
    Schema.NullOr(EntityId),
    "The identifier of the Entity that owns the Account; null only for an Account created before its group had an Entity."
  ),
  informational_entity_id: described(
    Schema.NullOr(EntityId),
    "The identifier of an Entity that, while not owning the Account, is associated with its activity (generally the beneficiary of its funds); null when none was given."
  ),
  program_id: described(
    Schema.NullOr(ProgramId),
    "The identifier of the Program that sets the compliance and commercial terms of the Account; null when none was given."
  ),
  funding: described(
    Schema.Literals(["loan", "deposits"]),
    "Whether the Account is funded by a loan or by deposits. `deposits`: funded by deposits (every Account of this service). `loan`: funded by a loan."
  ),
  interest_rate: described(
    Schema.String,
    "The interest rate the Account earns, as a decimal number in a string: a 1% rate is `\"0.01\"`."
  ),
  account_revenue_rate: described(
    Schema.NullOr(Schema.String),
    "The account revenue rate (non-interest income accrued on the Account) as a decimal number in a string, `\"0.01\"` for 1%; null when the Account earns none."
  ),
  loan: described(
    Schema.Null,
    "The loan terms of a loan Account; always null, as every Account is funded by deposits."
  ),
  idempotency_key: described(Schema.NullOr(Schema.String), idempotencyKeyFieldDescription),
  created_at: described(Timestamp, "When the Account was created (ISO 8601, UTC)."),
  closed_at: described(Schema.NullOr(Timestamp), "When the Account was closed (ISO 8601, UTC); null while it is open."),
  type: described(Schema.tag("account"), "Always `account`: the type of this object.")
}) {}

export const CreateAccount = Schema.Struct({
  name: described(ShortText, "The name you choose for the Account, 1 to 200 characters."),
  entity_id: Schema.optionalKey(
    described(EntityId, "The identifier of the Entity that will own the Account; your group's own Entity when omitted.")
  ),
  informational_entity_id: Schema.optionalKey(
    described(
      EntityId,
      "The identifier of an Entity that, while not owning the Account, is associated with its activity (generally the beneficiary of its funds)."
    )
  ),
  program_id: Schema.optionalKey(
    described(ProgramId, "The identifier of the Program that sets the Account's compliance and commercial terms.")
  ),
  // The SDK's `funding`: only deposit accounts are offered (no loans), so `loan` is refused.
  funding: Schema.optionalKey(
    described(
      Schema.Literal("deposits"),
      "How the Account is funded. `deposits`: by deposits, the only kind offered (and the default)."
    )
  )
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

/** Whether a new account is owned by its group's own entity (the body names none): the bank then loads it. */
export const ownedByGroupEntity = (body: CreateAccount): boolean => body.entity_id === undefined

/**
 * Each environment has one program: accounts created without a `program_id`
 * join it, and no other id names a program of the caller's.
 */
export const programIdOf = (environment: Environment): ProgramId =>
  ProgramId.make(environment === "live" ? "program_live0000000000000000" : "program_sandbox0000000000000")

/** The program a new account joins: its environment's; a `program_id` naming any other is not the caller's (404). */
export const programOf = (
  environment: Environment,
  requested: ProgramId | undefined
): Result.Result<ProgramId, ObjectNotFoundError> => {
  const programId = programIdOf(environment)
  return requested === undefined || requested === programId
    ? Result.succeed(programId)
    : Result.fail(new ObjectNotFoundError({ objectType: "program", id: requested }))
}

export interface CreateInput {
  readonly id: AccountId
  readonly createdAt: Timestamp
  readonly idempotencyKey: string | null
  readonly body: CreateAccount
  readonly environment: Environment
  /** The group's own entity (its oldest active), loaded when `ownedByGroupEntity`. */
  readonly groupEntity: Option.Option<EntityId>
}

/**
 * A new account: open, in USD, funded by deposits at no interest, in its
 * environment's program (404 for another), owned by `owningEntity`. Emits `account.created`.
 */
export const create = (
  input: CreateInput
): Result.Result<{ readonly next: Account; readonly events: ReadonlyArray<PendingEvent> }, ObjectNotFoundError> =>
  Result.map(programOf(input.environment, input.body.program_id), (programId) => {
    const next = new Account({
      id: input.id,
      name: input.body.name,
      status: "open",
      currency: "USD",
      bank: "core_bank",
      entity_id: owningEntity(input.body.entity_id, input.groupEntity),
      informational_entity_id: input.body.informational_entity_id ?? null,
      program_id: programId,
      funding: "deposits",
      interest_rate: "0.0",
      account_revenue_rate: null,
      loan: null,
      idempotency_key: input.idempotencyKey,
      created_at: input.createdAt,
      closed_at: null
    })
    return { next, events: [pendingEvent("account.created", "account", next.id)] }
  })

/** `PATCH /accounts/{id}`: the fields the SDK 0.583's `accounts.update` takes. */
export const UpdateAccount = Schema.Struct({
  name: Schema.optionalKey(described(ShortText, "The new name of the Account, 1 to 200 characters.")),
  loan: Schema.optionalKey(
    described(
      Schema.Struct({
        credit_limit: described(Amount, "The most money that can be drawn from the Account, in cents.")
      }),
      "The loan terms of a loan Account. Every Account here is funded by deposits, so giving them is refused (400)."
    )
  )
}).annotate({ identifier: "UpdateAccount" })
export type UpdateAccount = typeof UpdateAccount.Type

export interface Transition {
  readonly next: Account
  readonly events: ReadonlyArray<PendingEvent>
}

const closedRefusal = (account: Account) =>
  new AccountClosed({ detail: `Account ${account.id} is closed: it takes no changes and no new money movement.` })

/** The account, if it is open: a closed one takes no change and no new money movement (409). */
export const requireOpen = (account: Account): Result.Result<Account, AccountClosed> =>
  account.status === "open" ? Result.succeed(account) : Result.fail(closedRefusal(account))

/** Whether a money movement may touch an account of this status: only an open one moves money. */
export const movesMoney = (status: AccountStatus): boolean => status === "open"

/** The refusal of a money movement that touches a closed account. */
export const closedToMoneyMovement = (id: AccountId) =>
  new AccountClosed({ detail: `Account ${id} is closed: no money can move into or out of it.` })

/**
 * `PATCH`: renames an open account. Loan terms are refused (400), as every
 * account is funded by deposits; a closed account takes no change (409).
 * Emits `account.updated`.
 */
export const update = (
  current: Account,
  body: UpdateAccount
): Result.Result<Transition, AccountClosed | AccountNotALoan> => {
  if (current.status === "closed") return Result.fail(closedRefusal(current))
  if (body.loan !== undefined && current.funding !== "loan") {
    return Result.fail(
      new AccountNotALoan(namingFields([
        new FieldError({ field: "loan", message: "is only for a loan Account; this one is funded by deposits" })
      ]))
    )
  }
  const next = new Account({ ...current, name: body.name ?? current.name })
  return Result.succeed({ next, events: [pendingEvent("account.updated", "account", next.id)] })
}

/** The balances an account is closed against: its current balance and what its open holds hold. */
export interface ClosingBalance {
  readonly current: number
  readonly held: number
}

/** Whether an account with this balance may be closed: nothing posted on it and nothing held. */
export const closable = (balance: ClosingBalance): boolean => balance.current === 0 && balance.held === 0

/**
 * `POST /accounts/{id}/close`: an open account whose current balance and
 * holds are zero becomes `closed` at `at`. Refused (409) when it is already
 * closed, or while money is on it or held. Emits `account.updated`.
 */
export const close = (
  current: Account,
  balance: ClosingBalance,
  at: Timestamp
): Result.Result<Transition, AccountClosed | AccountBalanceNotZero> => {
  if (current.status === "closed") return Result.fail(closedRefusal(current))
  if (!closable(balance)) {
    return Result.fail(
      new AccountBalanceNotZero({
        detail:
          `Account ${current.id} cannot be closed while its balance is not zero: current balance ${balance.current}, pending holds ${balance.held}. Move the money out and let pending transactions complete first.`
      })
    )
  }
  const next = new Account({ ...current, status: "closed", closed_at: at })
  return Result.succeed({ next, events: [pendingEvent("account.updated", "account", next.id)] })
}

/** current = Σ posted transactions; available = current − Σ open holds. */
export class BalanceLookup extends Schema.Class<BalanceLookup>("BalanceLookup")({
  account_id: described(AccountId, "The identifier of the Account whose balance this is."),
  current_balance: described(
    Amount,
    "The Account's current balance in the minor unit of its currency (cents for USD): the sum of all its posted Transactions."
  ),
  available_balance: described(
    Amount,
    "The Account's available balance in the minor unit of its currency (cents for USD): the current balance less the holds of its pending Pending Transactions."
  ),
  loan: described(
    Schema.Null,
    "The loan balances of a loan Account; always null, as every Account is funded by deposits."
  ),
  type: described(Schema.tag("balance_lookup"), "Always `balance_lookup`: the type of this object.")
}) {}

/** `GET /accounts` filters (beside the paging of `ListParameters`). */
export const AccountFilter = Schema.Struct({
  entity_id: Schema.optional(EntityId).annotateKey({ description: "Return only Accounts owned by this Entity." }),
  informational_entity_id: Schema.optional(EntityId).annotateKey({
    description: "Return only Accounts with this informational Entity."
  }),
  program_id: Schema.optional(ProgramId).annotateKey({ description: "Return only Accounts in this Program." }),
  idempotency_key: Schema.optional(IdempotencyKey).annotateKey({ description: idempotencyKeyFilterDescription }),
  "status.in": Schema.optional(CommaSeparated(AccountStatus)).annotateKey({
    description: "Return only Accounts with one of these statuses, comma-separated: `open`, `closed`."
  })
})
export type AccountFilter = typeof AccountFilter.Type
