/**
 * The embedded database's upkeep: tables never analyzed are analyzed once,
 * tables that changed enough are analyzed or vacuumed, the WAL is
 * checkpointed past its bound, and `Database.layer` starts it on its own.
 */
import { describe, expect, it, layer } from "@effect/vitest"
import { ConfigProvider, Duration, Effect, Schedule, Schema } from "effect"
import { SqlClient } from "effect/sql"
import * as Fs from "node:fs"
import * as Os from "node:os"
import * as Path from "node:path"
import * as Database from "../src/Database.js"
import * as PgliteMaintenance from "../src/PgliteMaintenance.js"
import * as TestDatabase from "../src/testing.js"

const neverCheckpoint = { checkpointAfterBytes: Number.MAX_SAFE_INTEGER }

const Count = Schema.Array(Schema.Struct({ count: Schema.NumberFromString }))
const count = (query: (sql: SqlClient.SqlClient) => Effect.Effect<unknown, unknown>) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    query(sql).pipe(
      Effect.flatMap(Schema.decodeUnknownEffect(Count)),
      Effect.map((rows) => rows[0]?.count ?? -1),
      Effect.orDie
    ))

const neverAnalyzed = count((sql) =>
  sql`SELECT count(*) FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' AND reltuples < 0`
)

const walSinceCheckpoint = count((sql) =>
  sql`SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), redo_lsn)::bigint AS count FROM pg_control_checkpoint()`
)

describe("embedded database upkeep", () => {
  layer(TestDatabase.layerEmbedded, { timeout: TestDatabase.timeout, excludeTestServices: true })((it) => {
    it.effect("analyzes the tables never analyzed, once", () =>
      Effect.gen(function*() {
        const first = yield* PgliteMaintenance.analyzeNeverAnalyzed
        expect(first.map((step) => step.table)).toContain("events")
        expect(first.every((step) => step.kind === "analyze")).toBe(true)
        expect(yield* neverAnalyzed).toBe(0)
        expect(yield* PgliteMaintenance.analyzeNeverAnalyzed).toEqual([])
      }))

    it.effect("analyzes a table once enough of it changed, vacuums it once enough of it is dead", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        yield* sql`CREATE TABLE upkept (id int PRIMARY KEY, n int NOT NULL)`
        yield* sql`INSERT INTO upkept SELECT i, 0 FROM generate_series(1, 5000) AS i`
        const analyzed = yield* PgliteMaintenance.pass(neverCheckpoint)
        expect(analyzed.filter((step) => step.table === "upkept").map((step) => step.kind)).toEqual(["analyze"])
        const statistics = yield* count((sql) => sql`SELECT count(*) FROM pg_stats WHERE tablename = 'upkept'`)
        expect(statistics).toBeGreaterThan(0)

        yield* sql`UPDATE upkept SET n = 1 WHERE id <= 2500`
        const vacuumed = yield* PgliteMaintenance.pass(neverCheckpoint)
        expect(vacuumed.filter((step) => step.table === "upkept").map((step) => step.kind)).toEqual(["vacuum"])
        const dead = yield* count((sql) =>
          sql`SELECT n_dead_tup AS count FROM pg_stat_user_tables WHERE relname = 'upkept'`
        )
        expect(dead).toBe(0)

        const quiet = yield* PgliteMaintenance.pass(neverCheckpoint)
        expect(quiet.filter((step) => step.table === "upkept")).toEqual([])
      }))

    it.effect("checkpoints once the WAL since the last checkpoint passes its bound", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        yield* sql`CREATE TABLE logged (id int, body text)`
        yield* sql`INSERT INTO logged SELECT i, repeat('x', 500) FROM generate_series(1, 4000) AS i`
        const before = yield* walSinceCheckpoint
        expect(before).toBeGreaterThan(1_000_000)
        const steps = yield* PgliteMaintenance.pass({ checkpointAfterBytes: 1_000_000 })
        expect(steps.map((step) => step.kind)).toContain("checkpoint")
        expect(yield* walSinceCheckpoint).toBeLessThan(100_000)
        const again = yield* PgliteMaintenance.pass({ checkpointAfterBytes: 1_000_000 })
        expect(again.map((step) => step.kind)).not.toContain("checkpoint")
      }))
  })

  it.live("Database.layer analyzes an embedded database once it is migrated", () =>
    Effect.gen(function*() {
      const root = Fs.mkdtempSync(Path.join(Os.tmpdir(), "moneta-upkeep-"))
      const waitedFor = neverAnalyzed.pipe(
        Effect.repeat({ schedule: Schedule.spaced(Duration.millis(20)), until: (left) => left === 0 }),
        Effect.timeout(Duration.minutes(1))
      )
      yield* waitedFor.pipe(
        Effect.provide(Database.layer),
        Effect.provideService(
          ConfigProvider.ConfigProvider,
          ConfigProvider.fromUnknown({ MONETA_DATA_DIR: Path.join(root, "data") })
        ),
        Effect.ensuring(Effect.sync(() => Fs.rmSync(root, { recursive: true, force: true })))
      )
    }), 120_000)
})
