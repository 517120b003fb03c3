/** A `node:http` server on a free local port for the current scope. */
import { Effect, type Scope } from "effect"
import { createServer, type RequestListener } from "node:http"

export const listen = (listener: RequestListener): Effect.Effect<string, never, Scope.Scope> =>
  Effect.map(
    Effect.acquireRelease(
      Effect.async<ReturnType<typeof createServer>>((resume) => {
        const server = createServer(listener)
        server.listen(0, "127.0.0.1", () => resume(Effect.succeed(server)))
      }),
      (server) =>
        Effect.async<void>((resume) => {
          server.closeAllConnections()
          server.close(() => resume(Effect.void))
        })
    ),
    (server) => {
      const address = server.address()
      return `http://127.0.0.1:${typeof address === "object" && address !== null ? address.port : 0}`
    }
  )
