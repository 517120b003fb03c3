/**
 * Watches the idempotency keys in progress (`idempotency_records.status <= 0`)
 * once a second while the run goes on, from the database (its own short
 * connections; a sample that fails while Postgres is down is skipped): for
 * each key, the longest time it was seen in progress since it was claimed.
 */
import pg from "pg"

export interface InProgressKey {
  readonly key: string
  /** Seconds from its claim to the last time it was seen in progress. */
  seconds: number
  status: number
}

export interface Sampler {
  readonly keys: ReadonlyMap<string, InProgressKey>
  readonly longest: () => InProgressKey | undefined
  readonly samples: () => number
  readonly stop: () => Promise<void>
}

interface Row {
  readonly key: string
  readonly status: number
  readonly seconds: number
}

export const sampleInProgress = async (databaseUrl: string): Promise<ReadonlyArray<Row>> => {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 2_000 })
  // A connection lost while Postgres stops must not end the harness: the query fails instead.
  client.on("error", () => {})
  await client.connect()
  try {
    const result = await client.query<{ key: string; status: number; seconds: string }>(
      `SELECT key, status, extract(epoch FROM now() - created_at)::text AS seconds
       FROM idempotency_records WHERE status <= 0`
    )
    return result.rows.map((row) => ({ key: row.key, status: row.status, seconds: Number(row.seconds) }))
  } finally {
    await client.end().catch(() => {})
  }
}

export const startSampler = (databaseUrl: string): Sampler => {
  const keys = new Map<string, InProgressKey>()
  let samples = 0
  let running = true
  const loop = (async () => {
    while (running) {
      const begun = Date.now()
      try {
        for (const row of await sampleInProgress(databaseUrl)) {
          const seen = keys.get(row.key)
          if (seen === undefined) keys.set(row.key, { ...row })
          else {
            seen.seconds = Math.max(seen.seconds, row.seconds)
            seen.status = row.status
          }
        }
        samples++
      } catch {
        // Postgres is down or restarting: the next sample sees what this one missed.
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1_000 - (Date.now() - begun))))
    }
  })()
  return {
    keys,
    samples: () => samples,
    longest: () =>
      [...keys.values()].reduce<InProgressKey | undefined>(
        (longest, key) => (longest === undefined || key.seconds > longest.seconds ? key : longest),
        undefined
      ),
    stop: async () => {
      running = false
      await loop
    }
  }
}
