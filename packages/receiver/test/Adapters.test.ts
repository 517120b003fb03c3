/**
 * The three adapters answer the same deliveries the same way, over real HTTP
 * (the fetch-style handler is also called directly, as a framework would).
 */
import { NodeHttpServer } from "@effect/platform-node"
import { describe, expect, it } from "@effect/vitest"
import { Event } from "@moneta/domain/Event"
import { UnknownEventCategory } from "@moneta/domain/EventCategory"
import { EventId } from "@moneta/domain/Ids"
import { eventArbitrary } from "@moneta/domain/testing"
import { DateTime, Effect, Layer, type Scope } from "effect"
import { HttpRouter, HttpServer, HttpServerResponse } from "effect/http"
import * as fc from "fast-check"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import * as Deduplication from "../src/Deduplication.js"
import * as FetchAdapter from "../src/FetchAdapter.js"
import * as Handlers from "../src/Handlers.js"
import * as NodeAdapter from "../src/NodeAdapter.js"
import * as PlatformAdapter from "../src/PlatformAdapter.js"
import * as Receiver from "../src/Receiver.js"
import { sign, type Signed, withHeader } from "./support/Deliveries.js"

const secret = "adapter-test-secret"

interface Answer {
  readonly status: number
  readonly body: unknown
}

/** Sends a request to the adapter under test. */
type Post = (
  request: { readonly method?: string; readonly headers: Record<string, string>; readonly body: Uint8Array }
) => Effect.Effect<Answer>

const readAnswer = (response: Response): Effect.Effect<Answer> =>
  Effect.promise(async () => {
    const text = await response.text()
    return { status: response.status, body: text.length === 0 ? null : JSON.parse(text) }
  })

const overHttp = (url: string): Post => (request) =>
  Effect.flatMap(
    Effect.promise(() =>
      fetch(url, {
        method: request.method ?? "POST",
        headers: request.headers,
        ...(request.method === "GET" ? {} : { body: request.body })
      })
    ),
    readAnswer
  )

/** A receiver whose handler records events and fails the first delivery of `account.updated`. */
const makeReceiver = Effect.gen(function*() {
  const seen: Array<string> = []
  let failNext = true
  const handlers = Handlers.empty.pipe(
    Handlers.on("wire_transfer.*", (event) => Effect.sync(() => seen.push(event.id))),
    Handlers.on("account.updated", (event) =>
      Effect.suspend(() => {
        if (failNext) {
          failNext = false
          return Effect.fail("first attempt fails")
        }
        seen.push(event.id)
        return Effect.void
      }))
  )
  const receiver = yield* Receiver.make({ secrets: [secret], handlers, maxBodyBytes: 4096 })
  return { receiver, seen }
}).pipe(Effect.provide(Deduplication.layerMemory()))

type Harness = (receiver: Receiver.Receiver<never>) => Effect.Effect<Post, never, Scope.Scope>

const platformRoute: Harness = (receiver) =>
  Effect.gen(function*() {
    const routes = Layer.mergeAll(
      HttpRouter.add("GET", "/", HttpServerResponse.text("the host app")),
      HttpRouter.add("POST", "/webhooks", PlatformAdapter.httpApp(receiver)),
      HttpRouter.add("GET", "/webhooks", PlatformAdapter.httpApp(receiver))
    )
    return yield* serveWithPlatform(HttpRouter.serve(routes, { disableLogger: true }))
  })

const platformMiddleware: Harness = (receiver) =>
  serveWithPlatform(
    HttpServer.serve(
      Effect.succeed(HttpServerResponse.text("the host app")),
      PlatformAdapter.middleware(receiver, { path: "/webhooks" })
    )
  )

const serveWithPlatform = (serve: Layer.Layer<never, never, HttpServer.HttpServer>) =>
  Effect.gen(function*() {
    const context = yield* Layer.build(
      serve.pipe(Layer.provideMerge(NodeHttpServer.layer(createServer, { port: 0, host: "127.0.0.1" })))
    )
    const server = yield* Effect.provide(HttpServer.HttpServer, context)
    const port = server.address._tag === "UnixPathAddress" ? 0 : server.address.port
    return overHttp(`http://127.0.0.1:${port}/webhooks`)
  }).pipe(Effect.orDie)

