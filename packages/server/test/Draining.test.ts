/**
 * Draining the node:http server when it stops (issue 28, item 6): idle
 * keep-alive connections close at once, a request under way finishes with
 * `Connection: close`, a request that arrives late on a connection still open
 * is answered 503 with the API's error body (as is one held for a handler
 * that never came), and what is still open after the timeout is closed. Each step waits on what the server or the client
 * reports, never on a fixed sleep.
 */
import { describe, expect, it } from "@effect/vitest"
import { Deferred, Duration, Effect, Exit, Fiber, Schedule } from "effect"
import type { IncomingMessage, ServerResponse } from "node:http"
import type * as Draining from "../src/Draining.js"
import * as NodeServer from "../src/NodeServer.js"
import { connectRaw } from "./RawClient.js"

const limits: NodeServer.Limits = { headersTimeout: Duration.seconds(10), requestTimeout: Duration.seconds(30) }

/** A drainable server on a random local port with `handler`, closed with the scope if a test left it open. */
const listening = (handler: (request: IncomingMessage, response: ServerResponse) => void) =>
  Effect.acquireRelease(
    Effect.callback<Draining.DrainableServer>((resume) => {
      const drainable = NodeServer.makeDrainable(limits, Duration.millis(50))
      drainable.server.on("request", handler)
      drainable.server.listen(0, "127.0.0.1", () => resume(Effect.succeed(drainable)))
    }),
    ({ server }) =>
      Effect.sync(() => {
        server.closeAllConnections()
        if (server.listening) server.close()
      })
  )

const portOf = ({ server }: Draining.DrainableServer) => {
  const address = server.address()
  return address !== null && typeof address === "object" ? address.port : 0
}

const request = (path: string) => `GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`

/** Waits until the server no longer listens: the drain has begun. */
const untilDraining = (drainable: Draining.DrainableServer) =>
  Effect.suspend(() => drainable.server.listening ? Effect.fail("listening") : Effect.void).pipe(
    Effect.retry(Schedule.spaced("5 millis"))
  )

const answer = (response: ServerResponse) => {
  response.setHeader("content-type", "text/plain")
  response.end("ok")
}

describe("draining the node server", () => {
  it.live("closes idle keep-alive connections at once", () =>
    Effect.gen(function*() {
      const drainable = yield* listening((_request, response) => answer(response))
      const idle = yield* connectRaw(portOf(drainable))
      idle.write(request("/one"))
      const [first] = yield* idle.responses(1)
      expect(first?.headers["connection"]).toBe("keep-alive")
      const started = Date.now()
      yield* drainable.drain(Duration.seconds(30))
      yield* Deferred.await(idle.closed)
      expect(Date.now() - started).toBeLessThan(2_000)
    }).pipe(Effect.scoped), 20_000)

  it.live(
    "lets a request under way finish, answered with Connection: close, then closes its connection",
    () =>
      Effect.gen(function*() {
        const received = yield* Deferred.make<void>()
        const release = yield* Deferred.make<void>()
        const drainable = yield* listening((_request, response) => {
          Deferred.doneUnsafe(received, Exit.void)
          Deferred.await(release).pipe(Effect.andThen(Effect.sync(() => answer(response))), Effect.runFork)
        })
        const busy = yield* connectRaw(portOf(drainable))
        busy.write(request("/slow"))
        yield* Deferred.await(received)
        const draining = yield* Effect.forkChild(drainable.drain(Duration.seconds(30)))
        yield* untilDraining(drainable)
        // still waiting for the request under way
        expect(draining.pollUnsafe()).toBeUndefined()
        yield* Deferred.succeed(release, undefined)
        const [slow] = yield* busy.responses(1)
        expect(slow).toMatchObject({ status: 200, body: "ok", headers: { connection: "close" } })
        yield* Deferred.await(busy.closed)
        yield* Fiber.join(draining)
      }).pipe(Effect.scoped),
    20_000
  )

  it.live(
    "answers a request that arrives late on an open connection 503 with the error body, x-should-retry and Connection: close",
    () =>
      Effect.gen(function*() {
        const served: Array<string> = []
        const drainable = yield* listening((request, response) => {
          served.push(request.url ?? "")
          answer(response)
        })
        const late = yield* connectRaw(portOf(drainable))
        // One write: once the first answer is back, the server has begun reading the second
        // request, so its connection is not idle when the drain begins.
        late.write(`${request("/first")}GET /late HTTP/1.1\r\nHost: x\r\n`)
        yield* late.responses(1)
        const draining = yield* Effect.forkChild(drainable.drain(Duration.seconds(30)))
        yield* untilDraining(drainable)
        late.write("\r\n")
        const [, refused] = yield* late.responses(2)
        yield* Deferred.await(late.closed)
        expect(refused).toMatchObject({
          status: 503,
          headers: { "x-should-retry": "true", connection: "close", "content-type": "application/json" }
        })
        expect(JSON.parse(refused?.body ?? "")).toEqual({
          type: "service_unavailable_error",
          status: 503,
          title: expect.any(String),
          detail: expect.stringContaining("stopping")
        })
        expect(served).toEqual(["/first"])
        yield* Fiber.join(draining)
      }).pipe(Effect.scoped),
    20_000
  )

  it.live(
    "answers 503 the requests held for a handler when the server stops before it serves",
    () =>
      Effect.gen(function*() {
        const drainable = yield* Effect.acquireRelease(
          Effect.callback<Draining.DrainableServer>((resume) => {
            const drainable = NodeServer.makeDrainable(limits, Duration.millis(50))
            drainable.server.listen(0, "127.0.0.1", () => resume(Effect.succeed(drainable)))
          }),
          ({ server }) => Effect.sync(() => server.closeAllConnections())
        )
        // The request has been parsed (and held) once the server side of the connection has read it.
        const held = yield* Effect.sync(() =>
          new Promise<void>((resolve) => {
            drainable.server.once("connection", (socket) => socket.once("data", () => setImmediate(resolve)))
          })
        )
        const early = yield* connectRaw(portOf(drainable))
        early.write(request("/early"))
        yield* Effect.promise(() => held)
        yield* drainable.drain(Duration.seconds(30))
        const [refused] = yield* early.responses(1)
        expect(refused).toMatchObject({ status: 503, headers: { connection: "close" } })
      }).pipe(Effect.scoped),
    20_000
  )

  it.live("closes what is still open once the timeout has passed", () =>
    Effect.gen(function*() {
      const received = yield* Deferred.make<void>()
      // never answers
      const drainable = yield* listening(() => Deferred.doneUnsafe(received, Exit.void))
      const stuck = yield* connectRaw(portOf(drainable))
      stuck.write(request("/never"))
      yield* Deferred.await(received)
      const started = Date.now()
      yield* drainable.drain(Duration.millis(300))
      const took = Date.now() - started
      yield* Deferred.await(stuck.closed)
      expect(stuck.received()).toBe("")
      expect(took).toBeGreaterThanOrEqual(290)
      expect(took).toBeLessThan(5_000)
    }).pipe(Effect.scoped), 20_000)
})
