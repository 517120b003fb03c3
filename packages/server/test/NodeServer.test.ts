/**
 * The bounds of the node:http server (issue 9, items 5 and 6): requests whose
 * headers or body do not arrive in time are answered 408, oversized headers
 * 431 and non-HTTP bytes 400, each with the API's JSON error body; a request
 * arriving before the API's handler is attached is held, not lost. A bound of
 * zero or less (which node would take as "no bound") is refused at start
 * (issue 28).
 */
import { describe, expect, it } from "@effect/vitest"
import { type Config, ConfigProvider, Duration, Effect, Fiber } from "effect"
import type { Server } from "node:http"
import { connect } from "node:net"
import * as NodeServer from "../src/NodeServer.js"

const limits: NodeServer.Limits = { headersTimeout: Duration.millis(300), requestTimeout: Duration.millis(600) }

/** A bounded server on a random local port, closed with the scope. */
const listening = (attachHandler: boolean) =>
  Effect.acquireRelease(
    Effect.callback<Server>((resume) => {
      const server = NodeServer.make(limits, Duration.millis(50))
      if (attachHandler) {
        server.on("request", (request, response) => {
          request.resume()
          request.on("end", () => response.end("ok"))
        })
      }
      server.listen(0, "127.0.0.1", () => resume(Effect.succeed(server)))
    }),
    (server) =>
      Effect.callback<void>((resume) => {
        server.close(() => resume(Effect.void))
      })
  )

const portOf = (server: Server) => {
  const address = server.address()
  return address !== null && typeof address === "object" ? address.port : 0
}

/** Writes raw bytes and reads everything the server sends until it closes the connection. */
const exchange = (port: number, data: string | Buffer) =>
  Effect.callback<string>((resume) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(data))
    const chunks: Array<Buffer> = []
    socket.on("data", (chunk: Buffer) => chunks.push(chunk))
    socket.on("close", () => resume(Effect.succeed(Buffer.concat(chunks).toString("utf8"))))
    socket.on("error", () => undefined)
    return Effect.sync(() => socket.destroy())
  })

interface Parsed {
  readonly status: number
  readonly headers: string
  readonly body: unknown
}

const parse = (response: string): Parsed => {
  const [head = "", body = ""] = response.split("\r\n\r\n", 2)
  return { status: Number(head.split(" ")[1]), headers: head.toLowerCase(), body: JSON.parse(body) }
}

describe("node server bounds", () => {
  it.effect("headers that do not arrive in time are answered 408 with the error body", () =>
    Effect.gen(function*() {
      const server = yield* listening(true)
      const started = Date.now()
      const answer = parse(yield* exchange(portOf(server), "GET /accounts HTTP/1.1\r\nHost: x\r\n"))
      expect(answer.status).toBe(408)
      expect(answer.body).toMatchObject({ type: "malformed_request_error", status: 408 })
      expect(answer.headers).toContain("content-type: application/json")
      expect(Date.now() - started).toBeLessThan(5_000)
    }), 10_000)

  it.effect("a body that does not arrive in time is answered 408", () =>
    Effect.gen(function*() {
      const server = yield* listening(true)
      const answer = parse(
        yield* exchange(
          portOf(server),
          "POST /accounts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"na"
        )
      )
      expect(answer.status).toBe(408)
      expect(answer.body).toMatchObject({ type: "malformed_request_error", status: 408 })
    }), 10_000)

  it.effect(
    "a URL over 16 KiB is answered 431 with the error body and x-should-retry: false",
    () =>
      Effect.gen(function*() {
        const server = yield* listening(true)
        const answer = parse(
          yield* exchange(portOf(server), `GET /accounts?cursor=${"x".repeat(17_000)} HTTP/1.1\r\nHost: x\r\n\r\n`)
        )
        expect(answer.status).toBe(431)
        expect(answer.body).toMatchObject({
          type: "malformed_request_error",
          status: 431,
          title: expect.any(String),
          detail: expect.any(String)
        })
        expect(answer.headers).toContain("x-should-retry: false")
      }),
    10_000
  )

  it.effect("raw non-ASCII bytes in a path are answered 400 with the error body", () =>
    Effect.gen(function*() {
      const server = yield* listening(true)
      const request = Buffer.concat([
        Buffer.from("GET /accounts/"),
        Buffer.from([0xc3, 0xa9]),
        Buffer.from(" HTTP/1.1\r\nHost: x\r\n\r\n")
      ])
      const answer = parse(yield* exchange(portOf(server), request))
      expect(answer.status).toBe(400)
      expect(answer.body).toMatchObject({ type: "malformed_request_error", status: 400 })
      expect(answer.headers).toContain("x-should-retry: false")
    }), 10_000)

  it.effect("a request that arrives before the handler is attached is held and answered", () =>
    Effect.gen(function*() {
      const server = yield* listening(false)
      // The request has been parsed (and held) once the server side of the connection has read it.
      const received = yield* Effect.sync(() =>
        new Promise<void>((resolve) => {
          server.once("connection", (socket) => socket.once("data", () => setImmediate(resolve)))
        })
      )
      const answered = yield* Effect.forkChild(
        exchange(portOf(server), "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
      )
      yield* Effect.promise(() => received)
      server.on("request", (_request, response) => response.end("served"))
      const response = yield* Fiber.join(answered)
      expect(response).toContain("200 OK")
      expect(response).toContain("served")
    }), 10_000)
})

describe("bounds from the environment", () => {
  const read = <A>(config: Config.Config<A>, entries: Record<string, string>) =>
    Effect.flatMap(Effect.void, () => config).pipe(
      Effect.provideService(ConfigProvider.ConfigProvider, ConfigProvider.fromUnknown(entries))
    )

  const settings: ReadonlyArray<readonly [string, Config.Config<unknown>]> = [
    ["MONETA_HEADERS_TIMEOUT", NodeServer.LimitsConfig],
    ["MONETA_REQUEST_TIMEOUT", NodeServer.LimitsConfig],
    ["MONETA_SHUTDOWN_TIMEOUT", NodeServer.ShutdownConfig]
  ]

  it.effect("a bound of zero, less, under a millisecond or infinite is refused with a message naming the setting", () =>
    Effect.gen(function*() {
      for (const [name, config] of settings) {
        for (const value of ["0 seconds", "0 millis", "-5 seconds", "0.5 millis", "Infinity"]) {
          const error = yield* Effect.flip(read(config, { [name]: value }))
          expect(String(error), `${name}=${value}`).toContain(name)
          expect(String(error), `${name}=${value}`).toContain("must be a finite duration of at least 1 millisecond")
        }
      }
    }))

  it.effect("positive bounds are taken, and the defaults are 10 s, 30 s and 10 s", () =>
    Effect.gen(function*() {
      expect(yield* read(NodeServer.LimitsConfig, { MONETA_HEADERS_TIMEOUT: "1 millis" })).toEqual({
        headersTimeout: Duration.millis(1),
        requestTimeout: Duration.seconds(30)
      })
      expect(yield* read(NodeServer.LimitsConfig, {})).toEqual({
        headersTimeout: Duration.seconds(10),
        requestTimeout: Duration.seconds(30)
      })
      expect(yield* read(NodeServer.ShutdownConfig, { MONETA_SHUTDOWN_TIMEOUT: "2 minutes" })).toEqual(
        Duration.minutes(2)
      )
      expect(yield* read(NodeServer.ShutdownConfig, {})).toEqual(Duration.seconds(10))
    }))
})
