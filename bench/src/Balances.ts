/**
 * `pnpm bench:balances`: `GET /accounts/{id}/balance?at_time=` and
 * `GET /bookkeeping_accounts/{id}/balance?at_time=` on an account with a few
 * postings and holds (entries) against one with a million of each, at an
 * instant in the middle of the history; the goal is a ratio (few ÷ many
 * requests/s) of 1.5 or less.
 *
 *   pnpm bench:balances [--seconds 8] [--warmup 2] [--connections 16] [--entries 1000000]
 *
 * Postgres only (`DATABASE_URL` when set, otherwise a throwaway cluster): the
 * history is seeded straight into the server's tables with generate_series,
 * the postings' running balances, the holds' held totals and the entries'
 * balance blocks included, the way migrations 0008, 0023 and 0019 backfill
 * them.
 */
import { fromHolds } from "@moneta/store/AccountHeldTotals"
import { rebuildStatements } from "@moneta/store/BalanceBlocks"
import * as Os from "node:os"
import { parseArgs } from "node:util"
import pg from "pg"
import { withResource } from "./Cleanup.js"
import { measure } from "./Load.js"
import { startMoneta } from "./MonetaServer.js"
import { startPostgres } from "./Postgres.js"

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "8" },
    warmup: { type: "string", default: "2" },
    connections: { type: "string", default: "16" },
    entries: { type: "string", default: "1000000" }
  }
})
const seconds = Number(values.seconds)
const warmupSeconds = Number(values.warmup)
const connections = Number(values.connections)
const many = Number(values.entries)
const few = 10

const log = (line: string) => process.stderr.write(`${line}\n`)

const start = Date.parse("2025-01-01T00:00:00Z")
/** One posting a minute from `start`: the middle of the long history is `many / 2` minutes in. */
const middle = new Date(start + (many / 2) * 60_000).toISOString()

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

/** `count` postings of 1 to the account, one a minute, with their running balances and the account's totals. */
const seedPostings = (client: pg.Client, accountId: string, count: number) =>
  client.query(
    `WITH account AS (SELECT group_id, environment FROM accounts WHERE id = $1)
     INSERT INTO transactions (id, group_id, environment, created_at, account_id, amount, category, body, running_balance)
     SELECT 'transaction_seed_' || $1 || '_' || n, account.group_id, account.environment,
       $3::timestamptz + n * interval '1 minute', $1, 1, 'interest_payment', '{}'::jsonb, n
     FROM account, generate_series(1, $2::int) AS n`,
    [accountId, count, new Date(start).toISOString()]
  )

/**
 * `count` holds of 1 on the account, one opened a minute and each completed
 * ten minutes later (so ten are open at any instant of the history), and the
 * account's held totals over time, as migration 0023 fills them.
 */
const seedHolds = async (client: pg.Client, accountId: string, count: number) => {
  await client.query(
    `WITH account AS (SELECT group_id, environment FROM accounts WHERE id = $1)
     INSERT INTO pending_transactions (id, group_id, environment, created_at, account_id, amount, held_amount,
       status, category, route_id, body, completed_at)
     SELECT 'pending_transaction_seed_' || $1 || '_' || n, account.group_id, account.environment,
       $3::timestamptz + n * interval '1 minute', $1, -1, 1, 'complete', 'user_initiated_hold', NULL, '{}'::jsonb,
       $3::timestamptz + (n + 10) * interval '1 minute'
     FROM account, generate_series(1, $2::int) AS n`,
    [accountId, count, new Date(start).toISOString()]
  )
  await client.query(fromHolds("account_id = $1"), [accountId])
}

/** `count` one-entry sets of 1 to the bookkeeping account, one a minute, and the account's balance blocks. */
const seedEntries = async (client: pg.Client, accountId: string, count: number) => {
  await client.query(
    `WITH account AS (SELECT group_id, environment FROM bookkeeping_accounts WHERE id = $1)
     INSERT INTO bookkeeping_entry_sets (id, group_id, environment, created_at, date, body)
     SELECT 'bookkeeping_entry_set_seed_' || $1 || '_' || n, account.group_id, account.environment, now(),
       $3::timestamptz + n * interval '1 minute', '{}'::jsonb
     FROM account, generate_series(1, $2::int) AS n`,
    [accountId, count, new Date(start).toISOString()]
  )
  await client.query(
    `WITH account AS (SELECT group_id, environment FROM bookkeeping_accounts WHERE id = $1)
     INSERT INTO bookkeeping_entries (id, group_id, environment, created_at, account_id, entry_set_id, amount, date, body)
     SELECT 'bookkeeping_entry_seed_' || $1 || '_' || n, account.group_id, account.environment, now(), $1,
       'bookkeeping_entry_set_seed_' || $1 || '_' || n, 1, $3::timestamptz + n * interval '1 minute', '{}'::jsonb
     FROM account, generate_series(1, $2::int) AS n`,
    [accountId, count, new Date(start).toISOString()]
  )
  await client.query(`UPDATE bookkeeping_accounts SET absolute_total = $2 WHERE id = $1`, [accountId, count])
  // The balances `at_time` reads (migration 0019): the tenant's balance blocks, from its entries.
  const tenant = await client.query(`SELECT group_id, environment FROM bookkeeping_accounts WHERE id = $1`, [accountId])
  for (const statement of rebuildStatements) {
    await client.query(statement, [tenant.rows[0]?.group_id, tenant.rows[0]?.environment])
  }
}

