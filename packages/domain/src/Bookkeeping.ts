/**
 * Bookkeeping: T-accounts that annotate money movements for compliance. Entry
 * sets are balanced (their entries sum to zero) and applied atomically; an
 * account's balance is the sum of its entries (positive = debit).
 */
import { Result, Schema } from "effect"
import { outOfRange } from "./BalanceChange.js"
import { FieldError, type InvalidOperationError, InvalidParametersError } from "./Errors.js"
import {
  AccountId,
  BookkeepingAccountId,
  BookkeepingEntryId,
  BookkeepingEntrySetId,
  EntityId,
  TransactionId
} from "./Ids.js"
import { Amount, isRepresentable, sum } from "./Money.js"
import { IdempotencyKey, ShortText } from "./Text.js"
import { Timestamp } from "./Timestamp.js"

export const ComplianceCategory = Schema.Literals(["commingled_cash", "customer_balance"])
export type ComplianceCategory = typeof ComplianceCategory.Type

export class BookkeepingAccount extends Schema.Class<BookkeepingAccount>("BookkeepingAccount")({
  id: BookkeepingAccountId,
  name: Schema.String,
  compliance_category: Schema.NullOr(ComplianceCategory),
  account_id: Schema.NullOr(AccountId),
  entity_id: Schema.NullOr(EntityId),
  idempotency_key: Schema.NullOr(Schema.String),
  type: Schema.tag("bookkeeping_account")
}) {}

export class BookkeepingBalanceLookup extends Schema.Class<BookkeepingBalanceLookup>("BookkeepingBalanceLookup")({
  balance: Amount,
  bookkeeping_account_id: BookkeepingAccountId,
  type: Schema.tag("bookkeeping_balance_lookup")
}) {}

export class BookkeepingEntrySetEntry extends Schema.Class<BookkeepingEntrySetEntry>("BookkeepingEntrySetEntry")({
  id: BookkeepingEntryId,
  account_id: BookkeepingAccountId,
  amount: Amount
}) {}

export class BookkeepingEntrySet extends Schema.Class<BookkeepingEntrySet>("BookkeepingEntrySet")({
  id: BookkeepingEntrySetId,
  created_at: Timestamp,
  date: Timestamp,
  entries: Schema.Array(BookkeepingEntrySetEntry),
  idempotency_key: Schema.NullOr(Schema.String),
  transaction_id: Schema.NullOr(TransactionId),
  type: Schema.tag("bookkeeping_entry_set")
}) {}

export class BookkeepingEntry extends Schema.Class<BookkeepingEntry>("BookkeepingEntry")({
  id: BookkeepingEntryId,
  account_id: BookkeepingAccountId,
  amount: Amount,
  created_at: Timestamp,
  entry_set_id: BookkeepingEntrySetId,
  type: Schema.tag("bookkeeping_entry")
}) {}

const requires = (field: "account_id" | "entity_id", category: ComplianceCategory) =>
  ({ path: [field], issue: `is required when compliance_category is ${category}` }) as const

export const CreateBookkeepingAccount = Schema.Struct({
  name: ShortText,
  compliance_category: Schema.optionalKey(ComplianceCategory),
  account_id: Schema.optionalKey(AccountId),
  entity_id: Schema.optionalKey(EntityId)
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
  name: ShortText
}).annotate({ identifier: "UpdateBookkeepingAccount" })
export type UpdateBookkeepingAccount = typeof UpdateBookkeepingAccount.Type

export const EntryInput = Schema.Struct({
  account_id: BookkeepingAccountId,
  amount: Amount
})
export type EntryInput = typeof EntryInput.Type

export const CreateBookkeepingEntrySet = Schema.Struct({
  entries: Schema.Array(EntryInput),
  date: Schema.optionalKey(Timestamp),
  transaction_id: Schema.optionalKey(TransactionId)
}).annotate({ identifier: "CreateBookkeepingEntrySet" })
export type CreateBookkeepingEntrySet = typeof CreateBookkeepingEntrySet.Type

/** `GET /bookkeeping_entry_sets` filters (beside the paging of `ListParameters`). */
export const BookkeepingEntrySetFilter = Schema.Struct({
  idempotency_key: Schema.optional(IdempotencyKey),
  transaction_id: Schema.optional(TransactionId)
})
export type BookkeepingEntrySetFilter = typeof BookkeepingEntrySetFilter.Type

/** `GET /bookkeeping_entries` filters. */
export const BookkeepingEntryFilter = Schema.Struct({ account_id: Schema.optional(BookkeepingAccountId) })
export type BookkeepingEntryFilter = typeof BookkeepingEntryFilter.Type

/** `GET /unbookkept_cash_transactions`: the `commingled_cash` bookkeeping account whose cash is listed (required). */
export const UnbookkeptCashTransactionFilter = Schema.Struct({ bookkeeping_account_id: BookkeepingAccountId })
export type UnbookkeptCashTransactionFilter = typeof UnbookkeptCashTransactionFilter.Type

/**
 * The rules of an entry set that need no database: at least two entries, no
 * zero amounts, a zero sum, and a `date` unless a transaction supplies one.
 */
export const validateEntrySet = (
  body: CreateBookkeepingEntrySet
): Result.Result<CreateBookkeepingEntrySet, InvalidParametersError> => {
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
      new InvalidParametersError({ detail: errors.map((e) => `${e.field}: ${e.message}`).join("; "), errors })
    )
}

/** The lowest and highest balance a bookkeeping account shows at any date, its entries included. */
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
): Result.Result<void, InvalidOperationError> => {
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
 * The accounts whose balances at every date must be checked exactly. Every
 * balance of an account at any date is a sum of some of its entries, so its
 * magnitude is at most the sum of their absolute amounts: while that sum is in
 * range, no balance can leave it, whatever dates entries were written for.
 */
export const needExactBalanceCheck = (
  absoluteTotals: ReadonlyArray<{ readonly accountId: BookkeepingAccountId; readonly absoluteTotal: bigint }>
): ReadonlyArray<BookkeepingAccountId> =>
  absoluteTotals.filter((account) => !isRepresentable(account.absoluteTotal)).map((account) => account.accountId)
