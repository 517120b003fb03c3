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
 *
 * With `MONETA_BENCH_BASELINE=DIRECTORY` (MonetaServer.ts) the baseline
 * checkout's Moneta runs beside this one: on Postgres in the same alternating
 * rounds with the ledger server (on a database of its own on the same server),
 * on the embedded database in `--rounds` alternating rounds with this one.
 */
import * as Os from "node:os"
import { parseArgs } from "node:util"
import {
  againstBaselineCheckout,
  alternateEach,
  type Compared,
  type Measured,
  measured,
  medianRound,
  rotate,
  roundsText
} from "./Alternation.js"
import { startBareServer } from "./BareHttp.js"
import { withResource } from "./Cleanup.js"
import { startLedgerServer } from "./LedgerServer.js"
import { measure } from "./Load.js"
import { checkouts, checkoutsLine, type Database, named, wireBody, withMonetaEach } from "./MonetaServer.js"
import * as Plain from "./PlainTransaction.js"
import { startLedgerFloor } from "./PlatformFloor.js"
import { startPostgres, withDatabaseEach } from "./Postgres.js"
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
  /** Each checkout's wire creates, in the order of `checkouts`: every round (one on the embedded database alone). */
  readonly wires: ReadonlyArray<ReadonlyArray<Measured>>
  readonly plain: Plain.PlainResult
  /** Each checkout's Moneta against the hand-written node:http + pg ledger server, in alternating rounds (Postgres only). */
  readonly ledger?: ReadonlyArray<Compared> | undefined
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
  const options = {
    url: server.url,
    connections,
    method: "POST",
    path: "/wire_transfers",
    headers,
    body: wireBody(accountIds)
  } as const
  // The warm-up runs outside the CPU measurement: its requests are not counted, so its CPU must not be either.
  await measure({ ...options, seconds: warmupSeconds, warmupSeconds: 0 })
  const result = await measured(server.child.process.pid ?? 0, () => measure({ ...options, seconds, warmupSeconds: 0 }))
  if (result.failed > 0) {
    throw new Error(`${result.failed} wire creates failed (non-2xx or errors)\n${server.child.errors()}`)
  }
  return result
}

/**
 * Wire creates on the embedded database, which runs in the server's process: no Postgres process does its SQL work.
 * One measurement; each checkout's in alternating rounds when there are several.
 */
const embeddedWireLoads = () =>
  withMonetaEach(checkouts.map((): Database => ({ kind: "embedded" })), accounts, monetaEnv, (servers) =>
    rotate(
      checkouts.length === 1 ? 1 : rounds,
      servers.map((server) => async (): Promise<Measured> => ({
        ...await postWires(server, server.headers, server.accountIds),
        postgresMicros: undefined
      }))
    ))

const ledgerAccounts = Array.from({ length: accounts }, (_, index) => `account_${index + 1}`)

const jsonHeaders = { "content-type": "application/json" }

/** Each of `candidates` and a fresh hand-written ledger server on `databaseUrl`, in the same alternating rounds. */
const againstLedgerServer = (
  databaseUrl: string,
  candidates: ReadonlyArray<() => Promise<Measured>>
): Promise<ReadonlyArray<Compared>> =>
  withResource(
    () => startLedgerServer(databaseUrl),
    (server) => server.child.stop(),
    (server) => alternateEach(rounds, candidates, () => postWires(server, jsonHeaders, ledgerAccounts))
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
  checkoutsLine().forEach(log)

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
    const wires = await embeddedWireLoads()
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
        const ledger = await withDatabaseEach(
          postgres,
          (databases) =>
            withMonetaEach(databases, accounts, monetaEnv, (servers) =>
              againstLedgerServer(
                postgres.databaseUrl,
                servers.map((moneta) => () => postWires(moneta, moneta.headers, moneta.accountIds))
              ))
        )
        const wires = ledger.map((compared) => compared.rounds)
        log(`postgres: the ledger floor (HttpApi + effect/sql) and the hand-written ledger server, ${rounds} rounds …`)
        // The floor is context, not the measurement: a floor that fails to start costs its row, not the run.
        const ledgerFloor = await withResource(
          () => startLedgerFloor(postgres.databaseUrl),
          (floor) => floor.child.stop(),
          (floor) =>
            againstLedgerServer(postgres.databaseUrl, [() => postWires(floor, jsonHeaders, ledgerAccounts)]).then((
              [compared]
            ) => compared)
        ).catch((error: unknown) => {
          log(`postgres: the ledger floor was not measured: ${error instanceof Error ? error.message : String(error)}`)
          return undefined
        })
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
    ...results.flatMap((result) =>
      checkouts.map((checkout, index) => {
        const wires = medianRound(result.wires[index] ?? [])
        return `| ${named(result.database, checkout)} | ${rate(wires.perSecond)} | ${ms(wires.p50)} / ${
          ms(wires.p99)
        } | ` +
          `${micros(wires.cpuMicros)} | ${micros(wires.postgresMicros)} | ` +
          `${rate(result.plain.perSecond)} | ${ms(result.plain.p50)} / ${ms(result.plain.p99)} | ` +
          `${ratio(wires.perSecond, result.plain.perSecond)} | ${ratio(wires.perSecond, bareResult.perSecond)} |`
      })
    ),
    "",
    ...results.flatMap(({ database, ledger = [] }) => {
      const moneta = ledger[0]
      return moneta === undefined ? [] : [
        `${database}: hand-written ledger server ${rate(moneta.baseline.perSecond)} requests/s, ` +
        `p50 ${ms(moneta.baseline.p50)} ms, p99 ${ms(moneta.baseline.p99)} ms, ` +
        `CPU ${micros(moneta.baseline.cpuMicros)} µs and Postgres CPU ${
          micros(moneta.baseline.postgresMicros)
        } µs per request; wire ÷ ledger server ${moneta.ratio.toFixed(2)} (goal ≥ 0.70; the median of ${rounds} ` +
        `alternating rounds: ${roundsText(moneta)})`,
        ...checkouts.flatMap((checkout, index) => {
          const other = ledger[index]
          return index === 0 || other === undefined ? [] : [
            `${database}: ${named("wire", checkout)} ÷ ledger server ${other.ratio.toFixed(2)} (the same rounds: ${
              roundsText(other)
            })`
          ]
        })
      ]
    }),
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
    ...results.flatMap(({ database, wires: [moneta, other] }) =>
      moneta === undefined || other === undefined ? [] : [
        `${database}: Moneta ${againstBaselineCheckout(moneta, other)} (${moneta.length} alternating rounds)`
      ]
    ),
    "",
    ...results.map((result) =>
      `${result.database}: ${result.label}; ${
        medianRound(result.wires[0] ?? []).succeeded
      } wires created, ${result.plain.count} plain transactions`
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
