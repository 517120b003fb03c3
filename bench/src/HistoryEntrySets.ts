/**
 * `pnpm bench:history`'s entry-set rows (issue 34): `POST /bookkeeping_entry_sets`
 * dated before the account's history, on a bookkeeping account with a few
 * entries against one with many (one a minute), on one server. Each round
 * posts sets for `seconds` to one account then the other (the order flips each
 * round); the ratio is the large account's median latency ÷ the small one's,
 * the median of the rounds' ratios. The goal is 1.5 or less.
 *
 * Each checkout under test (`MONETA_BENCH_BASELINE`, bench/src/MonetaServer.ts)
 * gets a database of its own, seeded by SQL in whatever shape its migrations
 * left: entries carrying their running balance (migration 0017, before 0019),
 * or entries and then their balance blocks (0019: store `BalanceBlocks`'s
 * rebuild, run on the seeded tenant).
 */
import { PGlite } from "@electric-sql/pglite"
import { rebuildStatements } from "@moneta/store/BalanceBlocks"
import * as Fs from "node:fs"
import * as Os from "node:os"
import * as Path from "node:path"
import pg from "pg"
import { withResource } from "./Cleanup.js"
import { type Checkout, checkouts, named, startMoneta } from "./MonetaServer.js"
import { type PostgresServer, withDatabaseEach } from "./Postgres.js"

const log = (line: string) => process.stderr.write(`${line}\n`)

interface Sql {
  readonly query: (text: string, params?: ReadonlyArray<unknown>) => Promise<ReadonlyArray<Record<string, unknown>>>
  readonly close: () => Promise<void>
}

const postgresSql = async (url: string): Promise<Sql> => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  return { query: async (text, params = []) => (await client.query(text, [...params])).rows, close: () => client.end() }
}

const embeddedSql = async (dataDir: string): Promise<Sql> => {
  const db = await PGlite.create({ dataDir })
  return {
    query: async (text, params = []) => (await db.query<Record<string, unknown>>(text, [...params])).rows,
    close: () => db.close()
  }
}

export interface EntrySetOptions {
  readonly seconds: number
  readonly rounds: number
  readonly small: number
  readonly large: number
}

export interface EntrySetRow {
  readonly database: string
  readonly server: string
  readonly small: number
  readonly large: number
  /** Each round's median latency (ms) on the small and on the large account, and how many sets each posted. */
  readonly rounds: ReadonlyArray<
    { readonly small: number; readonly large: number; readonly smallCount: number; readonly largeCount: number }
  >
}

const historyStart = "2026-01-01T00:00:00Z"
/** Before every seeded entry: the back-dated sets' date. */
const backDate = "2025-06-01T00:00:00Z"

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

/** `count` one-entry sets of 1 on the account, one a minute from `historyStart`, in the schema the database has. */
const seedEntries = async (sql: Sql, accountId: string, count: number) => {
  const columns = await sql.query(
    `SELECT 1 FROM information_schema.columns WHERE table_name = 'bookkeeping_entries' AND column_name = 'running_balance'`
  )
  const carriesRunningBalance = columns.length > 0
  await sql.query(
    `WITH account AS (SELECT group_id, environment FROM bookkeeping_accounts WHERE id = $1)
     INSERT INTO bookkeeping_entry_sets (id, group_id, environment, created_at, date, body)
     SELECT 'bookkeeping_entry_set_seed_' || $1 || '_' || n, account.group_id, account.environment, now(),
       $3::timestamptz + n * interval '1 minute', '{}'::jsonb
     FROM account, generate_series(1, $2::int) AS n`,
    [accountId, count, historyStart]
  )
  await sql.query(
    `WITH account AS (SELECT group_id, environment FROM bookkeeping_accounts WHERE id = $1)
     INSERT INTO bookkeeping_entries (id, group_id, environment, created_at, account_id, entry_set_id, amount, date, body
       ${carriesRunningBalance ? ", running_balance" : ""})
     SELECT 'bookkeeping_entry_seed_' || $1 || '_' || n, account.group_id, account.environment, now(), $1,
       'bookkeeping_entry_set_seed_' || $1 || '_' || n, 1, $3::timestamptz + n * interval '1 minute', '{}'::jsonb
       ${carriesRunningBalance ? ", n" : ""}
     FROM account, generate_series(1, $2::int) AS n`,
    [accountId, count, historyStart]
  )
  await sql.query(`UPDATE bookkeeping_accounts SET absolute_total = $2 WHERE id = $1`, [accountId, count])
  return carriesRunningBalance
}

/** The balance blocks of the tenant's accounts from their entries (after 0019). */
const rebuildBlocks = async (sql: Sql, accountId: string) => {
  const tenant = await sql.query(`SELECT group_id, environment FROM bookkeeping_accounts WHERE id = $1`, [accountId])
  const params = [String(tenant[0]?.["group_id"]), String(tenant[0]?.["environment"])]
  for (const statement of rebuildStatements) await sql.query(statement, params)
}

