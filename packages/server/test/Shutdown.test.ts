/**
 * The whole server stopping (issue 28, item 6), on the embedded database and
 * on Postgres: clients holding idle keep-alive connections do not hold the
 * stop up, a request under way finishes and is answered, a request that
 * arrives late on a connection still open is answered 503 with
 * `Connection: close`, and a request that never completes is cut once
 * `MONETA_SHUTDOWN_TIMEOUT` has passed. The server is stopped as SIGTERM
 * stops it: its layers' scope closes.
 */
import { describe, expect, it } from "@effect/vitest"
import * as TestDatabase from "@moneta/store/testing"
import { Deferred, Effect, Exit, Fiber, Redacted, Scope } from "effect"
import * as Testing from "../src/testing.js"
import { connectRaw, untilRefused } from "./RawClient.js"

const get = (path: string, apiKey: string) =>
  `GET ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${apiKey}\r\n\r\n`

/** The head of a POST whose body has `length` bytes. */
const postHead = (path: string, apiKey: string, length: number) =>
  `POST ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${apiKey}\r\nContent-Type: application/json\r\n` +
  `Content-Length: ${length}\r\n\r\n`

/** A server of its own scope, so that the test decides when it stops; its port and key. */
const startStoppable = (kind: TestDatabase.Kind, shutdownTimeout: string) =>
  Effect.gen(function*() {
    const scope = yield* Scope.make()
    yield* Effect.addFinalizer(() => Scope.close(scope, Exit.void))
    const server = yield* Testing.start(kind, { MONETA_SHUTDOWN_TIMEOUT: shutdownTimeout }).pipe(Scope.provide(scope))
    const port = Number(new URL(server.baseUrl).port)
    return { port, apiKey: Redacted.value(server.apiKey), stop: Scope.close(scope, Exit.void) }
  })

for (const kind of TestDatabase.testDatabases) {
  describe(`stopping the server (${kind})`, () => {
    it.live(
      "closes idle keep-alive connections at once, finishes the request under way and answers a late one 503",
      () =>
        Effect.gen(function*() {
          const { apiKey, port, stop } = yield* startStoppable(kind, "60 seconds")

          const idle = yield* connectRaw(port)
          idle.write(get("/accounts", apiKey))
          expect((yield* idle.responses(1))[0]?.status).toBe(200)

          // One write each: once the first answer is back, the server has read the start of the second request.
          const late = yield* connectRaw(port)
          late.write(`${get("/accounts", apiKey)}GET /accounts HTTP/1.1\r\nHost: x\r\n`)
          yield* late.responses(1)

          const body = JSON.stringify({ name: "Opened while stopping" })
          const underWay = yield* connectRaw(port)
          underWay.write(`${get("/accounts", apiKey)}${postHead("/accounts", apiKey, body.length)}${body.slice(0, 5)}`)
          yield* underWay.responses(1)

          const started = Date.now()
          const stopping = yield* Effect.forkChild(stop)
          yield* untilRefused(port)

          yield* Deferred.await(idle.closed)

          late.write(`Authorization: Bearer ${apiKey}\r\n\r\n`)
          const [, refused] = yield* late.responses(2)
          expect(refused).toMatchObject({
            status: 503,
            headers: { "x-should-retry": "true", connection: "close" }
          })
          expect(JSON.parse(refused?.body ?? "")).toMatchObject({ type: "service_unavailable_error", status: 503 })
          yield* Deferred.await(late.closed)

          underWay.write(body.slice(5))
          const [, created] = yield* underWay.responses(2)
          expect(created).toMatchObject({ status: 200, headers: { connection: "close" } })
          expect(JSON.parse(created?.body ?? "")).toMatchObject({ type: "account", name: "Opened while stopping" })
          yield* Deferred.await(underWay.closed)

          yield* Fiber.join(stopping)
          // Done by itself, long before the 60 s bound.
          expect(Date.now() - started).toBeLessThan(15_000)
        }).pipe(Effect.scoped),
      120_000
    )
  })
}

describe("stopping the server", () => {
  it.live("cuts a request that never completes once MONETA_SHUTDOWN_TIMEOUT has passed", () =>
    Effect.gen(function*() {
      const { apiKey, port, stop } = yield* startStoppable("embedded", "1 second")
      const stuck = yield* connectRaw(port)
      // The body never comes.
      stuck.write(`${get("/accounts", apiKey)}${postHead("/accounts", apiKey, 100)}{"na`)
      yield* stuck.responses(1)
      const started = Date.now()
      yield* stop
      const took = Date.now() - started
      yield* Deferred.await(stuck.closed)
      expect(yield* stuck.responses(1)).toHaveLength(1)
      expect(took).toBeGreaterThanOrEqual(990)
      expect(took).toBeLessThan(10_000)
    }).pipe(Effect.scoped), 120_000)
})
