/**
 * `pnpm bench:layers`: where the CPU of a read and of a wire create goes,
 * layer by layer, in one process on Postgres, with no HTTP and no load
 * generator. The same account read and the same ledger write are done by raw
 * `pg` (what the hand-written reference servers of bench:reads and
 * bench:wires do), by `effect/sql` (the same statements), and as Moneta's
 * bank operations; the difference between rows is what each layer costs. The
 * read and the write are also served whole, in process, through
 * `HttpRouter.toWebHandler` (a web Request in, a Response out, no socket):
 * Moneta's API (key, input guards, error mapping, the bank's operation, the
 * response encoded; not the server's request log) and, for the read, the platform's floor (PlatformFloorApi.ts: the
 * same endpoint answering the account from memory, and reading it through
 * `effect/sql`).
 *
 *   DATABASE_URL=postgres://… pnpm --filter @moneta/bench bench:layers [--operations 2000] [--rounds 6] [--rows REGEX]
 *
 * Each row runs `--operations` operations one at a time per round, rounds
 * alternating over the rows, so that JIT warm-up and the machine's other work
 * fall on every row alike; CPU time is this process's (user + system), which
 * moves far less with the machine's load than wall time. The median round is
 * reported. Postgres is `DATABASE_URL` when set, otherwise a throwaway cluster.
 */
import { PgClient } from "@effect/sql-pg"
import { Accounts } from "@moneta/bank/Accounts"
import { Authentication, ServerEnvironment } from "@moneta/bank/Authentication"
import { FirstRun } from "@moneta/bank/FirstRun"
import { Simulations } from "@moneta/bank/Simulations"
import { WireTransfers } from "@moneta/bank/WireTransfers"
import { Account } from "@moneta/domain/Account"
import { AccountId } from "@moneta/domain/Ids"
import { Tenant } from "@moneta/domain/Tenant"
import { CreateWireTransfer, WireTransfer } from "@moneta/domain/WireTransfer"
import * as MonetaHttp from "@moneta/http/MonetaHttp"
import { AccountStore as StoreAccounts } from "@moneta/store/Accounts"
import * as Database from "@moneta/store/Database"
import * as Migrations from "@moneta/store/Migrations"
import { Effect, Layer, ManagedRuntime, Option, Redacted, Schema } from "effect"
import { HttpRouter, HttpServer } from "effect/http"
import { SqlClient } from "effect/sql"
import * as Os from "node:os"
import { parseArgs } from "node:util"
import pg from "pg"
import { withResource } from "./Cleanup.js"
import * as PlatformFloorApi from "./PlatformFloorApi.js"
import { startPostgres } from "./Postgres.js"

const { values } = parseArgs({
  options: {
    operations: { type: "string", default: "2000" },
    rounds: { type: "string", default: "6" },
    rows: { type: "string", default: "" }
  }
})
const operations = Number(values.operations)
const rounds = Number(values.rounds)
/** Only the rows whose label matches (a regular expression, case-insensitive); all by default. */
const rowFilter = new RegExp(values.rows, "i")

const log = (line: string) => process.stderr.write(`${line}\n`)

interface Row {
  readonly label: string
  readonly run: () => Promise<unknown>
}

/** CPU µs per operation of each row: the median of `rounds` rounds, after one round of warm-up. */
const measure = async (rows: ReadonlyArray<Row>): Promise<ReadonlyArray<number>> => {
  const samples: Array<Array<number>> = rows.map(() => [])
  for (let round = 0; round <= rounds; round++) {
    for (const [index, row] of rows.entries()) {
      const before = process.cpuUsage()
      for (let operation = 0; operation < operations; operation++) await row.run()
      const spent = process.cpuUsage(before)
      if (round > 0) samples[index]?.push((spent.user + spent.system) / operations)
    }
  }
  return samples.map((values) => {
    const sorted = [...values].sort((left, right) => left - right)
    return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
  })
}

const bankLayer = (databaseUrl: string) =>
  Layer.mergeAll(
    StoreAccounts.Default,
    Accounts.Default,
    Authentication.Default,
    FirstRun.Default,
    Simulations.Default,
    WireTransfers.Default
  ).pipe(
    Layer.provideMerge(Layer.succeed(ServerEnvironment, "sandbox")),
    Layer.provideMerge(
      Layer.tap(
        Database.layerPostgres(Redacted.make(databaseUrl)),
        (context) => Effect.provideContext(Migrations.run, context)
      )
    )
  )

/** Moneta's API served in process, on the same database, as a web handler (no request log). */
const monetaWebHandler = (databaseUrl: string) =>
  MonetaHttp.toWebHandler(
    Layer.merge(Layer.succeed(ServerEnvironment, "sandbox"), Database.layerPostgres(Redacted.make(databaseUrl)))
  )

