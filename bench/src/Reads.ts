/**
 * `pnpm bench:reads`: `GET /accounts/{id}` and `GET /accounts?limit=10` per
 * second, Moneta against a hand-written `node:http` + `pg` server doing the
 * same SQL work on the same Postgres database (HandWrittenReads.ts), in the
 * same run, with the same load generator; the platform's floor (an
 * Effect HttpApi answering the account from memory,
 * PlatformFloorServer.ts) against the same hand-written server, for what the
 * chosen stack costs a read before any of Moneta's own work; the same floor
 * reading the account through `effect/sql` (the stack's database client),
 * and through `pg` itself, decoding it with its Schema, for what the stack
 * costs a read from the database; Moneta on the embedded database for
 * reference; and Moneta as several processes on one port
 * (`MONETA_PROCESSES`, see docs/operations.md).
 *
 *   pnpm bench:reads [--seconds 5] [--warmup 2] [--rounds 3] [--connections 16] [--databases postgres,embedded] [--processes 1,2]
 *
 * Moneta and the hand-written server are measured in `--rounds` alternating
 * rounds, both kept running (Alternation.ts): the ratio is the median of the
 * rounds' ratios, each of two neighbouring runs.
 *
 * With `MONETA_BENCH_BASELINE=DIRECTORY` (MonetaServer.ts) the baseline
 * checkout's Moneta (on a database of its own on the same Postgres) runs in
 * the same alternating rounds as this one and the hand-written server, and
 * beside this one in every other Moneta row.
 *
 * `--moneta-env NAME=VALUE` (repeatable) adds to the Moneta server's
 * environment, for experiments (e.g. `NODE_OPTIONS=--max-semi-space-size=32`).
 * Node refuses `--cpu-prof` in NODE_OPTIONS: to profile, start the server by
 * hand (`node --cpu-prof scripts/start.mjs`) and load it with autocannon.
 */
import * as Os from "node:os"
import { parseArgs } from "node:util"
import pg from "pg"
import {
  againstBaselineCheckout,
  alternate,
  alternateEach,
  type Compared,
  type Measured,
  measured,
  roundsText
} from "./Alternation.js"
import { withResource } from "./Cleanup.js"
import { startHandWrittenReads } from "./HandWrittenReads.js"
import { measure } from "./Load.js"
import {
  type Checkout,
  checkouts,
  checkoutsLine,
  type Database,
  type MonetaServer,
  named,
  startMoneta,
  withMonetaEach
} from "./MonetaServer.js"
import { type FloorSource, startPlatformFloor } from "./PlatformFloor.js"
import { startPostgres, withDatabaseEach } from "./Postgres.js"
import { type Child, environmentOf } from "./Processes.js"

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "5" },
    warmup: { type: "string", default: "2" },
    rounds: { type: "string", default: "3" },
    connections: { type: "string", default: "16" },
    databases: { type: "string", default: "postgres,embedded" },
    processes: { type: "string", default: "1,2" },
    "moneta-env": { type: "string", multiple: true, default: [] }
  }
})

const seconds = Number(values.seconds)
const warmupSeconds = Number(values.warmup)
const rounds = Number(values.rounds)
const connections = Number(values.connections)
const databases = values.databases.split(",").map((name) => name.trim())
const processCounts = values.processes.split(",").map(Number).filter((count) => count > 1)
const monetaEnv = environmentOf(values["moneta-env"])

/** More accounts than a list page, so that the list reads a full page and has a next cursor. */
const accounts = 12

const log = (line: string) => process.stderr.write(`${line}\n`)
const rate = (value: number) => value.toFixed(0)
const ratio = (
  numerator: number,
  denominator: number
) => (denominator === 0 ? "n/a" : (numerator / denominator).toFixed(2))

interface Reads {
  readonly retrieve: Measured
  readonly list: Measured
}

interface Server {
  readonly url: string
  readonly pid: number
  readonly errors: () => string
}

const paths = (accountId: string) => ({ retrieve: `/accounts/${accountId}`, list: "/accounts?limit=10" })

