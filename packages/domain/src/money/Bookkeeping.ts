/**
 * Bookkeeping: T-accounts that annotate money movements for compliance. Entry
 * sets are balanced (their entries sum to zero) and applied atomically; an
 * account's balance is the sum of its entries (positive = debit).
 */
import { Option, Result, Schema } from "effect"
import { described } from "../core/Described.js"
import { FieldError, InvalidParametersError } from "../core/Errors.js"
import {
  AccountId,
  BookkeepingAccountId,
  BookkeepingEntryId,
  BookkeepingEntrySetId,
  EntityId,
  TransactionId
} from "../core/Ids.js"
import { idempotencyKeyFilterDescription } from "../core/ListParameters.js"
import { type AmountOutOfRange, EntrySetInvalid, namingFields } from "../core/Refusals.js"
import { IdempotencyKey, idempotencyKeyFieldDescription, ShortText } from "../core/Text.js"
import { Timestamp } from "../core/Timestamp.js"
import { type PendingEvent, pendingEvent } from "../events/Event.js"
import { outOfRange } from "./BalanceChange.js"
import { Amount, isRepresentable, sum } from "./Money.js"

export const ComplianceCategory = Schema.Literals(["commingled_cash", "customer_balance"])
export type ComplianceCategory = typeof ComplianceCategory.Type

const complianceCategoryDescription =
  "What the bookkeeping account tracks, for compliance. `commingled_cash`: cash in a commingled Account (name it in `account_id`). `customer_balance`: what is owed to a customer (name it in `entity_id`)."

const entryAmountDescription =
  "The entry amount in the minor unit of the currency (cents for USD): positive for a debit, negative for a credit."

export class BookkeepingAccount extends Schema.Class<BookkeepingAccount>("BookkeepingAccount")({
  id: described(BookkeepingAccountId, "The Bookkeeping Account identifier."),
  name: described(Schema.String, "The name you chose for the bookkeeping account."),
  compliance_category: described(
    Schema.NullOr(ComplianceCategory),
    `${complianceCategoryDescription} Null when it was created without one.`
  ),
  account_id: described(
    Schema.NullOr(AccountId),
    "The identifier of the Account whose cash a `commingled_cash` bookkeeping account tracks; null when none."
  ),
  entity_id: described(
    Schema.NullOr(EntityId),
    "The identifier of the Entity whose balance a `customer_balance` bookkeeping account tracks; null when none."
  ),
  idempotency_key: described(Schema.NullOr(Schema.String), idempotencyKeyFieldDescription),
  type: described(Schema.tag("bookkeeping_account"), "Always `bookkeeping_account`: the type of this object.")
}) {}

export class BookkeepingBalanceLookup extends Schema.Class<BookkeepingBalanceLookup>("BookkeepingBalanceLookup")({
  balance: described(
    Amount,
    "The bookkeeping account's balance in the minor unit of the currency (cents for USD): the sum of its entries (debits positive, credits negative), those dated by `at_time` when it was given."
  ),
  bookkeeping_account_id: described(
    BookkeepingAccountId,
    "The identifier of the Bookkeeping Account whose balance this is."
  ),
  type: described(
    Schema.tag("bookkeeping_balance_lookup"),
    "Always `bookkeeping_balance_lookup`: the type of this object."
  )
}) {}

export class BookkeepingEntrySetEntry extends Schema.Class<BookkeepingEntrySetEntry>("BookkeepingEntrySetEntry")({
  id: described(BookkeepingEntryId, "The Bookkeeping Entry identifier."),
  account_id: described(BookkeepingAccountId, "The identifier of the Bookkeeping Account the entry is booked on."),
  amount: described(Amount, entryAmountDescription)
}) {}

