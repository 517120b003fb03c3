/**
 * `pnpm bench:history`: pages whose cost used to grow with history, for a
 * tenant with a small history and one with a large history in the same
 * database, before and after migration 0012's indexes, in one run. Each state
 * runs one server; every request is measured for both tenants in `--rounds`
 * alternating rounds, and the ratio reported (small ÷ large requests/s) is the
 * median of the rounds' ratios. The goal is 1.5 or less.
 *
 *   pnpm bench:history [--seconds 3] [--warmup 1] [--rounds 3] [--connections 4] [--small 1000]
 *     [--large 1200000] [--embedded-large 50000] [--databases postgres,embedded]
 *     [--suites pages,entry-sets] [--entry-sets-small 10] [--entry-sets-large 100000]
 *     [--entry-sets-embedded-large 50000]
 *
 * - `GET /accounts/{id}`, the control: flat whatever the history.
 * - `GET /events?category.in=` a category with 3 events, the tenant's oldest.
 * - `GET /events` with a 30-event `created_at` window in the middle of the
 *   tenant's history (the other tenant, and a third with a quarter as many
 *   events, have events at the same times).
 * - `GET /transactions?account_id=&category.in=` a category the account has none of.
 * - (suite `entry-sets`) `POST /bookkeeping_entry_sets` dated before the
 *   account's history, a bookkeeping account with `--entry-sets-small` entries
 *   against one with `--entry-sets-large` (`--entry-sets-embedded-large`
 *   embedded): latencies, not rates, as these are writes one at a time; with
 *   `MONETA_BENCH_BASELINE` set, that checkout is measured too
 *   (bench/src/HistoryEntrySets.ts).
 *
 * The histories are seeded straight into the tables with generate_series (one
 * event and one posting a second) and analyzed; "before" swaps 0012's indexes
 * for the ones it replaced (the same data, analyzed again). The second tenant
 * gets its API key straight in the table. Postgres is `DATABASE_URL` when set,
 * otherwise a throwaway cluster; the embedded server runs on a data directory
 * that this process writes while the server is stopped.
 */
import { PGlite } from "@electric-sql/pglite"
import { createHash, randomBytes } from "node:crypto"
import * as Fs from "node:fs"
import * as Os from "node:os"
import * as Path from "node:path"
import { parseArgs } from "node:util"
import pg from "pg"
import { withResource } from "./Cleanup.js"
import { type EntrySetRow, entrySetTable, onEmbedded, onPostgres } from "./HistoryEntrySets.js"
import { type LoadResult, measure } from "./Load.js"
import { type Database, type MonetaServer, startMoneta } from "./MonetaServer.js"
import { startPostgres } from "./Postgres.js"

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "3" },
    rounds: { type: "string", default: "3" },
    warmup: { type: "string", default: "1" },
    connections: { type: "string", default: "4" },
    small: { type: "string", default: "1000" },
    large: { type: "string", default: "1200000" },
    "embedded-large": { type: "string", default: "50000" },
    databases: { type: "string", default: "postgres,embedded" },
    suites: { type: "string", default: "pages,entry-sets" },
    "entry-sets-small": { type: "string", default: "10" },
    "entry-sets-large": { type: "string", default: "100000" },
    "entry-sets-embedded-large": { type: "string", default: "50000" }
  }
})
const seconds = Number(values.seconds)
const warmupSeconds = Number(values.warmup)
const connections = Number(values.connections)
const rounds = Number(values.rounds)
const small = Number(values.small)
const databases = values.databases.split(",").map((name) => name.trim())
const suites = values.suites.split(",").map((name) => name.trim())

const log = (line: string) => process.stderr.write(`${line}\n`)

/** Runs SQL on the benchmark's database (the embedded one only while its server is stopped). */
interface Sql {
  readonly query: (text: string, params?: ReadonlyArray<unknown>) => Promise<ReadonlyArray<Record<string, unknown>>>
  readonly close: () => Promise<void>
}

const postgresSql = async (url: string): Promise<Sql> => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  return {
    query: async (text, params = []) => (await client.query(text, [...params])).rows,
    close: () => client.end()
  }
}

const embeddedSql = async (dataDir: string): Promise<Sql> => {
  const db = await PGlite.create({ dataDir })
  return {
    query: async (text, params = []) => (await db.query<Record<string, unknown>>(text, [...params])).rows,
    close: () => db.close()
  }
}

const thirdGroup = "group_bench_history_third"

