/**
 * Idempotent requests that wait for real-time decisions hold their key under
 * a lease (docs/decisions.md, "Idempotent requests that wait"): `claim` names
 * one request's lineage (kept when a retry takes it over), `owner` the run
 * that holds it now, `lease_until` when a run that stopped renewing counts as
 * dead. A decision records the claim it was raised under, so a retry reuses
 * the decisions of its own lineage only. Keys in progress before this
 * migration get a claim, with their decisions, so a retry still reuses them.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE idempotency_records ADD COLUMN claim text`
  yield* sql`ALTER TABLE idempotency_records ADD COLUMN owner text`
  yield* sql`ALTER TABLE idempotency_records ADD COLUMN lease_until timestamptz`
  yield* sql`ALTER TABLE real_time_decisions ADD COLUMN idempotency_claim text`
  yield* sql`
    UPDATE idempotency_records SET claim = md5(group_id || ' ' || environment || ' ' || key)
    WHERE status <= 0`
  yield* sql`
    UPDATE real_time_decisions AS decision SET idempotency_claim = record.claim
    FROM idempotency_records AS record
    WHERE record.status <= 0 AND record.group_id = decision.group_id
      AND record.environment = decision.environment AND record.key = decision.idempotency_key`
  yield* sql`CREATE INDEX real_time_decisions_idempotency_claim ON real_time_decisions (idempotency_claim)
    WHERE idempotency_claim IS NOT NULL`
  yield* sql`CREATE INDEX idempotency_records_in_progress ON idempotency_records (environment, lease_until)
    WHERE status <= 0`
})
