/**
 * The database: real Postgres when `DATABASE_URL` is set, otherwise embedded
 * Postgres (PGlite) in `MONETA_DATA_DIR` (default `.moneta/`; `memory://`
 * keeps it in memory). Either way the layer provides a `SqlClient` (pg
 * dialect, snake_case columns as stored: no name transforms), `Notifications`,
 * and `Info` saying which database it is. A new embedded data directory
 * starts from a migrated template (`Template`). A Postgres that is not up yet
 * (starting, restarting, not listening) is waited for, at most
 * `MONETA_DATABASE_WAIT` (`waitForDatabase`).
 */
import * as PgClient from "@effect/sql-pg/PgClient"
import * as PgTypes from "@effect/sql-pg/PgTypes"
import { Cause, Config, Context, Duration, Effect, Layer, Option, Redacted, Result, Schedule, Schema } from "effect"
import type { Migrator } from "effect/sql"
import { SqlClient, SqlError } from "effect/sql"
import * as Migrations from "./Migrations.js"
import * as Notifications from "./Notifications.js"
import * as PgliteClient from "./PgliteClient.js"
import * as PgliteMaintenance from "./PgliteMaintenance.js"
import * as PgliteOpening from "./PgliteOpening.js"
import * as PreparedStatements from "./PreparedStatements.js"
import * as Template from "./Template.js"
import * as TransientFault from "./TransientFault.js"

export class Info extends Context.Service<Info, {
  readonly kind: "embedded" | "postgres"
  /** For logs: `embedded (.moneta/)` or `postgres (host:port/database)`; never the password. */
  readonly label: string
}>()("@moneta/store/Database/Info") {}

/** How long a start waits for Postgres to accept connections, unless `MONETA_DATABASE_WAIT` says otherwise. */
export const defaultWait = Duration.seconds(60)

/** A wait is a finite duration, zero (no waiting: one attempt) or more. */
const Wait = Schema.DurationFromString.check(
  Schema.makeFilter((wait) =>
    Duration.isFinite(wait) && Duration.toMillis(wait) >= 0 ||
    `Expected a finite duration of 0 or more, such as "60 seconds", actual ${Duration.format(wait)}`
  )
)

export const config = Config.all({
  url: Config.option(Config.Redacted("DATABASE_URL")),
  dataDir: Config.String("MONETA_DATA_DIR").pipe(Config.withDefault(PgliteOpening.defaultDataDir)),
  preparedStatements: Config.Boolean("MONETA_PREPARED_STATEMENTS").pipe(Config.withDefault(true)),
  // Off only to measure what it saves (docs/benchmarks.md).
  embeddedUpkeep: Config.Boolean("MONETA_EMBEDDED_UPKEEP").pipe(Config.withDefault(true)),
  wait: Config.schema(Wait, "MONETA_DATABASE_WAIT").pipe(Config.withDefault(defaultWait))
})

/** Embedded Postgres in `dataDir` (a path, or `memory://`). Does not migrate. */
export const layerPglite = (
  dataDir: string,
  options?: {
    readonly loadDataDir?: Blob | undefined
    /** Named prepared statements (`PglitePrepared`), on unless `false`. */
    readonly preparedStatements?: boolean | undefined
  }
): Layer.Layer<
  SqlClient.SqlClient | PgliteClient.PgliteClient | Notifications.Notifications | Info,
  SqlError.SqlError
> =>
  Layer.merge(
    Notifications.layerPglite,
    Layer.succeed(Info, { kind: "embedded", label: `embedded (${dataDir})` })
  ).pipe(Layer.provideMerge(
    PgliteClient.layer({ dataDir, loadDataDir: options?.loadDataDir, preparedStatements: options?.preparedStatements })
  ))

/**
 * Embedded Postgres in `dataDir`; a data directory without a database yet
 * starts from the migrated template (`Template.prepare`: its files copied, or
 * its dump for `memory://`) instead of initdb. Does not migrate.
 */
const layerPgliteFromTemplate = (dataDir: string, preparedStatements: boolean) =>
  Layer.unwrap(
    Effect.flatMap(Template.isFresh(dataDir), (fresh) =>
      fresh
        ? Effect.map(Template.prepare(dataDir), (loadDataDir) =>
          layerPglite(dataDir, { loadDataDir, preparedStatements }))
        : Effect.succeed(layerPglite(dataDir, { preparedStatements })))
  )

/** `postgres (host:port/database)` from the URL, as libpq reads its defaults; never the password. */
const postgresLabel = (url: Redacted.Redacted): string => {
  const parsed = new URL(Redacted.value(url))
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ""))
  return `postgres (${parsed.hostname === "" ? "localhost" : parsed.hostname}:${
    parsed.port === "" ? "5432" : parsed.port
  }/${database === "" ? "postgres" : database})`
}

