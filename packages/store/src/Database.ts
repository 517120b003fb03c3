/**
 * The database: real Postgres when `DATABASE_URL` is set, otherwise embedded
 * Postgres (PGlite) in `MONETA_DATA_DIR` (default `.moneta/`; `memory://`
 * keeps it in memory). Either way the layer provides a `SqlClient` (pg
 * dialect, snake_case columns as stored: no name transforms), `Notifications`,
 * and `Info` saying which database it is. A new embedded data directory
 * starts from a migrated template (`Template`).
 */
import type { SqlClient, SqlError } from "@effect/sql"
import type { Migrator } from "@effect/sql"
import * as PgClient from "@effect/sql-pg/PgClient"
import { Config, Context, Effect, Layer, Option } from "effect"
import type { ConfigError, Redacted } from "effect"
import * as Migrations from "./Migrations.js"
import * as Notifications from "./Notifications.js"
import * as PgliteClient from "./PgliteClient.js"
import * as PgliteOpening from "./PgliteOpening.js"
import * as Template from "./Template.js"

export class Info extends Context.Tag("@moneta/store/Database/Info")<Info, {
  readonly kind: "embedded" | "postgres"
  /** For logs: `embedded (.moneta/)` or `postgres (host:port/database)`; never the password. */
  readonly label: string
}>() {}

export const config = Config.all({
  url: Config.option(Config.redacted("DATABASE_URL")),
  dataDir: Config.string("MONETA_DATA_DIR").pipe(Config.withDefault(PgliteOpening.defaultDataDir))
})

/** Embedded Postgres in `dataDir` (a path, or `memory://`). Does not migrate. */
export const layerPglite = (
  dataDir: string,
  options?: { readonly loadDataDir?: Blob | undefined }
): Layer.Layer<
  SqlClient.SqlClient | PgliteClient.PgliteClient | Notifications.Notifications | Info,
  SqlError.SqlError
> =>
  Layer.merge(
    Notifications.layerPglite,
    Layer.succeed(Info, { kind: "embedded", label: `embedded (${dataDir})` })
  ).pipe(Layer.provideMerge(PgliteClient.layer({ dataDir, loadDataDir: options?.loadDataDir })))

/**
 * Embedded Postgres in `dataDir`; a data directory without a database yet
 * starts from the migrated template (`Template`) instead of initdb. Does not migrate.
 */
const layerPgliteFromTemplate = (dataDir: string) =>
  Layer.unwrapEffect(
    Effect.flatMap(Template.isFresh(dataDir), (fresh) =>
      fresh
        ? Effect.map(Template.load, (loadDataDir) => layerPglite(dataDir, { loadDataDir }))
        : Effect.succeed(layerPglite(dataDir)))
  )

const postgresInfo = Layer.effect(
  Info,
  Effect.map(PgClient.PgClient, ({ config }) => ({
    kind: "postgres" as const,
    label: `postgres (${config.host ?? "localhost"}:${config.port ?? 5432}/${config.database ?? "postgres"})`
  }))
)

/** Real Postgres at `url`. Does not migrate. */
export const layerPostgres = (
  url: Redacted.Redacted
): Layer.Layer<
  SqlClient.SqlClient | PgClient.PgClient | Notifications.Notifications | Info,
  SqlError.SqlError
> =>
  Layer.merge(Notifications.layerPg, postgresInfo).pipe(
    Layer.provideMerge(PgClient.layer({
      url,
      // Enough for concurrent requests on a few cores; Postgres' default max_connections is 100.
      maxConnections: 16,
      applicationName: "moneta"
    }))
  )

/** The configured database, migrated to the latest schema. */
export const layer: Layer.Layer<
  SqlClient.SqlClient | Notifications.Notifications | Info,
  ConfigError.ConfigError | SqlError.SqlError | Migrator.MigrationError
> = Layer.unwrapEffect(
  Effect.map(config, ({ dataDir, url }): Layer.Layer<
    SqlClient.SqlClient | Notifications.Notifications | Info,
    SqlError.SqlError | Migrator.MigrationError | ConfigError.ConfigError
  > =>
    Option.match(url, {
      onNone: () => layerPgliteFromTemplate(dataDir),
      onSome: layerPostgres
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
