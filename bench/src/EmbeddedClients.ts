/**
 * Our embedded `SqlClient` (the store's `Database.layerPglite`: PGlite 0.5,
 * PostgreSQL 18, named prepared statements) against `@effect/sql-pglite`
 * 4.0.0-beta.93 (its own PGlite 0.4, PostgreSQL 17), in one process, on two
 * workloads: point reads and transactions shaped like a wire create. Both
 * databases stay open; each round runs both clients back to back, the order
 * flipping every round, so each round's ratio compares neighbouring runs on a
 * machine whose speed drifts. CPU time per operation is the process's own
 * (`process.cpuUsage`): PGlite runs in this process.
 *
 * Two more configurations split the difference between the engine and the
 * adapter: ours without prepared statements, and sql-pglite's adapter over our
 * PGlite 0.5.16 (opened as the store opens it, handed over as `liveClient`).
 *
 * `pnpm --filter @moneta/bench bench:embedded [rounds] [seconds]`
 */
import * as Database from "@moneta/store/Database"
import * as PgliteOpening from "@moneta/store/PgliteOpening"
import { Effect, Layer } from "effect"
import { SqlClient, type SqlError } from "effect/sql"
import { register } from "node:module"

const rounds = Number(process.argv[2] ?? 5)
const seconds = Number(process.argv[3] ?? 3)
const accountCount = 100

// sql-pglite 4.0.0-beta.93 imports `effect/unstable/sql/…` and `effect/unstable/reactivity/…`, which Effect
// 4.1 exports as `effect/sql/…` and `effect/reactivity/…`: without this it does not load at all. Its own code
// runs unchanged; only those module specifiers are rewritten.
register(
  "data:text/javascript," + encodeURIComponent(
    "export const resolve = (specifier, context, next) => next(specifier.startsWith(\"effect/unstable/\") ? "
      + "\"effect/\" + specifier.slice(\"effect/unstable/\".length) : specifier, context)"
  )
)
const { PgliteClient: SqlPglite } = await import("@effect/sql-pglite")

// Its declarations name the same `effect/unstable/…` modules, so their types do not resolve under 4.1.
const theirs: Layer.Layer<SqlClient.SqlClient, SqlError.SqlError> = SqlPglite.layer({ dataDir: "memory://" })
const theirsOnOurPglite: Layer.Layer<SqlClient.SqlClient, SqlError.SqlError> = Layer.unwrap(
  Effect.map(
    Effect.acquireRelease(
      Effect.promise(() => PgliteOpening.create("memory://", undefined)),
      (pglite) => Effect.promise(() => pglite.close())
    ),
    (pglite) => SqlPglite.layer({ liveClient: pglite })
  )
)

const clients = [
  { name: "ours", layer: Database.layerPglite("memory://") },
  { name: "theirs", layer: theirs },
  { name: "ours unprepared", layer: Database.layerPglite("memory://", { preparedStatements: false }) },
  { name: "theirs on 0.5", layer: theirsOnOurPglite }
] as const

const schema = [
  "CREATE TABLE accounts (id text PRIMARY KEY, balance int8 NOT NULL, body jsonb NOT NULL)",
  "CREATE TABLE wire_transfers (id text PRIMARY KEY, account_id text NOT NULL REFERENCES accounts (id), amount int8 NOT NULL, created_at timestamptz NOT NULL DEFAULT now(), body jsonb NOT NULL)",
  "CREATE TABLE pending_transactions (id text PRIMARY KEY, account_id text NOT NULL REFERENCES accounts (id), amount int8 NOT NULL, source_id text NOT NULL, created_at timestamptz NOT NULL DEFAULT now(), body jsonb NOT NULL)",
  "CREATE TABLE events (id text PRIMARY KEY, category text NOT NULL, associated_object_id text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())"
]

const accountId = (index: number) => `account_${index % accountCount}`

const accountBody = (id: string) => ({
  id,
  type: "account",
  name: "Operating account",
  status: "open",
  bank: "first_internet_bank",
  currency: "USD",
  entity_id: "entity_n8y8tnk2p9339ti393yi",
  program_id: "program_i2v2os4mwza1oetokh9i",
  interest_accrued: "0.00",
  interest_rate: "0.0",
  created_at: "2026-01-01T00:00:00Z",
  idempotency_key: null
})

const seed = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  for (const statement of schema) yield* sql.unsafe(statement)
  for (let index = 0; index < accountCount; index++) {
    const id = accountId(index)
    yield* sql`INSERT INTO accounts (id, balance, body) VALUES (${id}, ${1_000_000_000}, ${
      JSON.stringify(accountBody(id))
    }::text::jsonb)`
  }
  const [row] = yield* sql<{ readonly version: string }>`SELECT version()`
  return row?.version.split(" on ")[0] ?? "unknown"
})

type Operation = (sequence: number) => Effect.Effect<unknown, SqlError.SqlError, SqlClient.SqlClient>

const read: Operation = (sequence) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) => sql`SELECT body FROM accounts WHERE id = ${accountId(sequence)}`)

