/**
 * What a real-time decision keeps besides its API body: the client's answer as
 * given (the contact of a wallet token approval, for the passcode
 * authentication that follows), the idempotency key of the simulation that
 * raised it (a replay after its process died reuses the decision instead of
 * raising a second one), and whether its outcome was applied (so it is
 * applied once).
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE real_time_decisions ADD COLUMN answer jsonb`
  yield* sql`ALTER TABLE real_time_decisions ADD COLUMN idempotency_key text`
  yield* sql`ALTER TABLE real_time_decisions ADD COLUMN applied boolean NOT NULL DEFAULT false`
  yield* sql`CREATE INDEX real_time_decisions_idempotency_key ON real_time_decisions (group_id, environment, idempotency_key)
    WHERE idempotency_key IS NOT NULL`
})