interface Tenant {
  readonly name: "small" | "large"
  readonly history: number
  readonly group: string
  readonly environment: string
  readonly account: string
  readonly headers: Record<string, string>
}

const seedStart = `(now() - interval '20 days')`

/**
 * The tenant's `history` events and postings, one a second from 20 days ago
 * (within the 30 days events are kept); its first 3 events are the rare
 * category.
 */
const seed = async (sql: Sql, tenant: Tenant) => {
  const at = `${seedStart} + n * interval '1 second'`
  await sql.query(
    `INSERT INTO events (id, group_id, environment, created_at, category, associated_object_type, associated_object_id)
     SELECT 'event_seed_' || $1 || '_' || n, $2, $3, ${at},
       CASE WHEN n <= 3 THEN 'wire_transfer.updated' ELSE 'transaction.created' END, 'transaction', 'transaction_' || n
     FROM generate_series(1, $4::int) AS n`,
    [tenant.name, tenant.group, tenant.environment, tenant.history]
  )
  await sql.query(
    `INSERT INTO transactions (id, group_id, environment, created_at, account_id, amount, category, body, running_balance)
     SELECT 'transaction_seed_' || $1 || '_' || n, $2, $3, ${at}, $4, 1, 'card_settlement', '{}'::jsonb, n
     FROM generate_series(1, $5::int) AS n`,
    [tenant.name, tenant.group, tenant.environment, tenant.account, tenant.history]
  )
}

/** A third tenant's events, one every 4 s over the large history: rows a `created_at` index without the tenant reads. */
const seedThird = (sql: Sql, environment: string, history: number) =>
  sql.query(
    `INSERT INTO events (id, group_id, environment, created_at, category, associated_object_type, associated_object_id)
     SELECT 'event_seed_third_' || n, $1, $2, ${seedStart} + n * interval '1 second', 'transaction.created',
       'transaction', 'transaction_' || n
     FROM generate_series(4, $3::int, 4) AS n`,
    [thirdGroup, environment, history]
  )

type State = "before" | "after"

/** The indexes the measured pages read: 0012's ("after"), or those it replaced ("before"). */
const setIndexes = async (sql: Sql, state: State) => {
  const statements = state === "before"
    ? [
      "DROP INDEX IF EXISTS events_category",
      "DROP INDEX IF EXISTS events_tenant_created",
      "CREATE INDEX IF NOT EXISTS events_created ON events (created_at)",
      "DROP INDEX IF EXISTS transactions_account_category",
      "DROP INDEX IF EXISTS transactions_category"
    ]
    : [
      // As migration 0012_history_indexes creates them.
      "CREATE INDEX IF NOT EXISTS events_tenant_created ON events (group_id, environment, created_at)",
      "DROP INDEX IF EXISTS events_created",
      "CREATE INDEX IF NOT EXISTS events_category ON events (group_id, environment, category, txid, seq)",
      "CREATE INDEX IF NOT EXISTS transactions_account_category ON transactions (account_id, category, created_at DESC, id DESC)",
      "CREATE INDEX IF NOT EXISTS transactions_category ON transactions (group_id, environment, category, created_at DESC, id DESC)"
    ]
  for (const statement of statements) await sql.query(statement)
  await sql.query("ANALYZE")
}

/** The measured requests of a tenant. */
const requestsOf = async (sql: Sql, tenant: Tenant) => {
  const rows = await sql.query(
    `SELECT to_char((${seedStart} + $1::int * interval '1 second') AT TIME ZONE 'UTC',
       'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS middle`,
    [Math.floor(tenant.history / 2)]
  )
  const middle = String(rows[0]?.["middle"])
  const windowEnd = new Date(Date.parse(middle) + 30_000).toISOString()
  return [
    // A request whose work does not depend on history: what the machine and the server do to all of them.
    ["control: the account", `/accounts/${tenant.account}`],
    ["events of a rare category", "/events?category.in=wire_transfer.updated&limit=10"],
    [
      "events in a created_at window in the middle",
      `/events?created_at.on_or_after=${encodeURIComponent(middle)}&created_at.before=${
        encodeURIComponent(windowEnd)
      }&limit=10`
    ],
    [
      "an account's transactions of a category it has none of",
      `/transactions?account_id=${tenant.account}&category.in=wire_transfer_intention&limit=10`
    ]
  ] as const
}

const postJson = async (url: string, headers: Record<string, string>, body: unknown): Promise<string> => {
  const response = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) })
  const parsed: unknown = await response.json()
  if (
    response.status !== 200 || typeof parsed !== "object" || parsed === null || !("id" in parsed) ||
    typeof parsed.id !== "string"
  ) {
    throw new Error(`POST ${url} answered ${response.status}: ${JSON.stringify(parsed)}`)
  }
  return parsed.id
}

