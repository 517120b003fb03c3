/**
 * A new data directory starts from the template directory's files (issue 34):
 * copied without the template's manifest or a lock file, a copy cut short is
 * copied again, a template missing files is rebuilt, and concurrent starts
 * each get a whole copy.
 */
import { describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Effect } from "effect"
import * as Fs from "node:fs"
import * as Os from "node:os"
import * as Path from "node:path"
import * as PgliteOpening from "../src/PgliteOpening.js"
import * as Template from "../src/Template.js"

/** A templates folder of its own holding the machine's cached dump, so no test runs initdb. */
const templatesRoot = Effect.acquireRelease(
  Effect.gen(function*() {
    const root = Fs.mkdtempSync(Path.join(Os.tmpdir(), "moneta-template-"))
    const dump = yield* Template.load
    Fs.mkdirSync(Path.join(root, "templates"))
    Fs.writeFileSync(
      Path.join(root, "templates", `${yield* Template.key}.tar`),
      new Uint8Array(yield* Effect.promise(() => dump.arrayBuffer()))
    )
    return root
  }),
  (root) => Effect.sync(() => Fs.rmSync(root, { recursive: true, force: true }))
)

const prepared = (root: string, dataDir: string) =>
  Template.prepare(dataDir).pipe(
    Effect.provideService(
      ConfigProvider.ConfigProvider,
      ConfigProvider.fromUnknown({ MONETA_TEMPLATE_DIR: Path.join(root, "templates") })
    )
  )

/** The migrations recorded in `dataDir`, opened like an existing directory. */
const migrationsIn = (dataDir: string) =>
  Effect.promise(async () => {
    const pglite = await PgliteOpening.create(dataDir, undefined)
    try {
      const result = await pglite.query<{ count: string }>("SELECT count(*) FROM effect_sql_migrations")
      return Number(result.rows[0]?.count)
    } finally {
      await pglite.close()
    }
  })

describe("starting a new data directory from the template", () => {
  it.live(
    "copies the template's files, without its manifest or lock file, and opens it as an existing one",
    () =>
      Effect.gen(function*() {
        const root = yield* templatesRoot
        const dataDir = Path.join(root, "data", "one")
        expect(yield* prepared(root, dataDir)).toBeUndefined()
        const template = Path.join(root, "templates", yield* Template.key)
        expect(Template.isComplete(template)).toBe(true)
        expect(Fs.existsSync(Path.join(dataDir, "PG_VERSION"))).toBe(true)
        expect(Fs.existsSync(Path.join(dataDir, Template.manifestName))).toBe(false)
        expect(Fs.existsSync(Path.join(dataDir, "postmaster.pid"))).toBe(false)
        expect(Fs.existsSync(`${dataDir}.lock`)).toBe(false)
        expect(yield* migrationsIn(dataDir)).toBeGreaterThan(0)

        // A copy cut short (no PG_VERSION yet) still counts as new and is copied again.
        const cut = Path.join(root, "data", "cut")
        Fs.mkdirSync(Path.join(cut, "base"), { recursive: true })
        Fs.writeFileSync(Path.join(cut, "postgresql.conf"), "truncated")
        expect(yield* Template.isFresh(cut)).toBe(true)
        yield* prepared(root, cut)
        expect(yield* migrationsIn(cut)).toBeGreaterThan(0)
      }).pipe(Effect.scoped),
    300_000
  )

  it.live(
    "rebuilds a template missing a file, and gives concurrent starts each a whole copy",
    () =>
      Effect.gen(function*() {
        const root = yield* templatesRoot
        const template = Path.join(root, "templates", yield* Template.key)
        yield* prepared(root, Path.join(root, "data", "first"))
        // What a temp cleaner does to files unread for days.
        Fs.rmSync(Path.join(template, "global", "pg_control"))
        expect(Template.isComplete(template)).toBe(false)
        const dirs = ["a", "b", "c"].map((name) => Path.join(root, "data", name))
        yield* Effect.all(dirs.map((dir) => prepared(root, dir)), { concurrency: "unbounded" })
        expect(Template.isComplete(template)).toBe(true)
        expect(Fs.readdirSync(Path.join(root, "templates")).sort()).toEqual([
          Path.basename(template),
          `${Path.basename(template)}.tar`
        ])
        for (const dir of dirs) expect(yield* migrationsIn(dir)).toBeGreaterThan(0)
      }).pipe(Effect.scoped),
    300_000
  )
})