/** One measurement of GET `path`, after its warm-up; every response must be 2xx. */
const getLoad = (server: Server, headers: Record<string, string>, path: string) => async (): Promise<Measured> => {
  const options = { url: server.url, connections, method: "GET", path, headers } as const
  await measure({ ...options, seconds: warmupSeconds, warmupSeconds: 0 })
  const result = await measured(server.pid, () => measure({ ...options, seconds, warmupSeconds: 0 }))
  if (result.failed > 0) {
    throw new Error(`${result.failed} GET ${path} failed (non-2xx or errors)\n${server.errors()}`)
  }
  return result
}

const readLoad = async (server: Server, headers: Record<string, string>, accountId: string): Promise<Reads> => {
  const { list, retrieve } = paths(accountId)
  return { retrieve: await getLoad(server, headers, retrieve)(), list: await getLoad(server, headers, list)() }
}

const serverOf = (child: Child, url: string) => ({ url, pid: child.process.pid ?? 0, errors: child.errors })

/** The tenant that owns `accountId`, read once (the hand-written server resolves it from the key, cached). */
const tenantOf = async (databaseUrl: string, accountId: string) => {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ group_id: string; environment: string }>(
      "SELECT group_id, environment FROM accounts WHERE id = $1",
      [accountId]
    )
    const row = rows[0]
    if (row === undefined) throw new Error(`account ${accountId} is not in the database`)
    return { groupId: row.group_id, environment: row.environment }
  } finally {
    await client.end()
  }
}

