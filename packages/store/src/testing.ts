/**
 * Fresh, migrated databases for the tests of store, bank and http.
 *
 * ```ts
 * import { describe, it } from "@effect/vitest"
 * import { SqlClient } from "@effect/sql"
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
 * - embedded: a template database is created, migrated and dumped once (5–10 s;
 *   kept in the OS temp dir, keyed by the migrations' sources, so later test
 *   files and runs reuse it); every database loads the dump (~0.7 s).
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
import * as Reactivity from "@effect/experimental/Reactivity"
import { SqlClient } from "@effect/sql"
import type { Migrator, SqlError } from "@effect/sql"
import * as PgClient from "@effect/sql-pg/PgClient"
import { Config, Duration, Effect, Layer, Option, Redacted } from "effect"
import type { ConfigError, Scope } from "effect"
import { createHash, randomUUID } from "node:crypto"
import * as Fs from "node:fs"
import { createRequire } from "node:module"
import * as Os from "node:os"
import * as Path from "node:path"
import { fileURLToPath } from "node:url"
import * as Database from "./Database.js"
import * as Migrations from "./Migrations.js"
import type * as Notifications from "./Notifications.js"
import * as PgliteClient from "./PgliteClient.js"

export type Kind = "embedded" | "postgres"

const databaseUrl = Config.option(Config.redacted("DATABASE_URL"))

/** The databases to run database tests on. */
export const testDatabases: ReadonlyArray<Kind> = Option.isSome(Effect.runSync(databaseUrl))
  ? ["embedded", "postgres"]
  : ["embedded"]

/** For `it.layer(…, { timeout })`: the first embedded database of a process takes a few seconds. */
export const timeout = Duration.seconds(60)

export type Services = SqlClient.SqlClient | Notifications.Notifications | Database.Info
export type LayerError = SqlError.SqlError | Migrator.MigrationError | ConfigError.ConfigError

const buildTemplate = Effect.gen(function*() {
  const client = yield* PgliteClient.make({ dataDir: "memory://" })
  yield* Effect.provideService(Migrations.run, SqlClient.SqlClient, client)
  return yield* client.dumpDataDir
}).pipe(Effect.scoped, Effect.provide(Reactivity.layer))

// vitest runs each test file in a process of its own, so the template is also
// kept on disk, named by a hash of what determines it: the migrations (which
// must not import code from outside `migrations/`), the migrator and the
// PGlite build. An unreadable file only costs a rebuild.
const templateFile = Effect.sync(() => {
  const hash = createHash("sha256")
  const migrationsDir = fileURLToPath(new URL("./migrations/", import.meta.url))
  for (const file of Fs.readdirSync(migrationsDir).sort()) {
    hash.update(file).update(Fs.readFileSync(Path.join(migrationsDir, file)))
  }
  hash.update(Fs.readFileSync(fileURLToPath(new URL("./Migrations.ts", import.meta.url))))
  hash.update(createRequire(import.meta.url).resolve("@electric-sql/pglite"))
  return Path.join(Os.tmpdir(), "moneta-test-templates", `${hash.digest("hex").slice(0, 24)}.tar`)
})

const readTemplate = (file: string) =>
  Effect.try(() => new Blob([Fs.readFileSync(file)])).pipe(Effect.option)

// Written under a unique name and renamed, so a reader never sees half a file.
// Templates of other migrations, unwritten for an hour, are removed (41 MB each).
const writeTemplate = (file: string, dump: Blob) =>
  Effect.tryPromise(async () => {
    const dir = Path.dirname(file)
    Fs.mkdirSync(dir, { recursive: true })
    const partial = `${file}.${randomUUID()}`
    Fs.writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()))
    Fs.renameSync(partial, file)
    const written = Fs.statSync(file).mtimeMs
    for (const other of Fs.readdirSync(dir).map((name) => Path.join(dir, name))) {
      if (other !== file && Fs.statSync(other).mtimeMs < written - 3_600_000) Fs.rmSync(other, { force: true })
    }
  }).pipe(Effect.catchAll((error) => Effect.logWarning("Could not cache the test database template", error)))

