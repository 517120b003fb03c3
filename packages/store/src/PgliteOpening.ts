/**
 * Opening PGlite on a data directory, and opening it early: before the rest
 * of a program has loaded.
 *
 * PGlite spends a good part of its start compiling its WASM on V8's
 * background threads while the main thread waits. A command that calls
 * `beginEarly` first thing, then loads the rest of its code, lets that
 * compilation (and the reads of the data directory) run while its JavaScript
 * is compiled and evaluated; `PgliteClient` then takes the PGlite already
 * opening for the same directory instead of opening another (`takeEarly`).
 *
 * This module imports nothing but PGlite and Node, so that a command's first
 * module stays small: the early open must not wait for the code it overlaps.
 */
import { PGlite, types } from "@electric-sql/pglite"
import * as Fs from "node:fs"
import * as Path from "node:path"
import * as V8 from "node:v8"

// node-postgres's defaults where PGlite's differ (sql-pg is set to the same: `Database.postgresTypes`): int8
// would come back as a JS number.
const parsers: Record<number, (value: string) => unknown> = {
  [types.INT8]: (value) => value,
  [types.NUMERIC]: (value) => value
}

/** The embedded database's directory when `MONETA_DATA_DIR` is not set. */
export const defaultDataDir = ".moneta/"

/** Whether `dataDir` is a filesystem path (not `memory://` or another scheme). */
export const isPath = (dataDir: string): boolean => !dataDir.includes("://")

const isErrno = (error: unknown, code: string) =>
  typeof error === "object" && error !== null && "code" in error && error.code === code

/** What Linux says of a process (`/proc/<pid>/stat`): its state letter and its start time (clock ticks since boot). */
interface ProcessStat {
  readonly state: string
  readonly startTime: string
}

/** The process's `/proc` entry; undefined where there is none (not Linux, /proc hidden, or the process gone). */
const processStat = (pid: number): ProcessStat | undefined => {
  let stat: string
  try {
    stat = Fs.readFileSync(`/proc/${pid}/stat`, "utf8")
  } catch {
    return undefined
  }
  // "pid (command) state ppid …": the command may hold spaces and parentheses, so fields count from its last ")".
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
  const state = fields[0]
  // Field 22 of the line, the 20th after the command.
  const startTime = fields[19]
  return state === undefined || startTime === undefined ? undefined : { state, startTime }
}

/** The owner a lock file names: `<pid> <start time>`, or `<pid>` where /proc is missing (and in older lock files). */
interface Owner {
  readonly pid: number
  readonly startTime: string | undefined
}

const ownerOf = (content: string): Owner | undefined => {
  const [pid, startTime] = content.trim().split(" ")
  const number = Number(pid)
  return Number.isInteger(number) && number > 0 ? { pid: number, startTime } : undefined
}

const lockContent = (): string => {
  const startTime = processStat(process.pid)?.startTime
  return startTime === undefined ? String(process.pid) : `${process.pid} ${startTime}`
}

/**
 * Whether the lock's owner still runs. A process killed a moment ago stays a
 * zombie (state Z, or X while it is reaped) until its parent reaps it; it
 * still answers `kill(pid, 0)` but holds nothing, so it does not count. Nor
 * does a process that took the owner's pid later (another start time). Without
 * /proc (macOS, Windows) only `kill(pid, 0)` is asked.
 */
const isRunning = (owner: Owner): boolean => {
  try {
    process.kill(owner.pid, 0)
  } catch (error) {
    // EPERM: it runs, under another user.
    if (isErrno(error, "ESRCH")) return false
  }
  const stat = processStat(owner.pid)
  if (stat === undefined) return true
  if (stat.state === "Z" || stat.state === "X" || stat.state === "x") return false
  return owner.startTime === undefined || owner.startTime === stat.startTime
}

const readIfPresent = (file: string): string | undefined => {
  try {
    return Fs.readFileSync(file, "utf8")
  } catch (error) {
    if (isErrno(error, "ENOENT")) return undefined
    throw error
  }
}

/**
 * Takes the lock file next to `dataDir` (`<dataDir>.lock`, holding this
 * process's pid and, on Linux, its start time) and returns its path; throws
 * when a running process holds it. Two PGlite instances on one directory
 * corrupt it, and PGlite does not stop a second one. A lock left by a process
 * that is gone (or a zombie, or whose pid now names another process) is taken
 * over at once: removed, unless another process replaced it meanwhile, and
 * taken again exclusively.
 */
export const lockDataDir = (dataDir: string): string => {
  const file = `${Path.resolve(dataDir)}.lock`
  Fs.mkdirSync(Path.dirname(file), { recursive: true })
  const content = lockContent()
  // A few rounds: another process may take over the same stale lock at the same moment.
  for (let round = 0; round < 5; round++) {
    try {
      Fs.writeFileSync(file, content, { flag: "wx" })
      return file
    } catch (error) {
      if (!isErrno(error, "EEXIST")) throw error
    }
    const held = readIfPresent(file)
    if (held === undefined) continue
    const owner = ownerOf(held)
    if (owner !== undefined && isRunning(owner)) {
      throw new Error(`${dataDir} is in use by process ${owner.pid} (lock file ${file})`)
    }
    if (readIfPresent(file) === held) Fs.rmSync(file, { force: true })
  }
  throw new Error(`${dataDir}: could not take the lock file ${file}; other processes keep taking it`)
}

export const unlockDataDir = (file: string): void => Fs.rmSync(file, { force: true })

