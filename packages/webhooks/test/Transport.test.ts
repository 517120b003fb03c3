/**
 * The delivery transport against a real local server: the status and a
 * bounded excerpt of the answer, connections kept alive across POSTs, and an
 * answer whose body never ends let go of when the excerpt's wait is
 * interrupted (here by a deadline on the `TestClock`).
 */
import { describe, expect, it } from "@effect/vitest"
import { responseExcerptBytes } from "@moneta/domain/WebhookAttempt"
import { Deferred, Duration, Effect, Fiber, Option, TestClock } from "effect"
import * as Http from "node:http"
import type { AddressInfo } from "node:net"
import { Agent } from "undici"
import { fromDispatcher } from "../src/Transport.js"

interface TestServer {
  readonly url: URL
  /** Connections the server accepted. */
  readonly connections: () => number
  /** Completes when a connection closes. */
  readonly closed: Deferred.Deferred<void>
}

const serve = (handler: Http.RequestListener) =>
  Effect.gen(function*() {
    const closed = yield* Deferred.make<void>()
    let connections = 0
    const server = yield* Effect.acquireRelease(
      Effect.async<Http.Server>((resume) => {
        const server = Http.createServer({ keepAliveTimeout: 60_000 }, handler)
        server.on("connection", (socket) => {
          connections += 1
          socket.on("close", () => Deferred.unsafeDone(closed, Effect.void))
        })
        server.listen(0, "127.0.0.1", () => resume(Effect.succeed(server)))
      }),
      (server) =>
        Effect.sync(() => {
          server.closeAllConnections()
          server.close()
        })
    )
    // Safe: a TCP server listening on a host and port has an AddressInfo address.
    const port = (server.address() as AddressInfo).port
    return {
      url: new URL(`http://127.0.0.1:${port}/hooks?to=me`),
      connections: () => connections,
      closed
    } satisfies TestServer
  })

const transport = Effect.map(
  Effect.acquireRelease(Effect.sync(() => new Agent()), (agent) => Effect.promise(() => agent.destroy())),
  fromDispatcher
)

const body = new TextEncoder().encode(JSON.stringify({ id: "event_test", type: "event" }))

describe("delivery transport", () => {
  it.scoped("answers with the status and at most the excerpt's bytes of the body, and sends what it was given", () =>
    Effect.gen(function*() {
      const received: Array<{ path: string | undefined; type: string | undefined; body: string }> = []
      const server = yield* serve((request, response) => {
        let text = ""
        request.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")))
        request.on("end", () => {
          received.push({ path: request.url, type: request.headers["content-type"], body: text })
          response.writeHead(500).end("x".repeat(responseExcerptBytes * 3))
        })
      })
      const { post } = yield* transport
      const answer = yield* post({ url: server.url, headers: { "content-type": "application/json" }, body })
      expect(answer.status).toBe(500)
      expect(yield* answer.excerpt).toBe("x".repeat(responseExcerptBytes))
      expect(received).toEqual([{
        path: "/hooks?to=me",
        type: "application/json",
        body: new TextDecoder().decode(body)
      }])
    }))

  it.scoped("keeps the connection alive from one POST to the next", () =>
    Effect.gen(function*() {
      const server = yield* serve((request, response) => {
        request.resume()
        request.on("end", () => response.writeHead(204).end())
      })
      const { post } = yield* transport
      for (let index = 0; index < 20; index++) {
        const answer = yield* post({ url: server.url, headers: {}, body })
        expect(answer.status).toBe(204)
        expect(yield* answer.excerpt).toBe("")
      }
      // undici may open a second one while the first is still finishing an answer; never one per POST
      expect(server.connections()).toBeLessThanOrEqual(2)
    }))

  it.scoped("lets go of an answer whose body never ends when waiting for its excerpt is interrupted", () =>
    Effect.gen(function*() {
      const server = yield* serve((request, response) => {
        request.resume()
        request.on("end", () => {
          response.writeHead(200, { "content-type": "text/plain" })
          response.write("partial")
        })
      })
      const { post } = yield* transport
      const answer = yield* post({ url: server.url, headers: {}, body })
      expect(answer.status).toBe(200)
      const excerpt = yield* Effect.fork(Effect.timeoutOption(answer.excerpt, Duration.seconds(10)))
      yield* TestClock.adjust(Duration.seconds(10))
      expect(yield* Fiber.join(excerpt)).toEqual(Option.none())
      // the connection is closed from our side, not left hanging
      yield* Deferred.await(server.closed)
    }))
})
