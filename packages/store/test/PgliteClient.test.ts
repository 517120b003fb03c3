/**
 * The SqlClient contract the store relies on, checked on the embedded
 * adapter and (when DATABASE_URL is set) on sql-pg against real Postgres, so
 * the two stay interchangeable; then what only the adapter does.
 */
import { describe, expect, layer } from "@effect/vitest"
import { Deferred, Effect, Fiber, Result, Stream } from "effect"
import { SqlClient, SqlError } from "effect/sql"
import * as TestDatabase from "../src/testing.js"

/** The SQLSTATE of the driver's error behind the failure. */
const causeCode = (error: SqlError.SqlError): unknown => {
  const cause = error.reason.cause
  return typeof cause === "object" && cause !== null && "code" in cause ? cause.code : undefined
}

for (const kind of TestDatabase.testDatabases) {
  describe(kind, () => {
    layer(TestDatabase.layerFor(kind), { timeout: TestDatabase.timeout, excludeTestServices: true })((it) => {
      it.effect("commits, rolls back, and rolls back a failed nested transaction to its savepoint", () =>
        Effect.gen(function*() {
          const sql = yield* SqlClient.SqlClient
          yield* sql`CREATE TABLE tx_items (name text PRIMARY KEY)`
          yield* sql.withTransaction(sql`INSERT INTO tx_items VALUES ('committed')`)
          const rolledBack = yield* sql.withTransaction(
            Effect.andThen(sql`INSERT INTO tx_items VALUES ('rolled back')`, Effect.fail("boom" as const))
          ).pipe(Effect.result)
          expect(rolledBack).toEqual(Result.fail("boom"))
          yield* sql.withTransaction(Effect.gen(function*() {
            yield* sql`INSERT INTO tx_items VALUES ('outer')`
            const inner = yield* sql.withTransaction(
              Effect.andThen(sql`INSERT INTO tx_items VALUES ('inner')`, Effect.fail("inner failed" as const))
            ).pipe(Effect.result)
            expect(Result.isFailure(inner)).toBe(true)
            yield* sql.withTransaction(sql`INSERT INTO tx_items VALUES ('inner kept')`)
          }))
          const rows = yield* sql<{ name: string }>`SELECT name FROM tx_items ORDER BY name`
          expect(rows.map((row) => row.name)).toEqual(["committed", "inner kept", "outer"])
        }))

      it.effect("serializes concurrent read-then-write transactions", () =>
        Effect.gen(function*() {
          const sql = yield* SqlClient.SqlClient
          yield* sql`CREATE TABLE counters (id int PRIMARY KEY, n int NOT NULL)`
          yield* sql`INSERT INTO counters VALUES (1, 0)`
          const increment = sql.withTransaction(Effect.gen(function*() {
            // FOR UPDATE for real Postgres; on the embedded database the lock does it.
            const [row] = yield* sql<{ n: number }>`SELECT n FROM counters WHERE id = 1 FOR UPDATE`
            yield* Effect.yieldNow
            yield* sql`UPDATE counters SET n = ${(row?.n ?? 0) + 1} WHERE id = 1`
          }))
          yield* Effect.all(Array.from({ length: 20 }, () => increment), { concurrency: "unbounded" })
          const [row] = yield* sql<{ n: number }>`SELECT n FROM counters WHERE id = 1`
          expect(row?.n).toBe(20)
        }))

      it.effect("keeps other fibers' statements out of an open transaction", () =>
        Effect.gen(function*() {
          const sql = yield* SqlClient.SqlClient
          yield* sql`CREATE TABLE isolation_items (id int)`
          const inserted = yield* Deferred.make<void>()
          const finish = yield* Deferred.make<void>()
          const transaction = yield* sql.withTransaction(Effect.gen(function*() {
            yield* sql`INSERT INTO isolation_items VALUES (1)`
            yield* Deferred.succeed(inserted, undefined)
            yield* Deferred.await(finish)
            return yield* Effect.fail("roll back" as const)
          })).pipe(Effect.result, Effect.forkChild)
          yield* Deferred.await(inserted)
          const count = yield* sql<{ count: string }>`SELECT count(*) FROM isolation_items`.pipe(Effect.forkChild)
          yield* Effect.sleep("50 millis")
          yield* Deferred.succeed(finish, undefined)
          expect(yield* Fiber.join(transaction)).toEqual(Result.fail("roll back"))
          expect(yield* Fiber.join(count)).toEqual([{ count: "0" }])
        }))

      it.effect("returns values as node-postgres does", () =>
        Effect.gen(function*() {
          const sql = yield* SqlClient.SqlClient
          const [row] = yield* sql<Record<string, unknown>>`
            SELECT 9007199254740993::int8 AS big, 42::int8 AS small, count(*) AS count,
                   1.50::numeric AS amount, 7::int4 AS int, true AS flag,
                   '2024-05-01T12:34:56.789Z'::timestamptz AS at, '{"a":[1,"b"]}'::jsonb AS body,
                   '\\x0102ff'::bytea AS bytes, ARRAY[1, 2]::int8[] AS ids, NULL::text AS nothing,
                   '18446744073709551615'::xid8 AS txid, '4294967295'::xid AS xid`
          expect(row).toEqual({
            big: "9007199254740993",
            small: "42",
            count: "1",
            amount: "1.50",
            int: 7,
            flag: true,
            at: new Date("2024-05-01T12:34:56.789Z"),
            body: { a: [1, "b"] },
            bytes: expect.any(Uint8Array), // node-postgres gave a Buffer, which is a Uint8Array
            ids: ["1", "2"],
            nothing: null,
            txid: "18446744073709551615",
            xid: "4294967295"
          })
          const bytes = row?.bytes
          expect(bytes instanceof Uint8Array ? Array.from(bytes) : bytes).toEqual([1, 2, 255])
        }))

      // A plain object is no parameter on Postgres any more (sql-pg 4 binds typed values and fails on
      // it): JSON goes as its text, which is how the store writes it (`ResourceTable.jsonb`).
      it.effect("binds parameters as node-postgres does (insert, update, in, json text, Date)", () =>
        Effect.gen(function*() {
          const sql = yield* SqlClient.SqlClient
          yield* sql`CREATE TABLE bound (id text PRIMARY KEY, amount int8, at timestamptz, body jsonb, note text)`
          const at = new Date("2024-01-02T03:04:05.678Z")
          yield* sql`INSERT INTO bound ${
            sql.insert([
              { id: "a", amount: 9007199254740993n, at, body: JSON.stringify({ x: 1 }), note: null },
              { id: "b", amount: 2, at, body: JSON.stringify({ y: [true] }), note: "n" }
            ])
          }`
          yield* sql`UPDATE bound SET ${sql.update({ note: "updated" })} WHERE id = ${"a"}`
          yield* sql`UPDATE bound SET body = ${JSON.stringify({ z: "json" })} WHERE id = ${"b"}`
          const rows = yield* sql<Record<string, unknown>>`
            SELECT id, amount, at, body, note FROM bound WHERE id IN ${sql.in(["a", "b"])} ORDER BY id`
          expect(rows).toEqual([
            { id: "a", amount: "9007199254740993", at, body: { x: 1 }, note: "updated" },
            { id: "b", amount: "2", at, body: { z: "json" }, note: "n" }
          ])
          const [echo] = yield* sql<{ text: string }>`SELECT ${"it's"}::text AS text`
          expect(echo?.text).toBe("it's")
        }))

      it.effect("returns rows as arrays of values", () =>
        Effect.gen(function*() {
          const sql = yield* SqlClient.SqlClient
          const values = yield* sql`SELECT n, ${"x"}::text AS label FROM (VALUES (2), (1)) AS t (n) ORDER BY n`.values
          expect(values).toEqual([[1, "x"], [2, "x"]])
        }))

      it.effect("fails with SqlError carrying the Postgres error code", () =>
        Effect.gen(function*() {
          const sql = yield* SqlClient.SqlClient
          yield* sql`CREATE TABLE uniques (id int PRIMARY KEY)`
          yield* sql`INSERT INTO uniques VALUES (1)`
          const duplicate = yield* Effect.flip(sql`INSERT INTO uniques VALUES (1)`)
          expect(duplicate).toBeInstanceOf(SqlError.SqlError)
          expect(causeCode(duplicate)).toBe("23505")
          expect(duplicate.reason._tag).toBe("UniqueViolation")
          const missing = yield* Effect.flip(sql`SELECT * FROM no_such_table`)
          expect(causeCode(missing)).toBe("42P01")
          expect(missing.reason._tag).toBe("SqlSyntaxError")
          // the client is still usable after errors, in and out of transactions
          const inTransaction = yield* sql.withTransaction(sql`SELECT * FROM no_such_table`).pipe(Effect.flip)
          expect(causeCode(inTransaction)).toBe("42P01")
          expect(yield* sql`SELECT 1 AS one`).toEqual([{ one: 1 }])
        }))

      it.effect("streams rows", () =>
        Effect.gen(function*() {
          const sql = yield* SqlClient.SqlClient
          const rows = yield* sql<{ n: number }>`SELECT generate_series(1, 5) AS n`.stream.pipe(
            Stream.runCollect
          )
          expect(Array.from(rows, (row) => row.n)).toEqual([1, 2, 3, 4, 5])
        }))
    })
  })
}

