/**
 * `pnpm bench:reads`: `GET /accounts/{id}` and `GET /accounts?limit=10` per
 * second, Moneta against a hand-written `node:http` + `pg` server doing the
 * same SQL work on the same Postgres database (HandWrittenReads.ts), in the
 * same run, with the same load generator; Moneta on the embedded database
 * for reference; and Moneta as several processes on one port
 * (`MONETA_PROCESSES`, see docs/operations.md).
 *
 *   pnpm bench:reads [--seconds 8] [--warmup 2] [--connections 16] [--databases postgres,embedded] [--processes 1,2]
 *
 * `--moneta-env NAME=VALUE` (repeatable) adds to the Moneta server's
 * environment, for experiments (e.g. `NODE_OPTIONS=--max-semi-space-size=32`).
 * Node refuses `--cpu-prof` in NODE_OPTIONS: to profile, start the server by
 * hand (`node --cpu-prof scripts/start.mjs`) and load it with autocannon.
 */
import * as Fs from "node:fs"
import * as Os from "node:os"
import { parseArgs } from "node:util"
import { withResource } from "./Cleanup.js"
import { startHandWrittenReads } from "./HandWrittenReads.js"
import { type LoadResult, measure } from "./Load.js"
import { type Database, startMoneta } from "./MonetaServer.js"
import { startPostgres } from "./Postgres.js"
import type { Child } from "./Processes.js"

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "8" },
    warmup: { type: "string", default: "2" },
    connections: { type: "string", default: "16" },
    databases: { type: "string", default: "postgres,embedded" },
    processes: { type: "string", default: "1,2" },
    "moneta-env": { type: "string", multiple: true, default: [] }
  }
})

const seconds = Number(values.seconds)
const warmupSeconds = Number(values.warmup)
const connections = Number(values.connections)
const databases = values.databases.split(",").map((name) => name.trim())
const processCounts = values.processes.split(",").map(Number).filter((count) => count > 1)
const monetaEnv = Object.fromEntries(values["moneta-env"].map((pair) => {
  const at = pair.indexOf("=")
  return [pair.slice(0, at), pair.slice(at + 1)]
}))

/** More accounts than a list page, so that the list reads a full page and has a next cursor. */
const accounts = 12

const log = (line: string) => process.stderr.write(`${line}\n`)
const rate = (value: number) => value.toFixed(0)
const ratio = (
  numerator: number,
  denominator: number
) => (denominator === 0 ? "n/a" : (numerator / denominator).toFixed(2))

/**
 * CPU seconds (user + system) spent so far by process `root` and its
 * descendants (Linux /proc; undefined elsewhere). Requests per second swing
 * with whatever else the machine runs; CPU time per request much less so.
 */
const cpuSecondsOfTree = (root: number): number | undefined => {
  if (!Fs.existsSync("/proc/self/stat")) return undefined
  const processes = Fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name)).flatMap((pid) => {
    try {
      // Fields after the command name, which may contain spaces: state, ppid, …, utime (12th), stime (13th).
      const fields = Fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ", 2)[1]?.split(" ") ?? []
      return [{ pid: Number(pid), parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) }]
    } catch {
      return [] // exited meanwhile
    }
  })
  const inTree = new Set([root])
  let grew = true
  while (grew) {
    grew = false
    for (const process of processes) {
      if (!inTree.has(process.pid) && inTree.has(process.parent)) {
        inTree.add(process.pid)
        grew = true
      }
    }
  }
  // Linux counts in USER_HZ, 100 per second.
  return processes.filter((process) => inTree.has(process.pid)).reduce((sum, process) => sum + process.ticks, 0) / 100
}

interface Measured extends LoadResult {
  /** CPU microseconds the server spent per successful request, if known. */
  readonly cpuMicros: number | undefined
}

interface Reads {
  readonly retrieve: Measured
  readonly list: Measured
}

const readLoad = async (
  server: { readonly url: string; readonly pid: number; readonly errors: () => string },
  headers: Record<string, string>,
  accountId: string
): Promise<Reads> => {
  const get = async (path: string): Promise<Measured> => {
    const options = { url: server.url, connections, method: "GET", path, headers } as const
    await measure({ ...options, seconds: warmupSeconds, warmupSeconds: 0 })
    const before = cpuSecondsOfTree(server.pid)
    const result = await measure({ ...options, seconds, warmupSeconds: 0 })
    const after = cpuSecondsOfTree(server.pid)
    if (result.failed > 0) {
      throw new Error(`${result.failed} GET ${path} failed (non-2xx or errors)\n${server.errors()}`)
    }
    const cpuMicros = before === undefined || after === undefined || result.succeeded === 0
      ? undefined
      : (after - before) * 1e6 / result.succeeded
    return { ...result, cpuMicros }
  }
  return { retrieve: await get(`/accounts/${accountId}`), list: await get("/accounts?limit=10") }
}

