/**
 * Running balances (migration 0008) and bookkeeping balance blocks (0019):
 * postings and bookkeeping entries written in any order, at any time or date,
 * give the same balance at every instant as summing the history, and the range
 * check's extremes from any date on are those of the summed balances, also
 * when entry sets on one account are written at once; the blocks rebuilt from
 * the entries (a snapshot restore) are the ones the writes left; the
 * migrations' backfills (0008, 0017, 0019) give the same numbers.
 */
import { describe, expect, layer } from "@effect/vitest"
import { blockSize } from "@moneta/domain/BalanceBlocks"
import { BookkeepingEntrySet, BookkeepingEntrySetEntry } from "@moneta/domain/Bookkeeping"
import { AccountId, BookkeepingAccountId, BookkeepingEntryId, BookkeepingEntrySetId, GroupId } from "@moneta/domain/Ids"
import type { TenantShape } from "@moneta/domain/Tenant"
import { DateTime, Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import * as fc from "fast-check"
import { AccountStore } from "../src/Accounts.js"
import * as BalanceBlocks from "../src/BalanceBlocks.js"
import { BookkeepingStore } from "../src/Bookkeeping.js"
import runningBalances from "../src/migrations/0008_running_balances.js"
import datedRunningBalances from "../src/migrations/0017_dated_running_balances.js"
import balanceBlocks from "../src/migrations/0019_balance_blocks.js"
import { SandboxSnapshotStore } from "../src/SandboxSnapshots.js"
import * as TestDatabase from "../src/testing.js"
import { TransactionStore } from "../src/Transactions.js"
import { interestPosting } from "./InterestPosting.js"

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

const insertBookkeepingAccount = (id: string, owner: TenantShape = tenant) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) =>
      sql`INSERT INTO bookkeeping_accounts (id, group_id, environment, created_at, body)
      VALUES (${id}, ${owner.groupId}, ${owner.environment}, ${new Date(start)}, '{}'::jsonb)`
  )

const posting = (accountId: AccountId, amount: number, minutes: number) =>
  interestPosting(nextId("transaction"), accountId, amount, at(minutes))

/** A bookkeeping entry: its amount and its date, spread so that they share balance blocks at several levels. */
const datedMovement = fc.record({
  amount: fc.integer({ min: -1_000_000, max: 1_000_000 }),
  at: fc.tuple(fc.constantFrom(0, 1, 3, 5, 7), fc.integer({ min: -3, max: 3 })).map(([level, steps]) =>
    start + steps * blockSize(level)
  )
})
const datedHistory = fc.array(datedMovement, { minLength: 1, maxLength: 12 })

/** Σ amounts dated at or before the instant (ms): what `at_time` means. */
const summedAt = (movements: ReadonlyArray<{ readonly amount: number; readonly at: number }>, at: number) =>
  movements.filter((m) => m.at <= at).reduce((total, m) => total + BigInt(m.amount), 0n)

/** Probe instants: before everything, each date, just before and after it, after everything. */
const probesOf = (movements: ReadonlyArray<{ readonly at: number }>) => {
  const dates = movements.map((m) => m.at)
  return [...new Set([...dates, ...dates.map((d) => d - 1), ...dates.map((d) => d + 1)])]
}

const entryOf = (accountId: BookkeepingAccountId, amount: number) =>
  new BookkeepingEntrySetEntry({
    id: BookkeepingEntryId.make(nextId("bookkeeping_entry")),
    account_id: accountId,
    amount
  })

const entrySetOf = (at: number, entries: ReadonlyArray<BookkeepingEntrySetEntry>) =>
  new BookkeepingEntrySet({
    id: BookkeepingEntrySetId.make(nextId("bookkeeping_entry_set")),
    created_at: DateTime.makeUnsafe(start),
    date: DateTime.makeUnsafe(at),
    entries,
    idempotency_key: null,
    transaction_id: null
  })

/** One entry on the account, dated `at` (ms): the store does not ask that a set balances. */
const entrySetAt = (accountId: BookkeepingAccountId, amount: number, at: number) =>
  entrySetOf(at, [entryOf(accountId, amount)])

/** A balanced set: `amount` on the first account, its opposite on the second. */
const pairAt = (first: BookkeepingAccountId, second: BookkeepingAccountId, amount: number, at: number) =>
  entrySetOf(at, [entryOf(first, amount), entryOf(second, -amount)])

