/**
 * One database transaction around a unit of work: its changes, its events and
 * its outbox rows commit together or not at all. Database failures are
 * defects here: the caller cannot act on them, and the HTTP layer answers 500.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export const transactionally = <A, E, R>(
  effect: Effect.Effect<A, E, R>
): Effect.Effect<A, E, R | SqlClient.SqlClient> =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql.withTransaction(effect).pipe(
      Effect.catchTag("SqlError", (error) => Effect.die(error))
    ))
