/**
 * Pages whose cost no longer grows with history. A list filtered on a column
 * that no index leads with walked the tenant's (or the account's) whole
 * newest-first order, row by row, to find a rare match or none: events of a
 * rare category, a `created_at` window in the middle of the event log
 * (`events_created` had no tenant prefix: `events_tenant_created` replaces
 * it), transactions of an account in a category, pending transactions by
 * status, lists by route (card). Each index below puts the filtered column
 * ahead of the order the page reads, so a page is one index range of the rows
 * it returns. And no statistics on `body` columns (below).
 *
 * Plain CREATE INDEX: on a large database the upgrade takes a while and holds
 * writes to these tables meanwhile (docs/operations.md).
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const page = "created_at DESC, id DESC"

  // IF NOT EXISTS: an operator may have built them beforehand, CONCURRENTLY (docs/operations.md).
  yield* sql`CREATE INDEX IF NOT EXISTS events_tenant_created ON events (group_id, environment, created_at)`
  yield* sql`DROP INDEX IF EXISTS events_created`
  yield* sql`CREATE INDEX IF NOT EXISTS events_category ON events (group_id, environment, category, txid, seq)`

  for (const table of ["transactions", "pending_transactions", "declined_transactions"]) {
    yield* sql`CREATE INDEX IF NOT EXISTS ${sql(`${table}_category`)} ON ${sql(table)}
      (group_id, environment, category, ${sql.literal(page)})`
    yield* sql`CREATE INDEX IF NOT EXISTS ${sql(`${table}_account_category`)} ON ${sql(table)}
      (account_id, category, ${sql.literal(page)})`
    yield* sql`CREATE INDEX IF NOT EXISTS ${sql(`${table}_route`)} ON ${sql(table)}
      (route_id, ${sql.literal(page)}) WHERE route_id IS NOT NULL`
  }

  // (account_id, status) was a prefix of this one; nothing else reads it.
  yield* sql`CREATE INDEX IF NOT EXISTS pending_transactions_account_status ON pending_transactions
    (account_id, status, ${sql.literal(page)})`
  yield* sql`DROP INDEX IF EXISTS pending_transactions_account`
  yield* sql`CREATE INDEX IF NOT EXISTS pending_transactions_status ON pending_transactions
    (group_id, environment, status, ${sql.literal(page)})`
  yield* sql`CREATE INDEX IF NOT EXISTS wire_transfers_status ON wire_transfers (group_id, environment, status, ${
    sql.literal(page)
  })`

  // No plan uses a `body`'s statistics (the API encoding of the row; a filter on `body->>'…'` is an
  // expression, estimated without them): they only made ANALYZE two to three times slower, which
  // the embedded database pays on its one connection (PgliteMaintenance).
  const withBody = yield* sql<{ readonly table_name: string }>`SELECT table_name FROM information_schema.columns
    WHERE table_schema = 'public' AND column_name = 'body' ORDER BY table_name`
  for (const { table_name } of withBody) {
    yield* sql`ALTER TABLE ${sql(table_name)} ALTER COLUMN body SET STATISTICS 0`
  }
})