export interface PostgresOptions {
  /**
   * Named prepared statements (`PreparedStatements`), on unless `false`: a
   * pooler that cannot keep them between transactions (PgBouncer in
   * transaction mode before 1.21) needs them off.
   */
  readonly preparedStatements?: boolean | undefined
  /**
   * How long to wait for a Postgres that is not up yet (`waitForDatabase`);
   * `defaultWait` unless given.
   */
  readonly wait?: Duration.Duration | undefined
}

/** How long one attempt to connect may take. */
const connectTimeout = Duration.seconds(5)

/** The first pause before trying a database that is not up yet again; each next one is twice as long, up to the longest. */
const firstPause = Duration.millis(250)
const longestPause = Duration.seconds(5)

/**
 * The pauses between attempts to reach a database that is not up yet, while
 * each failure is a fault that heals (`TransientFault`): 0.25 s, 0.5 s, 1 s …
 * at most 5 s, and never past `wait` after the first failure: the last pause
 * ends at the bound, and the attempt after it is the last.
 */
export const waitSchedule = (wait: Duration.Duration): Schedule.Schedule<Duration.Duration, SqlError.SqlError> =>
  Schedule.fromStepWithMetadata(Effect.succeed((meta: Schedule.InputMetadata<SqlError.SqlError>) => {
    const remaining = Duration.toMillis(wait) - meta.elapsed
    if (remaining <= 0 || !TransientFault.isTransient(meta.input)) return Cause.done(Duration.zero)
    const doubled = Duration.toMillis(firstPause) * 2 ** (meta.attempt - 1)
    const pause = Duration.millis(Math.min(doubled, Duration.toMillis(longestPause), remaining))
    return Effect.succeed([pause, pause] as [Duration.Duration, Duration.Duration])
  }))

/**
 * Runs `connect` until it succeeds: again after each fault that heals
 * (`TransientFault`: refused, reset, timed out, "the database system is
 * starting up", too many connections), pausing as `waitSchedule` says and
 * logging one line per pause with what it waits for; once `wait` has passed,
 * fails saying so. Any other failure (a password refused, no such database)
 * fails at once.
 */
export const waitForDatabase = <A>(
  connect: Effect.Effect<A, SqlError.SqlError>,
  options: { readonly label: string; readonly wait: Duration.Duration }
): Effect.Effect<A, SqlError.SqlError> =>
  connect.pipe(
    Effect.retry(
      waitSchedule(options.wait).pipe(
        Schedule.tap(({ input, output }) =>
          Effect.logWarning(
            `Waiting for the database ${options.label}: ${TransientFault.describe(input)}; next attempt in ${
              Duration.format(output)
            } (giving up ${Duration.format(options.wait)} after the first failure)`
          )
        )
      )
    ),
    Effect.mapError((error) =>
      TransientFault.isTransient(error)
        ? new SqlError.SqlError({
          reason: new SqlError.ConnectionError({
            cause: error,
            message: `The database ${options.label} did not accept connections within ${
              Duration.format(options.wait)
            } (MONETA_DATABASE_WAIT): ${TransientFault.describe(error)}`,
            operation: "connect"
          })
        })
        : error
    )
  )

/** Transaction ids (`xid`, `xid8`): sql-pg has no codec for them, and would read their binary form as text. */
const xidOid = 28
const xid8Oid = 5069

/** An unsigned integer of `size` bytes (big-endian), as decimal text. */
const unsignedAsText = (size: 4 | 8): PgTypes.Codec<unknown> => ({
  decode: (bytes) => {
    if (bytes.length !== size) {
      return Result.fail(new PgTypes.CodecError({ message: `Expected ${size} bytes, received ${bytes.length}` }))
    }
    const view = new DataView(bytes.buffer, bytes.byteOffset, size)
    return Result.succeed(size === 4 ? String(view.getUint32(0)) : view.getBigUint64(0).toString())
  },
  encode: (value) =>
    Result.try({
      try: () => {
        const bytes = new Uint8Array(size)
        const view = new DataView(bytes.buffer)
        if (size === 4) view.setUint32(0, Number(value))
        else view.setBigUint64(0, BigInt(String(value)))
        return bytes
      },
      catch: (cause) => new PgTypes.CodecError({ message: `Not a transaction id: ${String(cause)}` })
    })
})

/**
 * Values as node-postgres returned them, where sql-pg's binary codecs differ:
 * int8 (`count(*)`, bigint columns, and their arrays) and transaction ids as
 * text, not `bigint`. numeric is text and timestamptz a `Date` in both; bytea
 * is a `Uint8Array` (node-postgres: a `Buffer`, a subclass).
 */