interface Row {
  readonly database: string
  readonly request: string
  readonly state: State
  /** Each round's small and large measurement. */
  readonly rounds: ReadonlyArray<{ readonly small: LoadResult; readonly large: LoadResult }>
}

const median = (values: ReadonlyArray<number>): number => {
  const sorted = [...values].sort((left, right) => left - right)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

const get = async (server: MonetaServer, tenant: Tenant, path: string): Promise<LoadResult> => {
  const result = await measure({
    url: server.url,
    connections,
    seconds,
    warmupSeconds,
    method: "GET",
    path,
    headers: tenant.headers
  })
  if (result.failed > 0) throw new Error(`${result.failed} requests failed: GET ${path}\n${server.child.errors()}`)
  return result
}

/** Every request for both tenants, in alternating rounds (the order flips each round). */
const measureAll = async (
  server: MonetaServer,
  tenants: readonly [Tenant, Tenant],
  requests: ReadonlyArray<readonly [readonly [string, string], readonly [string, string]]>,
  database: string,
  state: State
): Promise<ReadonlyArray<Row>> => {
  const [small, large] = tenants
  const rows: Array<Row> = []
  for (const [[request, smallPath], [, largePath]] of requests) {
    log(`${database}, ${state}: ${request}, ${rounds} rounds`)
    const measuredRounds: Array<{ readonly small: LoadResult; readonly large: LoadResult }> = []
    for (let round = 0; round < rounds; round++) {
      if (round % 2 === 0) {
        const smallResult = await get(server, small, smallPath)
        measuredRounds.push({ small: smallResult, large: await get(server, large, largePath) })
      } else {
        const largeResult = await get(server, large, largePath)
        measuredRounds.push({ small: await get(server, small, smallPath), large: largeResult })
      }
    }
    rows.push({ database, request, state, rounds: measuredRounds })
  }
  return rows
}

/**
 * Both states on one database. `openSql` opens SQL access, which the embedded
 * database allows only while its server is stopped, so each state starts a
 * server of its own.
 */
const onDatabase = async (
  name: string,
  database: Database,
  env: Record<string, string>,
  openSql: () => Promise<Sql>,
  large: number
): Promise<ReadonlyArray<Row>> => {
  const serve = <A>(use: (server: MonetaServer) => Promise<A>) =>
    withResource(() => startMoneta(database, 0, env), (server) => server.child.stop(), use)
  // The server's own tenant has the large history; the small one gets a group and a key of its own.
  const smallKey = `moneta_sandbox_bench_${randomBytes(16).toString("hex")}`
  const smallGroup = "group_bench_history_small"
  const largeTenant = await serve(async (server) => ({
    account: await postJson(`${server.url}/accounts`, server.headers, { name: "Large history" }),
    headers: server.headers
  }))
  const setup = await openSql()
  const found = await setup.query(`SELECT group_id, environment FROM accounts WHERE id = $1`, [largeTenant.account])
  const largeGroup = String(found[0]?.["group_id"])
  const tenantEnvironment = String(found[0]?.["environment"])
  await setup.query(`INSERT INTO groups (id, name, created_at) VALUES ($1, 'Small history', now())`, [smallGroup])
  await setup.query(
    `INSERT INTO api_keys (id, group_id, environment, key_hash, description, created_at)
     VALUES ('api_key_bench_history_small', $1, $2, $3, 'bench:history', now())`,
    [smallGroup, tenantEnvironment, createHash("sha256").update(smallKey, "utf8").digest("hex")]
  )
  await setup.close()
  const smallHeaders = { authorization: `Bearer ${smallKey}`, "content-type": "application/json" }
  const smallAccount = await serve((server) =>
    postJson(`${server.url}/accounts`, smallHeaders, { name: "Small history" })
  )
  const tenants = [
    {
      name: "small",
      history: small,
      group: smallGroup,
      environment: tenantEnvironment,
      account: smallAccount,
      headers: smallHeaders
    },
    {
      name: "large",
      history: large,
      group: largeGroup,
      environment: tenantEnvironment,
      account: largeTenant.account,
      headers: largeTenant.headers
    }
  ] as const satisfies readonly [Tenant, Tenant]
  const sql = await openSql()
  const seeding = Date.now()
  log(`${name}: seeding ${small} and ${large} events and postings …`)
  for (const tenant of tenants) await seed(sql, tenant)
  await seedThird(sql, tenantEnvironment, large)
  log(`${name}: seeded in ${((Date.now() - seeding) / 1000).toFixed(1)} s`)
  const [smallRequests, largeRequests] = [await requestsOf(sql, tenants[0]), await requestsOf(sql, tenants[1])]
  await sql.close()
  const requests = smallRequests.map((request, index) => [request, largeRequests[index] ?? request] as const)
  const rows: Array<Row> = []
  for (const state of ["before", "after"] as const) {
    const indexing = await openSql()
    await setIndexes(indexing, state)
    await indexing.close()
    rows.push(...await serve((server) => measureAll(server, tenants, requests, name, state)))
  }
  return rows
}

const main = async () => {
  log(
    `Node ${process.version}, ${Os.cpus().length} CPUs, load average ${Os.loadavg().map((l) => l.toFixed(2)).join(" ")}`
  )
  const rows: Array<Row> = []
  const histories: Record<string, number> = {}
  const entrySetRows: Array<EntrySetRow> = []
  const entrySetOptions = (large: string) => ({
    seconds,
    rounds,
    small: Number(values["entry-sets-small"]),
    large: Number(large)
  })
  if (suites.includes("entry-sets") && databases.includes("postgres")) {
    entrySetRows.push(
      ...await withResource(
        () => startPostgres(process.env["DATABASE_URL"] || undefined),
        (postgres) => postgres.stop(),
        (postgres) => onPostgres(postgres, entrySetOptions(values["entry-sets-large"]))
      )
    )
  }
  if (suites.includes("entry-sets") && databases.includes("embedded")) {
    entrySetRows.push(...await onEmbedded(entrySetOptions(values["entry-sets-embedded-large"])))
  }
  if (suites.includes("pages") && databases.includes("postgres")) {
    histories["postgres"] = Number(values.large)
    rows.push(
      ...await withResource(
        () => startPostgres(process.env["DATABASE_URL"] || undefined),
        (postgres) => postgres.stop(),
        (postgres) =>
          onDatabase(
            "postgres",
            { kind: "postgres", url: postgres.databaseUrl },
            {},
            () => postgresSql(postgres.databaseUrl),
            Number(values.large)
          )
      )
    )
  }
  if (suites.includes("pages") && databases.includes("embedded")) {
    histories["embedded"] = Number(values["embedded-large"])
    const dataDir = Fs.mkdtempSync(Path.join(Os.tmpdir(), "moneta-bench-history-"))
    try {
      rows.push(
        ...await onDatabase(
          "embedded",
          { kind: "embedded" },
          { MONETA_DATA_DIR: Path.join(dataDir, "data") },
          () => embeddedSql(Path.join(dataDir, "data")),
          Number(values["embedded-large"])
        )
      )
    } finally {
      Fs.rmSync(dataDir, { recursive: true, force: true })
    }
  }
  const rate = (result: LoadResult) => `${result.perSecond.toFixed(0)} (${result.p50.toFixed(1)})`
  const ratios = (row: Row) => row.rounds.map((round) => round.small.perSecond / round.large.perSecond)
  const find = (database: string, request: string, state: State) =>
    rows.find((row) => row.database === database && row.request === request && row.state === state)
  const keys = [...new Set(rows.map((row) => `${row.database}\u0000${row.request}`))]
  const lines = [
    "",
    `| database | request | state | small (${small}) req/s (p50 ms), median round | large req/s (p50 ms) | small ÷ large (rounds) |`,
    "|---|---|---|---:|---:|---|",
    ...keys.flatMap((key) => {
      const [database = "", request = ""] = key.split("\u0000")
      return (["before", "after"] as const).flatMap((state) => {
        const row = find(database, request, state)
        if (row === undefined) return []
        const each = ratios(row)
        const middle = median(each)
        const round = row.rounds[each.indexOf(middle)] ?? row.rounds[0]
        return [
          `| ${database} (${histories[database]}) | ${request} | ${state} | ${round ? rate(round.small) : "n/a"} | ${
            round ? rate(round.large) : "n/a"
          } | **${middle.toFixed(2)}** (${each.map((ratio) => ratio.toFixed(2)).join(", ")}) |`
        ]
      })
    })
  ]
  process.stdout.write(`${[...(rows.length > 0 ? lines : []), ...entrySetTable(entrySetRows)].join("\n")}\n`)
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack ?? error.message : String(error)}\n`)
  process.exitCode = 1
})
