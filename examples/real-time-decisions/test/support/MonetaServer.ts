/**
 * A running Moneta sandbox server, as `pnpm start` runs it (API, first run,
 * webhook dispatcher), on a free local port over a fresh database: embedded,
 * or a new database on the Postgres server of DATABASE_URL.
 */
import { FetchHttpClient } from "@effect/platform"
import { AssociatedObject } from "@moneta/receiver"
import * as Server from "@moneta/server/Server"
import * as TestDatabase from "@moneta/store/testing"
import { ConfigProvider, Effect, Layer, Redacted } from "effect"
import { randomBytes } from "node:crypto"
import { createServer } from "node:net"

export interface MonetaServer {
  readonly baseUrl: string
  readonly apiKey: Redacted.Redacted<string>
}

/** A port nobody listens on right now. */
const freePort = Effect.async<number>((resume) => {
  const probe = createServer()
  probe.listen(0, "127.0.0.1", () => {
    const address = probe.address()
    const port = typeof address === "object" && address !== null ? address.port : 0
    probe.close(() => resume(Effect.succeed(port)))
  })
})

/** Starts the server for the current scope. */
export const start = (kind: TestDatabase.Kind) =>
  Effect.gen(function*() {
    const port = yield* freePort
    const apiKey = `moneta_sandbox_test_${randomBytes(12).toString("hex")}`
    const database: Record<string, string> = kind === "embedded"
      ? { MONETA_DATA_DIR: "memory://" }
      : { DATABASE_URL: Redacted.value(yield* TestDatabase.createPostgresDatabase) }
    const config = ConfigProvider.fromMap(
      new Map(Object.entries({
        ...database,
        PORT: String(port),
        HOST: "127.0.0.1",
        MONETA_ENVIRONMENT: "sandbox",
        MONETA_API_KEY: apiKey
      }))
    )
    yield* Layer.build(Server.layer.pipe(Layer.provide(Layer.setConfigProvider(config))))
    return { baseUrl: `http://127.0.0.1:${port}`, apiKey: Redacted.make(apiKey) } satisfies MonetaServer
  })

/** The typed client for the server, as the app's handlers use it. */
export const clientLayer = (server: MonetaServer) =>
  AssociatedObject.layerClient(server).pipe(Layer.provide(FetchHttpClient.layer))
