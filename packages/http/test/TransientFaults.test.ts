/**
 * A database fault that heals (the connection cut, Postgres restarting, a
 * serialization failure) is answered 503 `service_unavailable_error` with
 * `x-should-retry: true` and `retry-after`, through the real HTTP layer:
 * the request's transaction is cut half-way (a trigger raises the SQLSTATE
 * after the account row is written), nothing of it stays, and the retry with
 * the same key applies it once. Any other database failure stays a 500. On a
 * throwaway Postgres cluster, stopped and started again, the same answers.
 */
import { describe, expect, it, layer } from "@effect/vitest"
import * as Database from "@moneta/store/Database"
import * as TestDatabase from "@moneta/store/testing"
import * as ThrowawayPostgres from "@moneta/store/ThrowawayPostgres"
import { ConfigProvider, Context, Effect, Layer, Logger, Redacted, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { type Answer, expectError, send } from "./support/Requests.js"
import * as TestServer from "./support/TestServer.js"

/** What the server logs, kept here instead of printed (the tests stay quiet). */
const logged: Array<{ readonly level: string; readonly message: string }> = []
const collectingLogger = Logger.layer([Logger.make(({ logLevel, message }) => {
  logged.push({ level: logLevel, message: (Array.isArray(message) ? message : [message]).map(String).join(" ") })
})])

const AccountList = Schema.Struct({ data: Schema.Array(Schema.Struct({ id: Schema.String, name: Schema.String })) })

/** The ids of the caller's accounts named `name`. */
const accountsNamed = (server: TestServer.TestServerShape, name: string) =>
  Effect.map(send(server, "GET", "/accounts?limit=100"), (answer) => {
    expect(answer.status).toBe(200)
    return Schema.decodeUnknownSync(AccountList)(answer.body).data.filter((account) => account.name === name)
      .map((account) => account.id)
  })

const createAccount = (server: TestServer.TestServerShape, name: string, key: string) =>
  send(server, "POST", "/accounts", { body: { name }, headers: { "idempotency-key": key } })

/** Asserts the answer to a fault that heals: 503, the one error body, and the advice to retry. */
const expectRetryLater = (answer: Answer) => {
  const body = expectError(answer, 503, "service_unavailable_error")
  expect(body.title).toBe("The service is temporarily unavailable.")
  expect(answer.headers.get("x-should-retry")).toBe("true")
  expect(answer.headers.get("retry-after")).toBe("1")
}

/**
 * While the scope lasts, every event written fails its transaction, after the
 * row the event is about: the request is cut half-way. `fault` is PL/pgSQL:
 * raising a SQLSTATE, or ending the request's own connection.
 */
const raising = (state: string) => `RAISE EXCEPTION 'injected fault' USING ERRCODE = '${state}';`
const faultAfterWrites = (fault: string) =>
  Effect.acquireRelease(
    Effect.flatMap(SqlClient.SqlClient, (sql) =>
      Effect.andThen(
        sql.unsafe(`CREATE FUNCTION moneta_test_fault() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN ${fault} RETURN NULL; END $$`),
        sql.unsafe(`CREATE TRIGGER moneta_test_fault AFTER INSERT ON events
          FOR EACH ROW EXECUTE FUNCTION moneta_test_fault()`)
      )),
    () =>
      Effect.flatMap(
        SqlClient.SqlClient,
        (sql) =>
          Effect.andThen(
            sql`DROP TRIGGER moneta_test_fault ON events`,
            sql`DROP FUNCTION moneta_test_fault()`
          ).pipe(Effect.orDie)
      )
  ).pipe(Effect.orDie)

for (const kind of TestDatabase.testDatabases) {
  describe(`database faults (${kind})`, () => {
    layer(TestServer.layer(kind).pipe(Layer.provide(collectingLogger)), { timeout: TestDatabase.timeout })((it) => {
      const healing = [
        ["57P01", "Postgres stopping (admin_shutdown)"],
        ["08006", "the connection failing (connection_failure)"],
        ["40001", "a serialization failure"],
        ["57P03", "Postgres starting up (cannot_connect_now)"]
      ] as const
      const cases: ReadonlyArray<readonly [string, string, string]> = [
        ...healing.map(([state, what]) => [state, what, raising(state)] as const),
        // On Postgres, the real thing: the request's backend ends under it, mid-transaction.
        ...(kind === "postgres"
          ? [["terminated", "the connection cut", "PERFORM pg_terminate_backend(pg_backend_pid());"] as const]
          : [])
      ]
      for (const [state, what, fault] of cases) {
        it.effect(`${what} mid-transaction: 503 and retry; nothing written; the retry applies it once`, () =>
          Effect.gen(function*() {
            const server = yield* TestServer.TestServer
            const name = `Cut by ${state}`
            const key = `transient-${state}-${kind}`
            logged.length = 0
            const cut = yield* Effect.scoped(Effect.andThen(faultAfterWrites(fault), createAccount(server, name, key)))
            expectRetryLater(cut)
            expect(yield* accountsNamed(server, name)).toEqual([])
            expect(logged.map(({ level }) => level)).not.toContain("Error")
            expect(logged.map(({ message }) => message)).toContainEqual(
              expect.stringContaining("Database unavailable while serving a request")
            )
            const retried = yield* createAccount(server, name, key)
            expect(retried.status).toBe(200)
            const replayed = yield* createAccount(server, name, key)
            expect(replayed.status).toBe(200)
            expect(replayed.body).toEqual(retried.body)
            expect((yield* accountsNamed(server, name)).length).toBe(1)
          }))
      }

      it.effect("any other database failure is a bug: 500 internal_server_error, not marked for retry", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          logged.length = 0
          const failed = yield* Effect.scoped(
            Effect.andThen(faultAfterWrites(raising("XX000")), createAccount(server, "Broken", "transient-XX000"))
          )
          expectError(failed, 500, "internal_server_error")
          expect(failed.headers.get("x-should-retry")).toBeNull()
          expect(failed.headers.get("retry-after")).toBeNull()
          expect(yield* accountsNamed(server, "Broken")).toEqual([])
          expect(logged).toContainEqual({ level: "Error", message: expect.stringContaining("Unexpected failure") })
        }))
    })
  })
}

