/**
 * Each group's sandbox clock (docs/workbench.md, "Clock"): real time plus an
 * offset the group's sandbox key advances. Live requests never read it. A
 * sandbox subscription may take the live retry schedule, to test retries.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE groups ADD COLUMN clock_offset_ms bigint NOT NULL DEFAULT 0`
  yield* sql`ALTER TABLE event_subscriptions ADD COLUMN live_retry_schedule boolean NOT NULL DEFAULT false`
})
