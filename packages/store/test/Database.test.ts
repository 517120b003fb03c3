/**
 * Migrations (idempotent, safe to run concurrently) and the configured
 * Database layer (embedded on disk, or real Postgres from DATABASE_URL).
 */
import { describe, expect, it, layer } from "@effect/vitest"
import { ConfigProvider, Effect, Redacted } from "effect"
import { SqlClient } from "effect/sql"
import * as Fs from "node:fs"
import * as Os from "node:os"
import * as Path from "node:path"
import * as Database from "../src/Database.js"
import * as Migrations from "../src/Migrations.js"
import { migrations } from "../src/migrations/index.js"
import * as PgliteClient from "../src/PgliteClient.js"
import * as PgliteOpening from "../src/PgliteOpening.js"
import * as Template from "../src/Template.js"
import * as TestDatabase from "../src/testing.js"

const registered = Object.keys(migrations).sort()

const recorded = Effect.flatMap(SqlClient.SqlClient, (sql) =>
  Effect.map(
    sql<
      { migration_id: number; name: string }
    >`SELECT migration_id, name FROM effect_sql_migrations ORDER BY migration_id`,
    (rows) => rows.map((row) => `${String(row.migration_id).padStart(4, "0")}_${row.name}`)
  ))

const withConfig = (entries: ReadonlyArray<readonly [string, string]>) =>
  Effect.provideService(ConfigProvider.ConfigProvider, ConfigProvider.fromUnknown(Object.fromEntries(entries)))

for (const kind of TestDatabase.testDatabases) {
  describe(kind, () => {
    layer(TestDatabase.layerFor(kind, { migrated: false }), {
      timeout: TestDatabase.timeout,
      excludeTestServices: true
    })(
      (it) => {
        it.effect("applies every migration exactly once, even when started concurrently, and then nothing", () =>
          Effect.gen(function*() {
            const runs = yield* Effect.all([Migrations.run, Migrations.run, Migrations.run], {
              concurrency: "unbounded"
            })
            const applied = runs.flat().map(([id, name]) => `${String(id).padStart(4, "0")}_${name}`).sort()
            expect(applied).toEqual(registered)
            expect(yield* Migrations.run).toEqual([])
            expect(yield* recorded).toEqual(registered)
          }))
      }
    )
  })
}

describe("Database.layer", () => {
  it.live("opens the embedded database in MONETA_DATA_DIR, migrated, and keeps it", () =>
    Effect.gen(function*() {
      const root = Fs.mkdtempSync(Path.join(Os.tmpdir(), "moneta-database-"))
      const dataDir = Path.join(root, "nested", "data")
      const open = <A, E>(effect: Effect.Effect<A, E, SqlClient.SqlClient | Database.Info>) =>
        effect.pipe(Effect.provide(Database.layer), withConfig([["MONETA_DATA_DIR", dataDir]]))
      const first = yield* open(Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        yield* sql`CREATE TABLE kept (n int)`
        yield* sql`INSERT INTO kept VALUES (7)`
        // a second database on the same directory would corrupt it
        const second = yield* Effect.flip(Effect.provide(Effect.void, PgliteClient.layer({ dataDir })))
        expect(second.message).toContain("cannot lock the data directory")
        return yield* Database.Info
      }))
      expect(first).toEqual({ kind: "embedded", label: `embedded (${dataDir})` })
      const [kept, migrationsAfterReopen] = yield* open(Effect.all([
        Effect.flatMap(SqlClient.SqlClient, (sql) => sql`SELECT n FROM kept`),
        recorded
      ]))
      expect(kept).toEqual([{ n: 7 }])
      expect(migrationsAfterReopen).toEqual(registered)
      Fs.rmSync(root, { recursive: true, force: true })
    }), 120_000)

  it.live(
    "takes the opening of an existing directory begun early, and frees its lock when it closes",
    () =>
      Effect.gen(function*() {
        const root = Fs.mkdtempSync(Path.join(Os.tmpdir(), "moneta-database-"))
        const dataDir = Path.join(root, "data")
        const lockFile = `${dataDir}.lock`
        const open = <A, E>(effect: Effect.Effect<A, E, SqlClient.SqlClient>) =>
          effect.pipe(Effect.provide(Database.layer), withConfig([["MONETA_DATA_DIR", dataDir]]))
        // A directory without a database starts from the template: nothing is begun early.
        PgliteOpening.beginEarly(dataDir)
        expect(Fs.existsSync(lockFile)).toBe(false)
        yield* open(Effect.flatMap(SqlClient.SqlClient, (sql) => sql`CREATE TABLE kept (n int)`))

        PgliteOpening.beginEarly(dataDir)
        // The early opening holds the lock, as the regular one does (`<pid> <start time>`).
        expect(Fs.readFileSync(lockFile, "utf8").split(" ")[0]).toBe(String(process.pid))
        // Taken, not opened a second time (a second open would find the directory locked by this process).
        const kept = yield* open(Effect.flatMap(SqlClient.SqlClient, (sql) => sql`SELECT count(*)::int AS n FROM kept`))
        expect(kept).toEqual([{ n: 0 }])
        expect(Fs.existsSync(lockFile)).toBe(false)
        expect(PgliteOpening.takeEarly(dataDir)).toBeUndefined()
        Fs.rmSync(root, { recursive: true, force: true })
      }),
    120_000
  )

  it.live(
    "starts a new data directory from the template, built once into MONETA_TEMPLATE_DIR and then read",
    () =>
      Effect.gen(function*() {
        const root = Fs.mkdtempSync(Path.join(Os.tmpdir(), "moneta-database-"))
        const templates = Path.join(root, "templates")
        const openFresh = (name: string) =>
          Effect.all([recorded, Database.Info]).pipe(
            Effect.provide(Database.layer),
            withConfig([["MONETA_DATA_DIR", Path.join(root, name)], ["MONETA_TEMPLATE_DIR", templates]])
          )
        const [applied] = yield* openFresh("first")
        expect(applied).toEqual(registered)
        const files = Fs.readdirSync(templates)
        const name = yield* Template.key
        // The template directory a new directory copies, and the dump `memory://` loads.
        expect(files.sort()).toEqual([name, `${name}.tar`])
        const built = Fs.statSync(Path.join(templates, name)).mtimeMs
        const [second] = yield* openFresh("second")
        expect(second).toEqual(registered)
        expect(Fs.existsSync(Path.join(root, "second", "PG_VERSION"))).toBe(true)
        // read, not built again
        expect(Fs.statSync(Path.join(templates, name)).mtimeMs).toBe(built)
        Fs.rmSync(root, { recursive: true, force: true })
      }),
    300_000
  )

  if (TestDatabase.testDatabases.includes("postgres")) {
    it.live("connects to DATABASE_URL, migrated, and labels it without credentials", () =>
      Effect.gen(function*() {
        const url = yield* TestDatabase.createPostgresDatabase
        const parsed = new URL(Redacted.value(url))
        const [info, applied] = yield* Effect.all([Database.Info, recorded]).pipe(
          Effect.provide(Database.layer),
          withConfig([["DATABASE_URL", Redacted.value(url)]])
        )
        expect(info).toEqual({
          kind: "postgres",
          label: `postgres (${parsed.hostname}:${parsed.port}${parsed.pathname})`
        })
        expect(applied).toEqual(registered)
      }).pipe(Effect.scoped), 180_000)
  }
})
