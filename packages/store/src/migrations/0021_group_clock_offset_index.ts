/**
 * Statements across groups compare a row's time on its group's sandbox clock
 * with the server's time plus that group's offset, a value an index on the
 * row's time cannot use. They also bound the time by the server's time plus
 * the largest offset of any group (`GroupClock.maxGroupOffset`), which it can:
 * this index makes that largest offset one index read, not a scan of `groups`.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE INDEX IF NOT EXISTS groups_clock_offset ON groups (clock_offset_ms)`
})