const nodeHandler: Harness = (receiver) =>
  Effect.gen(function*() {
    const handler = yield* NodeAdapter.makeHandler(receiver)
    const server = createServer((request, response) => {
      if (request.url === "/webhooks") handler(request, response)
      else response.end("the host app")
    })
    yield* Effect.acquireRelease(
      Effect.callback<void>((resume) => {
        server.listen(0, "127.0.0.1", () => resume(Effect.void))
      }),
      () =>
        Effect.callback<void>((resume) => {
          server.close(() => resume(Effect.void))
        })
    )
    const { port } = server.address() as AddressInfo // safe: a TCP server that is listening has an AddressInfo
    return overHttp(`http://127.0.0.1:${port}/webhooks`)
  })

const fetchDirect: Harness = (receiver) =>
  Effect.map(FetchAdapter.makeHandler(receiver), (handler): Post => (request) =>
    Effect.flatMap(
      Effect.promise(() =>
        handler(
          new Request("http://app.test/webhooks", {
            method: request.method ?? "POST",
            headers: request.headers,
            ...(request.method === "GET" ? {} : { body: request.body })
          })
        )
      ),
      readAnswer
    ))

const [sample] = fc.sample(eventArbitrary, { numRuns: 1, seed: 11 })
if (sample === undefined) throw new Error("fast-check gave no sample")

const eventOf = (category: string, id: string) =>
  new Event({ ...sample, id: EventId.make(id), category: UnknownEventCategory.make(category) })

const post = (send: Post, signed: Signed) => send({ headers: signed.headers, body: signed.body })

const adapters: ReadonlyArray<readonly [string, Harness]> = [
  ["effect/http app on a route", platformRoute],
  ["effect/http middleware", platformMiddleware],
  ["node:http handler", nodeHandler],
  ["fetch-style handler", fetchDirect]
]

describe("adapters", () => {
  for (const [name, harness] of adapters) {
    it.live(`${name}: answers 2xx once handled, 4xx for rejections, 5xx for failures`, () =>
      Effect.gen(function*() {
        const { receiver, seen } = yield* makeReceiver
        const send = yield* harness(receiver)
        const now = Math.floor(DateTime.toEpochMillis(yield* DateTime.now) / 1000)
        const signedNow = (category: string, id: string) =>
          sign(eventOf(category, id), { timestamp: now, secrets: [secret] })

        const transfer = signedNow("wire_transfer.updated", "event_transfer_1")
        expect(yield* post(send, transfer)).toEqual({
          status: 200,
          body: { outcome: "handled", webhook_id: "event_transfer_1" }
        })
        expect(yield* post(send, transfer)).toEqual({
          status: 200,
          body: { outcome: "duplicate", webhook_id: "event_transfer_1" }
        })

        const unknown = signedNow("brand_new.category", "event_unknown_1")
        expect(yield* post(send, unknown)).toMatchObject({ status: 200, body: { outcome: "ignored" } })

        const forged = sign(eventOf("wire_transfer.updated", "event_forged"), {
          timestamp: now,
          secrets: ["another secret"]
        })
        expect(yield* post(send, forged)).toMatchObject({ status: 401, body: { error: "InvalidSignatureError" } })

        const stale = sign(eventOf("wire_transfer.updated", "event_stale"), { timestamp: now - 600, secrets: [secret] })
        expect(yield* post(send, stale)).toMatchObject({ status: 401, body: { error: "TimestampTooOldError" } })

        const unsigned = withHeader(
          signedNow("wire_transfer.updated", "event_unsigned"),
          "webhook-signature",
          undefined
        )
        expect(yield* post(send, unsigned)).toMatchObject({
          status: 400,
          body: { error: "MalformedSignatureHeadersError" }
        })

        const huge = new TextEncoder().encode(`{"padding":"${"x".repeat(5000)}"}`)
        expect(yield* send({ headers: { "webhook-id": "event_huge" }, body: huge })).toMatchObject({
          status: 413,
          body: { error: "BodyTooLargeError" }
        })

        const failing = signedNow("account.updated", "event_account_1")
        expect(yield* post(send, failing)).toMatchObject({ status: 500, body: { error: "HandlerFailedError" } })
        expect(yield* post(send, failing)).toMatchObject({ status: 200, body: { outcome: "handled" } })

        expect((yield* send({ method: "GET", headers: {}, body: new Uint8Array() })).status).toBe(405)
        expect(seen).toEqual(["event_transfer_1", "event_account_1"])
      }).pipe(Effect.scoped), 30_000)
  }
})