export class BookkeepingEntrySet extends Schema.Class<BookkeepingEntrySet>("BookkeepingEntrySet")({
  id: described(BookkeepingEntrySetId, "The Bookkeeping Entry Set identifier."),
  created_at: described(Timestamp, "When the entry set was created (ISO 8601, UTC)."),
  date: described(
    Timestamp,
    "The date of the entry set (ISO 8601, UTC): the one given, or the date of its Transaction. Balances at a time count the sets dated by then."
  ),
  entries: described(
    Schema.Array(BookkeepingEntrySetEntry),
    "The entries of the set: at least two, their amounts summing to zero, applied together."
  ),
  idempotency_key: described(Schema.NullOr(Schema.String), idempotencyKeyFieldDescription),
  transaction_id: described(
    Schema.NullOr(TransactionId),
    "The identifier of the Transaction the entry set books; null when it books none."
  ),
  type: described(Schema.tag("bookkeeping_entry_set"), "Always `bookkeeping_entry_set`: the type of this object.")
}) {}

export class BookkeepingEntry extends Schema.Class<BookkeepingEntry>("BookkeepingEntry")({
  id: described(BookkeepingEntryId, "The Bookkeeping Entry identifier."),
  account_id: described(BookkeepingAccountId, "The identifier of the Bookkeeping Account the entry is booked on."),
  amount: described(Amount, entryAmountDescription),
  created_at: described(Timestamp, "When the entry's set was created (ISO 8601, UTC)."),
  entry_set_id: described(BookkeepingEntrySetId, "The identifier of the Bookkeeping Entry Set the entry belongs to."),
  type: described(Schema.tag("bookkeeping_entry"), "Always `bookkeeping_entry`: the type of this object.")
}) {}

const requires = (field: "account_id" | "entity_id", category: ComplianceCategory) =>
  ({ path: [field], issue: `is required when compliance_category is ${category}` }) as const

export const CreateBookkeepingAccount = Schema.Struct({
  name: described(ShortText, "The name you choose for the bookkeeping account, 1 to 200 characters."),
  compliance_category: Schema.optionalKey(described(ComplianceCategory, complianceCategoryDescription)),
  account_id: Schema.optionalKey(
    described(AccountId, "The identifier of the Account whose cash it tracks; required for `commingled_cash`.")
  ),
  entity_id: Schema.optionalKey(
    described(EntityId, "The identifier of the Entity whose balance it tracks; required for `customer_balance`.")
  )
}).check(
  Schema.makeFilter((body) => {
    if (body.compliance_category === "commingled_cash" && body.account_id === undefined) {
      return requires("account_id", "commingled_cash")
    }
    if (body.compliance_category === "customer_balance" && body.entity_id === undefined) {
      return requires("entity_id", "customer_balance")
    }
    return undefined
  })
).annotate({ identifier: "CreateBookkeepingAccount" })
export type CreateBookkeepingAccount = typeof CreateBookkeepingAccount.Type

export const UpdateBookkeepingAccount = Schema.Struct({
  name: described(ShortText, "The new name of the bookkeeping account, 1 to 200 characters.")
}).annotate({ identifier: "UpdateBookkeepingAccount" })
export type UpdateBookkeepingAccount = typeof UpdateBookkeepingAccount.Type

export const EntryInput = Schema.Struct({
  account_id: described(BookkeepingAccountId, "The identifier of the Bookkeeping Account to book the entry on."),
  amount: described(
    Amount,
    "The entry amount in the minor unit of the currency (cents for USD), not zero: positive for a debit, negative for a credit."
  )
})
export type EntryInput = typeof EntryInput.Type

export const CreateBookkeepingEntrySet = Schema.Struct({
  entries: described(
    Schema.Array(EntryInput),
    "The entries to book: at least two, their amounts summing to zero. They are applied together or not at all."
  ),
  date: Schema.optionalKey(
    described(
      Timestamp,
      "The date of the entry set (ISO 8601); required unless `transaction_id` is given, whose Transaction's date is then used."
    )
  ),
  transaction_id: Schema.optionalKey(
    described(
      TransactionId,
      "The identifier of the Transaction the entry set books; it then no longer counts as unbookkept cash."
    )
  )
}).annotate({ identifier: "CreateBookkeepingEntrySet" })
export type CreateBookkeepingEntrySet = typeof CreateBookkeepingEntrySet.Type

/** `GET /bookkeeping_entry_sets` filters (beside the paging of `ListParameters`). */
export const BookkeepingEntrySetFilter = Schema.Struct({
  idempotency_key: Schema.optional(IdempotencyKey).annotateKey({ description: idempotencyKeyFilterDescription }),
  transaction_id: Schema.optional(TransactionId).annotateKey({
    description: "Return only the entry set that books this Transaction."
  })
})
export type BookkeepingEntrySetFilter = typeof BookkeepingEntrySetFilter.Type

