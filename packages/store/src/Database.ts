/**
 * The database: real Postgres when `DATABASE_URL` is set, otherwise embedded
 * Postgres (PGlite) in `MONETA_DATA_DIR` (default `.moneta/`; `memory://`
 * keeps it in memory). Either way the layer provides a `SqlClient` (pg
 * dialect, snake_case columns as stored: no name transforms), `Notifications`,
 * and `Info` saying which database it is. A new embedded data directory
 * starts from a migrated template (`Template`).
 */
import { type SqlClient, SqlError } from "@effect/sql"
import type { Migrator } from "@effect/sql"
import * as PgClient from "@effect/sql-pg/PgClient"
import { Config, Context, Duration, Effect, Layer, Option, Redacted, Runtime } from "effect"
import type { ConfigError } from "effect"
import pg from "pg"
import * as Migrations from "./Migrations.js"
import * as Notifications from "./Notifications.js"
import * as PgliteClient from "./PgliteClient.js"
import * as PgliteOpening from "./PgliteOpening.js"
import * as PreparedStatements from "./PreparedStatements.js"
import * as Template from "./Template.js"

export class Info extends Context.Tag("@moneta/store/Database/Info")<Info, {
  readonly kind: "embedded" | "postgres"
  /** For logs: `embedded (.moneta/)` or `postgres (host:port/database)`; never the password. */
  readonly label: string
}>() {}

export const config = Config.all({
  url: Config.option(Config.redacted("DATABASE_URL")),
  dataDir: Config.string("MONETA_DATA_DIR").pipe(Config.withDefault(PgliteOpening.defaultDataDir)),
  preparedStatements: Config.boolean("MONETA_PREPARED_STATEMENTS").pipe(Config.withDefault(true))
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
 * starts from the migrated template (`Template`) instead of initdb. Does not migrate.
 */
const layerPgliteFromTemplate = (dataDir: string, preparedStatements: boolean) =>
  Layer.unwrapEffect(
    Effect.flatMap(Template.isFresh(dataDir), (fresh) =>
      fresh
        ? Effect.map(Template.load, (loadDataDir) => layerPglite(dataDir, { loadDataDir, preparedStatements }))
        : Effect.succeed(layerPglite(dataDir, { preparedStatements })))
  )

const postgresInfo = Layer.effect(
  Info,
  Effect.map(PgClient.PgClient, ({ config }) => ({
    kind: "postgres" as const,
    label: `postgres (${config.host ?? "localhost"}:${config.port ?? 5432}/${config.database ?? "postgres"})`
  }))
)

export interface PostgresOptions {
  /**
   * Named prepared statements (`PreparedStatements`), on unless `false`: a
   * pooler that cannot keep them between transactions (PgBouncer in
   * transaction mode before 1.21) needs them off.
   */
  readonly preparedStatements?: boolean | undefined
}

/** How long the first connection may take before the server gives up starting. */
const connectTimeout = Duration.seconds(5)

/** The connection pool, checked with a first query; ended with the scope. */
const connectionPool = (url: Redacted.Redacted, options: PostgresOptions) =>
  Effect.gen(function*() {
    const runtime = yield* Effect.runtime<never>()
    const pool = yield* Effect.acquireRelease(
      Effect.sync(() =>
        new pg.Pool({
          connectionString: Redacted.value(url),
          // Enough for concurrent requests on a few cores; Postgres' default max_connections is 100.
          max: 16,
          application_name: "moneta",
          Client: options.preparedStatements === false ? pg.Client : PreparedStatements.preparingClient()
        })
      ),
      (pool) => Effect.promise(() => pool.end()).pipe(Effect.interruptible, Effect.timeoutOption(Duration.seconds(1)))
    )
    // An idle connection that fails (Postgres restarted) leaves the pool, which opens another when
    // needed; without a listener its error would end the process.
    pool.on("error", (cause) => {
      Runtime.runFork(runtime)(Effect.logWarning("An idle Postgres connection failed; the pool replaces it", cause))
    })
    yield* Effect.tryPromise({
      try: () => pool.query("SELECT 1"),
      catch: (cause) => new SqlError.SqlError({ cause, message: "PgClient: Failed to connect" })
    }).pipe(
      Effect.timeoutFail({
        duration: connectTimeout,
        onTimeout: () =>
          new SqlError.SqlError({ cause: new Error("Connection timed out"), message: "PgClient: Connection timed out" })
      })
    )
    return pool
  })

/** Real Postgres at `url`. Does not migrate. */
export const layerPostgres = (
  url: Redacted.Redacted,
  options: PostgresOptions = {}
): Layer.Layer<
  SqlClient.SqlClient | PgClient.PgClient | Notifications.Notifications | Info,
  SqlError.SqlError
> =>
  Layer.merge(Notifications.layerPg, postgresInfo).pipe(
    Layer.provideMerge(PgClient.layerFromPool({ acquire: connectionPool(url, options), applicationName: "moneta" }))
  )

/** The configured database, migrated to the latest schema. */
export const layer: Layer.Layer<
  SqlClient.SqlClient | Notifications.Notifications | Info,
  ConfigError.ConfigError | SqlError.SqlError | Migrator.MigrationError
> = Layer.unwrapEffect(
  Effect.map(config, ({ dataDir, preparedStatements, url }): Layer.Layer<
    SqlClient.SqlClient | Notifications.Notifications | Info,
    SqlError.SqlError | Migrator.MigrationError | ConfigError.ConfigError
  > =>
    Option.match(url, {
      onNone: () => layerPgliteFromTemplate(dataDir, preparedStatements),
      onSome: (url) => layerPostgres(url, { preparedStatements })
    }))
).pipe(
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
      Effect.provide(context)
    )
  )
)
