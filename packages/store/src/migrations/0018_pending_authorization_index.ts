/**
 * The authorization expiry sweep (bank/src/CardAuthorizationExpirySweeper.ts)
 * asks every few seconds, across groups, for the pending card authorization
 * holds oldest first. This partial index holds only those rows, in that order:
 * the sweep reads the holds still pending, never the history of completed
 * ones.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE INDEX IF NOT EXISTS pending_transactions_pending_card_authorizations
    ON pending_transactions (environment, created_at, id)
    WHERE status = 'pending' AND category = 'card_authorization'`
})
