/**
 * A new posting's statement is planned once per connection. Postgres plans a
 * prepared statement's first five executions for their values and then keeps
 * its generic plan unless that looks costlier than they did on average. The
 * update of the rows after a posting, with its key inline, looked far cheaper
 * planned for the values (no later rows) than generically (a third of the
 * account's rows) on an account with a long history, so Postgres planned most
 * postings anew (docs/benchmarks.md). A posting after the account's newest
 * (`postsAfter`, what the ledger reads under the account's lock) has no such
 * update, and runs on the cached plan, also after the table is analyzed
 * again. A database of its own: a connection's earlier plans of the statement
 * count in Postgres's choice.
 */
import { describe, expect, it } from "@effect/vitest"
import { AccountId, GroupId } from "@moneta/domain/Ids"
import { DateTime, Effect, Layer, Schema } from "effect"
import { SqlClient } from "effect/sql"
import * as TestDatabase from "../src/testing.js"
import { TransactionStore } from "../src/Transactions.js"
import { interestPosting } from "./InterestPosting.js"

const tenant = { groupId: GroupId.make("group_posting_plans"), environment: "sandbox" as const }
const accountId = AccountId.make("account_posting_plans")
const start = Date.parse("2026-01-01T00:00:00Z")

const posting = (index: number) =>
  interestPosting(
    `transaction_posting_plans_${String(index).padStart(4, "0")}`,
    accountId,
    100,
    DateTime.makeUnsafe(start + index * 60_000)
  )

const PlanCounts = Schema.Array(Schema.Struct({ custom: Schema.Number, generic: Schema.Number }))

for (const kind of TestDatabase.testDatabases) {
  describe(`a posting's plans (${kind})`, () => {
    it.effect(
      "a posting after the account's newest runs on the connection's cached plan",
      () =>
        Effect.gen(function*() {
          const transactions = yield* TransactionStore
          const sql = yield* SqlClient.SqlClient
          yield* sql`INSERT INTO accounts (id, group_id, environment, created_at, status, body)
          VALUES (${accountId}, ${tenant.groupId}, ${tenant.environment}, ${new Date(start)}, 'open', '{}'::jsonb)`
          // A long history before the first posting through the store, analyzed.
          yield* sql`INSERT INTO transactions
            (id, group_id, environment, created_at, account_id, amount, category, route_id, running_balance, body)
          SELECT ${accountId} || '_history_' || n, ${tenant.groupId}, ${tenant.environment},
            ${new Date(start)}::timestamptz - n * interval '1 minute', ${accountId}, 1, 'interest_payment', NULL, 0,
            '{}'::jsonb
          FROM generate_series(1, 3000) AS n`
          yield* sql`ANALYZE transactions`
          // One transaction: one connection, whose prepared statements pg_prepared_statements lists.
          const [counts] = yield* sql.withTransaction(Effect.gen(function*() {
            for (let index = 1; index <= 12; index++) {
              // Analyzed again halfway: the cached plan is made anew, and kept.
              if (index === 7) yield* sql`ANALYZE transactions`
              yield* transactions.insert(tenant, posting(index), [], false)
            }
            return yield* sql`SELECT sum(custom_plans)::int AS custom, sum(generic_plans)::int AS generic
            FROM pg_prepared_statements WHERE statement LIKE ${"%INSERT INTO \"transactions\"%"}`.pipe(
              Effect.flatMap(Schema.decodeUnknownEffect(PlanCounts)),
              Effect.orDie
            )
          }))
          expect(counts).toEqual({ custom: 5, generic: 7 })
        }).pipe(Effect.provide(TransactionStore.Default.pipe(Layer.provideMerge(TestDatabase.layerFor(kind))))),
      120_000
    )
  })
}
