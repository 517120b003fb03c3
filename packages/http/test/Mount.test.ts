/**
 * The layers host applications mount Moneta with (`Mount`): the API alone
 * under a prefix, over a database the host provides to its own layers too;
 * and the API with its background work and documents, given the database,
 * sending webhooks to a local endpoint.
 */
import { NodeHttpServer } from "@effect/platform-node"
import { describe, expect, layer } from "@effect/vitest"
import { ServerEnvironment } from "@moneta/bank/Authentication"
import { FirstRun } from "@moneta/bank/FirstRun"
import * as TestDatabase from "@moneta/store/testing"
import { Context, Deferred, Duration, Effect, Layer, Option, Schema } from "effect"
import { HttpClient, HttpClientRequest, HttpClientResponse, HttpRouter } from "effect/http"
import { createServer } from "node:http"
import * as Mount from "../src/Mount.js"
import * as ReferencePage from "../src/ReferencePage.js"

/** The seeded sandbox group's key. */
class SeededKey extends Context.Service<SeededKey, string>()("@moneta/http/test/Mount/SeededKey") {}

const seeded = Layer.effect(
  SeededKey,
  Effect.map(
    Effect.flatMap(FirstRun, (firstRun) => firstRun.run({ environment: "sandbox", apiKey: Option.none() })),
    (result) => result.apiKey
  )
).pipe(Layer.provide(FirstRun.Default), Layer.provide(Layer.succeed(ServerEnvironment, "sandbox")))

const serveOptions = { disableLogger: true, disableListenLog: true } as const

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

const authorized = (request: HttpClientRequest.HttpClientRequest) =>
  Effect.flatMap(
    SeededKey,
    (apiKey) =>
      Effect.flatMap(HttpClient.HttpClient, (client) => client.execute(HttpClientRequest.bearerToken(request, apiKey)))
  )

describe("Mount.api under a prefix, over a database the host provides", () => {
  // The host's first run and Moneta share the database provided around both.
  const served = Layer.merge(
    seeded,
    HttpRouter.serve(
      Mount.api({ database: Mount.providedDatabase, environment: "sandbox", prefix: "/moneta" }),
      serveOptions
    )
  ).pipe(Layer.provideMerge(NodeHttpServer.layerTest), Layer.provide(TestDatabase.layerFor("embedded")))

  layer(served, { timeout: TestDatabase.timeout })((it) => {
    it.effect("serves the API under the prefix with the host's seeded key, and no documents", () =>
      Effect.gen(function*() {
        const accounts = yield* authorized(HttpClientRequest.get("/moneta/accounts"))
        expect(accounts.status).toBe(200)
        expect(yield* accounts.json).toMatchObject({ data: [{ name: "Sandbox checking" }] })
        const client = yield* HttpClient.HttpClient
        expect((yield* client.get("/accounts")).status).toBe(404)
        expect((yield* client.get("/moneta/openapi.json")).status).toBe(404)
      }))
  })
})

for (const kind of TestDatabase.testDatabases) {
  describe(`Mount.apiWithBackgroundAndDocs, given the database (${kind})`, () => {
    const database = TestDatabase.layerFor(kind)
    // The first run goes inside the served layer: HttpRouter.serve builds it apart from the layers beside it.
    const served = HttpRouter.serve(
      Layer.merge(
        Mount.apiWithBackgroundAndDocs({ database, environment: "sandbox" }),
        seeded.pipe(Layer.provide(database))
      ),
      serveOptions
    ).pipe(Layer.provideMerge(NodeHttpServer.layerTest))

    layer(served, { timeout: TestDatabase.timeout })((it) => {
      it.effect("sends a subscription's deliveries: the dispatcher runs with the API", () =>
        Effect.gen(function*() {
          const endpoint = yield* webhookEndpoint
          const subscription = yield* authorized(
            HttpClientRequest.post("/event_subscriptions").pipe(
              HttpClientRequest.bodyJsonUnsafe({ url: endpoint.url, selected_event_category: "account.created" })
            )
          )
          expect(subscription.status).toBe(200)
          const account = yield* authorized(
            HttpClientRequest.post("/accounts").pipe(HttpClientRequest.bodyJsonUnsafe({ name: "Mounted" }))
          )
          const { id } = yield* HttpClientResponse.schemaBodyJson(Schema.Struct({ id: Schema.String }))(account)
          const body = yield* endpoint.received.pipe(Effect.timeout(Duration.seconds(60)))
          expect(JSON.parse(body)).toMatchObject({ category: "account.created", associated_object_id: id })
        }).pipe(Effect.scoped))

      it.effect("serves /docs (the reference page moneta serves) and /openapi.json", () =>
        Effect.gen(function*() {
          const client = yield* HttpClient.HttpClient
          const document = yield* client.get("/openapi.json")
          expect(document.status).toBe(200)
          expect(yield* document.json).toMatchObject({ openapi: "3.1.0", info: { title: "Moneta API" } })
          const page = yield* client.get("/docs")
          expect(page.status).toBe(200)
          expect(page.headers["content-type"]).toContain("text/html")
          // The page moneta serves (ReferencePage): Scalar set up for this API, its key a placeholder.
          expect(yield* page.text).toContain(ReferencePage.apiKeyPlaceholder)
        }))
    })
  })
}
