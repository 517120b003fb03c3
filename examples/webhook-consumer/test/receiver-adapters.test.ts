/**
 * End to end: a running Moneta server delivers to each of the receiver's
 * adapters (an Effect HTTP route, a `node:http` handler, a fetch-style
 * handler served the way a fetch-based framework would), and each handler
 * sees every event exactly once, even when Moneta sends it again.
 */
import { NodeHttpServer } from "@effect/platform-node"
import { describe, expect, it } from "@effect/vitest"
import type { Event } from "@moneta/domain/Event"
import * as WebhookSignature from "@moneta/domain/WebhookSignature"
import {
  AssociatedObject,
  Deduplication,
  FetchAdapter,
  Handlers,
  NodeAdapter,
  PlatformAdapter,
  Receiver
} from "@moneta/receiver"
import * as TestDatabase from "@moneta/store/testing"
import { Effect, Layer, type Scope } from "effect"
import { Base64 } from "effect/encoding"
import { HttpEffect, HttpRouter, HttpServer, type HttpServerRequest, type HttpServerResponse } from "effect/http"
import { createServer } from "node:http"
import { eventually, expectTrue } from "./support/Eventually.js"
import { listen } from "./support/Listen.js"
import * as MonetaServer from "./support/MonetaServer.js"

/** A handler that counts, per event id, how often it ran. */
const counting = () => {
  const counts = new Map<string, number>()
  const handlers = Handlers.empty.pipe(
    Handlers.on("*", (event: Event) => Effect.sync(() => counts.set(event.id, (counts.get(event.id) ?? 0) + 1)))
  )
  return { counts, handlers }
}

/** Serves an Effect HTTP app on a free port for the current scope; returns its address. */
const servePlatform = <E>(
  app: Effect.Effect<HttpServerResponse.HttpServerResponse, E, HttpServerRequest.HttpServerRequest | Scope.Scope>
) =>
  Effect.gen(function*() {
    const context = yield* Layer.build(
      HttpServer.serve(app).pipe(Layer.provideMerge(NodeHttpServer.layer(createServer, { port: 0, host: "127.0.0.1" })))
    )
    const server = yield* Effect.provide(HttpServer.HttpServer, context)
    return `http://127.0.0.1:${server.address._tag === "UnixPathAddress" ? 0 : server.address.port}`
  }).pipe(Effect.orDie)

interface Endpoint {
  readonly name: string
  readonly secret: string
  readonly url: string
  readonly counts: ReadonlyMap<string, number>
}

const platformEndpoint = (secret: string) =>
  Effect.gen(function*() {
    const { counts, handlers } = counting()
    const receiver = yield* Receiver.make({ secrets: [secret], handlers })
    const url = yield* servePlatform(
      yield* HttpRouter.toHttpEffect(HttpRouter.add("POST", "/webhooks", PlatformAdapter.httpApp(receiver)))
    )
    return { name: "effect/http", secret, url: `${url}/webhooks`, counts } satisfies Endpoint
  }).pipe(Effect.provide(Deduplication.layerMemory()))

const nodeEndpoint = (secret: string) =>
  Effect.gen(function*() {
    const { counts, handlers } = counting()
    const receiver = yield* Receiver.make({ secrets: [secret], handlers })
    const url = yield* listen(yield* NodeAdapter.makeHandler(receiver))
    return { name: "node:http", secret, url: `${url}/webhooks`, counts } satisfies Endpoint
  }).pipe(Effect.provide(Deduplication.layerMemory()))

const fetchEndpoint = (secret: string) =>
  Effect.gen(function*() {
    const { counts, handlers } = counting()
    // Configured the way Standard Webhooks libraries (and the official SDK) take the secret.
    const standardSecret = `${WebhookSignature.base64SecretPrefix}${Base64.encode(new TextEncoder().encode(secret))}`
    const receiver = yield* Receiver.make({ secrets: [standardSecret], handlers })
    const handler = yield* FetchAdapter.makeHandler(receiver)
    // A fetch-based framework: the platform converts its requests to web Requests and back.
    const url = yield* servePlatform(HttpEffect.fromWebHandler(handler).pipe(Effect.orDie))
    return { name: "fetch", secret, url: `${url}/webhooks`, counts } satisfies Endpoint
  }).pipe(Effect.provide(Deduplication.layerMemory()))

for (const kind of TestDatabase.testDatabases) {
  describe(`receiver adapters, end to end (${kind})`, () => {
    it.live("each adapter handles every delivered event exactly once", () =>
      Effect.gen(function*() {
        const moneta = yield* MonetaServer.start(kind)
        yield* Effect.gen(function*() {
          const client = yield* AssociatedObject.MonetaClient
          const endpoints = [
            yield* platformEndpoint("platform adapter secret"),
            yield* nodeEndpoint("node adapter secret"),
            yield* fetchEndpoint("fetch adapter secret")
          ]
          const subscriptions = yield* Effect.forEach(endpoints, (endpoint) =>
            client.eventSubscriptions.create({ payload: { url: endpoint.url, shared_secret: endpoint.secret } }))

          const accounts = yield* Effect.forEach(["Payroll", "Taxes", "Savings"], (name) =>
            client.accounts.create({ payload: { name } }))
          const events = yield* Effect.forEach(accounts, (account) =>
            Effect.map(client.events.list({ query: { associated_object_id: account.id } }), (page) =>
              page.data))
          const eventIds = events.flat().map((event) =>
            event.id
          )
          expect(eventIds).toHaveLength(3)

          for (const endpoint of endpoints) {
            yield* eventually(
              expectTrue(() =>
                eventIds.every((id) =>
                  endpoint.counts.has(id)
                ), `${endpoint.name} is missing events`)
            )
          }

          // Moneta sends the first event again to every subscription: acknowledged, not handled again.
          const [resent] = eventIds
          if (resent === undefined) {
            return
          }
          yield* Effect.forEach(subscriptions, (subscription) =>
            client.eventSubscriptions.resend({
              params: { event_subscription_id: subscription.id },
              payload: { event_id: resent }
            }))
          for (const subscription of subscriptions) {
            const attempts = yield* eventually(
              Effect.flatMap(
                client.eventSubscriptions.listAttempts({
                  params: { event_subscription_id: subscription.id },
                  query: { event_id: resent }
                }),
                (page) =>
                  page.data.length >= 2 ? Effect.succeed(page.data) : Effect.fail("not resent yet")
              )
            )
            expect(attempts.map((attempt) => [attempt.status, attempt.response_status_code])).toEqual([
              ["succeeded", 200],
              ["succeeded", 200]
            ])
            expect(attempts[0]?.response_body).toContain("duplicate")
          }
          for (const endpoint of endpoints) {
            expect({ endpoint: endpoint.name, counts: [...endpoint.counts.values()].filter((count) => count !== 1) })
              .toEqual({ endpoint: endpoint.name, counts: [] })
            expect(endpoint.counts.get(resent)).toBe(1)
          }
        }).pipe(Effect.provide(MonetaServer.clientLayer(moneta)))
      }).pipe(Effect.scoped), 180_000)
  })
}
