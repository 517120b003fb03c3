/**
 * `pnpm bench:upkeep`: what the embedded database's upkeep (store's
 * PgliteMaintenance: ANALYZE, VACUUM, CHECKPOINT) does to its data directory
 * and to the requests it runs between. The same wire-create load on a new data
 * directory with the upkeep off (`MONETA_EMBEDDED_UPKEEP=false`, as before it
 * existed) and on; then how much the directory and its `pg_wal` grew over the
 * writes (measured after a clean stop), and the write rate and latency. Last, how long each step holds the
 * connection on the directory that ran without upkeep (everything due at once:
 * its worst case), timed in this process on a copy.
 *
 *   pnpm bench:upkeep [--writes 10000] [--connections 4] [--accounts 8]
 */
import * as Database from "@moneta/store/Database"
import * as PgliteMaintenance from "@moneta/store/PgliteMaintenance"
import { Effect } from "effect"
import * as Fs from "node:fs"
import * as Os from "node:os"
import * as Path from "node:path"
import { parseArgs } from "node:util"
import { withResource } from "./Cleanup.js"
import { type MonetaServer, startMoneta, wireBody } from "./MonetaServer.js"

const { values } = parseArgs({
  options: {
    writes: { type: "string", default: "10000" },
    connections: { type: "string", default: "4" },
    accounts: { type: "string", default: "8" }
  }
})
const writes = Number(values.writes)
const connections = Number(values.connections)
const accounts = Number(values.accounts)

const log = (line: string) => process.stderr.write(`${line}\n`)

const sizeOf = (path: string): number => {
  const stat = Fs.statSync(path)
  if (!stat.isDirectory()) return stat.size
  return Fs.readdirSync(path).reduce((total, name) => total + sizeOf(Path.join(path, name)), 0)
}

const mb = (bytes: number) => (bytes / 1e6).toFixed(1)

interface Load {
  readonly succeeded: number
  readonly perSecond: number
  readonly p50: number
  readonly p99: number
}

interface Run {
  readonly upkeep: boolean
  readonly load: Load
  /** Growth of the data directory (and of its pg_wal) over the writes, in bytes. */
  readonly dataDir: number
  readonly wal: number
}

/** `writes` wire creates over `connections` concurrent callers; every one must succeed. */
const writeAll = async (server: MonetaServer): Promise<Load> => {
  const body = wireBody(server.accountIds)
  const latencies: Array<number> = []
  let next = 0
  const started = performance.now()
  const caller = async () => {
    while (next < writes) {
      const index = next++
      const sent = performance.now()
      const response = await fetch(`${server.url}/wire_transfers`, {
        method: "POST",
        headers: server.headers,
        body: body(index)
      })
      await response.arrayBuffer()
      if (response.status !== 200) throw new Error(`wire create answered ${response.status}\n${server.child.errors()}`)
      latencies.push(performance.now() - sent)
    }
  }
  await Promise.all(Array.from({ length: connections }, caller))
  const seconds = (performance.now() - started) / 1000
  latencies.sort((left, right) => left - right)
  const at = (quantile: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(quantile * latencies.length))] ?? 0
  return { succeeded: latencies.length, perSecond: latencies.length / seconds, p50: at(0.5), p99: at(0.99) }
}

const runWith = async (root: string, upkeep: boolean): Promise<Run> => {
  const dataDir = Path.join(root, upkeep ? "on" : "off")
  log(`upkeep ${upkeep ? "on" : "off"}: ${writes} wire creates …`)
  const { before, load } = await withResource(
    () =>
      startMoneta({ kind: "embedded" }, accounts, {
        MONETA_DATA_DIR: dataDir,
        MONETA_EMBEDDED_UPKEEP: String(upkeep)
      }),
    (server) => server.child.stop(),
    async (server) => {
      const before = { dataDir: sizeOf(dataDir), wal: sizeOf(Path.join(dataDir, "pg_wal")) }
      return { before, load: await writeAll(server) }
    }
  )
  // After a clean stop, as a user would find the directory.
  return {
    upkeep,
    load,
    dataDir: sizeOf(dataDir) - before.dataDir,
    wal: sizeOf(Path.join(dataDir, "pg_wal")) - before.wal
  }
}

/** Each upkeep step on a copy of `dataDir`, timed as the server times it. */
const stepsOn = (dataDir: string) =>
  Effect.runPromise(
    Effect.gen(function*() {
      const neverAnalyzed = yield* PgliteMaintenance.analyzeNeverAnalyzed
      const pass = yield* PgliteMaintenance.pass()
      return [...neverAnalyzed, ...pass]
    }).pipe(Effect.provide(Database.layerPglite(dataDir)))
  )

const main = async () => {
  log(
    `Node ${process.version}, ${Os.cpus().length} CPUs, load average ${Os.loadavg().map((l) => l.toFixed(2)).join(" ")}`
  )
  const root = Fs.mkdtempSync(Path.join(Os.tmpdir(), "moneta-bench-upkeep-"))
  try {
    const runs = [await runWith(root, false), await runWith(root, true)]
    const copy = Path.join(root, "steps")
    Fs.cpSync(Path.join(root, "off"), copy, { recursive: true })
    const steps = await stepsOn(copy)
    const per10k = (bytes: number, run: Run) => mb(bytes / run.load.succeeded * 10_000)
    const lines = [
      "",
      `| upkeep | writes | writes/s | p50 / p99 (ms) | data dir grew MB | pg_wal grew MB | per 10k writes: dir / WAL MB |`,
      `|---|---:|---:|---:|---:|---:|---:|`,
      ...runs.map((run) =>
        `| ${run.upkeep ? "on" : "off"} | ${run.load.succeeded} | ${run.load.perSecond.toFixed(0)} | ${
          run.load.p50.toFixed(1)
        } / ${run.load.p99.toFixed(1)} | ${mb(run.dataDir)} | ${mb(run.wal)} | ${per10k(run.dataDir, run)} / ${
          per10k(run.wal, run)
        } |`
      ),
      "",
      `Upkeep steps on the directory written without upkeep (all due at once), ms each:`,
      ...steps.map((step) =>
        `- ${step.kind}${step.table === undefined ? "" : ` ${step.table}`}: ${step.millis.toFixed(1)}`
      )
    ]
    process.stdout.write(`${lines.join("\n")}\n`)
  } finally {
    Fs.rmSync(root, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack ?? error.message : String(error)}\n`)
  process.exitCode = 1
})
