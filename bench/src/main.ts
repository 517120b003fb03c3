/**
 * `pnpm bench`: wire transfer creates per second and their p50/p99 latency
 * on the embedded database and on real Postgres, next to two reference
 * points measured in the same run on the same machine: a bare `node:http`
 * server driven the same way, and a plain Postgres transaction of the same
 * shape (2 updates + 2 inserts) on the same database.
 *
 *   pnpm bench [--seconds 6] [--warmup 3] [--rounds 3] [--connections 16] [--accounts 8] [--databases embedded,postgres]
 *
 * `--moneta-env NAME=VALUE` (repeatable) adds to the Moneta server's
 * environment, for experiments (e.g. `MONETA_PREPARED_STATEMENTS=false`).
 *
 * On Postgres, Moneta and the hand-written ledger server are measured in
 * `--rounds` alternating rounds, both kept running (Alternation.ts): the
 * ratio is the median of the rounds' ratios, each of two neighbouring runs.
 * The ledger floor (LedgerFloorApi.ts: the ledger server's transaction on an
 * Effect HttpApi through `effect/sql`, no Moneta code) is
 * measured against the ledger server the same way, for what the chosen stack
 * costs that transaction before any of Moneta's own work.
 *
 * Postgres is `DATABASE_URL` when set, otherwise a throwaway cluster. Both
 * servers run in processes of their own; the load generator (autocannon) runs
 * in this one.
 */
import * as Os from "node:os"
import { parseArgs } from "node:util"
import { alternate, type Compared, type Measured, measured, roundsText } from "./Alternation.js"
import { startBareServer } from "./BareHttp.js"
import { withResource } from "./Cleanup.js"
import { startLedgerServer } from "./LedgerServer.js"
import { measure } from "./Load.js"
import { startMoneta, wireBody } from "./MonetaServer.js"
import * as Plain from "./PlainTransaction.js"
import { startLedgerFloor } from "./PlatformFloor.js"
import { startPostgres } from "./Postgres.js"
import { type Child, environmentOf } from "./Processes.js"

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "6" },
    warmup: { type: "string", default: "3" },
    rounds: { type: "string", default: "3" },
    connections: { type: "string", default: "16" },
    accounts: { type: "string", default: "8" },
    databases: { type: "string", default: "embedded,postgres" },
    "moneta-env": { type: "string", multiple: true, default: [] }
  }
})

const seconds = Number(values.seconds)
const warmupSeconds = Number(values.warmup)
const rounds = Number(values.rounds)
const monetaEnv = environmentOf(values["moneta-env"])
const connections = Number(values.connections)
const accounts = Number(values.accounts)
const databases = values.databases.split(",").map((name) => name.trim())

interface DatabaseResult {
  readonly database: string
  readonly label: string
  readonly wires: Measured
  readonly plain: Plain.PlainResult
  /** Moneta against the hand-written node:http + pg ledger server, in alternating rounds (Postgres only). */
  readonly ledger?: Compared | undefined
  /** The ledger floor (LedgerFloorApi.ts: HttpApi + effect/sql) against the same server, in alternating rounds. */
  readonly ledgerFloor?: Compared | undefined
}

const log = (line: string) => process.stderr.write(`${line}\n`)
const rate = (value: number) => value.toFixed(0)
const ms = (value: number) => value.toFixed(1)
const micros = (value: number | undefined) => value === undefined ? "n/a" : value.toFixed(0)
const ratio = (
  numerator: number,
  denominator: number
) => (denominator === 0 ? "n/a" : (numerator / denominator).toFixed(2))

/** Wire create bodies POSTed to `server` under the run's load; every response must be 2xx. */
const postWires = async (
  server: { readonly url: string; readonly child: Child },
  headers: Record<string, string>,
  accountIds: ReadonlyArray<string>
): Promise<Measured> => {
  const result = await measured(server.child.process.pid ?? 0, () =>
    measure({
      url: server.url,
      connections,
      seconds,
      warmupSeconds,
      method: "POST",
      path: "/wire_transfers",
      headers,
      body: wireBody(accountIds)
    }))
  if (result.failed > 0) {
    throw new Error(`${result.failed} wire creates failed (non-2xx or errors)\n${server.child.errors()}`)
  }
  return result
}

/** Wire creates on the embedded database, which runs in the server's process: no Postgres process does its SQL work. */
const embeddedWireLoad = () =>
  withResource(
    () => startMoneta({ kind: "embedded" }, accounts, monetaEnv),
    (server) => server.child.stop(),
    async (server): Promise<Measured> => ({
      ...await postWires(server, server.headers, server.accountIds),
      postgresMicros: undefined
    })
  )

const ledgerAccounts = Array.from({ length: accounts }, (_, index) => `account_${index + 1}`)

const jsonHeaders = { "content-type": "application/json" }

/** `candidate` and a fresh hand-written ledger server on `databaseUrl`, in alternating rounds. */
const againstLedgerServer = (databaseUrl: string, candidate: () => Promise<Measured>): Promise<Compared> =>
  withResource(
    () => startLedgerServer(databaseUrl),
    (server) => server.child.stop(),
    (server) => alternate(rounds, candidate, () => postWires(server, jsonHeaders, ledgerAccounts))
  )

