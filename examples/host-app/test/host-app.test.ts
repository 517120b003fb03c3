/**
 * The host app serves its own routes and Moneta under /moneta (the API, its
 * webhook deliveries, its documents), on the embedded database (and on
 * Postgres when DATABASE_URL is set).
 */
import { NodeHttpServer } from "@effect/platform-node"
import { describe, expect, layer } from "@effect/vitest"
import { MonetaApi } from "@moneta/api/MonetaApi"
import { ServerEnvironment } from "@moneta/bank/Authentication"
import { FirstRun } from "@moneta/bank/FirstRun"
import * as TestDatabase from "@moneta/store/testing"
import { Context, Deferred, Duration, Effect, Layer, Option } from "effect"
import { FetchHttpClient, HttpClient, HttpClientRequest, HttpServer } from "effect/http"
import { HttpApiClient } from "effect/http-api"
import { createServer } from "node:http"
import * as App from "../src/App.js"

/** The API key of the seeded sandbox group. */
class SeededKey extends Context.Service<SeededKey, string>()("SeededKey") {}

const served = (kind: TestDatabase.Kind) => {
  const seeded = Layer.effect(
    SeededKey,
    Effect.flatMap(FirstRun, (firstRun) => firstRun.run({ environment: "sandbox", apiKey: Option.none() })).pipe(
      Effect.map((result) => result.apiKey)
    )
  ).pipe(Layer.provide(FirstRun.Default), Layer.provide(Layer.succeed(ServerEnvironment, "sandbox")))
  // As main.ts does: one database for the app and the first run, provided around both.
  return Layer.merge(seeded, App.layer).pipe(
    Layer.provideMerge(NodeHttpServer.layerTest),
    Layer.provide(TestDatabase.layerFor(kind))
  )
}

/** The typed client of Moneta under the app's prefix, from outside, as another service of the host's would use it. */
const monetaClient = Effect.gen(function*() {
  const apiKey = yield* SeededKey
  const server = yield* HttpServer.HttpServer
  const port = server.address._tag === "UnixPathAddress" ? 0 : server.address.port
  return yield* HttpApiClient.make(MonetaApi, {
    baseUrl: `http://127.0.0.1:${port}${App.monetaPrefix}`,
    transformClient: HttpClient.mapRequest(HttpClientRequest.bearerToken(apiKey))
  }).pipe(Effect.provide(FetchHttpClient.layer))
})

/** A local webhook endpoint for the current scope; `received` completes with the first body posted to it. */
const webhookEndpoint = Effect.gen(function*() {
  const received = yield* Deferred.make<string>()
  const server = yield* Effect.acquireRelease(
    Effect.callback<ReturnType<typeof createServer>>((resume) => {
      const server = createServer((request, response) => {
        let body = ""
        request.setEncoding("utf8")
        request.on("data", (chunk: string) => body += chunk)
        request.on("end", () => {
          response.writeHead(204).end()
          Deferred.doneUnsafe(received, Effect.succeed(body))
        })
      })
      server.listen(0, "127.0.0.1", () => resume(Effect.succeed(server)))
    }),
    (server) =>
      Effect.callback<void>((resume) => {
        server.closeAllConnections()
        server.close(() => resume(Effect.void))
      })
  )
  const address = server.address()
  const port = typeof address === "object" && address !== null ? address.port : 0
  return { url: `http://127.0.0.1:${port}/webhooks`, received: Deferred.await(received) }
})

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
          const moneta = yield* monetaClient
          const accounts = yield* moneta.accounts.list({ query: {} })
          expect(accounts.data.length).toBeGreaterThan(0)
          const created = yield* moneta.accounts.create({ payload: { name: "Host app payroll" } })
          const retrieved = yield* moneta.accounts.retrieve({ params: { account_id: created.id } })
          expect(retrieved.name).toBe("Host app payroll")
        }))

      it.effect("sends Moneta's webhooks: the dispatcher runs inside the app", () =>
        Effect.gen(function*() {
          const moneta = yield* monetaClient
          const endpoint = yield* webhookEndpoint
          const subscription = yield* moneta.eventSubscriptions.create({
            payload: { url: endpoint.url, selected_event_category: "account.created" }
          })
          const account = yield* moneta.accounts.create({ payload: { name: "Delivered" } })
          const body = yield* endpoint.received.pipe(Effect.timeout(Duration.seconds(120)))
          expect(JSON.parse(body)).toMatchObject({ category: "account.created", associated_object_id: account.id })
          yield* moneta.eventSubscriptions.update({
            params: { event_subscription_id: subscription.id },
            payload: { status: "disabled" }
          })
        }).pipe(Effect.scoped))

      it.effect("serves the reference page and the OpenAPI document under /moneta, which name the prefix", () =>
        Effect.gen(function*() {
          const client = yield* HttpClient.HttpClient
          const document = yield* client.get(`${App.monetaPrefix}/openapi.json`)
          expect(document.status).toBe(200)
          expect(yield* document.json).toMatchObject({ servers: [{ url: App.monetaPrefix }] })
          const page = yield* client.get(`${App.monetaPrefix}/docs`)
          expect(page.status).toBe(200)
          expect(page.headers["content-type"]).toContain("text/html")
          expect(yield* page.text).toContain(`"url":"${App.monetaPrefix}"`)
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