const BlockRows = Schema.Array(Schema.Struct({
  level: Schema.Number,
  start_ms: Schema.String,
  net: Schema.String,
  lowest: Schema.String,
  highest: Schema.String
}))

/** The account's balance blocks, as stored. */
const blocksOf = (accountId: string) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) =>
      sql`SELECT level::int AS level, start_ms::text AS start_ms, net::text AS net, lowest::text AS lowest,
        highest::text AS highest
      FROM bookkeeping_balance_blocks WHERE account_id = ${accountId} ORDER BY level, start_ms`
  ).pipe(
    Effect.flatMap(Schema.decodeUnknownEffect(BlockRows)),
    Effect.orDie
  )

const Running = Schema.Array(
  Schema.Struct({ id: Schema.String, running_balance: Schema.BigIntFromString, expected: Schema.BigIntFromString })
)
const AbsoluteTotals = Schema.Array(Schema.Struct({ id: Schema.String, absolute_total: Schema.BigIntFromString }))

const store = Layer.mergeAll(
  AccountStore.Default,
  TransactionStore.Default,
  BookkeepingStore.Default,
  SandboxSnapshotStore.Default
)

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
        "a bookkeeping account's balance at any date and its extremes from any date on are the sums of its entries, written in any date order",
        () =>
          Effect.gen(function*() {
            const bookkeeping = yield* BookkeepingStore
            const sql = yield* SqlClient.SqlClient
            const run = Effect.runPromiseWith(yield* Effect.context<SqlClient.SqlClient>())
            yield* Effect.promise(() =>
              fc.assert(
                fc.asyncProperty(datedHistory, async (movements) => {
                  const accountId = BookkeepingAccountId.make(nextId("bookkeeping_account"))
                  await run(insertBookkeepingAccount(accountId))
                  for (const m of movements) {
                    await run(bookkeeping.insertEntrySet(tenant, entrySetAt(accountId, m.amount, m.at)))
                  }
                  const expectSums = async () => {
                    for (const probe of probesOf(movements)) {
                      expect(
                        await run(bookkeeping.balance(tenant, accountId, Option.some(DateTime.makeUnsafe(probe))))
                      ).toEqual(Option.some(Number(summedAt(movements, probe))))
                      // The range check's extremes from any date on: the balances at the ends of those dates.
                      const balances = [...new Set(movements.map((m) => m.at))].filter((at) => at >= probe).map((at) =>
                        summedAt(movements, at)
                      )
                      const extremes = await run(
                        bookkeeping.balanceExtremes(tenant, [accountId], DateTime.makeUnsafe(probe))
                      )
                      expect(extremes).toEqual(
                        balances.length === 0 ? [] : [{
                          accountId,
                          lowest: balances.reduce((a, b) => a < b ? a : b),
                          highest: balances.reduce((a, b) => a > b ? a : b)
                        }]
                      )
                    }
                    expect(await run(bookkeeping.balance(tenant, accountId, Option.none()))).toEqual(
                      Option.some(Number(summedAt(movements, Number.POSITIVE_INFINITY)))
                    )
                  }
                  await expectSums()
                  // A snapshot restore rebuilds the blocks from the entries: the same rows the writes left.
                  const written = await run(blocksOf(accountId))
                  await run(BalanceBlocks.rebuild(sql, tenant))
                  expect(await run(blocksOf(accountId))).toEqual(written)
                }),
                { numRuns: 15 }
              )
            )
          }),
        120_000
      )

      it.effect("entry sets written at once on the same accounts, each holding the accounts first, all count", () =>
        Effect.gen(function*() {
          const bookkeeping = yield* BookkeepingStore
          const sql = yield* SqlClient.SqlClient
          const accountIds = [nextId("bookkeeping_account"), nextId("bookkeeping_account")].map((id) =>
            BookkeepingAccountId.make(id)
          )
          yield* Effect.forEach(accountIds, (id) => insertBookkeepingAccount(id), { discard: true })
          const [first, second] = accountIds as [BookkeepingAccountId, BookkeepingAccountId]
          // Back-dated and later sets alternating, so that concurrent writes share blocks at every level.
          const sets = Array.from({ length: 12 }, (_, index) => ({
            at: start + (index % 2 === 0 ? -index : index) * 7 * minute,
            amount: (index + 1) * 100
          }))
          yield* Effect.forEach(sets, ({ amount, at }) =>
            sql.withTransaction(Effect.gen(function*() {
              yield* bookkeeping.addAbsoluteTotals(tenant, [[first, BigInt(amount)], [second, BigInt(amount)]])
              yield* bookkeeping.insertEntrySet(tenant, pairAt(first, second, amount, at))
            })), { concurrency: "unbounded", discard: true })
          for (const probe of probesOf(sets)) {
            const at = Option.some(DateTime.makeUnsafe(probe))
            expect(yield* bookkeeping.balance(tenant, first, at)).toEqual(Option.some(Number(summedAt(sets, probe))))
            expect(yield* bookkeeping.balance(tenant, second, at)).toEqual(Option.some(Number(-summedAt(sets, probe))))
          }
          const written = yield* blocksOf(first)
          yield* BalanceBlocks.rebuild(sql, tenant)
          expect(yield* blocksOf(first)).toEqual(written)
        }))

      it.effect("a snapshot restore rebuilds the balance blocks of the entries it writes back; a reset drops them", () =>
        Effect.gen(function*() {
          const bookkeeping = yield* BookkeepingStore
          const snapshots = yield* SandboxSnapshotStore
          // A tenant of its own: the reset deletes all of its data.
          const owner = { groupId: GroupId.make("group_running_balances_snapshot"), environment: "sandbox" as const }
          const accountId = BookkeepingAccountId.make(nextId("bookkeeping_account"))
          yield* insertBookkeepingAccount(accountId, owner)
          const saved = [{ amount: 30, at: start }, { amount: -50, at: start + blockSize(4) }]
          for (const m of saved) yield* bookkeeping.insertEntrySet(owner, entrySetAt(accountId, m.amount, m.at))
          const blocks = yield* blocksOf(accountId)
          yield* snapshots.save(owner, "saved", DateTime.makeUnsafe(start))
          yield* bookkeeping.insertEntrySet(owner, entrySetAt(accountId, 1_000, start - blockSize(6)))
          yield* bookkeeping.insertEntrySet(owner, entrySetAt(accountId, 7, start + 1))
          expect(Option.isSome(yield* snapshots.restore(owner, "saved"))).toBe(true)
          expect(yield* blocksOf(accountId)).toEqual(blocks)
          for (const probe of probesOf(saved)) {
            expect(yield* bookkeeping.balance(owner, accountId, Option.some(DateTime.makeUnsafe(probe)))).toEqual(
              Option.some(Number(summedAt(saved, probe)))
            )
          }
          yield* snapshots.deleteAll(owner)
          expect(yield* blocksOf(accountId)).toEqual([])
        }))

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

      it.effect("the migrations backfill running balances, absolute totals and balance blocks of existing history", () =>
        Effect.gen(function*() {
          const sql = yield* SqlClient.SqlClient
          // Back to the schema before 0008 (0019 dropped the entries' running balance), history written
          // there, then 0008, 0017 and 0019 again.
          yield* sql`ALTER TABLE transactions DROP COLUMN running_balance`
          const earlierAccounts = (yield* sql`SELECT DISTINCT account_id FROM bookkeeping_balance_blocks`).map((row) =>
            String(row["account_id"])
          )
          const earlierBlocks = yield* Effect.forEach(earlierAccounts, blocksOf)
          yield* sql`DROP TABLE bookkeeping_balance_blocks`
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

          // 0019: balance blocks from the entries (this account's and the earlier tests'), the running balance gone.
          yield* balanceBlocks
          const bookkeeping = yield* BookkeepingStore
          for (const minutes of probes) {
            expect(
              yield* bookkeeping.balance(tenant, BookkeepingAccountId.make(bookkeepingId), Option.some(at(minutes)))
            )
              .toEqual(Option.some(written.filter(([, m]) => m <= minutes).reduce((t, [amount]) => t + amount, 0)))
          }
          expect(yield* bookkeeping.balanceExtremes(tenant, [BookkeepingAccountId.make(bookkeepingId)], at(1))).toEqual(
            [
              { accountId: bookkeepingId, lowest: -73n, highest: 127n }
            ]
          )
          // The earlier tests' accounts get back the blocks their writes had left.
          expect(earlierAccounts.length).toBeGreaterThan(0)
          expect(yield* Effect.forEach(earlierAccounts, blocksOf)).toEqual(earlierBlocks)
          const columns = yield* sql`SELECT column_name FROM information_schema.columns
            WHERE table_name = 'bookkeeping_entries' AND column_name = 'running_balance'`
          expect(columns).toEqual([])
        }))
    })
  })
}
