/**
 * Upkeep of the embedded database. A Postgres server's background processes
 * analyze and vacuum tables as they change (autovacuum) and checkpoint, which
 * lets the write-ahead log be recycled; PGlite runs none of them. Without this
 * the planner never has statistics (a page can read every row of a tenant)
 * and the data directory grows with every write for as long as the server
 * runs, most of it WAL.
 *
 * Each step is one statement on PGlite's one connection, queued between
 * requests' statements like any other (never inside their transactions): an
 * ANALYZE or a VACUUM (ANALYZE) of one table, or a CHECKPOINT. How long each
 * held the connection is logged at debug level (docs/benchmarks.md,
 * "Cost that grows with history").
 */
import { Duration, Effect, Schema } from "effect"
import { SqlClient, type SqlError } from "effect/sql"

export interface Options {
  /** How long after the start the first step runs: the start's own statements go first. */
  readonly startDelay: Duration.Duration
  /** How often to look for work once started. */
  readonly interval: Duration.Duration
  /** A CHECKPOINT once the WAL written since the last one passes this many bytes. */
  readonly checkpointAfterBytes: number
}

export const defaultOptions: Options = {
  startDelay: Duration.seconds(1),
  // A round with nothing due is two small queries.
  interval: Duration.seconds(5),
  // One WAL segment: a checkpoint then flushes little, and pg_wal stays near min_wal_size (PgliteOpening).
  checkpointAfterBytes: 16 * 1024 * 1024
}

export interface Step {
  readonly kind: "analyze" | "vacuum" | "checkpoint"
  /** The table, for an analyze or a vacuum. */
  readonly table?: string | undefined
  /** How long the step held the connection. */
  readonly millis: number
}

const TableRows = Schema.Array(Schema.Struct({ name: Schema.String }))
const DueRows = Schema.Array(Schema.Struct({ name: Schema.String, vacuum: Schema.Boolean }))
const WalRows = Schema.Array(Schema.Struct({ bytes: Schema.NumberFromString }))

const timed = <E, R>(
  kind: Step["kind"],
  table: string | undefined,
  statement: Effect.Effect<unknown, E, R>
): Effect.Effect<Step, E, R> =>
  Effect.gen(function*() {
    const started = performance.now()
    yield* statement
    const step: Step = { kind, table, millis: performance.now() - started }
    yield* Effect.logDebug("Embedded database upkeep").pipe(
      Effect.annotateLogs({ step: kind, table: table ?? "", millis: Math.round(step.millis * 10) / 10 })
    )
    return step
  })

const analyze = (sql: SqlClient.SqlClient, table: string) => timed("analyze", table, sql`ANALYZE ${sql(table)}`)

/**
 * Analyzes the tables that have never been (a new data directory, or one
 * written before this upkeep existed): a table with no statistics is planned
 * as if it were small.
 */
export const analyzeNeverAnalyzed: Effect.Effect<ReadonlyArray<Step>, SqlError.SqlError, SqlClient.SqlClient> = Effect
  .gen(function*() {
    const sql = yield* SqlClient.SqlClient
    // reltuples is -1 until a table's first ANALYZE or VACUUM.
    const tables = yield* sql`SELECT relname AS name FROM pg_class
      WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' AND reltuples < 0 ORDER BY relname`.pipe(
      Effect.flatMap(Schema.decodeUnknownEffect(TableRows)),
      Effect.orDie
    )
    return yield* Effect.forEach(tables, ({ name }) => analyze(sql, name))
  })

/**
 * One round: the tables past autovacuum's default thresholds are vacuumed
 * (dead rows over 50 + 20% of the live ones) or analyzed (rows changed since
 * the last ANALYZE over 50 + 10%), one statement each; then a CHECKPOINT if
 * the WAL since the last one passed `checkpointAfterBytes`.
 */
export const pass = (
  options: Pick<Options, "checkpointAfterBytes"> = defaultOptions
): Effect.Effect<ReadonlyArray<Step>, SqlError.SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    // This session's counts reach pg_stat_user_tables at most once a second unless asked.
    yield* sql`SELECT pg_stat_force_next_flush()`
    const due = yield* sql`SELECT relname AS name, n_dead_tup > 50 + 0.2 * n_live_tup AS vacuum
      FROM pg_stat_user_tables
      WHERE schemaname = 'public'
        AND (n_dead_tup > 50 + 0.2 * n_live_tup OR n_mod_since_analyze > 50 + 0.1 * n_live_tup)
      ORDER BY relname`.pipe(Effect.flatMap(Schema.decodeUnknownEffect(DueRows)), Effect.orDie)
    const steps: Array<Step> = []
    for (const { name, vacuum } of due) {
      steps.push(
        yield* (vacuum ? timed("vacuum", name, sql`VACUUM (ANALYZE) ${sql(name)}`) : analyze(sql, name))
      )
    }
    const wal = yield* sql`SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), redo_lsn)::text AS bytes
      FROM pg_control_checkpoint()`.pipe(Effect.flatMap(Schema.decodeUnknownEffect(WalRows)), Effect.orDie)
    if ((wal[0]?.bytes ?? 0) > options.checkpointAfterBytes) {
      steps.push(yield* timed("checkpoint", undefined, sql`CHECKPOINT`))
    }
    return steps
  })

/**
 * The upkeep for as long as it runs: the never-analyzed tables first, once
 * the start has answered its first requests (`startDelay`; the caller has run
 * the migrations), then a `pass` every `interval`. A failed round is logged
 * and the next one tries again.
 */
export const run = (options: Options = defaultOptions): Effect.Effect<never, never, SqlClient.SqlClient> => {
  const logged = <A>(round: Effect.Effect<A, SqlError.SqlError, SqlClient.SqlClient>) =>
    round.pipe(
      Effect.asVoid,
      Effect.catch((error) => Effect.logWarning("Embedded database upkeep failed; trying again later", error))
    )
  return Effect.andThen(
    Effect.andThen(Effect.sleep(options.startDelay), logged(analyzeNeverAnalyzed)),
    Effect.forever(Effect.andThen(Effect.sleep(options.interval), logged(pass(options))))
  )
}
