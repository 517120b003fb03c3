/**
 * Running balances (migration 0008): postings and bookkeeping entries written
 * in any order, at any time or date, give the same balance at every instant as
 * summing the history; the migrations' backfills (0008, and 0017's balances at
 * the end of each entry's date) give the same numbers.
 */
import { describe, expect, layer } from "@effect/vitest"
import { BookkeepingEntrySet, BookkeepingEntrySetEntry } from "@moneta/domain/Bookkeeping"
import {
  AccountId,
  BookkeepingAccountId,
  BookkeepingEntryId,
  BookkeepingEntrySetId,
  GroupId,
  TransactionId
} from "@moneta/domain/Ids"
import { Transaction } from "@moneta/domain/Transaction"
import { DateTime, Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import * as fc from "fast-check"
import { AccountStore } from "../src/Accounts.js"
import { BookkeepingStore } from "../src/Bookkeeping.js"
import runningBalances from "../src/migrations/0008_running_balances.js"
import datedRunningBalances from "../src/migrations/0017_dated_running_balances.js"
import * as TestDatabase from "../src/testing.js"
import { TransactionStore } from "../src/Transactions.js"

const tenant = { groupId: GroupId.make("group_running_balances"), environment: "sandbox" as const }
const start = Date.parse("2026-01-01T00:00:00Z")
const minute = 60_000

/** A posting or entry: its amount and the minute it is dated at (few minutes, so many share one). */
const movement = fc.record({
  amount: fc.integer({ min: -1_000_000, max: 1_000_000 }),
  minute: fc.integer({ min: 0, max: 5 })
})
const history = fc.array(movement, { minLength: 1, maxLength: 12 })

const at = (minutes: number) => DateTime.makeUnsafe(start + minutes * minute)

/** Σ amounts dated at or before the instant: what `at_time` means. */
const summed = (movements: ReadonlyArray<typeof movement extends fc.Arbitrary<infer M> ? M : never>, minutes: number) =>
  movements.filter((m) => m.minute <= minutes).reduce((total, m) => total + m.amount, 0)

/** Probe instants: before everything, on each minute, between minutes, after everything. */
const probes = [-1, 0, 0.5, 1, 2, 2.5, 3, 4, 5, 6]

let sequence = 0
const nextId = (prefix: string) => `${prefix}_${String(++sequence).padStart(8, "0")}`

const insertAccount = (id: string) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) =>
      sql`INSERT INTO accounts (id, group_id, environment, created_at, status, body)
      VALUES (${id}, ${tenant.groupId}, ${tenant.environment}, ${new Date(start)}, 'open', '{}'::jsonb)`
  )

const insertBookkeepingAccount = (id: string) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) =>
      sql`INSERT INTO bookkeeping_accounts (id, group_id, environment, created_at, body)
      VALUES (${id}, ${tenant.groupId}, ${tenant.environment}, ${new Date(start)}, '{}'::jsonb)`
  )

const posting = (accountId: AccountId, amount: number, minutes: number) =>
  new Transaction({
    id: TransactionId.make(nextId("transaction")),
    account_id: accountId,
    amount,
    currency: "USD",
    created_at: at(minutes),
    description: "running balance test",
    route_id: null,
    route_type: null,
    source: {
      category: "interest_payment",
      interest_payment: {
        accrued_on_account_id: accountId,
        amount,
        currency: "USD",
        period_start: at(minutes),
        period_end: at(minutes)
      }
    }
  })

const entrySet = (accountId: BookkeepingAccountId, amount: number, minutes: number) =>
  new BookkeepingEntrySet({
    id: BookkeepingEntrySetId.make(nextId("bookkeeping_entry_set")),
    created_at: at(10),
    date: at(minutes),
    entries: [
      new BookkeepingEntrySetEntry({
        id: BookkeepingEntryId.make(nextId("bookkeeping_entry")),
        account_id: accountId,
        amount
      })
    ],
    idempotency_key: null,
    transaction_id: null
  })

const Running = Schema.Array(
  Schema.Struct({ id: Schema.String, running_balance: Schema.BigIntFromString, expected: Schema.BigIntFromString })
)
const AbsoluteTotals = Schema.Array(Schema.Struct({ id: Schema.String, absolute_total: Schema.BigIntFromString }))

