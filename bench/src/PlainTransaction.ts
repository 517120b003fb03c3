/**
 * The reference point: a plain transaction of the shape a wire create has at
 * its core (2 updates + 2 inserts: debit one account, credit another, one
 * posting row each), run by a closed loop of workers straight on the driver,
 * with no HTTP, no JSON and no application code.
 */
import { PGlite } from "@electric-sql/pglite"
import pg from "pg"

export interface PlainResult {
  readonly perSecond: number
  readonly p50: number
  readonly p99: number
  readonly count: number
}

const accountCount = 8

const schema = [
  "CREATE TABLE IF NOT EXISTS bench_accounts (id integer PRIMARY KEY, balance bigint NOT NULL)",
  "CREATE TABLE IF NOT EXISTS bench_postings (id bigserial PRIMARY KEY, account_id integer NOT NULL REFERENCES bench_accounts (id), amount bigint NOT NULL, created_at timestamptz NOT NULL DEFAULT now())",
  `INSERT INTO bench_accounts (id, balance) SELECT n, 1000000000 FROM generate_series(1, ${accountCount}) AS n ON CONFLICT DO NOTHING`
]

/** Two distinct accounts, lower id first (rows locked in one order: no deadlocks). */
const pair = (index: number): readonly [number, number] => {
  const first = index % accountCount
  const other = (first + 1 + (Math.floor(index / accountCount) % (accountCount - 1))) % accountCount
  return first < other ? [first + 1, other + 1] : [other + 1, first + 1]
}

const statements = [
  "UPDATE bench_accounts SET balance = balance - 1 WHERE id = $1",
  "UPDATE bench_accounts SET balance = balance + 1 WHERE id = $1",
  "INSERT INTO bench_postings (account_id, amount) VALUES ($1, -1)",
  "INSERT INTO bench_postings (account_id, amount) VALUES ($1, 1)"
] as const

const percentile = (sorted: ReadonlyArray<number>, fraction: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0

const summarize = (latencies: Array<number>, elapsedMs: number): PlainResult => {
  latencies.sort((left, right) => left - right)
  return {
    perSecond: latencies.length / (elapsedMs / 1000),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    count: latencies.length
  }
}

/** `workers` connections, each running transactions back to back for `seconds` (after a warm-up). */
export const onPostgres = async (
  url: string,
  workers: number,
  seconds: number,
  warmupSeconds: number
): Promise<PlainResult> => {
  const pool = new pg.Pool({ connectionString: url, max: workers })
  // An idle connection closed by the server (the database is dropped at the end) is not a failure of the
  // measurement; failures of queries reject the loop below.
  pool.on("error", () => {})
  for (const statement of schema) await pool.query(statement)
  let sequence = 0
  const loop = async (until: number, latencies: Array<number>) => {
    const client = await pool.connect()
    try {
      while (performance.now() < until) {
        const started = performance.now()
        const [debit, credit] = pair(sequence++)
        await client.query("BEGIN")
        await client.query(statements[0], [debit])
        await client.query(statements[1], [credit])
        await client.query(statements[2], [debit])
        await client.query(statements[3], [credit])
        await client.query("COMMIT")
        latencies.push(performance.now() - started)
      }
    } finally {
      client.release()
    }
  }
  const phase = async (durationSeconds: number) => {
    const latencies: Array<number> = []
    const started = performance.now()
    const until = started + durationSeconds * 1000
    await Promise.all(Array.from({ length: workers }, () => loop(until, latencies)))
    return summarize(latencies, performance.now() - started)
  }
  try {
    if (warmupSeconds > 0) await phase(warmupSeconds)
    return await phase(seconds)
  } finally {
    await pool.end()
  }
}

/** PGlite is one connection: transactions run one after another, as in the server's embedded database. */
export const onPglite = async (seconds: number, warmupSeconds: number): Promise<PlainResult> => {
  const database = await PGlite.create()
  for (const statement of schema) await database.query(statement)
  let sequence = 0
  const phase = async (durationSeconds: number) => {
    const latencies: Array<number> = []
    const started = performance.now()
    const until = started + durationSeconds * 1000
    while (performance.now() < until) {
      const begun = performance.now()
      const [debit, credit] = pair(sequence++)
      await database.transaction(async (transaction) => {
        await transaction.query(statements[0], [debit])
        await transaction.query(statements[1], [credit])
        await transaction.query(statements[2], [debit])
        await transaction.query(statements[3], [credit])
      })
      latencies.push(performance.now() - begun)
    }
    return summarize(latencies, performance.now() - started)
  }
  try {
    if (warmupSeconds > 0) await phase(warmupSeconds)
    return await phase(seconds)
  } finally {
    await database.close()
  }
}
