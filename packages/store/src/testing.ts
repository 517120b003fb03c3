/**
 * Fresh, migrated databases for the tests of store, bank and http.
 *
 * ```ts
 * import { describe, it } from "@effect/vitest"
 * import { SqlClient } from "effect/sql"
 * import * as TestDatabase from "@moneta/store/testing"
 * import { Effect } from "effect"
 *
 * for (const kind of TestDatabase.testDatabases) {
 *   describe(kind, () => {
 *     // one database for the tests of this block
 *     it.layer(TestDatabase.layerFor(kind), { timeout: TestDatabase.timeout })((it) => {
 *       it.effect("counts groups", () =>
 *         Effect.gen(function*() {
 *           const sql = yield* SqlClient.SqlClient
 *           yield* sql`SELECT count(*) FROM groups`
 *         }))
 *     })
 *   })
 * }
 * // or a database of its own for one test:
 * //   it.effect("…", () => body.pipe(Effect.provide(TestDatabase.layerFor(kind))), 30_000)
 * ```
 *
 * - `testDatabases` is `["embedded"]`, plus `"postgres"` when `DATABASE_URL` is set.
 * - embedded: every database loads the migrated template (`Template`: built
 *   once, 5–10 s, and cached on disk keyed by the migrations' sources) (~0.7 s).
 * - postgres: `CREATE DATABASE moneta_test_<random> TEMPLATE moneta_template_<hash>`
 *   next to `DATABASE_URL`'s database (its user needs CREATEDB), dropped on
 *   release; the template (same hash) is migrated once, by the first process
 *   that needs it, and kept on the server for later runs.
 * - `layerFor(kind)` provides `SqlClient`, `Notifications` and `Database.Info`;
 *   `layerFor(kind, { migrated: false })` an empty database.
 * - `it.layer` runs tests under `TestClock`; for real time (sleeps, timeouts,
 *   waiting for notifications) use `layer(…, { excludeTestServices: true })`
 *   from `@effect/vitest`, as this package's own tests do.
 */
import * as PgClient from "@effect/sql-pg/PgClient"
import { Clock, Config, Duration, Effect, Layer, Option, Redacted } from "effect"
import type { Scope } from "effect"
import * as Reactivity from "effect/reactivity/Reactivity"
import { SqlClient } from "effect/sql"
import type { Migrator, SqlError } from "effect/sql"
import { randomUUID } from "node:crypto"
import * as Database from "./Database.js"
import { IdempotencyRecordStore } from "./IdempotencyRecords.js"
import * as Migrations from "./Migrations.js"
import type * as Notifications from "./Notifications.js"
import * as Template from "./Template.js"

export type Kind = "embedded" | "postgres"

const databaseUrl = Config.option(Config.Redacted("DATABASE_URL"))

/** The databases to run database tests on. */
export const testDatabases: ReadonlyArray<Kind> = Option.isSome(Effect.runSync(databaseUrl))
  ? ["embedded", "postgres"]
  : ["embedded"]

/**
 * For `it.layer(…, { timeout })` and tests that start servers: only a bound on a hang. The first
 * embedded database of a process takes a few seconds on an idle machine, and a test starting a server
 * on a loaded 2-core one (load average 8–13) many times what it takes idle: 60 s was once too short.
 */
export const timeout = Duration.minutes(3)

export type Services = SqlClient.SqlClient | Notifications.Notifications | Database.Info
export type LayerError = SqlError.SqlError | Migrator.MigrationError | Config.ConfigError

// Once per process; concurrent callers share it, and so do the test files a
// vitest worker runs (they share its modules). It is also cached on disk (Template).
const embeddedTemplate: Effect.Effect<Blob, LayerError> = Effect.runSync(Effect.cached(Template.load))

/** A fresh embedded database in memory, migrated. */
export const layerEmbedded: Layer.Layer<Services, LayerError> = Layer.unwrap(
  Effect.map(embeddedTemplate, (loadDataDir) => Database.layerPglite("memory://", { loadDataDir }))
)

/**
 * The test database's own connections live on the system clock: a test that moves its TestClock on
 * must not age the admin connection's pool (its DROP DATABASE at the end would wait on it).
 */
const onSystemClock = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.provideService(effect, Clock.Clock, Clock.Clock.defaultValue())

const withDatabase = (url: Redacted.Redacted, database: string): Redacted.Redacted => {
  const parsed = new URL(Redacted.value(url))
  parsed.pathname = `/${database}`
  return Redacted.make(parsed.toString())
}

/**
 * A database on the Postgres server of `DATABASE_URL`, empty or a copy of
 * `template`, dropped (with any connections left) when the scope closes;
 * returns its URL.
 */
const createDatabase = (template: string | undefined): Effect.Effect<
  Redacted.Redacted,
  SqlError.SqlError | Config.ConfigError,
  Scope.Scope