const serverOf = (child: Child, url: string) => ({ url, pid: child.process.pid ?? 0, errors: child.errors })

const monetaReads = (database: Database, env: Record<string, string | undefined>) =>
  withResource(
    () => startMoneta(database, accounts, { ...monetaEnv, ...env }),
    (server) => server.child.stop(),
    (server) =>
      readLoad(
        serverOf(server.child, server.url),
        { authorization: server.headers.authorization ?? "" },
        server.accountIds[0] ?? ""
      )
  )

interface Row {
  readonly label: string
  readonly reads: Reads
}

const main = async () => {
  log(
    `Node ${process.version}, ${Os.cpus().length} CPUs (${Os.cpus()[0]?.model ?? "unknown"}), load average ${
      Os.loadavg().map((load) => load.toFixed(2)).join(" ")
    }`
  )
  log(`${connections} connections, ${seconds} s per measurement after ${warmupSeconds} s of warm-up`)
  const rows: Array<Row> = []
  let baseline: Reads | undefined
  if (databases.includes("postgres")) {
    await withResource(
      () => startPostgres(process.env["DATABASE_URL"] || undefined),
      (postgres) => postgres.stop(),
      async (postgres) => {
        log(`postgres (${postgres.label}): Moneta …`)
        const database: Database = { kind: "postgres", url: postgres.databaseUrl }
        const moneta = await withResource(
          () => startMoneta(database, accounts, monetaEnv),
          (server) => server.child.stop(),
          async (server) => {
            const headers = { authorization: server.headers.authorization ?? "" }
            const accountId = server.accountIds[0] ?? ""
            const reads = await readLoad(serverOf(server.child, server.url), headers, accountId)
            // The hand-written server reads the rows Moneta wrote, with Moneta's key.
            log("postgres: hand-written node:http + pg …")
            baseline = await withResource(
              () => startHandWrittenReads(postgres.databaseUrl, headers),
              (hand) => hand.child.stop(),
              (hand) => readLoad(serverOf(hand.child, hand.url), headers, accountId)
            )
            return reads
          }
        )
        rows.push({ label: "Moneta, Postgres, 1 process", reads: moneta })
        for (const count of processCounts) {
          log(`postgres: Moneta, ${count} processes …`)
          rows.push({
            label: `Moneta, Postgres, ${count} processes`,
            reads: await monetaReads(database, { MONETA_PROCESSES: String(count) })
          })
        }
      }
    )
  }
  if (databases.includes("embedded")) {
    log("embedded: Moneta …")
    rows.push({ label: "Moneta, embedded", reads: await monetaReads({ kind: "embedded" }, {}) })
  }
  const all = baseline === undefined
    ? rows
    : [{ label: "hand-written node:http + pg, Postgres", reads: baseline }, ...rows]
  const perRequest = (measured: Measured) => measured.cpuMicros === undefined ? "n/a" : measured.cpuMicros.toFixed(0)
  const against = (value: number, base: number | undefined) => base === undefined ? "n/a" : ratio(value, base)
  const lines = [
    "",
    "| server | GET /accounts/{id} /s | p50 / p99 (ms) | ÷ hand-written | CPU µs/request | GET /accounts?limit=10 /s | p50 / p99 (ms) | ÷ hand-written | CPU µs/request |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...all.map(({ label, reads }) =>
      `| ${label} | ${rate(reads.retrieve.perSecond)} | ${reads.retrieve.p50} / ${reads.retrieve.p99} | ` +
      `${against(reads.retrieve.perSecond, baseline?.retrieve.perSecond)} | ${perRequest(reads.retrieve)} | ` +
      `${rate(reads.list.perSecond)} | ${reads.list.p50} / ${reads.list.p99} | ` +
      `${against(reads.list.perSecond, baseline?.list.perSecond)} | ${perRequest(reads.list)} |`
    ),
    "",
    `load average at the end ${Os.loadavg().map((load) => load.toFixed(2)).join(" ")}`,
    "Goal: Moneta's reads at half or more of the hand-written server's (÷ hand-written ≥ 0.50).",
    "CPU µs/request: the server's processes' CPU time over the measured requests (less sensitive to the machine's load than requests/s)."
  ]
  process.stdout.write(`${lines.join("\n")}\n`)
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack ?? error.message : String(error)}\n`)
  process.exitCode = 1
})
