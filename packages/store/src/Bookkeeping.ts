/** Bookkeeping accounts, entry sets and entries. */
import {
  extremesFrom,
  pathAfter,
  rangesBefore,
  rangesFrom,
  rangesOfAll,
  rangesToWrite
} from "@moneta/domain/BalanceBlocks"
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
import { blocksIn, rangesTable, readBlocks, writeBlocks } from "./BalanceBlocks.js"
import type { PageRequest } from "./Pagination.js"
import { makeResourceTable } from "./ResourceTable.js"
import { tenantIs } from "./Tenant.js"

const SumRow = Schema.Struct({ balance: Schema.NumberFromString, found: Schema.Boolean })

const AbsoluteTotalRow = Schema.Struct({ absolute_total: Schema.BigIntFromString })

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

    /**
     * Writes the set and its entries, and the balance blocks of its date of each
     * account it touches (domain `BalanceBlocks`): the ten blocks covering the
     * date, from the at most 32 children of each, whatever the account's history.
     * The caller has checked the rules, runs this in a transaction and holds the
     * touched accounts' rows (`addAbsoluteTotals`), so no other write of their
     * blocks comes between this read and this write.
     */
    const insertEntrySet = (tenant: TenantShape, entrySet: BookkeepingEntrySet) =>
      Effect.gen(function*() {
        const date = DateTime.toEpochMillis(entrySet.date)
        const amounts = new Map<string, bigint>()
        for (const entry of entrySet.entries) {
          amounts.set(entry.account_id, (amounts.get(entry.account_id) ?? 0n) + BigInt(entry.amount))
        }
        const read = yield* readBlocks(sql, tenant, [...amounts.keys()], rangesToWrite(date))
        const blocks = [...amounts].flatMap(([accountId, amount]) =>
          pathAfter(date, amount, read.get(accountId) ?? []).map((block) => ({ accountId, block }))
        )
        yield* entrySets.insert(tenant, entrySet, {
          created_at: DateTime.toDate(entrySet.created_at),
          idempotency_key: entrySet.idempotency_key,
          date: DateTime.toDate(entrySet.date),
          transaction_id: entrySet.transaction_id
        }, [writeBlocks(sql, blocks)])
        yield* Effect.forEach(entrySet.entries, (entry) =>
          entries.insert(
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
              date: DateTime.toDate(entrySet.date)
            }
          ), { discard: true })
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
     * `at` when given: the sums of the balance blocks that cover those dates (at
     * most 32 a level), or of the top blocks for all of them. None if no such
     * account.
     */
    const balance = (tenant: TenantShape, accountId: BookkeepingAccountId, at: Option.Option<DateTime.Utc>) =>
      sql`SELECT
          coalesce((SELECT sum(blocks.net) FROM ${
        rangesTable(
          sql,
          Option.match(at, {
            onNone: () => rangesOfAll,
            onSome: (instant) => rangesBefore(DateTime.toEpochMillis(instant) + 1)
          })
        )
      }
            CROSS JOIN LATERAL ${blocksIn(sql, accountId)} AS blocks), 0)::text AS balance,
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
     * The lowest and highest balance each account shows at the end of any date
     * from `since` on (none for an account with no entry dated that late): the
     * balance blocks before `since` give the balance it starts from, and those
     * from `since` on, in date order, the extremes (domain `extremesFrom`); at
     * most 32 blocks a level, whatever the history. Balances dated before
     * `since` are not read: an entry set dated `since` leaves them as they were
     * when they were checked.
     */
    const balanceExtremes = (
      tenant: TenantShape,
      accountIds: ReadonlyArray<BookkeepingAccountId>,
      since: DateTime.Utc
    ) =>
      Effect.gen(function*() {
        const split = DateTime.toEpochMillis(since)
        const read = yield* readBlocks(sql, tenant, accountIds, [...rangesBefore(split), ...rangesFrom(split)])
        return accountIds.flatMap((accountId) => {
          const extremes = extremesFrom(read.get(accountId) ?? [], split)
          return extremes === undefined ? [] : [{ accountId, lowest: extremes.lowest, highest: extremes.highest }]
        })
      })

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
