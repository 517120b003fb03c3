/**
 * A migrated, empty embedded database, so a new data directory starts from it
 * instead of running initdb and every migration (docs/operations.md,
 * "Start-up"): as a data directory whose files a new directory copies and then
 * opens like any existing one, and as a dump (a tar) that `memory://` loads.
 *
 * Both are built once per machine and migration set and kept in
 * `MONETA_TEMPLATE_DIR` (default: `moneta-templates` in the OS temp dir),
 * named by a hash of what determines them: the migrations' sources (which must
 * not import code from outside `migrations/`), the migrator and the PGlite
 * build. The sources are found from the store package's own folder, which
 * holds `src/` in every form it runs in (sources, compiled `dist/`, the
 * `pnpm start` bundle, an installed package); were they not found, the names
 * of the migrations alone key it. Each is written under a unique name and
 * renamed, so concurrent starts never see half of one; the directory lists
 * its files and their sizes, and one that no longer matches the list (a temp
 * cleaner took some) is rebuilt. A template that cannot be read or written
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
import * as PgliteOpening from "./PgliteOpening.js"

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

// Templates of other migrations (tars and directories, 41 MB each), and what a start that crashed
// while writing one left, unwritten for an hour, are removed.
const removeOthers = (dir: string, key: string, written: number) => {
  for (const name of Fs.readdirSync(dir)) {
    const other = Path.join(dir, name)
    if (name !== key && name !== `${key}.tar` && Fs.statSync(other).mtimeMs < written - 3_600_000) {
      Fs.rmSync(other, { recursive: true, force: true })
    }
  }
}

// Written under a unique name and renamed, so a reader never sees half a file.
const write = (file: string, key: string, dump: Blob) =>
  Effect.tryPromise(async () => {
    const dir = Path.dirname(file)
    Fs.mkdirSync(dir, { recursive: true })
    const partial = `${file}.${randomUUID()}`
    Fs.writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()))
    Fs.renameSync(partial, file)
    removeOthers(dir, key, Fs.statSync(file).mtimeMs)
  }).pipe(Effect.catch((error) => Effect.logWarning("Could not keep the database template", error)))

/** The template: read from the cache, or built and cached. */
export const load: Effect.Effect<Blob, SqlError.SqlError | Migrator.MigrationError | Config.ConfigError> = Effect
  .gen(function*() {
    const name = yield* key
    const file = Path.join(yield* directory, `${name}.tar`)
    const cached = yield* read(file)
    if (Option.isSome(cached)) return cached.value
    const dump = yield* build
    yield* write(file, name, dump)
    return dump
  })

/** The template directory's list of its files and their sizes; not copied. */
export const manifestName = "moneta-template.json"

/**
 * Postgres' lock file inside a data directory (`postmaster.pid`): PGlite
 * removes it when it closes, but never copied, so a copy never looks in use.
 */
const postmasterPid = "postmaster.pid"

