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
 * environment, for experiments (e.g. `NODE_OPTIONS=--cpu-prof`).
 */
import * as Os from "node:os"
import { parseArgs } from "node:util"
import { using } from "./Cleanup.js"
import { startHandWrittenReads } from "./HandWrittenReads.js"
import { type LoadResult, measure } from "./Load.js"
import { type Database, startMoneta } from "./MonetaServer.js"
import { startPostgres } from "./Postgres.js"

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
const ratio = (numerator: number, denominator: number) => (denominator === 0 ? "n/a" : (numerator / denominator).toFixed(2))

interface Reads {
  readonly retrieve: LoadResult
  readonly list: LoadResult
}

const readLoad = async (
  server: { readonly url: string; readonly errors: () => string },
  headers: Record<string, string>,
  accountId: string
): Promise<Reads> => {
  const get = async (path: string) => {
    const result = await measure({ url: server.url, connections, seconds, warmupSeconds, method: "GET", path, headers })
    if (result.failed > 0) throw new Error(`${result.failed} GET ${path} failed (non-2xx or errors)\n${server.errors()}`)
    return result
  }
  return { retrieve: await get(`/accounts/${accountId}`), list: await get("/accounts?limit=10") }
}

const monetaReads = (database: Database, env: Record<string, string | undefined>) =>
  using(() => startMoneta(database, accounts, { ...monetaEnv, ...env }), (server) => server.child.stop(), (server) =>
    readLoad({ url: server.url, errors: server.child.errors }, { authorization: server.headers.authorization ?? "" }, server.accountIds[0] ?? ""))

interface Row {
  readonly label: string
  readonly reads: Reads
}

const main = async () => {
  log(`Node ${process.version}, ${Os.cpus().length} CPUs (${Os.cpus()[0]?.model ?? "unknown"}), load average ${Os.loadavg().map((load) => load.toFixed(2)).join(" ")}`)
  log(`${connections} connections, ${seconds} s per measurement after ${warmupSeconds} s of warm-up`)
  const rows: Array<Row> = []
  let baseline: Reads | undefined
  if (databases.includes("postgres")) {
    await using(
      () => startPostgres(process.env["DATABASE_URL"] || undefined),
      (postgres) => postgres.stop(),
      async (postgres) => {
        log(`postgres (${postgres.label}): Moneta …`)
        const database: Database = { kind: "postgres", url: postgres.databaseUrl }
        const moneta = await using(() => startMoneta(database, accounts, monetaEnv), (server) => server.child.stop(), async (server) => {
          const headers = { authorization: server.headers.authorization ?? "" }
          const accountId = server.accountIds[0] ?? ""
          const reads = await readLoad({ url: server.url, errors: server.child.errors }, headers, accountId)
          // The hand-written server reads the rows Moneta wrote, with Moneta's key.
          log("postgres: hand-written node:http + pg …")
          baseline = await using(() => startHandWrittenReads(postgres.databaseUrl, headers), (hand) => hand.child.stop(), (hand) =>
            readLoad({ url: hand.url, errors: hand.child.errors }, headers, accountId))
          return reads
        })
        rows.push({ label: "Moneta, Postgres, 1 process", reads: moneta })
        for (const count of processCounts) {
          log(`postgres: Moneta, ${count} processes …`)
          rows.push({ label: `Moneta, Postgres, ${count} processes`, reads: await monetaReads(database, { MONETA_PROCESSES: String(count) }) })
        }
      }
    )
  }
  if (databases.includes("embedded")) {
    log("embedded: Moneta …")
    rows.push({ label: "Moneta, embedded", reads: await monetaReads({ kind: "embedded" }, {}) })
  }
  const all = baseline === undefined ? rows : [{ label: "hand-written node:http + pg, Postgres", reads: baseline }, ...rows]
  const lines = [
    "",
    "| server | GET /accounts/{id} /s | p50 / p99 (ms) | ÷ hand-written | GET /accounts?limit=10 /s | p50 / p99 (ms) | ÷ hand-written |",
    "|---|---:|---:|---:|---:|---:|---:|",
    ...all.map(({ label, reads }) =>
      `| ${label} | ${rate(reads.retrieve.perSecond)} | ${reads.retrieve.p50} / ${reads.retrieve.p99} | ` +
      `${baseline === undefined ? "n/a" : ratio(reads.retrieve.perSecond, baseline.retrieve.perSecond)} | ` +
      `${rate(reads.list.perSecond)} | ${reads.list.p50} / ${reads.list.p99} | ` +
      `${baseline === undefined ? "n/a" : ratio(reads.list.perSecond, baseline.list.perSecond)} |`
    ),
    "",
    `load average at the end ${Os.loadavg().map((load) => load.toFixed(2)).join(" ")}`,
    "Goal: Moneta's reads at half or more of the hand-written server's (÷ hand-written ≥ 0.50)."
  ]
  process.stdout.write(`${lines.join("\n")}\n`)
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack ?? error.message : String(error)}\n`)
  process.exitCode = 1
})