const main = async () => {
  log(
    `Node ${process.version}, ${Os.cpus().length} CPUs (${Os.cpus()[0]?.model ?? "unknown"}), load average ${
      Os.loadavg().map((load) => load.toFixed(2)).join(" ")
    }`
  )
  log(
    `${connections} connections, ${seconds} s per measurement after ${warmupSeconds} s of warm-up, ${accounts} accounts`
  )

  log("bare node:http …")
  const bareResult = await withResource(startBareServer, (bare) => bare.child.stop(), (bare) =>
    measure({
      url: bare.url,
      connections,
      seconds,
      warmupSeconds,
      method: "POST",
      path: "/wire_transfers",
      headers: { "content-type": "application/json" },
      body: wireBody(["account_bench"])
    }))

  const results: Array<DatabaseResult> = []
  if (databases.includes("embedded")) {
    log("embedded: wire creates …")
    const wires = await embeddedWireLoad()
    log("embedded: plain transactions …")
    const plain = await Plain.onPglite(seconds, warmupSeconds)
    results.push({ database: "embedded", label: "PGlite in memory (one connection)", wires, plain })
  }
  if (databases.includes("postgres")) {
    const result = await withResource(
      () => startPostgres(process.env["DATABASE_URL"] || undefined),
      (postgres) => postgres.stop(),
      async (postgres): Promise<DatabaseResult> => {
        log(`postgres (${postgres.label}): wire creates, Moneta and the hand-written ledger server, ${rounds} rounds …`)
        const ledger = await withResource(
          () => startMoneta({ kind: "postgres", url: postgres.databaseUrl }, accounts, monetaEnv),
          (server) => server.child.stop(),
          (moneta) =>
            againstLedgerServer(postgres.databaseUrl, () => postWires(moneta, moneta.headers, moneta.accountIds))
        )
        const wires = ledger.candidate
        log(`postgres: the ledger floor (HttpApi + effect/sql) and the hand-written ledger server, ${rounds} rounds …`)
        const ledgerFloor = await withResource(
          () => startLedgerFloor(postgres.databaseUrl),
          (floor) => floor.child.stop(),
          (floor) => againstLedgerServer(postgres.databaseUrl, () => postWires(floor, jsonHeaders, ledgerAccounts))
        )
        log("postgres: plain transactions …")
        const plain = await Plain.onPostgres(postgres.databaseUrl, connections, seconds, warmupSeconds)
        return { database: "postgres", label: postgres.label, wires, plain, ledger, ledgerFloor }
      }
    )
    results.push(result)
  }

  const lines = [
    "",
    `bare node:http: ${rate(bareResult.perSecond)} requests/s, p50 ${ms(bareResult.p50)} ms, p99 ${
      ms(bareResult.p99)
    } ms`,
    "",
    `| database | wire creates/s | wire p50 / p99 (ms) | CPU µs/create | Postgres CPU µs/create | plain tx/s | plain p50 / p99 (ms) | wire ÷ plain | wire ÷ bare http |`,
    `|---|---:|---:|---:|---:|---:|---:|---:|---:|`,
    ...results.map((result) =>
      `| ${result.database} | ${rate(result.wires.perSecond)} | ${ms(result.wires.p50)} / ${ms(result.wires.p99)} | ` +
      `${micros(result.wires.cpuMicros)} | ${micros(result.wires.postgresMicros)} | ` +
      `${rate(result.plain.perSecond)} | ${ms(result.plain.p50)} / ${ms(result.plain.p99)} | ` +
      `${ratio(result.wires.perSecond, result.plain.perSecond)} | ${
        ratio(result.wires.perSecond, bareResult.perSecond)
      } |`
    ),
    "",
    ...results.flatMap((result) =>
      result.ledger === undefined ? [] : [
        `${result.database}: hand-written ledger server ${rate(result.ledger.baseline.perSecond)} requests/s, ` +
        `p50 ${ms(result.ledger.baseline.p50)} ms, p99 ${ms(result.ledger.baseline.p99)} ms, ` +
        `CPU ${micros(result.ledger.baseline.cpuMicros)} µs and Postgres CPU ${
          micros(result.ledger.baseline.postgresMicros)
        } µs per request; wire ÷ ledger server ${
          result.ledger.ratio.toFixed(2)
        } (goal ≥ 0.70; the median of ${rounds} ` +
        `alternating rounds: ${roundsText(result.ledger)})`
      ]
    ),
    ...results.flatMap((result) =>
      result.ledgerFloor === undefined ? [] : [
        `${result.database}: the ledger floor (the same transaction on an Effect HttpApi through effect/sql, ` +
        `LedgerFloorApi.ts; no key, idempotency, events or request log) ${
          rate(result.ledgerFloor.candidate.perSecond)
        } requests/s, CPU ${micros(result.ledgerFloor.candidate.cpuMicros)} µs per request; ÷ ledger server ${
          result.ledgerFloor.ratio.toFixed(2)
        } (alternating rounds: ${roundsText(result.ledgerFloor)})`
      ]
    ),
    "",
    ...results.map((result) =>
      `${result.database}: ${result.label}; ${result.wires.succeeded} wires created, ${result.plain.count} plain transactions`
    ),
    "Goal: wire creates at half or more of the plain-transaction rate (wire ÷ plain ≥ 0.50).",
    "CPU µs/create: the server's processes' CPU time per create; Postgres CPU µs/create: every Postgres process's meanwhile."
  ]
  process.stdout.write(`${lines.join("\n")}\n`)
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack ?? error.message : String(error)}\n`)
  process.exitCode = 1
})