if (ThrowawayPostgres.binDir !== undefined) {
  describe("a Postgres that stops and starts again", () => {
    it.live(
      "while it is down every request is 503 and retry; once it is back, the retry succeeds",
      () =>
        Effect.gen(function*() {
          const cluster = yield* ThrowawayPostgres.make()
          const database = Database.layer.pipe(
            Layer.provide(Layer.succeed(
              ConfigProvider.ConfigProvider,
              ConfigProvider.fromEnv({ env: { DATABASE_URL: Redacted.value(cluster.url) } })
            ))
          )
          const context = yield* Layer.build(TestServer.layerOver(database).pipe(Layer.provide(Logger.layer([]))))
          const server = Context.get(context, TestServer.TestServer)
          expect((yield* send(server, "GET", "/accounts")).status).toBe(200)

          yield* cluster.stop("immediate")
          expectRetryLater(yield* send(server, "GET", "/accounts"))
          expectRetryLater(yield* createAccount(server, "Sent while down", "outage-key"))

          yield* cluster.start
          // Connections the stop cut leave the pool as they are found dead: a few more 503s at most.
          let answer = yield* createAccount(server, "Sent while down", "outage-key")
          for (let attempt = 0; attempt < 20 && answer.status === 503; attempt++) {
            answer = yield* createAccount(server, "Sent while down", "outage-key")
          }
          expect(answer.status).toBe(200)
          expect((yield* accountsNamed(server, "Sent while down")).length).toBe(1)
        }).pipe(Effect.scoped),
      120_000
    )
  })
}
