/**
 * No API request is answered before the migrations and the first run are
 * done (issue 9, item 7): a client that calls as soon as the port accepts
 * connections is served with the configured key, on the embedded database
 * and on Postgres.
 */
import { describe, expect, it } from "@effect/vitest"
import { generateKey } from "@moneta/bank/Authentication"
import * as TestDatabase from "@moneta/store/testing"
import { ConfigProvider, Effect, Layer, Redacted, Schedule } from "effect"
import { createServer } from "node:net"
import * as Server from "../src/Server.js"

const freePort = Effect.async<number>((resume) => {
  const probe = createServer()
  probe.listen(0, "127.0.0.1", () => {
    const address = probe.address()
    const port = address !== null && typeof address === "object" ? address.port : 0
    probe.close(() => resume(Effect.succeed(port)))
  })
})

/** Refused connections are retried (the port is not open yet); any HTTP answer is returned. */
const firstAnswer = (url: string, apiKey: string) =>
  Effect.tryPromise(() => fetch(url, { headers: { authorization: `Bearer ${apiKey}` } })).pipe(
    Effect.retry(Schedule.spaced("20 millis").pipe(Schedule.upTo("60 seconds"))),
    Effect.map((response) => response.status)
  )

const databaseSettings = (kind: TestDatabase.Kind) =>
  kind === "embedded"
    ? Effect.succeed([["MONETA_DATA_DIR", "memory://"]] as const)
    : Effect.map(TestDatabase.createPostgresDatabase, (url) => [["DATABASE_URL", Redacted.value(url)]] as const)

describe("start-up", () => {
  for (const kind of TestDatabase.testDatabases) {
    it.live(`the first request is answered only once the first run's key exists (${kind})`, () =>
      Effect.gen(function*() {
        const port = yield* freePort
        const apiKey = generateKey("sandbox")
        const settings = new Map<string, string>([
          ["PORT", String(port)],
          ["HOST", "127.0.0.1"],
          ["MONETA_API_KEY", apiKey],
          ...(yield* databaseSettings(kind))
        ])
        yield* Layer.launch(Server.layer).pipe(
          Effect.withConfigProvider(ConfigProvider.fromMap(settings)),
          Effect.forkScoped
        )
        expect(yield* firstAnswer(`http://127.0.0.1:${port}/accounts`, apiKey)).toBe(200)
      }).pipe(Effect.scoped), 90_000)
  }
})
