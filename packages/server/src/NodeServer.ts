/**
 * The node:http server under the API, bounded so that no connection waits
 * unanswered: the headers of a request must arrive within
 * `MONETA_HEADERS_TIMEOUT`, the whole request within
 * `MONETA_REQUEST_TIMEOUT` (both answered 408), and what node refuses
 * before the API sees it (headers or URL over 16 KiB: 431; bytes that are not
 * HTTP, such as raw non-ASCII in a path: 400) still gets the API's JSON error
 * body (docs/operations.md, "Limits"). When the server stops it drains
 * (`Draining`): requests under way get up to `MONETA_SHUTDOWN_TIMEOUT`.
 */
import { NodeHttpServer } from "@effect/platform-node"
import { MalformedRequestError as MalformedRequestBody } from "@moneta/api/ApiError"
import { MalformedRequestError } from "@moneta/domain/Errors"
import { Config, Duration, Effect, Layer, Schema } from "effect"
import { HttpServer } from "effect/http"
import type { IncomingMessage, Server, ServerResponse } from "node:http"
import type { Duplex } from "node:stream"
import * as Draining from "./Draining.js"

/**
 * A duration setting that must bound something: zero would switch node's
 * timeouts off, and a negative or infinite one means nothing; each is refused
 * at start rather than run unbounded.
 */
const boundConfig = (name: string, fallback: Duration.Duration) =>
  Config.schema(
    Schema.DurationFromString.check(
      Schema.makeFilter((duration) =>
        (Duration.isFinite(duration) && Duration.toMillis(duration) >= 1) ||
        "must be a finite duration of at least 1 millisecond, such as \"30 seconds\" (zero or less would switch the bound off)"
      )
    ),
    name
  ).pipe(Config.withDefault(fallback))

export const LimitsConfig = Config.all({
  headersTimeout: boundConfig("MONETA_HEADERS_TIMEOUT", Duration.seconds(10)),
  requestTimeout: boundConfig("MONETA_REQUEST_TIMEOUT", Duration.seconds(30))
})
export type Limits = Config.Success<typeof LimitsConfig>

/** How long requests under way may take once the server stops; then their connections are closed. */
export const ShutdownConfig = boundConfig("MONETA_SHUTDOWN_TIMEOUT", Duration.seconds(10))

interface Refusal {
  readonly status: number
  readonly reason: string
  readonly title: string
  readonly detail: string
  /** A timed-out request may succeed when sent again; the others cannot. */
  readonly retry: boolean
}

const refusalOf = (code: string | undefined): Refusal => {
  if (code === "HPE_HEADER_OVERFLOW") {
    return {
      status: 431,
      reason: "Request Header Fields Too Large",
      title: "The request headers are too large.",
      detail: "The URL and headers together must stay under 16 KiB.",
      retry: false
    }
  }
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") {
    return {
      status: 408,
      reason: "Request Timeout",
      title: "The request took too long to arrive.",
      detail: "The request headers or body were not received in time.",
      retry: true
    }
  }
  return {
    status: 400,
    reason: "Bad Request",
    title: "The request body could not be read.",
    detail: "The request is not valid HTTP/1.1 (for example raw non-ASCII bytes in the path).",
    retry: false
  }
}

const encodeMalformed = Schema.encodeSync(MalformedRequestBody)

/** The API's error body for a request node refused, with the status node chose. */
const responseFor = (refusal: Refusal): string => {
  const body = JSON.stringify({
    ...encodeMalformed(new MalformedRequestError({ detail: refusal.detail })),
    status: refusal.status,
    title: refusal.title
  })
  return [
    `HTTP/1.1 ${refusal.status} ${refusal.reason}`,
    "Content-Type: application/json",
    `Content-Length: ${Buffer.byteLength(body)}`,
    `x-should-retry: ${refusal.retry}`,
    "Connection: close",
    "",
    body
  ].join("\r\n")
}

const answerClientError = (error: Error & { readonly code?: string }, socket: Duplex) => {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy()
    return
  }
  socket.end(responseFor(refusalOf(error.code)))
}

/**
 * The platform listens before it attaches its request handler; a request
 * arriving in between would find no listener and never be answered. Such
 * requests are held and handed to the first handler attached.
 */
const holdRequestsUntilServed = (server: Server) => {
  const held: Array<readonly [IncomingMessage, ServerResponse]> = []
  const hold = (request: IncomingMessage, response: ServerResponse) => {
    held.push([request, response])
  }
  const onListener = (
    event: string | symbol,
    listener: (request: IncomingMessage, response: ServerResponse) => void
  ) => {
    if (event !== "request" || listener === hold) return
    server.off("request", hold)
    server.off("newListener", onListener)
    // "newListener" fires before the listener is added; hand over once it is.
    setImmediate(() => {
      for (const [request, response] of held.splice(0)) listener(request, response)
    })
  }
  server.on("request", hold)
  server.on("newListener", onListener)
}

/** A node:http server with the limits above, and its drain; `checkInterval` is how often node looks for overdue requests. */
export const makeDrainable = (
  limits: Limits,
  checkInterval: Duration.Duration = Duration.seconds(1)
): Draining.DrainableServer => {
  // Node takes whole milliseconds.
  const requestTimeout = Math.ceil(Duration.toMillis(limits.requestTimeout))
  const drainable = Draining.make({
    requestTimeout,
    // Node refuses a headers timeout longer than the request timeout.
    headersTimeout: Math.min(Math.ceil(Duration.toMillis(limits.headersTimeout)), requestTimeout),
    connectionsCheckingInterval: Math.ceil(Duration.toMillis(checkInterval))
  })
  drainable.server.on("clientError", answerClientError)
  holdRequestsUntilServed(drainable.server)
  return drainable
}

/** A node:http server with the limits above. */
export const make = (limits: Limits, checkInterval: Duration.Duration = Duration.seconds(1)): Server =>
  makeDrainable(limits, checkInterval).server

/**
 * Effect's HttpServer on a drainable node:http server: the drain is the first
 * thing the server's stop does. It is added to the serving scope after the
 * platform's own finalizers, so it runs before them (finalizers run in
 * reverse): by the time the platform closes the server, which would
 * interrupt requests still running, the drain has let them finish or
 * `shutdownTimeout` has passed. The server's own scope drains it too (the
 * same drain, done by then), for a start that stops before it serves: the
 * requests held meanwhile are answered 503 instead of keeping it open.
 */
const drainingServer = (
  drainable: Draining.DrainableServer,
  listen: { readonly port: number; readonly host: string },
  shutdownTimeout: Duration.Duration
) =>
  Effect.gen(function*() {
    const platform = yield* NodeHttpServer.make(() => drainable.server, listen)
    yield* Effect.addFinalizer(() => drainable.drain(shutdownTimeout))
    return HttpServer.make({
      address: platform.address,
      serve: (app, middleware) =>
        Effect.andThen(
          middleware === undefined ? platform.serve(app) : platform.serve(app, middleware),
          Effect.addFinalizer(() => drainable.drain(shutdownTimeout))
        )
    })
  })

/** Effect's HttpServer on a bounded node:http server, drained when it stops. */
export const layer = (listen: { readonly port: number; readonly host: string }) =>
  Layer.unwrap(
    Effect.map(
      Config.all({ limits: LimitsConfig, shutdownTimeout: ShutdownConfig }),
      ({ limits, shutdownTimeout }) =>
        Layer.merge(
          Layer.effect(HttpServer.HttpServer, drainingServer(makeDrainable(limits), listen, shutdownTimeout)),
          NodeHttpServer.layerHttpServices
        )
    )
  )
