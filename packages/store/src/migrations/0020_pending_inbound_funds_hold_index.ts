/**
 * The hold sweep (bank/src/HoldSweeper.ts) asks every few seconds, across
 * groups, for the check deposits' inbound funds holds still pending, oldest
 * first, as it does for card authorization holds (0018). This partial index
 * holds only those rows, in that order: the sweep never reads the history of
 * released holds.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE INDEX IF NOT EXISTS pending_transactions_pending_inbound_funds_holds
    ON pending_transactions (environment, created_at, id)
    WHERE status = 'pending' AND category = 'inbound_funds_hold'`
})
