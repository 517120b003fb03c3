/**
 * No API request is answered before the migrations and the first run are
 * done (issue 9, item 7): a client that calls as soon as the port accepts
 * connections is served with the configured key, on the embedded database
 * and on Postgres. On Postgres the test also looks from outside: at the first
 * moment the port accepts a connection, the key is already in the database.
 */
import { describe, expect, it } from "@effect/vitest"
import { generateKey, hashKey } from "@moneta/bank/Authentication"
import * as Database from "@moneta/store/Database"
import * as TestDatabase from "@moneta/store/testing"
import { ConfigProvider, Effect, Layer, Redacted, Schedule } from "effect"
import { SqlClient } from "effect/sql"
import { connect, createServer } from "node:net"
import * as Server from "../src/Server.js"

const freePort = Effect.callback<number>((resume) => {
  const probe = createServer()
  probe.listen(0, "127.0.0.1", () => {
    const address = probe.address()
    const port = address !== null && typeof address === "object" ? address.port : 0
    probe.close(() => resume(Effect.succeed(port)))
  })
})

/** Refused connections are retried (the port is not open yet), as an impatient client would. */
const whileRefused = Schedule.spaced("5 millis").pipe(Schedule.upTo({ duration: "60 seconds" }))

const portAccepts = (port: number) =>
  Effect.callback<void, Error>((resume) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.destroy()
      resume(Effect.void)
    })
    socket.on("error", (error) => resume(Effect.fail(error)))
  }).pipe(Effect.retry(whileRefused))

const firstAnswer = (url: string, apiKey: string) =>
  Effect.tryPromise(() => fetch(url, { headers: { authorization: `Bearer ${apiKey}` } })).pipe(
    Effect.retry(whileRefused),
    Effect.map((response) => response.status)
  )

const launch = (port: number, apiKey: string, database: ReadonlyArray<readonly [string, string]>) =>
  Layer.launch(Server.layer).pipe(
    Effect.provideService(
      ConfigProvider.ConfigProvider,
      ConfigProvider.fromEnv({
        env: Object.fromEntries([
          ["PORT", String(port)],
          ["HOST", "127.0.0.1"],
          ["MONETA_API_KEY", apiKey],
          ...database
        ])
      })
    ),
    Effect.forkScoped
  )

describe("start-up", () => {
  it.live(
    "the first request is answered only once the first run's key exists (embedded)",
    () =>
      Effect.gen(function*() {
        const port = yield* freePort
        const apiKey = generateKey("sandbox")
        yield* launch(port, apiKey, [["MONETA_DATA_DIR", "memory://"]])
        expect(yield* firstAnswer(`http://127.0.0.1:${port}/accounts`, apiKey)).toBe(200)
      }).pipe(Effect.scoped),
    90_000
  )

  if (TestDatabase.testDatabases.includes("postgres")) {
    it.live("the port opens only after the migrations and the first run (postgres)", () =>
      Effect.gen(function*() {
        const url = yield* TestDatabase.createPostgresDatabase
        const observer = yield* Layer.build(Database.layerPostgres(url))
        const sql = yield* Effect.provide(SqlClient.SqlClient, observer)
        const port = yield* freePort
        const apiKey = generateKey("sandbox")
        yield* launch(port, apiKey, [["DATABASE_URL", Redacted.value(url)]])
        yield* portAccepts(port)
        // Before the migrations the table does not exist; before the first run the key is not in it.
        const keys = yield* sql<{ count: string }>`SELECT count(*)::text AS count FROM api_keys WHERE key_hash = ${
          hashKey(apiKey)
        }`.pipe(
          Effect.orElseSucceed(() => [{ count: "no table" }])
        )
        expect(keys[0]?.count).toBe("1")
        expect(yield* firstAnswer(`http://127.0.0.1:${port}/accounts`, apiKey)).toBe(200)
      }).pipe(Effect.scoped), 90_000)
  }
})