const main = async () => {
  log(
    `Node ${process.version}, ${Os.cpus().length} CPUs, load average ${Os.loadavg().map((l) => l.toFixed(2)).join(" ")}`
  )
  const rows = await withResource(
    () => startPostgres(process.env["DATABASE_URL"] || undefined),
    (postgres) => postgres.stop(),
    (postgres) =>
      withResource(
        () => startMoneta({ kind: "postgres", url: postgres.databaseUrl }, 0),
        (server) => server.child.stop(),
        async (server) => {
          const shortAccount = await postJson(`${server.url}/accounts`, server.headers, { name: "Short history" })
          const longAccount = await postJson(`${server.url}/accounts`, server.headers, { name: "Long history" })
          const shortBook = await postJson(`${server.url}/bookkeeping_accounts`, server.headers, { name: "Short book" })
          const longBook = await postJson(`${server.url}/bookkeeping_accounts`, server.headers, { name: "Long book" })
          const client = new pg.Client({ connectionString: postgres.databaseUrl })
          await client.connect()
          const seeding = Date.now()
          log(`seeding ${few} and ${many} postings, holds and bookkeeping entries …`)
          await seedPostings(client, shortAccount, few)
          await seedPostings(client, longAccount, many)
          await seedHolds(client, shortAccount, few)
          await seedHolds(client, longAccount, many)
          await seedEntries(client, shortBook, few)
          await seedEntries(client, longBook, many)
          await client.query(`UPDATE accounts SET current_balance = $2 WHERE id = $1`, [shortAccount, few])
          await client.query(`UPDATE accounts SET current_balance = $2 WHERE id = $1`, [longAccount, many])
          await client.query("ANALYZE")
          await client.end()
          log(`seeded in ${((Date.now() - seeding) / 1000).toFixed(1)} s`)
          const at = `at_time=${encodeURIComponent(middle)}`
          const cases = [
            ["accounts", few, `/accounts/${shortAccount}/balance?${at}`],
            ["accounts", many, `/accounts/${longAccount}/balance?${at}`],
            ["bookkeeping accounts", few, `/bookkeeping_accounts/${shortBook}/balance?${at}`],
            ["bookkeeping accounts", many, `/bookkeeping_accounts/${longBook}/balance?${at}`]
          ] as const
          const results = []
          for (const [what, count, path] of cases) {
            log(`${what}, ${count} entries: GET …${path.slice(0, 40)}`)
            const result = await measure({
              url: server.url,
              connections,
              seconds,
              warmupSeconds,
              method: "GET",
              path,
              headers: server.headers
            })
            if (result.failed > 0) throw new Error(`${result.failed} balance lookups failed\n${server.child.errors()}`)
            results.push({ what, count, result })
          }
          return results
        }
      )
  )
  const lines = [
    "",
    `| balance at a time | entries | requests/s | p50 / p99 (ms) |`,
    `|---|---:|---:|---:|`,
    ...rows.map(({ count, result, what }) =>
      `| ${what} | ${count} | ${result.perSecond.toFixed(0)} | ${result.p50.toFixed(1)} / ${result.p99.toFixed(1)} |`
    ),
    "",
    ...["accounts", "bookkeeping accounts"].map((what) => {
      const [short, long] = rows.filter((row) => row.what === what)
      const ratio = short === undefined || long === undefined
        ? "n/a"
        : (short.result.perSecond / long.result.perSecond).toFixed(2)
      return `${what}: ${few} entries ÷ ${many} entries = ${ratio} (goal ≤ 1.5)`
    })
  ]
  process.stdout.write(`${lines.join("\n")}\n`)
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack ?? error.message : String(error)}\n`)
  process.exitCode = 1
})