const store = Layer.mergeAll(AccountStore.Default, TransactionStore.Default, BookkeepingStore.Default)

for (const kind of TestDatabase.testDatabases) {
  describe(`running balances (${kind})`, () => {
    layer(store.pipe(Layer.provideMerge(TestDatabase.layerFor(kind))), { timeout: TestDatabase.timeout })((it) => {
      it.effect(
        "an account's balance at any instant is the sum of its postings up to it, whatever order they were written in",
        () =>
          Effect.gen(function*() {
            const accounts = yield* AccountStore
            const transactions = yield* TransactionStore
            const run = Effect.runPromiseWith(yield* Effect.context<SqlClient.SqlClient>())
            yield* Effect.promise(() =>
              fc.assert(
                fc.asyncProperty(history, async (movements) => {
                  const accountId = AccountId.make(nextId("account"))
                  await run(insertAccount(accountId))
                  for (const m of movements) {
                    await run(transactions.insert(tenant, posting(accountId, m.amount, m.minute)))
                  }
                  for (const minutes of probes) {
                    const balance = await run(accounts.balanceAt(tenant, accountId, at(minutes)))
                    expect(Option.map(balance, (b) => b.current)).toEqual(Option.some(summed(movements, minutes)))
                  }
                }),
                { numRuns: 15 }
              )
            )
          }),
        120_000
      )

      it.effect(
        "a bookkeeping account's balance at any date is the sum of its entries up to it, back-dated ones included",
        () =>
          Effect.gen(function*() {
            const bookkeeping = yield* BookkeepingStore
            const run = Effect.runPromiseWith(yield* Effect.context<SqlClient.SqlClient>())
            yield* Effect.promise(() =>
              fc.assert(
                fc.asyncProperty(history, async (movements) => {
                  const accountId = BookkeepingAccountId.make(nextId("bookkeeping_account"))
                  await run(insertBookkeepingAccount(accountId))
                  for (const m of movements) {
                    await run(bookkeeping.insertEntrySet(tenant, entrySet(accountId, m.amount, m.minute)))
                  }
                  for (const minutes of probes) {
                    expect(await run(bookkeeping.balance(tenant, accountId, Option.some(at(minutes))))).toEqual(
                      Option.some(summed(movements, minutes))
                    )
                  }
                  expect(await run(bookkeeping.balance(tenant, accountId, Option.none()))).toEqual(
                    Option.some(summed(movements, 6))
                  )
                  // The range check's extremes from any date on: the balances at the ends of those dates.
                  for (const since of [0, 2, 5]) {
                    const ends = [...new Set(movements.map((m) => m.minute))].filter((m) => m >= since)
                    const balances = ends.map((m) => BigInt(summed(movements, m)))
                    const extremes = await run(bookkeeping.balanceExtremes(tenant, [accountId], at(since)))
                    expect(extremes).toEqual(
                      balances.length === 0 ? [] : [{
                        accountId,
                        lowest: balances.reduce((a, b) => a < b ? a : b),
                        highest: balances.reduce((a, b) => a > b ? a : b)
                      }]
                    )
                  }
                }),
                { numRuns: 15 }
              )
            )
          }),
        120_000
      )

      it.effect("absolute totals add up the magnitudes of entries and lock nothing of another tenant", () =>
        Effect.gen(function*() {
          const bookkeeping = yield* BookkeepingStore
          const accountId = BookkeepingAccountId.make(nextId("bookkeeping_account"))
          yield* insertBookkeepingAccount(accountId)
          expect(yield* bookkeeping.addAbsoluteTotals(tenant, [[accountId, 5n]])).toEqual([{
            accountId,
            absoluteTotal: 5n
          }])
          expect(yield* bookkeeping.addAbsoluteTotals(tenant, [[accountId, 2n ** 60n]])).toEqual([
            { accountId, absoluteTotal: 2n ** 60n + 5n }
          ])
          const stranger = { groupId: GroupId.make("group_stranger"), environment: "sandbox" as const }
          expect(yield* bookkeeping.addAbsoluteTotals(stranger, [[accountId, 1n]])).toEqual([{
            accountId,
            absoluteTotal: 0n
          }])
        }))

      it.effect("the migration backfills running balances and absolute totals of existing history", () =>
        Effect.gen(function*() {
          const sql = yield* SqlClient.SqlClient
          // Back to the schema before 0008, history written there, then 0008 again.
          yield* sql`ALTER TABLE transactions DROP COLUMN running_balance`
          yield* sql`ALTER TABLE bookkeeping_entries DROP COLUMN running_balance`
          yield* sql`ALTER TABLE bookkeeping_accounts DROP COLUMN absolute_total`
          yield* sql`DROP INDEX bookkeeping_entries_account`
          yield* sql`CREATE INDEX bookkeeping_entries_account ON bookkeeping_entries (account_id, date)`
          const accountId = nextId("account")
          const bookkeepingId = nextId("bookkeeping_account")
          yield* insertAccount(accountId)
          yield* insertBookkeepingAccount(bookkeepingId)
          const written = [[30, 2], [-10, 0], [7, 2], [100, 1], [-200, 3]] as const
          for (const [amount, minutes] of written) {
            yield* sql`INSERT INTO transactions (id, group_id, environment, created_at, account_id, amount, category, body)
              VALUES (${nextId("transaction")}, ${tenant.groupId}, ${tenant.environment}, ${
              DateTime.toDate(at(minutes))
            },
                ${accountId}, ${amount}, 'interest_payment', '{}'::jsonb)`
            const setId = nextId("bookkeeping_entry_set")
            yield* sql`INSERT INTO bookkeeping_entry_sets (id, group_id, environment, created_at, date, body)
              VALUES (${setId}, ${tenant.groupId}, ${tenant.environment}, ${new Date(start)}, ${
              DateTime.toDate(at(minutes))
            }, '{}'::jsonb)`
            yield* sql`INSERT INTO bookkeeping_entries (id, group_id, environment, created_at, account_id, entry_set_id, amount, date, body)
              VALUES (${nextId("bookkeeping_entry")}, ${tenant.groupId}, ${tenant.environment}, ${new Date(start)},
                ${bookkeepingId}, ${setId}, ${amount}, ${DateTime.toDate(at(minutes))}, '{}'::jsonb)`
          }
          yield* runningBalances

          const decodeRunning = Schema.decodeUnknownEffect(Running)
          const transactionRows = yield* sql`SELECT id, running_balance::text,
              (SELECT sum(amount) FROM transactions AS earlier WHERE earlier.account_id = t.account_id
                AND (earlier.created_at, earlier.id) <= (t.created_at, t.id))::text AS expected
            FROM transactions AS t`.pipe(Effect.flatMap(decodeRunning))
          const entryRows = yield* sql`SELECT id, running_balance::text,
              (SELECT sum(amount) FROM bookkeeping_entries AS earlier WHERE earlier.account_id = e.account_id
                AND (earlier.date, earlier.id) <= (e.date, e.id))::text AS expected
            FROM bookkeeping_entries AS e`.pipe(Effect.flatMap(decodeRunning))
          expect(transactionRows.length).toBeGreaterThanOrEqual(written.length)
          for (const row of [...transactionRows, ...entryRows]) expect(row.running_balance).toEqual(row.expected)

          const totals =
            yield* sql`SELECT id, absolute_total::text FROM bookkeeping_accounts WHERE id = ${bookkeepingId}`.pipe(
              Effect.flatMap(Schema.decodeUnknownEffect(AbsoluteTotals))
            )
          expect(totals).toEqual([{ id: bookkeepingId, absolute_total: 347n }])

          const accounts = yield* AccountStore
          const balance = yield* accounts.balanceAt(tenant, AccountId.make(accountId), at(2))
          expect(Option.map(balance, (b) => b.current)).toEqual(Option.some(127))

          // 0017: every entry then carries its account's balance at the end of its date.
          yield* datedRunningBalances
          const datedRows = yield* sql`SELECT id, running_balance::text,
              (SELECT sum(amount) FROM bookkeeping_entries AS earlier WHERE earlier.account_id = e.account_id
                AND earlier.date <= e.date)::text AS expected
            FROM bookkeeping_entries AS e`.pipe(Effect.flatMap(decodeRunning))
          expect(datedRows.length).toBeGreaterThanOrEqual(written.length)
          for (const row of datedRows) expect(row.running_balance).toEqual(row.expected)
        }))
    })
  })
}
