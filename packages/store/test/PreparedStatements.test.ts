/**
 * Named prepared statements on Postgres: a parameterized statement is
 * prepared once per connection and run again by name, at most a bounded
 * number per connection, and `MONETA_PREPARED_STATEMENTS=false` (for poolers
 * that cannot keep them) leaves every statement unnamed. (sql-pg 4 names the
 * statements itself; `Database.layerPostgres` sets the bound.)
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import * as Database from "../src/Database.js"
import { defaultPerConnection } from "../src/PreparedStatements.js"
import * as TestDatabase from "../src/testing.js"

const preparedHere = (sql: SqlClient.SqlClient) =>
  Effect.map(
    sql<{ readonly statement: string }>`SELECT statement FROM pg_prepared_statements ORDER BY statement`,
    (rows) => rows.map((row) => row.statement)
  )

describe.runIf(TestDatabase.testDatabases.includes("postgres"))("postgres", () => {
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
          // sql-pg prepares its other statements too (BEGIN, this query): this one is there once.
          const prepared = yield* preparedHere(sql)
          expect(prepared.filter((statement) => statement === "SELECT $1::int + 1 AS n")).toHaveLength(1)
          expect(prepared.filter((statement) => statement.includes("$1"))).toEqual(["SELECT $1::int + 1 AS n"])
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
    "prepares no more than its bound per connection, the least recently used making room",
    () =>
      withDatabase({}, (sql) =>
        sql.withTransaction(Effect.gen(function*() {
          const texts = Array.from({ length: defaultPerConnection + 10 }, (_, index) => `SELECT $1::int AS n${index}`)
          for (const [index, text] of texts.entries()) {
            expect(yield* sql.unsafe(text, [index])).toEqual([{ [`n${index}`]: index }])
          }
          const prepared = yield* preparedHere(sql)
          expect(prepared.length).toBeLessThanOrEqual(defaultPerConnection)
          expect(prepared).toContain(texts[texts.length - 1])
          expect(prepared).not.toContain(texts[0])
        }))),
    60_000
  )
})
