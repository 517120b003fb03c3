/**
 * Writes that share a statement. A data-modifying statement of a step can run
 * as a CTE of the step's next statement instead of on its own: one round trip,
 * and one statement's fixed cost in the driver and in Postgres, fewer. Postgres
 * runs every data-modifying CTE exactly once and to completion, whether or not
 * the statement reads its result, so a shared statement writes what the
 * separate ones did. All parts of one statement see the same snapshot: a write
 * that must see another's rows (a running balance over rows written in the
 * same step) cannot share that write's statement.
 */
import { Effect } from "effect"
import type { SqlClient, Statement } from "effect/sql"

/** One INSERT, UPDATE or DELETE, not yet run. */
export interface Write {
  readonly statement: Statement.Fragment
}

export const write = (statement: Statement.Fragment): Write => ({ statement })

/** The writes as CTEs (`write_1 AS (…)`, …), to lead a `WITH` list of the statement they join. */
export const asCtes = (sql: Statement.Constructor, writes: ReadonlyArray<Write>): ReadonlyArray<Statement.Fragment> =>
  writes.map((each, index) => sql`${sql(`write_${index + 1}`)} AS (${each.statement})`)

/** `WITH` and the entries, or nothing when there are none. */
export const withClause = (
  sql: Statement.Constructor,
  entries: ReadonlyArray<Statement.Fragment>
): Statement.Fragment => entries.length === 0 ? sql`` : sql`WITH ${sql.csv(entries)}`

/** Runs the writes now, in one statement. */
export const run = (sql: SqlClient.SqlClient, writes: ReadonlyArray<Write>): Effect.Effect<void> => {
  const [first, ...rest] = writes
  if (first === undefined) return Effect.void
  return sql`${withClause(sql, asCtes(sql, rest))} ${first.statement}`.pipe(Effect.asVoid, Effect.orDie)
}