const median = (values: ReadonlyArray<number>): number => {
  const sorted = [...values].sort((left, right) => left - right)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

interface Book {
  readonly account: string
  readonly side: string
}

/** Back-dated sets on the book for `seconds` (at least one), one at a time: their median latency (ms). */
const postFor = async (url: string, headers: Record<string, string>, book: Book, seconds: number) => {
  const latencies: Array<number> = []
  const until = Date.now() + seconds * 1000
  do {
    const started = performance.now()
    await postJson(`${url}/bookkeeping_entry_sets`, headers, {
      date: backDate,
      entries: [{ account_id: book.account, amount: 1 }, { account_id: book.side, amount: -1 }]
    })
    latencies.push(performance.now() - started)
  } while (Date.now() < until)
  return { median: median(latencies), count: latencies.length }
}

/**
 * One checkout's server on its database: four bookkeeping accounts made
 * through the API (a small and a large book, each with a side account the
 * sets' other entry goes to), the books seeded, then the rounds. `serve`
 * starts the server (more than once on the embedded database, which this
 * process can write only while it is stopped).
 */
const onServer = async (
  database: string,
  checkout: Checkout,
  options: EntrySetOptions,
  serve: <A>(use: (server: { url: string; headers: Record<string, string> }) => Promise<A>) => Promise<A>,
  openSql: () => Promise<Sql>
): Promise<EntrySetRow> => {
  const made = await serve(async (server) => {
    const book = () => postJson(`${server.url}/bookkeeping_accounts`, server.headers, { name: "Bench book" })
    return {
      headers: server.headers,
      small: { account: await book(), side: await book() },
      large: { account: await book(), side: await book() }
    }
  })
  const sql = await openSql()
  const seeding = Date.now()
  log(`${database}, ${named("Moneta", checkout)}: seeding ${options.small} and ${options.large} entries …`)
  await seedEntries(sql, made.small.account, options.small)
  const carriesRunningBalance = await seedEntries(sql, made.large.account, options.large)
  if (!carriesRunningBalance) await rebuildBlocks(sql, made.large.account)
  // Vacuumed as well: autovacuum of the fresh rows would otherwise run during the rounds.
  await sql.query("VACUUM (ANALYZE)")
  await sql.close()
  log(`seeded in ${((Date.now() - seeding) / 1000).toFixed(1)} s (${carriesRunningBalance ? "0017" : "0019"} shape)`)
  const rounds = await serve(async (server) => {
    const measured: Array<EntrySetRow["rounds"][number]> = []
    for (let round = 0; round < options.rounds; round++) {
      const order = round % 2 === 0 ? ["small", "large"] as const : ["large", "small"] as const
      const result = { small: { median: 0, count: 0 }, large: { median: 0, count: 0 } }
      for (const which of order) result[which] = await postFor(server.url, made.headers, made[which], options.seconds)
      log(
        `  round ${round + 1}: small ${result.small.median.toFixed(1)} ms, large ${result.large.median.toFixed(1)} ms`
      )
      measured.push({
        small: result.small.median,
        large: result.large.median,
        smallCount: result.small.count,
        largeCount: result.large.count
      })
    }
    return measured
  })
  return { database, server: named("Moneta", checkout), small: options.small, large: options.large, rounds }
}

/** Every checkout's rows on Postgres (a database each on `postgres`'s server). */
export const onPostgres = (postgres: PostgresServer, options: EntrySetOptions): Promise<ReadonlyArray<EntrySetRow>> =>
  withDatabaseEach(postgres, async (databases) => {
    const rows: Array<EntrySetRow> = []
    for (const [index, checkout] of checkouts.entries()) {
      const database = databases[index]
      if (database === undefined || database.kind !== "postgres") throw new Error("no database for a checkout")
      rows.push(
        await withResource(
          () => startMoneta(database, 0, {}, checkout),
          (server) => server.child.stop(),
          (server) =>
            onServer(
              "postgres",
              checkout,
              options,
              (use) => use(server),
              () => postgresSql(database.url)
            )
        )
      )
    }
    return rows
  })

/** Every checkout's rows on the embedded database (a data directory each). */
export const onEmbedded = async (options: EntrySetOptions): Promise<ReadonlyArray<EntrySetRow>> => {
  const rows: Array<EntrySetRow> = []
  for (const checkout of checkouts) {
    const dir = Fs.mkdtempSync(Path.join(Os.tmpdir(), "moneta-bench-entry-sets-"))
    const dataDir = Path.join(dir, "data")
    try {
      rows.push(
        await onServer(
          "embedded",
          checkout,
          options,
          (use) =>
            withResource(
              () => startMoneta({ kind: "embedded" }, 0, { MONETA_DATA_DIR: dataDir }, checkout),
              (server) => server.child.stop(),
              use
            ),
          () => embeddedSql(dataDir)
        )
      )
    } finally {
      Fs.rmSync(dir, { recursive: true, force: true })
    }
  }
  return rows
}

/** The report's table of entry-set rows. */
export const entrySetTable = (rows: ReadonlyArray<EntrySetRow>): ReadonlyArray<string> => [
  "",
  "| database | server | entries | small median ms (sets), median round | large median ms (sets) | large ÷ small (rounds) |",
  "|---|---|---|---:|---:|---|",
  ...rows.map((row) => {
    const ratios = row.rounds.map((round) => round.large / round.small)
    const middle = median(ratios)
    const round = row.rounds[ratios.indexOf(middle)] ?? row.rounds[0]
    return `| ${row.database} | ${row.server} | ${row.small} vs ${row.large} | ${
      round ? `${round.small.toFixed(1)} (${round.smallCount})` : "n/a"
    } | ${round ? `${round.large.toFixed(1)} (${round.largeCount})` : "n/a"} | **${middle.toFixed(2)}** (${
      ratios.map((ratio) => ratio.toFixed(2)).join(", ")
    }) |`
  })
]
