/**
 * An account's newest posting time (migration 0024), as the ledger uses it:
 * each posting, written under the account's row lock, leaves out the update
 * of later rows when it comes after the account's newest posting (`postsAfter`)
 * and moves `last_posted_at` on with the balance. Written in any time order,
 * the running balances still give every past balance as the sum of the
 * postings up to it, and `last_posted_at` is the newest posting's time.
 */
import { describe, expect, layer } from "@effect/vitest"
import { AccountId, GroupId } from "@moneta/domain/Ids"
import { DateTime, Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import * as fc from "fast-check"
import { AccountStore } from "../src/Accounts.js"
import * as TestDatabase from "../src/testing.js"
import { postsAfter, TransactionStore } from "../src/Transactions.js"
import { interestPosting } from "./InterestPosting.js"

const tenant = { groupId: GroupId.make("group_last_posted"), environment: "sandbox" as const }
const start = Date.parse("2026-01-01T00:00:00Z")
const minute = 60_000

/** A posting: its amount and the minute it is made at (few minutes, so that many share one). */
const movement = fc.record({ amount: fc.integer({ min: -1_000, max: 1_000 }), minute: fc.integer({ min: 0, max: 4 }) })

let sequence = 0
const nextId = (prefix: string) => `${prefix}_${String(++sequence).padStart(8, "0")}`

const LastPostedRows = Schema.Array(Schema.Struct({ last_posted_at: Schema.NullOr(Schema.Date) }))

const store = Layer.mergeAll(AccountStore.Default, TransactionStore.Default)

for (const kind of TestDatabase.testDatabases) {
  describe(`an account's newest posting time (${kind})`, () => {
    layer(store.pipe(Layer.provideMerge(TestDatabase.layerFor(kind))), { timeout: TestDatabase.timeout })((it) => {
      it.effect(
        "postings in any time order keep every running balance and the newest time",
        () =>
          Effect.gen(function*() {
            const accounts = yield* AccountStore
            const transactions = yield* TransactionStore
            const sql = yield* SqlClient.SqlClient
            const run = Effect.runPromiseWith(yield* Effect.context<SqlClient.SqlClient>())
            /** As the ledger posts: under the row lock, amending later rows only when one may be there. */
            const post = (accountId: AccountId, amount: number, at: DateTime.Utc) =>
              sql.withTransaction(Effect.gen(function*() {
                const balance = Option.getOrThrow(yield* accounts.lockBalance(tenant, accountId))
                const posting = interestPosting(nextId("transaction"), accountId, amount, at)
                yield* transactions.insert(
                  tenant,
                  posting,
                  [accounts.balanceWrite(
                    tenant,
                    accountId,
                    { current: balance.current + amount, held: balance.held },
                    at
                  )],
                  !postsAfter(posting, balance.lastPostedMicros)
                )
              }))
            yield* Effect.promise(() =>
              fc.assert(
                fc.asyncProperty(fc.array(movement, { minLength: 1, maxLength: 10 }), async (movements) => {
                  const accountId = AccountId.make(nextId("account"))
                  await run(sql`INSERT INTO accounts (id, group_id, environment, created_at, status, body)
                  VALUES (${accountId}, ${tenant.groupId}, ${tenant.environment}, ${new Date(
                    start
                  )}, 'open', '{}'::jsonb)`)
                  for (const m of movements) {
                    await run(post(accountId, m.amount, DateTime.makeUnsafe(start + m.minute * minute)))
                  }
                  for (const probe of [-1, 0, 0.5, 1, 2, 3, 4, 5]) {
                    const expected = movements.filter((m) => m.minute <= probe).reduce((sum, m) => sum + m.amount, 0)
                    const balance = await run(
                      accounts.balanceAt(tenant, accountId, DateTime.makeUnsafe(start + probe * minute))
                    )
                    expect(Option.map(balance, (b) => b.current)).toEqual(Option.some(expected))
                  }
                  const [row] = await run(
                    sql`SELECT last_posted_at FROM accounts WHERE id = ${accountId}`.pipe(
                      Effect.flatMap(Schema.decodeUnknownEffect(LastPostedRows))
                    )
                  )
                  expect(row?.last_posted_at?.getTime()).toBe(
                    start + Math.max(...movements.map((m) => m.minute)) * minute
                  )
                }),
                { numRuns: 20 }
              )
            )
          }),
        120_000
      )
    })
  })
}
