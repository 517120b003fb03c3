/**
 * The node:http server under the API, bounded so that no connection waits
 * unanswered: the headers of a request must arrive within
 * `MONETA_HEADERS_TIMEOUT`, the whole request within
 * `MONETA_REQUEST_TIMEOUT` (both answered 408), and what node refuses
 * before the API sees it (headers or URL over 16 KiB: 431; bytes that are not
 * HTTP, such as raw non-ASCII in a path: 400) still gets the API's JSON error
 * body (docs/operations.md, "Limits").
 */
import { NodeHttpServer } from "@effect/platform-node"
import { MalformedRequestError as MalformedRequestBody } from "@moneta/api/ApiError"
import { MalformedRequestError } from "@moneta/domain/Errors"
import { Config, Duration, Effect, Layer, Schema } from "effect"
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { Duplex } from "node:stream"

export const LimitsConfig = Config.all({
  headersTimeout: Config.Duration("MONETA_HEADERS_TIMEOUT").pipe(Config.withDefault(Duration.seconds(10))),
  requestTimeout: Config.Duration("MONETA_REQUEST_TIMEOUT").pipe(Config.withDefault(Duration.seconds(30)))
})
export type Limits = Config.Success<typeof LimitsConfig>

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

/** A node:http server with the limits above; `checkInterval` is how often node looks for overdue requests. */
export const make = (limits: Limits, checkInterval: Duration.Duration = Duration.seconds(1)): Server => {
  const requestTimeout = Duration.toMillis(limits.requestTimeout)
  const server = createServer({
    requestTimeout,
    // Node refuses a headers timeout longer than the request timeout.
    headersTimeout: Math.min(Duration.toMillis(limits.headersTimeout), requestTimeout),
    connectionsCheckingInterval: Duration.toMillis(checkInterval)
  })
  server.on("clientError", answerClientError)
  holdRequestsUntilServed(server)
  return server
}

/** Effect's HttpServer on a bounded node:http server. */
export const layer = (listen: { readonly port: number; readonly host: string }) =>
  Layer.unwrap(Effect.map(LimitsConfig, (limits) => NodeHttpServer.layer(() => make(limits), listen)))
