/**
 * Brings the database of the current `SqlClient` up to date with the
 * migrations in `./migrations/index.ts` (`effect/sql`'s Migrator; applied
 * ones are recorded in `effect_sql_migrations`). Safe to run on every start,
 * and from several processes at once.
 */
import { Effect } from "effect"
import { Migrator, SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql"
import { migrations } from "./migrations/index.js"

const table = "effect_sql_migrations"

// Any constant shared by every Moneta process; names this lock in pg_locks.
const advisoryLockKey = 0x6d6f6e65 // "mone"

const migrate = Migrator.make({})

// The Migrator creates its table after a failed lookup, which fails when two
// processes start at once; create it first, one process at a time. (Same
// columns as the Migrator's own definition.)
const ensureTable = Effect.flatMap(SqlClient.SqlClient, (sql) =>
  sql.withTransaction(
    Effect.andThen(
      sql`SELECT pg_advisory_xact_lock(${advisoryLockKey})`,
      sql`CREATE TABLE IF NOT EXISTS ${sql(table)} (
        migration_id integer primary key,
        created_at timestamp with time zone not null default now(),
        name text not null
      )`
    )
  ))

/** The id of the newest migration this build knows (`NNNN` of `NNNN_name`). */
export const latestId: number = Math.max(0, ...Object.keys(migrations).map((name) => Number.parseInt(name, 10)))

/** Whether every migration this build knows has been applied (for readiness checks). */
export const isUpToDate: Effect.Effect<boolean, SqlError.SqlError, SqlClient.SqlClient> = Effect.flatMap(
  SqlClient.SqlClient,
  (sql) =>
    Effect.map(
      sql<{ readonly latest: number | null }>`SELECT max(migration_id) AS latest FROM ${sql(table)}`,
      (rows) => (rows[0]?.latest ?? 0) >= latestId
    )
)

// The Migrator applies only migrations newer than the newest recorded, so a
// database at `latestId` has nothing pending: one query instead of the
// Migrator's locking transaction and reads. Any failure (no table yet) leaves
// the decision to the Migrator, which reports real errors itself.
const nothingPending = isUpToDate.pipe(Effect.orElseSucceed(() => false))

/** Applies the pending migrations and returns them as `[id, name]`. */
export const run: Effect.Effect<
  ReadonlyArray<readonly [id: number, name: string]>,
  Migrator.MigrationError | SqlError.SqlError,
  SqlClient.SqlClient
> = Effect.flatMap(nothingPending, (upToDate) =>
  upToDate
    ? Effect.succeed([])
    : Effect.andThen(ensureTable, migrate({ loader: Migrator.fromRecord(migrations), table })))