/** The hand-written ledger server's tables and transaction (bench/src/LedgerServer.ts). */
const ledgerTables = [
  "CREATE TABLE ledger_accounts (id integer PRIMARY KEY, balance bigint NOT NULL)",
  "CREATE TABLE ledger_postings (id bigserial PRIMARY KEY, account_id integer NOT NULL REFERENCES ledger_accounts (id), amount bigint NOT NULL, created_at timestamptz NOT NULL DEFAULT now())",
  "INSERT INTO ledger_accounts (id, balance) SELECT n, 1000000000000 FROM generate_series(1, 2) AS n"
]
const ledgerStatements = [
  ["SELECT id FROM ledger_accounts WHERE id IN ($1, $2) ORDER BY id FOR UPDATE", [1, 2]],
  ["UPDATE ledger_accounts SET balance = balance - $2 WHERE id = $1", [1, 1]],
  ["UPDATE ledger_accounts SET balance = balance + $2 WHERE id = $1", [2, 1]],
  ["INSERT INTO ledger_postings (account_id, amount) VALUES ($1, $2) RETURNING id, account_id, amount, created_at", [
    1,
    -1
  ]],
  ["INSERT INTO ledger_postings (account_id, amount) VALUES ($1, $2)", [2, 1]]
] as const

const accountRead = "SELECT id, created_at, body FROM accounts WHERE id = $1 AND group_id = $2 AND environment = $3"