> =>
  Effect.gen(function*() {
    const url = yield* Config.Redacted("DATABASE_URL")
    const admin = yield* PgClient.make({ url, maxConnections: 1, applicationName: "moneta-tests" })
    const name = `moneta_test_${randomUUID().replaceAll("-", "")}`
    yield* Effect.acquireRelease(
      template === undefined
        ? admin`CREATE DATABASE ${admin(name)}`
        : admin`CREATE DATABASE ${admin(name)} TEMPLATE ${admin(template)}`,
      () =>
        admin`DROP DATABASE IF EXISTS ${admin(name)} WITH (FORCE)`.pipe(
          Effect.catch((error) => Effect.logWarning(`Could not drop test database ${name}`, error))
        )
    )
    return withDatabase(url, name)
  }).pipe(Effect.provide(Reactivity.layer), onSystemClock)

/** An empty database on the Postgres server of `DATABASE_URL`, dropped when the scope closes; returns its URL. */
export const createPostgresDatabase = createDatabase(undefined)

const emptyPostgres = Layer.unwrap(Effect.map(createPostgresDatabase, (url) => Database.layerPostgres(url)))

// The migrated template of this run's migrations on the server of
// `DATABASE_URL`, named by the same hash as the embedded one. It is built once
// (migrated under a temporary name, then renamed, all under an advisory lock,
// so concurrent test processes wait for one build) and kept for later runs;
// no client stays connected to it, as CREATE DATABASE … TEMPLATE requires.
const templateLockKey = 0x6d6f7465 // "mote"

const postgresTemplate: Effect.Effect<string, LayerError> = Effect.runSync(Effect.cached(
  Effect.gen(function*() {
    const name = `moneta_template_${yield* Template.key}`
    const url = yield* Config.Redacted("DATABASE_URL")
    const admin = yield* PgClient.make({ url, maxConnections: 1, applicationName: "moneta-tests" })
    const exists = admin<{ readonly found: number }>`SELECT 1 AS found FROM pg_database WHERE datname = ${name}`.pipe(
      Effect.map((rows) => rows.length > 0)
    )
    const build = Effect.gen(function*() {
      const building = `${name}_${randomUUID().replaceAll("-", "").slice(0, 8)}`
      yield* admin`CREATE DATABASE ${admin(building)}`
      // One connection, closed before the rename (a database in use cannot be renamed).
      const migrate = Effect.flatMap(
        PgClient.make({ url: withDatabase(url, building), maxConnections: 1, applicationName: "moneta-tests" }),
        (client) => Effect.provideService(Migrations.run, SqlClient.SqlClient, client)
      )
      yield* Effect.scoped(migrate).pipe(
        Effect.tapError(() =>
          admin`DROP DATABASE IF EXISTS ${admin(building)} WITH (FORCE)`.pipe(
            Effect.catch((error) => Effect.logWarning(`Could not drop ${building}`, error))
          )
        )
      )
      yield* admin`ALTER DATABASE ${admin(building)} RENAME TO ${admin(name)}`
    })
    const lock = Effect.acquireRelease(
      admin`SELECT pg_advisory_lock(${templateLockKey})`,
      () =>
        admin`SELECT pg_advisory_unlock(${templateLockKey})`.pipe(
          Effect.catch((error) => Effect.logWarning("Could not release the template lock", error))
        )
    )
    if (!(yield* exists)) {
      yield* Effect.scoped(Effect.andThen(lock, Effect.flatMap(exists, (found) => found ? Effect.void : build)))
    }
    return name
  }).pipe(Effect.scoped, Effect.provide(Reactivity.layer))
))

/**
 * A fresh database on the Postgres server of `DATABASE_URL`, a copy of the
 * migrated template (`CREATE DATABASE … TEMPLATE`), dropped on release.
 */
export const layerPostgres: Layer.Layer<Services, LayerError> = Layer.unwrap(
  Effect.flatMap(
    postgresTemplate,
    (template) => Effect.map(createDatabase(template), (url) => Database.layerPostgres(url))
  )
)

/**
 * A fresh database of the given kind, migrated unless `migrated: false`
 * (an empty database, for tests of the migrations themselves).
 */
export const layerFor = (
  kind: Kind,
  options?: { readonly migrated?: boolean }
): Layer.Layer<Services, LayerError> =>
  kind === "embedded"
    ? options?.migrated === false ? Database.layerPglite("memory://") : layerEmbedded
    : options?.migrated === false
    ? emptyPostgres
    : layerPostgres

/**
 * The key records of a process that died mid-request: what it wrote before
 * dying stays, but it renews, releases and abandons nothing, so its keys are
 * left for another process to take over when their lease runs out.
 */
export const deadProcessIdempotencyRecords: Layer.Layer<IdempotencyRecordStore, never, SqlClient.SqlClient> = Layer
  .effect(
    IdempotencyRecordStore,
    Effect.map(IdempotencyRecordStore.make, (records) =>
      IdempotencyRecordStore.of({
        ...records,
        renew: () => Effect.succeed(true),
        release: () => Effect.void,
        abandon: () => Effect.void
      }))
  )
