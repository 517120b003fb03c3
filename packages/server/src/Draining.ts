/**
 * Stopping a node:http server without leaving a client waiting (issue 28,
 * item 6). Node's `server.close` stops accepting and closes the keep-alive
 * connections idle at that moment, but a connection busy then stays open
 * after its response, and its client goes on sending requests on it: the
 * server kept serving them until the platform's 20 s grace ran out, then left
 * the next ones unanswered while it waited for the connection to close.
 *
 * Draining instead: stops accepting; closes idle connections at once;
 * lets the requests under way finish, each response telling its client
 * `Connection: close` and its connection closed once it is sent; answers a
 * request that still arrives on an open connection 503
 * `service_unavailable_error` with `x-should-retry: true` and
 * `Connection: close`; and after `timeout` closes whatever is still open.
 */
import { ServiceUnavailableError as ServiceUnavailableBody } from "@moneta/api/ApiError"
import { ServiceUnavailableError } from "@moneta/domain/Errors"
import { Duration, Effect, Schema } from "effect"
import { createServer, type IncomingMessage, type Server, type ServerOptions, ServerResponse } from "node:http"

export interface DrainableServer {
  readonly server: Server
  /** Stops the server as above; done once every connection is closed, at most `timeout` (and a moment) later. */
  readonly drain: (timeout: Duration.Duration) => Effect.Effect<void>
}

const encodeUnavailable = Schema.encodeSync(ServiceUnavailableBody)

const lateBody = JSON.stringify(
  encodeUnavailable(
    new ServiceUnavailableError({
      detail: "The server is stopping. Send the request again (with the same Idempotency-Key)."
    })
  )
)

/** The answer to a request that arrives while the server drains; `Connection: close` makes node close after it. */
const refuseLate = (request: IncomingMessage, response: ServerResponse) => {
  // Read and dropped, so that the answer is not lost to a reset for unread bytes.
  request.resume()
  response.writeHead(503, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(lateBody),
    "x-should-retry": "true",
    "retry-after": "1",
    connection: "close"
  })
  response.end(lateBody)
}

/** A node:http server created with `options` that keeps the responses under way, to drain it. */
export const make = (options: ServerOptions): DrainableServer => {
  const underWay = new Set<ServerResponse>()
  // Node creates one per request (including `Expect: 100-continue` ones), before any listener sees it.
  class TrackedResponse extends ServerResponse {
    constructor(...args: ConstructorParameters<typeof ServerResponse>) {
      // At run time `args` is everything node passes, more than its type names (node's options).
      super(...args)
      underWay.add(this)
      this.once("close", () => underWay.delete(this))
    }
  }
  const server = createServer({ ...options, ServerResponse: TrackedResponse })
  let draining: Promise<void> | undefined

  const begin = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve()
      // From now on every request is answered 503; the platform's handlers (removed here) serve only those under way.
      for (const event of ["request", "checkContinue"] as const) {
        server.removeAllListeners(event)
        server.on(event, refuseLate)
      }
      for (const response of underWay) {
        if (!response.headersSent) response.setHeader("connection", "close")
        // Sent with keep-alive already (a streamed body): its connection is idle once it is done.
        response.once("close", () => server.closeIdleConnections())
      }
      // Stops accepting and closes the connections idle now; done once the last one closes.
      server.close(() => resolve())
    })

  const drain = (timeout: Duration.Duration) =>
    Effect.suspend(() => {
      draining ??= begin()
      const closed = Effect.promise(() => draining ?? Promise.resolve())
      return closed.pipe(
        Effect.timeoutOrElse({
          duration: timeout,
          orElse: () =>
            Effect.logWarning(
              `${underWay.size} request(s) still under way ${
                Duration.format(timeout)
              } after the server began to stop (MONETA_SHUTDOWN_TIMEOUT); closing their connections`
            ).pipe(
              Effect.andThen(Effect.sync(() => server.closeAllConnections())),
              Effect.andThen(closed)
            )
        })
      )
    })

  return { server, drain }
}