const main = async () => {
  log(
    `Node ${process.version}, ${Os.cpus().length} CPUs (${Os.cpus()[0]?.model ?? "unknown"}), load average ${
      Os.loadavg().map((load) => load.toFixed(2)).join(" ")
    }`
  )
  log(`${operations} operations per row and round, ${rounds} rounds (median), CPU time of this process`)
  const rows = await withResource(
    () => startPostgres(process.env["DATABASE_URL"] || undefined),
    (postgres) => postgres.stop(),
    (postgres) =>
      withResource(
        async () => ManagedRuntime.make(bankLayer(postgres.databaseUrl)),
        (runtime) => runtime.dispose(),
        async (runtime) => {
          const seeded = await runtime.runPromise(
            Effect.flatMap(FirstRun, (firstRun) => firstRun.run({ environment: "sandbox", apiKey: Option.none() }))
          )
          const key = Redacted.make(seeded.apiKey)
          const { tenant: caller } = await runtime.runPromise(
            Effect.flatMap(Authentication, (auth) => auth.authenticate(key))
          )
          const accountId = AccountId.make(Option.getOrThrow(seeded.accountId))
          const asCaller = <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.provideService(effect, Tenant, caller)
          await runtime.runPromise(asCaller(Effect.flatMap(Simulations, (simulations) =>
            simulations.interestPayment({ account_id: accountId, amount: 1_000_000_000_000 }))))
          const client = new pg.Client({ connectionString: postgres.databaseUrl })
          await client.connect()
          for (const statement of ledgerTables) {
            await client.query(statement)
          }

          const sql = await runtime.runPromise(SqlClient.SqlClient)
          const encodeAccount = Schema.encodeEffect(Account)
          const encodeWire = Schema.encodeEffect(WireTransfer)
          // The body as the contract decodes it (bench/src/MonetaServer.ts's wireBody).
          const wire = Schema.decodeUnknownSync(CreateWireTransfer)({
            account_id: accountId,
            amount: 1,
            creditor: { name: "Bench Creditor" },
            remittance: { category: "unstructured", unstructured: { message: "Bench" } },
            account_number: "987654321",
            routing_number: "021000021"
          })
          const wireText = JSON.stringify(Schema.encodeSync(CreateWireTransfer)(wire))
          const tenant = [accountId, caller.groupId, caller.environment] as const
          const account = await runtime.runPromise(
            asCaller(Effect.flatMap(Accounts, (accounts) =>
              accounts.retrieve(accountId)))
          )
          const floor = HttpRouter.toWebHandler(
            PlatformFloorApi.layer(account).pipe(Layer.provide(HttpServer.layerServices)),
            { disableLogger: true }
          )
          const floorFromDatabase = HttpRouter.toWebHandler(
            PlatformFloorApi.layerFromDatabase({ groupId: caller.groupId, environment: caller.environment }).pipe(
              Layer.provide(HttpServer.layerServices),
              Layer.provide(PgClient.layer({ url: Redacted.make(postgres.databaseUrl), maxConnections: 16 }))
            ),
            { disableLogger: true }
          )
          const moneta = monetaWebHandler(postgres.databaseUrl)
          const accountUrl = `http://localhost/accounts/${accountId}`
          const authorization = `Bearer ${seeded.apiKey}`
          /** The response's text; anything but a 200 stops the benchmark. */
          const served = async (response: Promise<Response>) => {
            const answered = await response
            const text = await answered.text()
            if (answered.status !== 200) {
              throw new Error(`${answered.url || accountUrl} answered ${answered.status}: ${text}`)
            }
            return text
          }
          const rowsOf = (id: string, groupId: string, environment: string) =>
            sql`SELECT id, created_at, body FROM accounts WHERE id = ${id} AND group_id = ${groupId} AND environment = ${environment}`

          const all: ReadonlyArray<Row> = [
            {
              label: "pg: account read (the hand-written server's statement)",
              run: () => client.query(accountRead, [...tenant])
            },
            { label: "effect/sql: the same statement", run: () => runtime.runPromise(rowsOf(...tenant)) },
            {
              // What a span costs when no exporter is configured (issue 15): the statement's `sql.execute` span.
              label: "effect/sql: the same statement, tracer disabled",
              run: () => runtime.runPromise(Effect.withTracerEnabled(rowsOf(...tenant), false))
            },
            {
              label: "bank: Authentication.authenticate (key cached)",
              run: () => runtime.runPromise(Effect.flatMap(Authentication, (auth) => auth.authenticate(key)))
            },
            {
              label: "store: Accounts.find (the statement, its rows and body decoded)",
              run: () => runtime.runPromise(Effect.flatMap(StoreAccounts, (store) => store.find(caller, accountId)))
            },
            {
              label: "bank: Accounts.retrieve (store find, tenant, not-found, span)",
              run: () =>
                runtime.runPromise(asCaller(Effect.flatMap(Accounts, (accounts) => accounts.retrieve(accountId))))
            },
            {
              label: "bank: Accounts.retrieve, then the response encoded (JSON text)",
              run: () =>
                runtime.runPromise(
                  asCaller(Effect.flatMap(Accounts, (accounts) => accounts.retrieve(accountId))).pipe(
                    Effect.flatMap(encodeAccount),
                    Effect.map((encoded) => JSON.stringify(encoded))
                  )
                )
            },
            {
              label: "HTTP in process: the platform's floor (the endpoint alone, the account from memory)",
              run: () => served(floor.handler(new Request(accountUrl)))
            },
            {
              label:
                "HTTP in process: the platform's floor reading through effect/sql (the statement, the body decoded)",
              run: () => served(floorFromDatabase.handler(new Request(accountUrl)))
            },
            {
              label: "HTTP in process: Moneta's API, GET /accounts/{id} (no request log)",
              run: () => served(moneta.handler(new Request(accountUrl, { headers: { authorization } })))
            },
            {
              label: "pg: ledger transaction (the hand-written ledger server's 7 statements)",
              run: async () => {
                await client.query("BEGIN")
                for (const [text, parameters] of ledgerStatements) await client.query(text, [...parameters])
                await client.query("COMMIT")
              }
            },
            {
              label: "effect/sql: the same 7 statements (sql.withTransaction)",
              run: () =>
                runtime.runPromise(
                  sql.withTransaction(
                    Effect.forEach(ledgerStatements, ([text, parameters]) => sql.unsafe(text, [...parameters]), {
                      discard: true
                    })
                  )
                )
            },
            {
              label: "bank: WireTransfers.create, tracer disabled",
              run: () =>
                runtime.runPromise(
                  Effect.withTracerEnabled(
                    asCaller(Effect.flatMap(WireTransfers, (wires) => wires.create(wire))),
                    false
                  )
                )
            },
            {
              label: "HTTP in process: Moneta's API, POST /wire_transfers (no request log)",
              run: () =>
                served(moneta.handler(
                  new Request("http://localhost/wire_transfers", {
                    method: "POST",
                    headers: { authorization, "content-type": "application/json" },
                    body: wireText
                  })
                ))
            },
            {
              label: "bank: WireTransfers.create, then the response encoded (JSON text)",
              run: () =>
                runtime.runPromise(
                  asCaller(Effect.flatMap(WireTransfers, (wires) => wires.create(wire))).pipe(
                    Effect.flatMap(encodeWire),
                    Effect.map((encoded) => JSON.stringify(encoded))
                  )
                )
            }
          ]
          try {
            const chosen = all.filter((row) => rowFilter.test(row.label))
            const micros = await measure(chosen)
            return chosen.map((row, index) => ({ label: row.label, micros: micros[index] ?? Number.NaN }))
          } finally {
            await client.end()
            await floor.dispose()
            await floorFromDatabase.dispose()
            await moneta.dispose()
          }
        }
      )
  )
  const lines = [
    "",
    "| operation, one at a time, in one process | CPU µs per operation |",
    "|---|---:|",
    ...rows.map(({ label, micros }) => `| ${label} | ${micros.toFixed(0)} |`),
    "",
    `load average at the end ${Os.loadavg().map((load) => load.toFixed(2)).join(" ")}`
  ]
  process.stdout.write(`${lines.join("\n")}\n`)
}

main().catch((error: unknown) => {
  log(String(error instanceof Error ? error.stack : error))
  process.exit(1)
})