/**
 * The WASM memory PGlite starts with (its default is 128 MiB). Postgres outgrows
 * the default while it starts; beginning at 256 MiB made the first answer of a
 * start 0.05 to 0.1 s sooner, for about 15 MB more resident memory (pages are
 * only backed once touched). docs/benchmarks.md, "Schema classes compiled once".
 */
export const initialMemory = 256 * 1024 * 1024

/**
 * Postgres settings of the embedded database, on top of PGlite's own. Its one
 * session needs no room for Postgres' default 100 connections, and a
 * sandbox's data fits a 16 MB buffer pool (Postgres' default is 128 MB); a
 * page the pool does not hold is read from the data directory's file, which
 * the operating system caches. Postgres sizes and sets up that shared memory
 * at every start, and all of it is resident from then on: 128 → 32 MB opened a
 * data directory 60 to 90 ms sooner and kept about 100 MB less resident
 * (docs/benchmarks.md, "Schema classes compiled once"); 32 → 16 MB kept 11 to
 * 22 MB less, and wire creates went on at 0.97 to 1.03× ("The start's garbage
 * given back").
 */
export const startParams: ReadonlyArray<string> = [
  ...PGlite.defaultStartParams,
  "-c",
  "shared_buffers=16MB",
  "-c",
  "max_connections=5",
  // Segments kept for reuse after a checkpoint (Postgres' default is 80 MB); the upkeep checkpoints
  // every 16 MB of WAL (PgliteMaintenance), so two segments suffice.
  "-c",
  "min_wal_size=32MB",
  // ANALYZE samples 300 rows per unit of target: 9,000 instead of 30,000 makes each ANALYZE of
  // the upkeep hold the one connection about a quarter as long, with estimates a sandbox's plans
  // do not need finer than that (docs/benchmarks.md, "Cost that grows with history").
  "-c",
  "default_statistics_target=30"
]

/**
 * How much a WASM function runs before V8 recompiles it with its optimizing
 * compiler (V8's `--wasm-tiering-budget`; its default is 1,800,000). Postgres
 * runs a great many functions a few times while it opens a data directory: at
 * the default, V8 optimized hundreds of them on its background threads during
 * every start, a quarter of the CPU of opening PGlite (0.8 s → 0.6 s) and some
 * 15 MB of resident code, while the functions a running server keeps calling
 * are optimized a little later all the same. A larger budget (50M: 0.45 s) made
 * the next thousands of queries cost 20–30% more CPU while they warmed up
 * (docs/benchmarks.md, "Start and footprint (issue 34)"). Set for the whole process, before PGlite compiles:
 * PGlite is its only WASM. A bundled server sets the same value before its
 * bundle compiles (server/bin/run-bundle.js): V8 takes a code cache only under
 * the flags it was written with.
 */
export const wasmTieringBudget = 20_000_000

let tieringSet = false
const setWasmTiering = () => {
  if (tieringSet) return
  tieringSet = true
  // An operator's own `--wasm-tiering-budget` (NODE_OPTIONS does not take it, the command line does) wins.
  if (process.execArgv.some((arg) => arg.startsWith("--wasm-tiering-budget"))) return
  V8.setFlagsFromString(`--wasm-tiering-budget=${wasmTieringBudget}`)
}

/** PGlite on `dataDir` (a path or `memory://`), from the `loadDataDir` dump when given, with node-postgres's parsers. */
export const create = (dataDir: string, loadDataDir: Blob | undefined): Promise<PGlite> => {
  setWasmTiering()
  // PGlite creates only the last directory of the path.
  if (isPath(dataDir)) Fs.mkdirSync(dataDir, { recursive: true })
  return PGlite.create({
    dataDir,
    parsers,
    initialMemory,
    startParams: [...startParams],
    ...(loadDataDir !== undefined ? { loadDataDir } : {})
  })
}

export interface EarlyOpening {
  /** The lock file taken for the directory; whoever takes the opening removes it when done. */
  readonly lockFile: string
  readonly pglite: Promise<PGlite>
}

let early: (EarlyOpening & { readonly dataDir: string }) | undefined

/**
 * Begins opening the existing database in `dataDir`, to be taken by
 * `takeEarly`. Does nothing for a directory without a database yet (it starts
 * from the template, which `PgliteClient`'s caller loads) or one another
 * process holds (the regular open reports that).
 */
export const beginEarly = (dataDir: string): void => {
  if (early !== undefined || !isPath(dataDir) || !Fs.existsSync(Path.join(dataDir, "PG_VERSION"))) return
  let lockFile: string
  try {
    lockFile = lockDataDir(dataDir)
  } catch {
    // The regular open takes the lock again and reports why it cannot.
    return
  }
  const pglite = create(dataDir, undefined)
  // Handled by whoever takes it; until then a failure must not end the process as unhandled.
  pglite.catch(() => undefined)
  const opening = { dataDir: Path.resolve(dataDir), lockFile, pglite }
  early = opening
  // Not taken (the program stopped before opening its database): leave no lock behind.
  process.once("exit", () => {
    if (early === opening) unlockDataDir(lockFile)
  })
}

/** The early opening of `dataDir`, if one was begun and not yet taken; from then on it is the caller's. */
export const takeEarly = (dataDir: string): EarlyOpening | undefined => {
  if (early === undefined || !isPath(dataDir) || early.dataDir !== Path.resolve(dataDir)) return undefined
  const opening = early
  early = undefined
  return opening
}
