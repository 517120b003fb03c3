/**
 * The database: real Postgres when `DATABASE_URL` is set, otherwise embedded
 * Postgres (PGlite) in `MONETA_DATA_DIR` (default `.moneta/`; `memory://`
 * keeps it in memory). Either way the layer provides a `SqlClient` (pg
 * dialect, snake_case columns as stored: no name transforms), `Notifications`,
 * and `Info` saying which database it is. A new embedded data directory
 * starts from a migrated template (`Template`).
 */
import * as PgClient from "@effect/sql-pg/PgClient"
import * as PgTypes from "@effect/sql-pg/PgTypes"
import { Config, Context, Duration, Effect, Layer, Option, Redacted, Result } from "effect"
import type { Migrator, SqlClient } from "effect/sql"
import { SqlError } from "effect/sql"
import * as Migrations from "./Migrations.js"
import * as Notifications from "./Notifications.js"
import * as PgliteClient from "./PgliteClient.js"
import * as PgliteOpening from "./PgliteOpening.js"
import * as PreparedStatements from "./PreparedStatements.js"
import * as Template from "./Template.js"

export class Info extends Context.Service<Info, {
  readonly kind: "embedded" | "postgres"
  /** For logs: `embedded (.moneta/)` or `postgres (host:port/database)`; never the password. */
  readonly label: string
}>()("@moneta/store/Database/Info") {}

export const config = Config.all({
  url: Config.option(Config.Redacted("DATABASE_URL")),
  dataDir: Config.String("MONETA_DATA_DIR").pipe(Config.withDefault(PgliteOpening.defaultDataDir)),
  preparedStatements: Config.Boolean("MONETA_PREPARED_STATEMENTS").pipe(Config.withDefault(true))
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
  Layer.unwrap(
    Effect.flatMap(Template.isFresh(dataDir), (fresh) =>
      fresh
        ? Effect.map(Template.load, (loadDataDir) => layerPglite(dataDir, { loadDataDir, preparedStatements }))
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
}

/** How long the first connection may take before the server gives up starting. */
const connectTimeout = Duration.seconds(5)

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

/** The client of Postgres at `url`, checked with a first query; its connections end with the scope. */
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
    yield* client`SELECT 1`.pipe(
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

/** The configured database, migrated to the latest schema. */
export const layer: Layer.Layer<
  SqlClient.SqlClient | Notifications.Notifications | Info,
  Config.ConfigError | SqlError.SqlError | Migrator.MigrationError
> = Layer.unwrap(
  Effect.map(config, ({ dataDir, preparedStatements, url }): Layer.Layer<
    SqlClient.SqlClient | Notifications.Notifications | Info,
    SqlError.SqlError | Migrator.MigrationError | Config.ConfigError
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
      Effect.provideContext(context)
    )
  )
)