// Once per process; concurrent callers share it.
const embeddedTemplate: Effect.Effect<Blob, SqlError.SqlError | Migrator.MigrationError> = Effect.runSync(
  Effect.cached(
    Effect.gen(function*() {
      const file = yield* templateFile
      const cached = yield* readTemplate(file)
      if (Option.isSome(cached)) return cached.value
      const dump = yield* buildTemplate
      yield* writeTemplate(file, dump)
      return dump
    })
  )
)

/** A fresh embedded database in memory, migrated. */
export const layerEmbedded: Layer.Layer<Services, LayerError> = Layer.unwrapEffect(
  Effect.map(embeddedTemplate, (loadDataDir) => Database.layerPglite("memory://", { loadDataDir }))
)

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
  SqlError.SqlError | ConfigError.ConfigError,
  Scope.Scope
> =>
  Effect.gen(function*() {
    const url = yield* Config.redacted("DATABASE_URL")
    const admin = yield* PgClient.make({ url, maxConnections: 1, applicationName: "moneta-tests" })
    const name = `moneta_test_${randomUUID().replaceAll("-", "")}`
    yield* Effect.acquireRelease(
      template === undefined
        ? admin`CREATE DATABASE ${admin(name)}`
        : admin`CREATE DATABASE ${admin(name)} TEMPLATE ${admin(template)}`,
      () =>
        admin`DROP DATABASE IF EXISTS ${admin(name)} WITH (FORCE)`.pipe(
          Effect.catchAll((error) => Effect.logWarning(`Could not drop test database ${name}`, error))
        )
    )
    return withDatabase(url, name)
  }).pipe(Effect.provide(Reactivity.layer))

/** An empty database on the Postgres server of `DATABASE_URL`, dropped when the scope closes; returns its URL. */
export const createPostgresDatabase = createDatabase(undefined)

const emptyPostgres = Layer.unwrapScoped(Effect.map(createPostgresDatabase, Database.layerPostgres))

// The migrated template of this run's migrations on the server of
// `DATABASE_URL`, named by the same hash as the embedded one. It is built once
// (migrated under a temporary name, then renamed, all under an advisory lock,
// so concurrent test processes wait for one build) and kept for later runs;
// no client stays connected to it, as CREATE DATABASE … TEMPLATE requires.
const templateLockKey = 0x6d6f7465 // "mote"

const postgresTemplate: Effect.Effect<string, LayerError> = Effect.runSync(Effect.cached(
  Effect.gen(function*() {
    const file = yield* templateFile
    const name = `moneta_template_${Path.basename(file, ".tar")}`
    const url = yield* Config.redacted("DATABASE_URL")
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
            Effect.catchAll((error) => Effect.logWarning(`Could not drop ${building}`, error))
          )
        )
      )
      yield* admin`ALTER DATABASE ${admin(building)} RENAME TO ${admin(name)}`
    })
    const lock = Effect.acquireRelease(
      admin`SELECT pg_advisory_lock(${templateLockKey})`,
      () =>
        admin`SELECT pg_advisory_unlock(${templateLockKey})`.pipe(
          Effect.catchAll((error) => Effect.logWarning("Could not release the template lock", error))
        )
    )
    if (!(yield* exists)) {
      yield* Effect.scoped(Effect.zipRight(lock, Effect.flatMap(exists, (found) => found ? Effect.void : build)))
    }
    return name
  }).pipe(Effect.scoped, Effect.provide(Reactivity.layer))
))

/**
 * A fresh database on the Postgres server of `DATABASE_URL`, a copy of the
 * migrated template (`CREATE DATABASE … TEMPLATE`), dropped on release.
 */
export const layerPostgres: Layer.Layer<Services, LayerError> = Layer.unwrapScoped(
  Effect.flatMap(postgresTemplate, (template) => Effect.map(createDatabase(template), Database.layerPostgres))
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
    : options?.migrated === false ? emptyPostgres : layerPostgres
