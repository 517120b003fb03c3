/**
 * Webhook hardening.
 *
 * - `webhook_deliveries.unrecorded_claims`: claims since the delivery's last
 *   recorded attempt. A delivery whose sending keeps killing its process is
 *   claimed again and again without an attempt being recorded; past a cap it
 *   is failed instead of claimed once more.
 * - Indexes for the retention sweep: old attempts by creation time, finished
 *   deliveries by creation time, and attempts by delivery (so that deleting a
 *   delivery does not scan the attempts).
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE webhook_deliveries ADD COLUMN unrecorded_claims integer NOT NULL DEFAULT 0`
  yield* sql`CREATE INDEX webhook_attempts_created ON webhook_attempts (environment, created_at)`
  yield* sql`CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id)`
  yield* sql`CREATE INDEX webhook_deliveries_finished ON webhook_deliveries (environment, created_at) WHERE status <> 'pending'`
})