/** `GET /bookkeeping_entries` filters. */
export const BookkeepingEntryFilter = Schema.Struct({
  account_id: Schema.optional(BookkeepingAccountId).annotateKey({
    description: "Return only the entries booked on this Bookkeeping Account."
  })
})
export type BookkeepingEntryFilter = typeof BookkeepingEntryFilter.Type

/** `GET /unbookkept_cash_transactions`: the `commingled_cash` bookkeeping account whose cash is listed (required). */
export const UnbookkeptCashTransactionFilter = Schema.Struct({
  bookkeeping_account_id: described(
    BookkeepingAccountId,
    "The identifier of the `commingled_cash` Bookkeeping Account whose Account's unbookkept Transactions to list (required)."
  )
})
export type UnbookkeptCashTransactionFilter = typeof UnbookkeptCashTransactionFilter.Type

/**
 * The rules of an entry set that need no database: at least two entries, no
 * zero amounts, a zero sum, and a `date` unless a transaction supplies one.
 */
export const validateEntrySet = (
  body: CreateBookkeepingEntrySet
): Result.Result<CreateBookkeepingEntrySet, EntrySetInvalid> => {
  const errors: Array<FieldError> = []
  if (body.entries.length < 2) {
    errors.push(new FieldError({ field: "entries", message: "must contain at least 2 entries" }))
  }
  body.entries.forEach((entry, index) => {
    if (entry.amount === 0) {
      errors.push(new FieldError({ field: `entries.${index}.amount`, message: "must not be zero" }))
    }
  })
  const total = sum(body.entries.map((entry) => entry.amount))
  if (total !== 0n) {
    errors.push(new FieldError({ field: "entries", message: `amounts must sum to zero (they sum to ${total})` }))
  }
  if (body.date === undefined && body.transaction_id === undefined) {
    errors.push(new FieldError({ field: "date", message: "is required unless transaction_id is given" }))
  }
  return errors.length === 0
    ? Result.succeed(body)
    : Result.fail(
      new EntrySetInvalid(namingFields(errors))
    )
}

/** A new bookkeeping account, as the body describes it. Emits `bookkeeping_account.created`. */
export const createAccount = (input: {
  readonly id: BookkeepingAccountId
  readonly idempotencyKey: string | null
  readonly body: CreateBookkeepingAccount
}): { readonly next: BookkeepingAccount; readonly events: ReadonlyArray<PendingEvent> } => {
  const next = new BookkeepingAccount({
    id: input.id,
    name: input.body.name,
    compliance_category: input.body.compliance_category ?? null,
    account_id: input.body.account_id ?? null,
    entity_id: input.body.entity_id ?? null,
    idempotency_key: input.idempotencyKey
  })
  return { next, events: [pendingEvent("bookkeeping_account.created", "bookkeeping_account", next.id)] }
}

/** `PATCH`: a new name. Emits `bookkeeping_account.updated`. */
export const updateAccount = (
  current: BookkeepingAccount,
  body: UpdateBookkeepingAccount
): { readonly next: BookkeepingAccount; readonly events: ReadonlyArray<PendingEvent> } => {
  const next = new BookkeepingAccount({ ...current, name: body.name })
  return { next, events: [pendingEvent("bookkeeping_account.updated", "bookkeeping_account", next.id)] }
}

/** An entry set's date: the one given, else its transaction's creation, else its own creation. */
export const entrySetDate = (
  given: Timestamp | undefined,
  transaction: Option.Option<{ readonly created_at: Timestamp }>,
  createdAt: Timestamp
): Timestamp => given ?? Option.match(transaction, { onNone: () => createdAt, onSome: (found) => found.created_at })

/**
 * A new entry set of a body `validateEntrySet` accepted, its entries named by
 * `entryIds` (one per entry, in order), dated by `entrySetDate`. Emits
 * `bookkeeping_entry_set.updated` (the spec's one event category for entry sets).
 */
