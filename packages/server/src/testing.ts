/**
 * For tests of this server and of apps built against it: a running Moneta
 * sandbox server as `moneta` runs it (`Server.layer`: API, first run, webhook
 * dispatcher, real-time decision sweeper), on a free local port over a fresh
 * test database (`@moneta/store/testing`), with settings of the test's own;
 * and a `node:http` listener on another free port, to play a webhook endpoint.
 */
import * as TestDatabase from "@moneta/store/testing"
import { ConfigProvider, Effect, Layer, Redacted, type Scope } from "effect"
import { randomBytes } from "node:crypto"
import { createServer as createHttpServer, type RequestListener } from "node:http"
import { createServer } from "node:net"
import * as Server from "./Server.js"

export interface RunningServer {
  readonly baseUrl: string
  readonly apiKey: Redacted.Redacted<string>
}

/** A port nobody listens on right now. */
export const freePort: Effect.Effect<number> = Effect.callback<number>((resume) => {
  const probe = createServer()
  probe.listen(0, "127.0.0.1", () => {
    const address = probe.address()
    const port = typeof address === "object" && address !== null ? address.port : 0
    probe.close(() => resume(Effect.succeed(port)))
  })
})

/** Starts the server for the current scope; `settings` add to (or override) the defaults. */
export const start = (kind: TestDatabase.Kind, settings: Record<string, string> = {}) =>
  Effect.gen(function*() {
    const port = yield* freePort
    const apiKey = `moneta_sandbox_test_${randomBytes(12).toString("hex")}`
    const database: Record<string, string> = kind === "embedded"
      ? { MONETA_DATA_DIR: "memory://" }
      : { DATABASE_URL: Redacted.value(yield* TestDatabase.createPostgresDatabase) }
    const config = ConfigProvider.fromEnv({
      env: {
        ...database,
        PORT: String(port),
        HOST: "127.0.0.1",
        MONETA_ENVIRONMENT: "sandbox",
        MONETA_API_KEY: apiKey,
        ...settings
      }
    })
    yield* Layer.build(Server.layer.pipe(Layer.provide(ConfigProvider.layer(config))))
    return { baseUrl: `http://127.0.0.1:${port}`, apiKey: Redacted.make(apiKey) } satisfies RunningServer
  })

/** Serves `listener` on a free local port for the current scope; its base URL. */
export const listen = (listener: RequestListener): Effect.Effect<string, never, Scope.Scope> =>
  Effect.map(
    Effect.acquireRelease(
      Effect.callback<ReturnType<typeof createHttpServer>>((resume) => {
        const server = createHttpServer(listener)
        server.listen(0, "127.0.0.1", () => resume(Effect.succeed(server)))
      }),
      (server) =>
        Effect.callback<void>((resume) => {
          server.closeAllConnections()
          server.close(() => resume(Effect.void))
        })
    ),
    (server) => {
      const address = server.address()
      return `http://127.0.0.1:${typeof address === "object" && address !== null ? address.port : 0}`
    }
  )
