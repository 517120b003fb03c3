/**
 * Named prepared statements on Postgres: a parameterized statement is
 * prepared once per connection under a name derived from its text, at most a
 * bounded number per connection, and `MONETA_PREPARED_STATEMENTS=false` (for
 * poolers that cannot keep them) leaves every statement unnamed.
 */
import { SqlClient } from "@effect/sql"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Redacted } from "effect"
import type pg from "pg"
import * as Database from "../src/Database.js"
import { preparingClient, statementName } from "../src/PreparedStatements.js"
import * as TestDatabase from "../src/testing.js"

describe("statementName", () => {
  it("is the same for the same text, different for another, and within Postgres' 63 bytes", () => {
    const text = "SELECT id FROM accounts WHERE id = $1"
    expect(statementName(text)).toBe(statementName(`${text}`))
    expect(statementName(text)).not.toBe(statementName(`${text} AND 1 = 1`))
    expect(Buffer.byteLength(statementName(text))).toBeLessThanOrEqual(63)
  })
})

const preparedHere = (sql: SqlClient.SqlClient) =>
  Effect.map(
    sql<{ readonly statement: string }>`SELECT statement FROM pg_prepared_statements ORDER BY statement`,
    (rows) => rows.map((row) => row.statement)
  )

if (TestDatabase.testDatabases.includes("postgres")) {
  describe("postgres", () => {
    const withDatabase = <A, E>(
      options: Database.PostgresOptions,
      use: (sql: SqlClient.SqlClient) => Effect.Effect<A, E>
    ) =>
      Effect.gen(function*() {
        const url = yield* TestDatabase.createPostgresDatabase
        const context = yield* Layer.build(Database.layerPostgres(url, options))
        return yield* Effect.flatMap(SqlClient.SqlClient, use).pipe(Effect.provide(context))
      }).pipe(Effect.scoped)

    it.live(
      "prepares a parameterized statement once per connection and runs it again by name",
      () =>
        withDatabase({}, (sql) =>
          // One transaction: one connection, whose prepared statements pg_prepared_statements lists.
          sql.withTransaction(Effect.gen(function*() {
            const first = yield* sql<{ readonly n: number }>`SELECT ${1}::int + 1 AS n`
            const second = yield* sql<{ readonly n: number }>`SELECT ${2}::int + 1 AS n`
            expect([first, second]).toEqual([[{ n: 2 }], [{ n: 3 }]])
            expect(yield* preparedHere(sql)).toEqual(["SELECT $1::int + 1 AS n"])
          }))),
      60_000
    )

    it.live(
      "prepares nothing when turned off",
      () =>
        withDatabase({ preparedStatements: false }, (sql) =>
          sql.withTransaction(Effect.gen(function*() {
            yield* sql`SELECT ${1}::int AS n`
            expect(yield* preparedHere(sql)).toEqual([])
          }))),
      60_000
    )

    it.live(
      "prepares no more than its bound per connection, and runs the others unnamed",
      () =>
        Effect.gen(function*() {
          const url = yield* TestDatabase.createPostgresDatabase
          const client = new (preparingClient(2))({ connectionString: Redacted.value(url) })
          yield* Effect.acquireRelease(Effect.promise(() => client.connect()), () => Effect.promise(() => client.end()))
          const run = (text: string, value: number) =>
            Effect.async<ReadonlyArray<unknown>, Error>((resume) => {
              client.query(text, [value], (error: Error | null, result: pg.QueryResult) => {
                resume(error === null ? Effect.succeed(result.rows) : Effect.fail(error))
              })
            })
          const texts = ["SELECT $1::int AS a", "SELECT $1::int AS b", "SELECT $1::int AS c"]
          for (const text of [...texts, ...texts]) {
            expect(yield* run(text, 7)).toHaveLength(1)
          }
          const prepared = yield* Effect.promise(() => client.query("SELECT statement FROM pg_prepared_statements"))
          expect(prepared.rows.map((row: { readonly statement: string }) => row.statement).sort()).toEqual(
            texts.slice(0, 2)
          )
        }).pipe(Effect.scoped),
      60_000
    )
  })
}
