/**
 * Balances at a time without reading history. Each posted transaction and
 * each bookkeeping entry carries the running balance of its account up to and
 * including itself, in the order `at_time` counts them (transactions by
 * `created_at`, entries by `date`, then `id`), so a balance at an instant is
 * one index probe. Bookkeeping accounts keep the sum of the absolute amounts of
 * their entries: while it is within the exactly representable range, no
 * balance of the account at any date can leave it, and the exact (history
 * wide) check is skipped.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  // Each table's running balance: Σ amount of the account's rows up to and including this one, in `order`.
  const addRunningBalance = (table: string, order: string) =>
    Effect.gen(function*() {
      yield* sql`ALTER TABLE ${sql(table)} ADD COLUMN running_balance numeric`
      yield* sql`
        UPDATE ${sql(table)} SET running_balance = ordered.running
        FROM (SELECT id, sum(amount::numeric) OVER (PARTITION BY account_id ORDER BY ${sql(order)}, id) AS running
          FROM ${sql(table)}) AS ordered
        WHERE ${sql(table)}.id = ordered.id`
      yield* sql`ALTER TABLE ${sql(table)} ALTER COLUMN running_balance SET NOT NULL`
    })
  yield* addRunningBalance("transactions", "created_at")
  yield* addRunningBalance("bookkeeping_entries", "date")
  yield* sql`DROP INDEX bookkeeping_entries_account`
  yield* sql`CREATE INDEX bookkeeping_entries_account ON bookkeeping_entries (account_id, date DESC, id DESC)`

  yield* sql`ALTER TABLE bookkeeping_accounts ADD COLUMN absolute_total numeric NOT NULL DEFAULT 0`
  yield* sql`
    UPDATE bookkeeping_accounts SET absolute_total = totals.absolute_total
    FROM (SELECT account_id, sum(abs(amount::numeric)) AS absolute_total FROM bookkeeping_entries GROUP BY account_id) AS totals
    WHERE bookkeeping_accounts.id = totals.account_id`
})
