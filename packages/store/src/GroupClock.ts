/**
 * Rows of sandbox groups carry times on their group's sandbox clock (real
 * time plus `groups.clock_offset_ms`, `SandboxClocks`). Statements that
 * compare such a time with the server's add this offset to the server's.
 */
import type { Statement } from "effect/sql"

/** The clock offset of the group `groupId` names (a column or a value), as an SQL interval. */
export const groupOffset = (sql: Statement.Constructor, groupId: Statement.Fragment): Statement.Fragment =>
  sql`((SELECT clock_offset_ms::double precision FROM groups WHERE groups.id = ${groupId}) * interval '1 millisecond')`
