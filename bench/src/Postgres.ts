/**
 * The Postgres server of the benchmark: `DATABASE_URL` when it is set,
 * otherwise a throwaway cluster started like `.ci/run` does (initdb and
 * pg_ctl from Debian's /usr/lib/postgresql/<version>/bin, as the `postgres`
 * user when running as root, fsync off). Each run gets a database of its own,
 * dropped at the end.
 */
import { execFile, execFileSync } from "node:child_process"
import { randomUUID } from "node:crypto"
import * as Fs from "node:fs"
import * as Os from "node:os"
import * as Path from "node:path"
import pg from "pg"
import { withResources } from "./Cleanup.js"
import { checkouts, current, type Database } from "./MonetaServer.js"
import { freePort } from "./Processes.js"

export interface PostgresServer {
  /** Where it runs, for the report (no password). */
  readonly label: string
  /** A URL of a database of its own, created for this run. */
  readonly databaseUrl: string
  readonly stop: () => Promise<void>
}

const findBinaries = (): string | undefined => {
  const root = "/usr/lib/postgresql"
  if (!Fs.existsSync(root)) return undefined
  const versions = Fs.readdirSync(root).sort((left, right) => Number(right) - Number(left))
  for (const version of versions) {
    const bin = Path.join(root, version, "bin")
    if (Fs.existsSync(Path.join(bin, "initdb")) && Fs.existsSync(Path.join(bin, "pg_ctl"))) return bin
  }
  return undefined
}

const isRoot = () => typeof process.getuid === "function" && process.getuid() === 0

const asPostgres = (command: string, args: ReadonlyArray<string>, cwd: string) =>
  isRoot()
    ? execFileSync("runuser", ["-u", "postgres", "--", command, ...args], { cwd, stdio: "pipe" })
    : execFileSync(command, [...args], { cwd, stdio: "pipe" })

/** `asPostgres` without blocking this process meanwhile (pg_ctl waits for the server). */
const asPostgresAsync = (command: string, args: ReadonlyArray<string>, cwd: string) =>
  new Promise<void>((resolve, reject) => {
    const [file, fileArgs] = isRoot()
      ? ["runuser", ["-u", "postgres", "--", command, ...args]]
      : [command, [...args]]
    execFile(file, fileArgs, { cwd }, (error, _stdout, stderr) => {
      if (error === null) resolve()
      else reject(new Error(`${Path.basename(command)} ${args.join(" ")}: ${error.message}\n${stderr}`))
    })
  })

export interface Cluster {
  readonly url: string
  readonly label: string
  /** The server's log file. */
  readonly logFile: string
  /** Stops the server: `immediate` is a crash, recovered from the WAL at the next start. */
  readonly halt: (mode: "fast" | "immediate") => Promise<void>
  /** Starts the server again, resolving once it accepts connections. */
  readonly start: () => Promise<void>
  readonly stop: () => Promise<void>
}

/** A throwaway cluster; `durable` keeps fsync and synchronous commits on, as a real deployment would. */
export const startCluster = async (options: { readonly durable?: boolean } = {}): Promise<Cluster> => {
  const bin = findBinaries()
  if (bin === undefined) throw new Error("PostgreSQL is not installed (no /usr/lib/postgresql/*/bin); set DATABASE_URL")
  const dir = Fs.mkdtempSync(Path.join(Os.tmpdir(), "moneta-bench-pg-"))
  if (isRoot()) execFileSync("chown", ["postgres:", dir])
  const data = Path.join(dir, "data")
  const port = await freePort()
  asPostgres(Path.join(bin, "initdb"), [
    "-D",
    data,
    "-A",
    "trust",
    "-U",
    "postgres",
    "-E",
    "UTF8",
    "--locale=C.UTF-8",
    "--lc-collate=C"
  ], dir)
  const durability = options.durable === true
    ? "-c fsync=on -c synchronous_commit=on -c full_page_writes=on"
    : "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
  const logFile = Path.join(dir, "server.log")
  const start = () =>
    asPostgresAsync(Path.join(bin, "pg_ctl"), [
      "-D",
      data,
      "-l",
      logFile,
      "-w",
      "-t",
      "60",
      "start",
      "-o",
      `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${dir} ${durability} -c max_connections=200`
    ], dir)
  const halt = (mode: "fast" | "immediate") =>
    asPostgresAsync(Path.join(bin, "pg_ctl"), ["-D", data, "-m", mode, "-w", "stop"], dir)
  await start()
  return {
    logFile,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    label: options.durable === true
      ? `throwaway cluster (${Path.basename(Path.dirname(bin))}, fsync=on, synchronous_commit=on) on port ${port}`
      : `throwaway cluster (${Path.basename(Path.dirname(bin))}, fsync=off, synchronous_commit=off) on port ${port}`,
    halt,
    start,
    stop: async () => {
      try {
        if (Fs.existsSync(Path.join(data, "postmaster.pid"))) await halt("immediate")
      } finally {
        Fs.rmSync(dir, { recursive: true, force: true })
      }
    }
  }
}

const withDatabase = (url: string, database: string) => {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}

const labelOf = (url: string) => {
  const parsed = new URL(url)
  return `DATABASE_URL (${parsed.hostname}:${parsed.port || "5432"})`
}

export const startPostgres = async (databaseUrl: string | undefined): Promise<PostgresServer> => {
  const server = databaseUrl === undefined
    ? await startCluster()
    : { url: databaseUrl, label: labelOf(databaseUrl), stop: async () => {} }
  const name = `moneta_bench_${randomUUID().replaceAll("-", "")}`
  const admin = new pg.Client({ connectionString: server.url })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  return {
    label: server.label,
    databaseUrl: withDatabase(server.url, name),
    stop: async () => {
      const cleanup = new pg.Client({ connectionString: server.url })
      await cleanup.connect()
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await cleanup.end()
      await server.stop()
    }
  }
}

/**
 * A database for each checkout under test (in the order of `checkouts`), all
 * on `postgres`'s server: this checkout's is `postgres`'s own, each other one
 * is created for the run and dropped after it, so that two checkouts' servers
 * never share their tables (or their migrations) but share the Postgres whose
 * CPU is measured.
 */
export const withDatabaseEach = <A>(
  postgres: PostgresServer,
  use: (databases: ReadonlyArray<Database>) => Promise<A>
): Promise<A> =>
  withResources(
    checkouts,
    (checkout) =>
      checkout === current
        ? Promise.resolve({ ...postgres, stop: () => Promise.resolve() })
        : startPostgres(postgres.databaseUrl),
    (database) => database.stop(),
    (databases) => use(databases.map((database): Database => ({ kind: "postgres", url: database.databaseUrl })))
  )