const textOf = async (url: string, headers: Record<string, string>): Promise<string> => {
  const response = await fetch(url, { headers })
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`)
  return response.text()
}

/** The embedded database runs in the server's process: no Postgres process does its SQL work. */
const inProcess = (reads: Reads): Reads => ({
  retrieve: { ...reads.retrieve, postgresMicros: undefined },
  list: { ...reads.list, postgresMicros: undefined }
})

const monetaReads = (database: Database, env: Record<string, string | undefined>, checkout: Checkout) =>
  withResource(
    () => startMoneta(database, accounts, { ...monetaEnv, ...env }, checkout),
    (server) => server.child.stop(),
    async (server) => {
      const reads = await readLoad(
        serverOf(server.child, server.url),
        { authorization: server.headers.authorization ?? "" },
        server.accountIds[0] ?? ""
      )
      return database.kind === "embedded" ? inProcess(reads) : reads
    }
  )

interface Shown {
  readonly label: string
  readonly reads: Reads
  /** Against the hand-written server in alternating rounds (otherwise one measurement, against its median). */
  readonly compared?: { readonly retrieve: Compared; readonly list: Compared } | undefined
}

/** A row of a checkout's Moneta. */
interface Row extends Shown {
  readonly checkout: Checkout
  /** How it ran: "Postgres, 1 process", "embedded", … */
  readonly setting: string
}

const monetaRow = (checkout: Checkout, setting: string, reads: Reads, compared?: Row["compared"]): Row => ({
  label: `${named("Moneta", checkout)}, ${setting}`,
  checkout,
  setting,
  reads,
  compared
})

/** Each round of a row's `which` read: the alternating rounds, or its one measurement. */
const roundsOf = (row: Row, which: "retrieve" | "list") => row.compared?.[which].rounds ?? [row.reads[which]]

/** Moneta's key alone: what the reads send. */
const keyOf = (server: MonetaServer) => ({ authorization: server.headers.authorization ?? "" })

const main = async () => {
  log(
    `Node ${process.version}, ${Os.cpus().length} CPUs (${Os.cpus()[0]?.model ?? "unknown"}), load average ${
      Os.loadavg().map((load) => load.toFixed(2)).join(" ")
    }`
  )
  log(`${connections} connections, ${seconds} s per measurement after ${warmupSeconds} s of warm-up`)
  checkoutsLine().forEach(log)
  const rows: Array<Row> = []
  let floors: {
    readonly floor: Compared
    readonly floorFromDatabase: Compared
    readonly floorFromPg: Compared
  } | undefined
  if (databases.includes("postgres")) {
    await withResource(
      () => startPostgres(process.env["DATABASE_URL"] || undefined),
      (postgres) => postgres.stop(),
      async (postgres) => {
        log(`postgres (${postgres.label}): Moneta …`)
        await withDatabaseEach(postgres, async (checkoutDatabases) => {
          const moneta = await withMonetaEach(checkoutDatabases, accounts, monetaEnv, async (servers) => {
            const [server] = servers
            if (server === undefined) throw new Error("no Moneta server started")
            const headers = keyOf(server)
            const accountId = server.accountIds[0] ?? ""
            // The hand-written server reads the rows this checkout's Moneta wrote, with its key.
            return withResource(
              () => startHandWrittenReads(postgres.databaseUrl, headers),
              (hand) => hand.child.stop(),
              async (hand) => {
                const handServer = serverOf(hand.child, hand.url)
                const compare = (which: "retrieve" | "list") => {
                  log(
                    `postgres: GET ${
                      paths(accountId)[which]
                    }, Moneta and the hand-written node:http + pg server, ${rounds} rounds …`
                  )
                  return alternateEach(
                    rounds,
                    servers.map((each) =>
                      getLoad(serverOf(each.child, each.url), keyOf(each), paths(each.accountIds[0] ?? "")[which])
                    ),
                    getLoad(handServer, headers, paths(accountId)[which])
                  )
                }
                const reads = { retrieve: await compare("retrieve"), list: await compare("list") }
                const { retrieve } = paths(accountId)
                const againstFloor = (label: string, source: FloorSource) =>
                  withResource(
                    () => startPlatformFloor(source, accountId),
                    (floor) => floor.child.stop(),
                    (floor) => {
                      log(`GET ${retrieve}, ${label} and the hand-written server, ${rounds} rounds …`)
                      return alternate(
                        rounds,
                        getLoad(serverOf(floor.child, floor.url), {}, retrieve),
                        getLoad(handServer, headers, retrieve)
                      )
                    }
                  )
                const floor = await againstFloor("the platform's floor", {
                  memory: { id: accountId, json: await textOf(server.url + retrieve, headers) }
                })
                const tenant = { url: postgres.databaseUrl, ...await tenantOf(postgres.databaseUrl, accountId) }
                const floorFromDatabase = await againstFloor("the platform's floor with effect/sql", {
                  database: tenant
                })
                const floorFromPg = await againstFloor("the platform's floor with pg", { pg: tenant })
                return { ...reads, floor, floorFromDatabase, floorFromPg }
              }
            )
          })
          floors = moneta
          checkouts.forEach((checkout, index) => {
            const retrieve = moneta.retrieve[index]
            const list = moneta.list[index]
            if (retrieve !== undefined && list !== undefined) {
              rows.push(
                monetaRow(checkout, "Postgres, 1 process", { retrieve: retrieve.candidate, list: list.candidate }, {
                  retrieve,
                  list
                })
              )
            }
          })
          for (const count of processCounts) {
            for (const [index, checkout] of checkouts.entries()) {
              const database = checkoutDatabases[index]
              if (database === undefined) continue
              log(`postgres: ${named("Moneta", checkout)}, ${count} processes …`)
              rows.push(
                monetaRow(
                  checkout,
                  `Postgres, ${count} processes`,
                  await monetaReads(database, { MONETA_PROCESSES: String(count) }, checkout)
                )
              )
            }
          }
        })
      }
    )
  }
  if (databases.includes("embedded")) {
    for (const checkout of checkouts) {
      log(`embedded: ${named("Moneta", checkout)} …`)
      rows.push(monetaRow(checkout, "embedded", await monetaReads({ kind: "embedded" }, {}, checkout)))
    }
  }
  const handWritten = rows[0]?.compared
  const baseline: Reads | undefined = handWritten === undefined
    ? undefined
    : { retrieve: handWritten.retrieve.baseline, list: handWritten.list.baseline }
  const all: ReadonlyArray<Shown> = baseline === undefined
    ? rows
    : [{ label: "hand-written node:http + pg, Postgres", reads: baseline }, ...rows]
  const micros = (value: number | undefined) => value === undefined ? "n/a" : value.toFixed(0)
  const against = (value: number, base: number | undefined) => base === undefined ? "n/a" : ratio(value, base)
  // An alternated row's ratio is the median of its rounds' ratios; the other rows' are against the baseline's median.
  const ratioOf = (row: Shown, which: "retrieve" | "list") =>
    row.compared !== undefined
      ? row.compared[which].ratio.toFixed(2)
      : against(row.reads[which].perSecond, baseline?.[which].perSecond)
  const cells = (row: Shown, which: "retrieve" | "list") => {
    const read = row.reads[which]
    return `${rate(read.perSecond)} | ${read.p50} / ${read.p99} | ${ratioOf(row, which)} | ` +
      `${micros(read.cpuMicros)} | ${micros(read.postgresMicros)}`
  }
  /** A floor against the hand-written server: its median round and the rounds' ratios. */
  const floorSummary = (floor: Compared) =>
    `${rate(floor.candidate.perSecond)}/s, ${micros(floor.candidate.cpuMicros)} CPU µs/request; ` +
    `÷ hand-written ${floor.ratio.toFixed(2)} (rounds ${roundsText(floor)}).`
  const lines = [
    "",
    "| server | GET /accounts/{id} /s | p50 / p99 (ms) | ÷ hand-written | CPU µs/request | Postgres CPU µs/request | GET /accounts?limit=10 /s | p50 / p99 (ms) | ÷ hand-written | CPU µs/request | Postgres CPU µs/request |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...all.map((row) => `| ${row.label} | ${cells(row, "retrieve")} | ${cells(row, "list")} |`),
    "",
    ...rows.flatMap((row) =>
      row.compared === undefined ? [] : [
        `Rounds' ratios (${named("Moneta", row.checkout)} ÷ hand-written, alternating): ` +
        `GET /accounts/{id} ${roundsText(row.compared.retrieve)}; GET /accounts?limit=10 ${
          roundsText(row.compared.list)
        }`
      ]
    ),
    ...rows.flatMap((row) => {
      const other = rows.find((each) => each.setting === row.setting && each.checkout !== row.checkout)
      return row.checkout !== checkouts[0] || other === undefined ? [] : [
        `Moneta, ${row.setting}: GET /accounts/{id} ${
          againstBaselineCheckout(roundsOf(row, "retrieve"), roundsOf(other, "retrieve"))
        }; GET /accounts?limit=10 ${againstBaselineCheckout(roundsOf(row, "list"), roundsOf(other, "list"))}`
      ]
    }),
    ...(floors === undefined ? [] : [
      "",
      "The platform's floor: GET /accounts/{id} on an Effect HttpApi of that one endpoint, answering the account",
      "from memory with the contract's Account schema (no database, key, middleware or request log; PlatformFloorServer.ts),",
      `alternating with the hand-written server: ${floorSummary(floors.floor)}`,
      "",
      "The same floor reading the account from Postgres: the hand-written server's statement through @effect/sql-pg (a pool of 16),",
      "the stored body decoded with the Account schema (no key, middleware or request log), alternating with the hand-written server:",
      floorSummary(floors.floorFromDatabase),
      "The same with node-postgres itself instead of effect/sql (a pg.Pool of 16, as the hand-written server's):",
      floorSummary(floors.floorFromPg)
    ]),
    `load average at the end ${Os.loadavg().map((load) => load.toFixed(2)).join(" ")}`,
    "Goal: Moneta's reads at half or more of the hand-written server's (÷ hand-written ≥ 0.50).",
    "Moneta and the hand-written server: the median of the alternating rounds; other rows: one measurement, against the hand-written median.",
    "CPU µs/request: the server's processes' CPU time over the measured requests (less sensitive to the machine's load than requests/s);",
    "Postgres CPU µs/request: every Postgres process's meanwhile (n/a on the embedded database, which runs in the server's process)."
  ]
  process.stdout.write(`${lines.join("\n")}\n`)
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack ?? error.message : String(error)}\n`)
  process.exitCode = 1
})