/** Every file under `root` (relative paths, `/`-separated) with its size, the manifest and lock file excepted. */
const filesOf = (root: string): Record<string, number> => {
  const files: Record<string, number> = {}
  const walk = (relative: string) => {
    for (const entry of Fs.readdirSync(Path.join(root, relative), { withFileTypes: true })) {
      const path = relative === "" ? entry.name : `${relative}/${entry.name}`
      if (entry.isDirectory()) walk(path)
      else if (path !== manifestName && path !== postmasterPid) files[path] = Fs.statSync(Path.join(root, path)).size
    }
  }
  walk("")
  return files
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** Whether the template directory `dir` holds every file its manifest lists, at its size. */
export const isComplete = (dir: string): boolean => {
  try {
    const manifest: unknown = JSON.parse(Fs.readFileSync(Path.join(dir, manifestName), "utf8"))
    if (!isRecord(manifest) || !("PG_VERSION" in manifest)) return false
    return Object.entries(manifest).every(([file, size]) => Fs.statSync(Path.join(dir, file)).size === size)
  } catch {
    return false
  }
}

/** The dump unpacked by PGlite into a directory under a unique name, listed, and renamed to `dir`. */
const unpack = (dir: string, dump: Blob) =>
  Effect.tryPromise(async () => {
    Fs.mkdirSync(Path.dirname(dir), { recursive: true })
    const partial = `${dir}.${randomUUID()}`
    let aside: string | undefined
    try {
      const pglite = await PgliteOpening.create(partial, dump)
      // Closed cleanly: checkpointed, and without its postmaster.pid.
      await pglite.close()
      Fs.writeFileSync(Path.join(partial, manifestName), JSON.stringify(filesOf(partial)))
      // A broken one is moved aside first (a rename does not replace a directory that has files).
      if (Fs.existsSync(dir) && !isComplete(dir)) {
        const broken = `${dir}.${randomUUID()}.broken`
        try {
          Fs.renameSync(dir, broken)
          aside = broken
        } catch {
          // Another start moved it first.
        }
      }
      try {
        Fs.renameSync(partial, dir)
      } catch (error) {
        // Another start renamed its own first: that one is used.
        if (!isComplete(dir)) throw error
      }
      removeOthers(Path.dirname(dir), Path.basename(dir), Date.now())
    } finally {
      Fs.rmSync(partial, { recursive: true, force: true })
      if (aside !== undefined) Fs.rmSync(aside, { recursive: true, force: true })
    }
  })

/** The template directory, checked, or built (from the dump) when missing or broken; none when it cannot be kept. */
const templateDirectory = Effect.gen(function*() {
  const dir = Path.join(yield* directory, yield* key)
  if (isComplete(dir)) return Option.some(dir)
  const dump = yield* load
  return yield* unpack(dir, dump).pipe(
    Effect.as(Option.some(dir)),
    Effect.catch((error) =>
      Effect.as(Effect.logWarning("Could not keep the database template directory", error), Option.none())
    )
  )
})

const copyError = (dataDir: string) => (cause: unknown) =>
  new SqlError.SqlError({
    reason: new SqlError.ConnectionError({
      cause,
      message: `Cannot copy the database template into ${dataDir}`,
      operation: "connect"
    })
  })

/**
 * Copies the template's files into `dataDir`, holding its lock: every file
 * but `PG_VERSION`, then `PG_VERSION`, so a copy cut short leaves a directory
 * that still counts as new (`isFresh`) and is copied again.
 */
const copyInto = (template: string, dataDir: string) =>
  Effect.try({
    try: () => {
      let lockFile: string
      try {
        lockFile = PgliteOpening.lockDataDir(dataDir)
      } catch {
        // In use: the regular open takes the lock again and reports why it cannot.
        return
      }
      try {
        // Another process may have copied it between `isFresh` and the lock.
        if (Fs.existsSync(Path.join(dataDir, "PG_VERSION"))) return
        Fs.cpSync(template, dataDir, {
          recursive: true,
          filter: (source) => {
            const name = Path.relative(template, source)
            return name !== manifestName && name !== postmasterPid && name !== "PG_VERSION"
          }
        })
        Fs.copyFileSync(Path.join(template, "PG_VERSION"), Path.join(dataDir, "PG_VERSION"))
      } finally {
        PgliteOpening.unlockDataDir(lockFile)
      }
    },
    catch: copyError(dataDir)
  })

/**
 * Prepares a new data directory (`isFresh`) to start from the template: for a
 * path, copies the template directory's files into it, to be opened like an
 * existing directory (undefined is returned); for `memory://`, or when the
 * template directory cannot be kept, returns the dump for PGlite's `loadDataDir`.
 */
export const prepare = (
  dataDir: string
): Effect.Effect<Blob | undefined, SqlError.SqlError | Migrator.MigrationError | Config.ConfigError> =>
  PgliteOpening.isPath(dataDir)
    ? Effect.flatMap(
      templateDirectory,
      (template) => Option.isSome(template) ? Effect.as(copyInto(template.value, dataDir), undefined) : load
    )
    : load

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
