/**
 * Real-time decisions: one row per decision, rewritten when it is answered or
 * times out. `status` and `timeout_at` are columns so the sweeper finds the
 * pending decisions whose window has passed through a small partial index.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE real_time_decisions (
      id text PRIMARY KEY,
      group_id text NOT NULL,
      environment text NOT NULL,
      created_at timestamptz NOT NULL,
      category text NOT NULL,
      status text NOT NULL,
      timeout_at timestamptz NOT NULL,
      body jsonb NOT NULL
    )`
  yield* sql`CREATE INDEX real_time_decisions_due ON real_time_decisions (timeout_at) WHERE status = 'pending'`
})