// Lock the account, save the transfer and its pending transaction, move the balance, record the event.
const wireCreate: Operation = (sequence) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql.withTransaction(Effect.gen(function*() {
      const account = accountId(sequence)
      const transfer = `wire_transfer_${sequence}`
      const amount = 100
      yield* sql`SELECT balance FROM accounts WHERE id = ${account} FOR UPDATE`
      yield* sql`INSERT INTO wire_transfers (id, account_id, amount, body) VALUES (${transfer}, ${account}, ${amount}, ${
        JSON.stringify({
          id: transfer,
          type: "wire_transfer",
          account_id: account,
          amount,
          status: "pending_approval",
          message_to_recipient: "Invoice 1042",
          beneficiary_name: "Ian Crease",
          account_number: "987654321",
          routing_number: "101050001"
        })
      }::text::jsonb)`
      yield* sql`INSERT INTO pending_transactions (id, account_id, amount, source_id, body) VALUES (${`pending_transaction_${sequence}`}, ${account}, ${-amount}, ${transfer}, ${
        JSON.stringify({ category: "wire_transfer_instruction", status: "pending" })
      }::text::jsonb)`
      yield* sql`UPDATE accounts SET balance = balance - ${amount} WHERE id = ${account}`
      yield* sql`INSERT INTO events (id, category, associated_object_id) VALUES (${`event_${sequence}`}, ${"wire_transfer.created"}, ${transfer})`
    })))

interface Measurement {
  readonly perSecond: number
  /** Process CPU (user + system) per operation, microseconds. */
  readonly cpuMicros: number
}

// One counter for all runs: ids stay unique in each database.
let sequence = 0

/** `operation` back to back, one at a time, for `duration` seconds. */
const measure = (operation: Operation, duration: number) =>
  Effect.gen(function*() {
    const cpu = process.cpuUsage()
    const started = performance.now()
    const until = started + duration * 1000
    let count = 0
    while (performance.now() < until) {
      yield* operation(sequence++)
      count++
    }
    const elapsed = performance.now() - started
    const used = process.cpuUsage(cpu)
    return { perSecond: count / (elapsed / 1000), cpuMicros: (used.user + used.system) / count } satisfies Measurement
  })

const median = (values: ReadonlyArray<number>) => {
  const sorted = [...values].sort((left, right) => left - right)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? sorted[middle] ?? Number.NaN
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2
}

const program = Effect.gen(function*() {
  const opened = yield* Effect.forEach(clients, ({ layer, name }) =>
    Effect.gen(function*() {
      const context = yield* Layer.build(layer)
      console.log(`${name.padEnd(16)} ${yield* Effect.provideContext(seed, context)}`)
      return { name, context }
    }))
  const workloads = [{ name: "read", operation: read }, { name: "wire create", operation: wireCreate }] as const
  // Warm-up: statements prepared, code compiled, tables past their first pages.
  for (const { operation } of workloads) {
    for (const { context } of opened) yield* Effect.provideContext(measure(operation, 1), context)
  }
  console.log(`${rounds} rounds × ${seconds} s per configuration and workload, one operation at a time`)
  const header = opened.map(({ name }) => name.padStart(22)).join("")

  for (const { name, operation } of workloads) {
    console.log(`\n${name}: op/s (µs process CPU per op)\nround${header}   ours ÷ theirs`)
    // Per configuration, per round: op/s and CPU per op, each relative to theirs.
    const speed = opened.map((): Array<number> => [])
    const cpu = opened.map((): Array<number> => [])
    for (let round = 1; round <= rounds; round++) {
      // Neighbours in the list run next to each other; the order flips every round.
      const order = round % 2 === 1 ? opened : [...opened].reverse()
      const measured = new Map<string, Measurement>()
      for (const client of order) {
        measured.set(client.name, yield* Effect.provideContext(measure(operation, seconds), client.context))
      }
      const results = opened.map((client) => measured.get(client.name) ?? { perSecond: Number.NaN, cpuMicros: 0 })
      const reference = results[1] ?? results[0]
      results.forEach((result, index) => {
        speed[index]?.push(result.perSecond / (reference?.perSecond ?? Number.NaN))
        cpu[index]?.push(result.cpuMicros / (reference?.cpuMicros ?? Number.NaN))
      })
      const cells = results.map(({ cpuMicros, perSecond }) =>
        `${perSecond.toFixed(0)} (${cpuMicros.toFixed(0)})`.padStart(22)
      )
      console.log(`${String(round).padStart(5)}${cells.join("")}   ${(speed[0]?.at(-1) ?? Number.NaN).toFixed(2)}`)
    }
    console.log("median, relative to theirs:")
    opened.forEach((client, index) =>
      console.log(
        `  ${client.name.padEnd(16)} op/s × ${median(speed[index] ?? []).toFixed(2)}, CPU per op × ${
          median(cpu[index] ?? []).toFixed(2)
        }`
      )
    )
  }

  // Sanity: every wire create moved its balance, in every database.
  for (const { context, name } of opened) {
    const [row] = yield* Effect.provideContext(
      Effect.flatMap(
        SqlClient.SqlClient,
        (sql) =>
          sql<{ readonly transfers: string; readonly consistent: boolean }>`SELECT count(*)::text AS transfers,
            (SELECT sum(balance) FROM accounts) = ${accountCount * 1_000_000_000}::int8 - 100 * count(*) AS consistent
            FROM wire_transfers`
      ),
      context
    )
    console.log(`${name.padEnd(16)} ${row?.transfers ?? "?"} wire creates, balances consistent: ${row?.consistent}`)
  }
})

Effect.runPromise(Effect.scoped(program)).catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