describe("PgliteClient", () => {
  layer(TestDatabase.layerEmbedded, { timeout: TestDatabase.timeout, excludeTestServices: true })((it) => {
    it.effect("lets a fiber waiting for the lock be interrupted without losing the lock", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const started = yield* Deferred.make<void>()
        const finish = yield* Deferred.make<void>()
        const holder = yield* sql.withTransaction(
          Effect.andThen(Deferred.succeed(started, undefined), Deferred.await(finish))
        ).pipe(Effect.forkChild)
        yield* Deferred.await(started)
        const waiting = yield* Effect.result(Effect.timeout(sql.withTransaction(sql`SELECT 1`), "50 millis"))
        expect(Result.isFailure(waiting)).toBe(true)
        yield* Deferred.succeed(finish, undefined)
        yield* Fiber.join(holder)
        expect(yield* sql.withTransaction(sql`SELECT 1 AS one`)).toEqual([{ one: 1 }])
        expect(yield* sql`SELECT 2 AS two`).toEqual([{ two: 2 }])
      }))

    // As node-postgres did; sql-pg 4 runs every statement through the extended protocol, one per string.
    it.effect("runs a parameterless string of several statements", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        yield* sql.unsafe("CREATE TABLE multi (n int); INSERT INTO multi VALUES (1), (2)")
        const values = yield* sql`SELECT n FROM multi ORDER BY n`.values
        expect(values).toEqual([[1], [2]])
      }))

    it.effect("refuses a reserved connection once its scope has closed", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const connection = yield* Effect.scoped(sql.reserve)
        const error = yield* Effect.flip(connection.execute("SELECT 1", [], undefined))
        expect(error).toBeInstanceOf(SqlError.SqlError)
        expect(yield* sql`SELECT 1 AS one`).toEqual([{ one: 1 }])
      }))
  })
})
