/**
 * A real local `node:http` server for transport tests: keep-alive on, its
 * connections counted, a signal when one closes, and every connection closed
 * when the test's scope ends.
 */
import { Deferred, Effect } from "effect"
import * as Http from "node:http"
import type { AddressInfo } from "node:net"

export interface LocalServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  readonly base: string
  /** Connections the server accepted. */
  readonly connections: () => number
  /** Completes when a connection closes. */
  readonly closed: Deferred.Deferred<void>
}

export const serve = (handler: Http.RequestListener) =>
  Effect.gen(function*() {
    const closed = yield* Deferred.make<void>()
    let connections = 0
    const server = yield* Effect.acquireRelease(
      Effect.callback<Http.Server>((resume) => {
        const server = Http.createServer({ keepAliveTimeout: 60_000 }, handler)
        server.on("connection", (socket) => {
          connections += 1
          socket.on("close", () => Deferred.doneUnsafe(closed, Effect.void))
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
    return { base: `http://127.0.0.1:${port}`, connections: () => connections, closed } satisfies LocalServer
  })
