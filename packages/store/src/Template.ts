/**
 * A migrated, empty embedded database as a dump of its data directory, so a
 * new data directory starts from it instead of running initdb and every
 * migration (docs/operations.md, "Start-up").
 *
 * The dump is built once per machine and migration set and kept in
 * `MONETA_TEMPLATE_DIR` (default: `moneta-templates` in the OS temp dir),
 * named by a hash of what determines it: the migrations' sources (which must
 * not import code from outside `migrations/`), the migrator and the PGlite
 * build. The sources are found from the store package's own folder, which
 * holds `src/` in every form it runs in (sources, compiled `dist/`, the
 * `pnpm start` bundle, an installed package); were they not found, the names
 * of the migrations alone key it. A template that cannot be read or written
 * only costs a rebuild.
 */
import { Config, Effect, Option } from "effect"
import * as Reactivity from "effect/reactivity/Reactivity"
import type { Migrator } from "effect/sql"
import { SqlClient, SqlError } from "effect/sql"
import { createHash, randomUUID } from "node:crypto"
import * as Fs from "node:fs"
import { createRequire } from "node:module"
import * as Os from "node:os"
import * as Path from "node:path"
import { fileURLToPath } from "node:url"
import * as Migrations from "./Migrations.js"
import { migrations } from "./migrations/index.js"
import * as PgliteClient from "./PgliteClient.js"

const isStorePackage = (dir: string) => {
  try {
    const manifest: unknown = JSON.parse(Fs.readFileSync(Path.join(dir, "package.json"), "utf8"))
    return typeof manifest === "object" && manifest !== null && "name" in manifest && manifest.name === "@moneta/store"
  } catch {
    return false
  }
}

/** The store package's folder: this module's parent (src/, dist/), or `node_modules/@moneta/store` above a bundle. */
const storeRoot = (): Option.Option<string> => {
  const here = Path.dirname(fileURLToPath(import.meta.url))
  if (isStorePackage(Path.dirname(here))) return Option.some(Path.dirname(here))
  for (let dir = here;; dir = Path.dirname(dir)) {
    const candidate = Path.join(dir, "node_modules", "@moneta", "store")
    if (isStorePackage(candidate)) return Option.some(Fs.realpathSync(candidate))
    if (Path.dirname(dir) === dir) return Option.none()
  }
}

/** A hash naming the template of this build's migrations. */
export const key: Effect.Effect<string> = Effect.sync(() => {
  const hash = createHash("sha256")
  hash.update(Object.keys(migrations).join("\n"))
  const root = storeRoot()
  if (Option.isSome(root)) {
    const migrationsDir = Path.join(root.value, "src", "migrations")
    for (const file of Fs.readdirSync(migrationsDir).sort()) {
      hash.update(file).update(Fs.readFileSync(Path.join(migrationsDir, file)))
    }
    hash.update(Fs.readFileSync(Path.join(root.value, "src", "Migrations.ts")))
    hash.update(createRequire(Path.join(root.value, "package.json")).resolve("@electric-sql/pglite"))
  }
  return hash.digest("hex").slice(0, 24)
})

const directory = Config.String("MONETA_TEMPLATE_DIR").pipe(
  Config.withDefault(Path.join(Os.tmpdir(), "moneta-templates"))
)

/** Initdb and every migration in memory, dumped. */
const build = Effect.gen(function*() {
  const client = yield* PgliteClient.make({ dataDir: "memory://" })
  yield* Effect.provideService(Migrations.run, SqlClient.SqlClient, client)
  return yield* client.dumpDataDir
}).pipe(Effect.scoped, Effect.provide(Reactivity.layer))

const read = (file: string) => Effect.try(() => new Blob([Fs.readFileSync(file)])).pipe(Effect.option)

// Written under a unique name and renamed, so a reader never sees half a file.
// Templates of other migrations, unwritten for an hour, are removed (41 MB each).
const write = (file: string, dump: Blob) =>
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
  }).pipe(Effect.catch((error) => Effect.logWarning("Could not keep the database template", error)))

/** The template: read from the cache, or built and cached. */
export const load: Effect.Effect<Blob, SqlError.SqlError | Migrator.MigrationError | Config.ConfigError> = Effect
  .gen(function*() {
    const file = Path.join(yield* directory, `${yield* key}.tar`)
    const cached = yield* read(file)
    if (Option.isSome(cached)) return cached.value
    const dump = yield* build
    yield* write(file, dump)
    return dump
  })

/** Whether `dataDir` (a path, or `memory://`) holds no database yet, so it can start from the template. */
export const isFresh = (dataDir: string): Effect.Effect<boolean, SqlError.SqlError> =>
  dataDir.includes("://")
    ? Effect.succeed(dataDir.startsWith("memory://"))
    : Effect.try({
      try: () => !Fs.existsSync(Path.join(dataDir, "PG_VERSION")),
      catch: (cause) =>
        new SqlError.SqlError({
          reason: new SqlError.ConnectionError({
            cause,
            message: `Cannot inspect the data directory ${dataDir}`,
            operation: "connect"
          })
        })
    })
