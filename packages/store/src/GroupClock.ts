/**
 * Rows of sandbox groups carry times on their group's sandbox clock (real
 * time plus `groups.clock_offset_ms`, `SandboxClocks`). Statements that
 * compare such a time with the server's add this offset to the server's.
 */
import type { Environment } from "@moneta/domain/Environment"
import type { Statement } from "effect/sql"

/** The clock offset of the group `groupId` names (a column or a value), as an SQL interval. */
export const groupOffset = (sql: Statement.Constructor, groupId: Statement.Fragment): Statement.Fragment =>
  sql`((SELECT clock_offset_ms::double precision FROM groups WHERE groups.id = ${groupId}) * interval '1 millisecond')`

/**
 * The largest clock offset of any group, as an SQL interval (one read of
 * migration 0021's index). A row due by the server's time plus its own group's
 * offset is due by the server's time plus this one: a bound on the row's time
 * that an index on it can use, so that a statement reads only the rows that
 * may be due rather than every pending row (0 while no clock was advanced).
 */
export const maxGroupOffset = (sql: Statement.Constructor): Statement.Fragment =>
  sql`((SELECT coalesce(max(clock_offset_ms), 0)::double precision FROM groups) * interval '1 millisecond')`

/**
 * The server's `cutoff` on the clock of each row's group (`group_id`), for
 * statements across the groups of `environment`: live time is real time, so
 * only sandbox rows add their group's offset.
 */
export const cutoffOnGroupClock = (
  sql: Statement.Constructor,
  environment: Environment,
  cutoff: Date
): Statement.Fragment =>
  environment === "sandbox"
    ? sql`${cutoff}::timestamptz + ${groupOffset(sql, sql`group_id`)}`
    : sql`${cutoff}::timestamptz`

/**
 * The latest that `cutoffOnGroupClock` is for any row of `environment`: a
 * bound on the row's time that an index on it can use (`maxGroupOffset`).
 */
export const cutoffOnAnyGroupClock = (
  sql: Statement.Constructor,
  environment: Environment,
  cutoff: Date
): Statement.Fragment =>
  environment === "sandbox"
    ? sql`${cutoff}::timestamptz + ${maxGroupOffset(sql)}`
    : sql`${cutoff}::timestamptz`

/** The clock offset of each row's group (`group_id`) in milliseconds, as text; 0 for live rows. */
export const groupOffsetText = (
  sql: Statement.Constructor,
  environment: Environment
): Statement.Fragment =>
  environment === "sandbox"
    ? sql`(SELECT clock_offset_ms FROM groups WHERE groups.id = group_id)::text`
    : sql`'0'`
