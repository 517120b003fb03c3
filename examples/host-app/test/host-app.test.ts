/**
 * The host app serves its own routes and Moneta's API under /moneta, on the
 * embedded database (and on Postgres when DATABASE_URL is set).
 */
import { NodeHttpServer } from "@effect/platform-node"
import { describe, expect, layer } from "@effect/vitest"
import { MonetaApi } from "@moneta/api/MonetaApi"
import { ServerEnvironment } from "@moneta/bank/Authentication"
import { FirstRun } from "@moneta/bank/FirstRun"
import * as TestDatabase from "@moneta/store/testing"
import { Context, Effect, Layer, Option } from "effect"
import { FetchHttpClient, HttpClient, HttpClientRequest, HttpServer } from "effect/http"
import { HttpApiClient } from "effect/http-api"
import * as App from "../src/App.js"

/** The API key of the seeded sandbox group. */
class SeededKey extends Context.Service<SeededKey, string>()("SeededKey") {}

/** The first run seeds the database, as the app's `main.ts` does at start. */
const seeded = Layer.effect(
  SeededKey,
  Effect.flatMap(FirstRun, (firstRun) => firstRun.run({ environment: "sandbox", apiKey: Option.none() })).pipe(
    Effect.map((result) => result.apiKey)
  )
)

const served = (kind: TestDatabase.Kind) =>
  seeded.pipe(
    Layer.provideMerge(App.layer),
    Layer.provideMerge(NodeHttpServer.layerTest),
    Layer.provideMerge(FirstRun.Default),
    Layer.provideMerge(Layer.succeed(ServerEnvironment, "sandbox")),
    Layer.provideMerge(TestDatabase.layerFor(kind))
  )

for (const kind of TestDatabase.testDatabases) {
  describe(`host app (${kind})`, () => {
    // The standalone `layer`, each block with a server of its own (embedded, then Postgres).
    layer(served(kind), { timeout: TestDatabase.timeout })((it) => {
      it.effect("keeps serving its own routes", () =>
        Effect.gen(function*() {
          const client = yield* HttpClient.HttpClient
          const home = yield* client.get("/")
          expect(home.status).toBe(200)
          expect(yield* home.text).toContain("host app")
          const health = yield* client.get("/health")
          expect(yield* health.json).toEqual({ status: "ok" })
        }))

      it.effect("serves Moneta's API under /moneta, usable with the typed client", () =>
        Effect.gen(function*() {
          const apiKey = yield* SeededKey
          const server = yield* HttpServer.HttpServer
          const port = server.address._tag === "UnixPathAddress" ? 0 : server.address.port
          // An ordinary client from outside, as another service of the host's would use.
          const moneta = yield* HttpApiClient.make(MonetaApi, {
            baseUrl: `http://127.0.0.1:${port}${App.monetaPrefix}`,
            transformClient: HttpClient.mapRequest(HttpClientRequest.bearerToken(apiKey))
          }).pipe(Effect.provide(FetchHttpClient.layer))
          const accounts = yield* moneta.accounts.list({ query: {} })
          expect(accounts.data.length).toBeGreaterThan(0)
          const created = yield* moneta.accounts.create({ payload: { name: "Host app payroll" } })
          const retrieved = yield* moneta.accounts.retrieve({ params: { account_id: created.id } })
          expect(retrieved.name).toBe("Host app payroll")
        }))

      it.effect("Moneta's errors keep their shape under the prefix; outside it the app answers", () =>
        Effect.gen(function*() {
          const client = yield* HttpClient.HttpClient
          const unauthenticated = yield* client.get(`${App.monetaPrefix}/accounts`)
          expect(unauthenticated.status).toBe(401)
          expect(yield* unauthenticated.json).toMatchObject({ type: "invalid_api_key_error", status: 401 })
          const outside = yield* client.get("/accounts")
          expect(outside.status).toBe(404)
        }))
    })
  })
}