export const postgresTypes: PgTypes.Registry = (() => {
  const registry = PgTypes.makeRegistry()
  registry.register<unknown>(PgTypes.OID.int8, {
    decode: (bytes) => Result.map(PgTypes.decode(bytes, PgTypes.OID.int8, 1), String),
    encode: (value) => PgTypes.encode(value, PgTypes.OID.int8)
  }, { arrayOid: PgTypes.OID.int8Array })
  registry.register(xidOid, unsignedAsText(4))
  registry.register(xid8Oid, unsignedAsText(8))
  return registry
})()

/**
 * The client of Postgres at `url`, checked with a first query (waited for, as
 * `waitForDatabase` says); its connections end with the scope.
 */
const postgresClient = (url: Redacted.Redacted, options: PostgresOptions) =>
  Effect.gen(function*() {
    const client = yield* PgClient.make({
      url,
      // Enough for concurrent requests on a few cores; Postgres' default max_connections is 100.
      maxConnections: 16,
      applicationName: "moneta",
      connectTimeout,
      types: postgresTypes,
      prepare: options.preparedStatements !== false,
      preparedStatementCacheSize: PreparedStatements.defaultPerConnection
    })
    // An idle connection that fails (Postgres restarted) leaves the pool, which opens another when needed.
    const firstQuery = client`SELECT 1`.pipe(
      Effect.timeoutOrElse({
        duration: connectTimeout,
        orElse: () =>
          Effect.fail(
            new SqlError.SqlError({
              reason: new SqlError.ConnectionError({
                cause: new Error("Connection timed out"),
                message: "PgClient: Connection timed out",
                operation: "connect"
              })
            })
          )
      })
    )
    yield* waitForDatabase(firstQuery, { label: postgresLabel(url), wait: options.wait ?? defaultWait })
    return client
  })

/** Real Postgres at `url`. Does not migrate. */
export const layerPostgres = (
  url: Redacted.Redacted,
  options: PostgresOptions = {}
): Layer.Layer<
  SqlClient.SqlClient | PgClient.PgClient | Notifications.Notifications | Info,
  SqlError.SqlError
> =>
  Layer.merge(Notifications.layerPg, Layer.succeed(Info, { kind: "postgres", label: postgresLabel(url) })).pipe(
    Layer.provideMerge(PgClient.layerFrom(postgresClient(url, options)))
  )

/**
 * The services the database's layers provide, whichever database: what a
 * server may leave out of the context it serves requests in, since the
 * stores take them when they are built (`@moneta/http/ServingContext`).
 */
export const services: ReadonlyArray<Context.Key<unknown, unknown>> = [
  SqlClient.SqlClient,
  PgClient.PgClient,
  PgliteClient.PgliteClient,
  Notifications.Notifications,
  Info
]

/** Runs the pending migrations once the database's layer is built. */
const migrated = <E>(
  database: Layer.Layer<SqlClient.SqlClient | Notifications.Notifications | Info, E>
) =>
  database.pipe(
    Layer.tap((context) =>
      Migrations.run.pipe(
        Effect.tap((applied) =>
          applied.length === 0
            ? Effect.void
            : Effect.logInfo(
              `Applied migrations ${applied.map(([id, name]) => `${String(id).padStart(4, "0")}_${name}`).join(", ")}`
            )
        ),
        Effect.annotateLogs("database", Context.get(context, Info).label),
        Effect.provideContext(context)
      )
    )
  )

/**
 * The embedded database's upkeep (`PgliteMaintenance`: ANALYZE, VACUUM,
 * CHECKPOINT), started once it is migrated and stopped with the layer.
 */
const maintained = <E>(database: Layer.Layer<SqlClient.SqlClient | Notifications.Notifications | Info, E>) =>
  database.pipe(
    Layer.tap((context) =>
      PgliteMaintenance.run().pipe(
        Effect.annotateLogs("database", Context.get(context, Info).label),
        Effect.provideContext(context),
        Effect.forkScoped
      )
    )
  )

/** The configured database, migrated to the latest schema (the embedded one kept up: `PgliteMaintenance`). */
export const layer: Layer.Layer<
  SqlClient.SqlClient | Notifications.Notifications | Info,
  Config.ConfigError | SqlError.SqlError | Migrator.MigrationError
> = Layer.unwrap(
  Effect.map(config, ({ dataDir, embeddedUpkeep, preparedStatements, url, wait }): Layer.Layer<
    SqlClient.SqlClient | Notifications.Notifications | Info,
    SqlError.SqlError | Migrator.MigrationError | Config.ConfigError
  > =>
    Option.match(url, {
      onNone: () => {
        const embedded = migrated(layerPgliteFromTemplate(dataDir, preparedStatements))
        return embeddedUpkeep ? maintained(embedded) : embedded
      },
      onSome: (url) => migrated(layerPostgres(url, { preparedStatements, wait }))
    }))
)