export const createEntrySet = (input: {
  readonly id: BookkeepingEntrySetId
  readonly createdAt: Timestamp
  readonly idempotencyKey: string | null
  readonly body: CreateBookkeepingEntrySet
  readonly entryIds: ReadonlyArray<BookkeepingEntryId>
  /** The transaction the body names, loaded. */
  readonly transaction: Option.Option<{ readonly created_at: Timestamp }>
}): { readonly next: BookkeepingEntrySet; readonly events: ReadonlyArray<PendingEvent> } => {
  const entries = input.body.entries.map((entry, index) => {
    const id = input.entryIds[index]
    if (id === undefined) throw new Error("createEntrySet: one entry id per entry")
    return new BookkeepingEntrySetEntry({ id, account_id: entry.account_id, amount: entry.amount })
  })
  const next = new BookkeepingEntrySet({
    id: input.id,
    created_at: input.createdAt,
    date: entrySetDate(input.body.date, input.transaction, input.createdAt),
    entries,
    idempotency_key: input.idempotencyKey,
    transaction_id: input.body.transaction_id ?? null
  })
  return { next, events: [pendingEvent("bookkeeping_entry_set.updated", "bookkeeping_entry_set", next.id)] }
}

/**
 * The lowest and highest balance a bookkeeping account shows at any date from
 * an entry set's date on, its entries included: the balances the set changes
 * (those before its date were checked when they were written).
 */
export interface BalanceExtremes {
  readonly accountId: string
  readonly lowest: bigint
  readonly highest: bigint
}

/**
 * An entry set is refused (409) when it would make any balance of an account
 * it touches, at any `at_time`, leave the range the API represents exactly.
 */
export const checkBalanceExtremes = (
  extremes: ReadonlyArray<BalanceExtremes>
): Result.Result<void, AmountOutOfRange> => {
  const outside = extremes.find((account) => !isRepresentable(account.lowest) || !isRepresentable(account.highest))
  return outside === undefined
    ? Result.succeed(undefined)
    : Result.fail(outOfRange(`The balance of bookkeeping account ${outside.accountId}`))
}

/** What an entry set adds to the sum of absolute entry amounts of each account it touches. */
export const absoluteAmounts = (
  entries: ReadonlyArray<{ readonly account_id: BookkeepingAccountId; readonly amount: number }>
): ReadonlyMap<BookkeepingAccountId, bigint> => {
  const totals = new Map<BookkeepingAccountId, bigint>()
  for (const entry of entries) {
    const amount = BigInt(entry.amount)
    totals.set(entry.account_id, (totals.get(entry.account_id) ?? 0n) + (amount < 0n ? -amount : amount))
  }
  return totals
}

/**
 * `absoluteAmounts` in account id order: the order the bank adds them (and so
 * locks the accounts) in, so that concurrent entry sets on the same accounts
 * queue instead of deadlocking.
 */
export const absoluteAmountsInLockOrder = (
  entries: ReadonlyArray<{ readonly account_id: BookkeepingAccountId; readonly amount: number }>
): ReadonlyArray<readonly [BookkeepingAccountId, bigint]> =>
  [...absoluteAmounts(entries)].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0)

/**
 * The accounts whose balances at every date must be checked exactly. Every
 * balance of an account at any date is a sum of some of its entries, so its
 * magnitude is at most the sum of their absolute amounts: while that sum is in
 * range, no balance can leave it, whatever dates entries were written for.
 */
export const needExactBalanceCheck = (
  absoluteTotals: ReadonlyArray<{ readonly accountId: BookkeepingAccountId; readonly absoluteTotal: bigint }>
): ReadonlyArray<BookkeepingAccountId> =>
  absoluteTotals.filter((account) => !isRepresentable(account.absoluteTotal)).map((account) => account.accountId)

/**
 * The Account whose unbookkept cash transactions a bookkeeping account lists:
 * only a `commingled_cash` bookkeeping account tracks an Account's cash.
 */
export const unbookkeptCashAccount = (
  account: BookkeepingAccount
): Result.Result<AccountId, InvalidParametersError> =>
  account.compliance_category === "commingled_cash" && account.account_id !== null
    ? Result.succeed(account.account_id)
    : Result.fail(InvalidParametersError.single(
      "bookkeeping_account_id",
      "must name a bookkeeping account with compliance_category commingled_cash"
    ))
