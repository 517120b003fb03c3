/** Bookkeeping accounts, entry sets and entries. */
import {
  BookkeepingAccount,
  BookkeepingEntry,
  type BookkeepingEntryFilter,
  BookkeepingEntrySet,
  type BookkeepingEntrySetFilter
} from "@moneta/domain/Bookkeeping"
import type { BookkeepingAccountId } from "@moneta/domain/Ids"
import type { IdempotencyKeyFilter } from "@moneta/domain/ListParameters"
import type { TenantShape } from "@moneta/domain/Tenant"
import { Context, DateTime, Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import type { PageRequest } from "./Pagination.js"
import { makeResourceTable } from "./ResourceTable.js"
import { tenantIs } from "./Tenant.js"
import { write } from "./Writes.js"

const SumRow = Schema.Struct({ balance: Schema.NumberFromString, found: Schema.Boolean })

const AbsoluteTotalRow = Schema.Struct({ absolute_total: Schema.BigIntFromString })

const ExtremesRow = Schema.Struct({
  account_id: Schema.String,
  lowest: Schema.BigIntFromString,
  highest: Schema.BigIntFromString
})

export class BookkeepingStore extends Context.Service<BookkeepingStore>()("@moneta/store/BookkeepingStore", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const accounts = yield* makeResourceTable("bookkeeping_accounts", BookkeepingAccount)
    const entrySets = yield* makeResourceTable("bookkeeping_entry_sets", BookkeepingEntrySet)
    const entries = yield* makeResourceTable("bookkeeping_entries", BookkeepingEntry)
    const decodeSums = Schema.decodeUnknownEffect(Schema.Array(SumRow))
    const decodeAbsoluteTotals = Schema.decodeUnknownEffect(Schema.Array(AbsoluteTotalRow))

    const insertAccount = (tenant: TenantShape, account: BookkeepingAccount, createdAt: DateTime.Utc) =>
      accounts.insert(tenant, account, {
        created_at: DateTime.toDate(createdAt),
        idempotency_key: account.idempotency_key,
        account_id: account.account_id,
        entity_id: account.entity_id
      })

    const listAccounts = (
      tenant: TenantShape,
      request: PageRequest,
      filter: IdempotencyKeyFilter
    ) =>
      accounts.page(tenant, request, [
        ...(filter.idempotency_key === undefined ? [] : [sql`idempotency_key = ${filter.idempotency_key}`])
      ])

    /** Writes the set and its entries; the caller has checked the rules and runs this in a transaction. */
    const insertEntrySet = (tenant: TenantShape, entrySet: BookkeepingEntrySet) =>
      Effect.gen(function*() {
        yield* entrySets.insert(tenant, entrySet, {
          created_at: DateTime.toDate(entrySet.created_at),
          idempotency_key: entrySet.idempotency_key,
          date: DateTime.toDate(entrySet.date),
          transaction_id: entrySet.transaction_id
        })
        // Each entry carries its account's balance at the end of its date (migration 0017): the
        // new entry the balance of its date so far plus itself, and every other entry dated on or
        // after it moves by its amount. The insert and the update share one statement, so neither
        // sees the other's row. The caller holds the touched accounts' rows.
        const date = DateTime.toDate(entrySet.date)
        yield* Effect.forEach(entrySet.entries, (entry) => {
          const fromDate = sql`account_id = ${entry.account_id} AND date >= ${date}`
          return entries.insert(
            tenant,
            new BookkeepingEntry({
              id: entry.id,
              account_id: entry.account_id,
              amount: entry.amount,
              created_at: entrySet.created_at,
              entry_set_id: entrySet.id
            }),
            {
              created_at: DateTime.toDate(entrySet.created_at),
              account_id: entry.account_id,
              entry_set_id: entrySet.id,
              amount: entry.amount,
              date,
              running_balance: sql`coalesce((SELECT running_balance FROM bookkeeping_entries
                WHERE account_id = ${entry.account_id} AND date <= ${date}
                ORDER BY date DESC, id DESC LIMIT 1), 0) + ${entry.amount}`
            },
            [write(
              sql`UPDATE bookkeeping_entries SET running_balance = running_balance + ${entry.amount} WHERE ${fromDate}`
            )]
          )
        }, { discard: true })
      })

    const listEntrySets = (
      tenant: TenantShape,
      request: PageRequest,
      filter: BookkeepingEntrySetFilter
    ) =>
      entrySets.page(tenant, request, [
        ...(filter.idempotency_key === undefined ? [] : [sql`idempotency_key = ${filter.idempotency_key}`]),
        ...(filter.transaction_id === undefined ? [] : [sql`transaction_id = ${filter.transaction_id}`])
      ])

    const listEntries = (
      tenant: TenantShape,
      request: PageRequest,
      filter: BookkeepingEntryFilter
    ) =>
      entries.page(tenant, request, [
        ...(filter.account_id === undefined ? [] : [sql`account_id = ${filter.account_id}`])
      ])

    /**
     * Σ entry amounts of the account, counting only entries dated at or before
     * `at` when given: the running balance of the last such entry, one index
     * probe. None if no such account.
     */
    const balance = (tenant: TenantShape, accountId: BookkeepingAccountId, at: Option.Option<DateTime.Utc>) =>
      sql`SELECT
          coalesce((SELECT running_balance FROM bookkeeping_entries
            WHERE account_id = ${accountId}
              ${
        Option.match(at, { onNone: () => sql``, onSome: (instant) => sql`AND date <= ${DateTime.toDate(instant)}` })
      }
            ORDER BY date DESC, id DESC LIMIT 1), 0)::text AS balance,
          EXISTS (SELECT 1 FROM bookkeeping_accounts WHERE id = ${accountId}
            AND ${tenantIs(sql, tenant)}) AS found`.pipe(
        Effect.flatMap(decodeSums),
        Effect.map((rows) =>
          Option.flatMap(Option.fromNullishOr(rows[0]), (row) => row.found ? Option.some(row.balance) : Option.none())
        ),
        Effect.orDie
      )

    /**
     * Adds to the sum of absolute entry amounts each account keeps and returns
     * the new sums; the update also locks the rows, in the order given, for the
     * rest of the transaction.
     */
    const addAbsoluteTotals = (
      tenant: TenantShape,
      additions: ReadonlyArray<readonly [BookkeepingAccountId, bigint]>
    ) =>
      Effect.forEach(
        additions,
        ([accountId, amount]) =>
          sql`UPDATE bookkeeping_accounts SET absolute_total = absolute_total + ${amount.toString()}::numeric
          WHERE id = ${accountId} AND ${tenantIs(sql, tenant)} RETURNING absolute_total::text`.pipe(
            Effect.flatMap(decodeAbsoluteTotals),
            Effect.map((rows) => ({ accountId, absoluteTotal: rows[0]?.absolute_total ?? 0n })),
            Effect.orDie
          )
      )

    /**
     * The lowest and highest balance each account shows at any date from
     * `since` on: every entry carries the balance at the end of its date, so
     * these are the extremes of the entries dated from `since` on, read through
     * the account's date index. Balances dated before `since` are not read: an
     * entry set dated `since` leaves them as they were when they were checked.
     */
    const balanceExtremes = (
      tenant: TenantShape,
      accountIds: ReadonlyArray<BookkeepingAccountId>,
      since: DateTime.Utc
    ) =>
      sql`SELECT account_id, min(running_balance)::text AS lowest, max(running_balance)::text AS highest
        FROM bookkeeping_entries
        WHERE account_id IN ${sql.in(accountIds)} AND date >= ${DateTime.toDate(since)} AND ${tenantIs(sql, tenant)}
        GROUP BY account_id`.pipe(
        Effect.flatMap(Schema.decodeUnknownEffect(Schema.Array(ExtremesRow))),
        Effect.map((rows) =>
          rows.map((row) => ({ accountId: row.account_id, lowest: row.lowest, highest: row.highest }))
        ),
        Effect.orDie
      )

    return {
      addAbsoluteTotals,
      balanceExtremes,
      insertAccount,
      updateAccount: accounts.update,
      findAccount: accounts.find,
      lockAccount: accounts.lock,
      listAccounts,
      insertEntrySet,
      findEntrySet: entrySets.find,
      listEntrySets,
      findEntry: entries.find,
      listEntries,
      balance
    } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}
