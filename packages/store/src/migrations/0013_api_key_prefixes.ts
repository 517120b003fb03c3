/**
 * Lists of API keys (the control API, docs/workbench.md) show the start of
 * each key's secret, kept when the key is registered: the hash cannot give it
 * back. Keys registered before have none.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE api_keys ADD COLUMN key_prefix text`
  yield* sql`CREATE INDEX api_keys_group ON api_keys (group_id, created_at, id)`
})
