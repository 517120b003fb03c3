/**
 * Tracing: with `OTEL_EXPORTER_OTLP_ENDPOINT` set, a request's span, the bank
 * operation's span and the SQL statements' spans reach an OTLP/HTTP collector
 * (here a local stand-in) as one trace; without it the tracer is Effect's own.
 */
import { NodeHttpServer } from "@effect/platform-node"
import { describe, expect, it } from "@effect/vitest"
import { ServerEnvironment } from "@moneta/bank/Authentication"
import { FirstRun } from "@moneta/bank/FirstRun"
import * as TestDatabase from "@moneta/store/testing"
import { WebhookDeliveryStore } from "@moneta/store/WebhookDeliveries"
import * as Dispatcher from "@moneta/webhooks/Dispatcher"
import * as Transport from "@moneta/webhooks/Transport"
import { ConfigProvider, Effect, Layer, Option, References } from "effect"
import { HttpServer } from "effect/http"
import { createServer, type Server } from "node:http"
import * as Api from "../src/Api.js"
import * as Tracing from "../src/Tracing.js"

interface ExportedSpan {
  readonly name: string
  readonly traceId: string
  readonly spanId: string
  readonly parentSpanId?: string
  readonly attributes?: ReadonlyArray<{ readonly key: string; readonly value?: { readonly stringValue?: string } }>
}

const attributeOf = (span: ExportedSpan | undefined, key: string): string | undefined =>
  span?.attributes?.find((attribute) => attribute.key === key)?.value?.stringValue

/** A stand-in OTLP/HTTP collector: keeps the spans of every JSON export it receives. */
const collector = Effect.acquireRelease(
  Effect.callback<{ readonly server: Server; readonly url: string; readonly spans: Array<ExportedSpan> }>((resume) => {
    const spans: Array<ExportedSpan> = []
    const server = createServer((request, response) => {
      const chunks: Array<Buffer> = []
      request.on("data", (chunk: Buffer) => chunks.push(chunk))
      request.on("end", () => {
        if (request.url === "/v1/traces") {
          const body: {
            readonly resourceSpans?: ReadonlyArray<
              { readonly scopeSpans?: ReadonlyArray<{ readonly spans?: ReadonlyArray<ExportedSpan> }> }
            >
          } = JSON.parse(Buffer.concat(chunks).toString("utf8"))
          for (const resource of body.resourceSpans ?? []) {
            for (const scope of resource.scopeSpans ?? []) spans.push(...(scope.spans ?? []))
          }
        }
        response.writeHead(200, { "content-type": "application/json" }).end("{}")
      })
    })
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      resume(Effect.succeed({ server, url: `http://127.0.0.1:${port}`, spans }))
    })
  }),
  ({ server }) =>
    Effect.callback<void>((resume) => {
      server.close(() => resume(Effect.void))
    })
)

const served = (kind: TestDatabase.Kind) =>
  Api.layer.pipe(
    Layer.provide(Dispatcher.layer({ environment: "sandbox" })),
    Layer.provide(Layer.mergeAll(WebhookDeliveryStore.Default, Transport.layer("sandbox"))),
    Layer.provideMerge(FirstRun.Default),
    Layer.provideMerge(NodeHttpServer.layer(createServer, { port: 0, host: "127.0.0.1" })),
    Layer.provide(Layer.succeed(ServerEnvironment, "sandbox")),
    Layer.provideMerge(TestDatabase.layerFor(kind))
  )

for (const kind of TestDatabase.testDatabases) {
  describe(`tracing (${kind})`, () => {
    it.live(
      "exports the request, bank operation and SQL spans of a request as one trace over OTLP",
      () =>
        Effect.gen(function*() {
          const { spans, url } = yield* collector
          // The provider stays set for the layers built after it (the test database reads DATABASE_URL).
          const tracing = Tracing.layer.pipe(
            Layer.provide(ConfigProvider.layer(
              ConfigProvider.fromEnv({
                env: { OTEL_EXPORTER_OTLP_ENDPOINT: url, OTEL_SERVICE_NAME: "moneta-test" }
              }).pipe(ConfigProvider.orElse(ConfigProvider.fromEnv()))
            ))
          )
          // The server's scope closes before the assertions: shutting the SDK down flushes its spans.
          yield* Effect.scoped(
            Effect.gen(function*() {
              const seeded = yield* (yield* FirstRun).run({ environment: "sandbox", apiKey: Option.none() })
              const server = yield* HttpServer.HttpServer
              const port = server.address._tag === "UnixPathAddress" ? 0 : server.address.port
              const response = yield* Effect.promise(() =>
                fetch(`http://127.0.0.1:${port}/accounts`, { headers: { authorization: `Bearer ${seeded.apiKey}` } })
              )
              expect(response.status).toBe(200)
              const missing = yield* Effect.promise(() =>
                fetch(`http://127.0.0.1:${port}/accounts/account_missing`, {
                  headers: { authorization: `Bearer ${seeded.apiKey}` }
                })
              )
              expect(missing.status).toBe(404)
            }).pipe(Effect.provide(Layer.provideMerge(served(kind), tracing)))
          )
          const request = spans.find((span) => span.name === "http.server GET")
          expect(request).toBeDefined()
          const inTrace = spans.filter((span) => span.traceId === request?.traceId)
          const bank = inTrace.find((span) => span.name === "bank.Accounts.list")
          expect(bank).toBeDefined()
          // A statement's span carries its text (its name is the database's, as OpenTelemetry's conventions say).
          const sql = inTrace.filter((span) =>
            (span.attributes ?? []).some((attribute) => attribute.key === "db.query.text")
          )
          expect(sql.length).toBeGreaterThan(0)
          const byId = new Map(inTrace.map((span) => [span.spanId, span]))
          const ancestors = (span: ExportedSpan | undefined): ReadonlyArray<string> =>
            span?.parentSpanId === undefined || span.parentSpanId === ""
              ? []
              : [span.parentSpanId, ...ancestors(byId.get(span.parentSpanId))]
          expect(ancestors(bank)).toContain(request?.spanId)
          expect(sql.some((span) => ancestors(span).includes(bank?.spanId ?? ""))).toBe(true)
          // A bank operation's span says what it acted on and how it ended.
          expect(attributeOf(bank, "moneta.outcome")).toBe("ok")
          const retrieve = spans.find((span) => span.name === "bank.Accounts.retrieve")
          expect(attributeOf(retrieve, "moneta.account_id")).toBe("account_missing")
          expect(attributeOf(retrieve, "moneta.outcome")).toBe("ObjectNotFoundError")
        }).pipe(Effect.scoped),
      120_000
    )
  })
}

describe("tracing, unconfigured", () => {
  it.live("leaves Effect's own tracer in place", () =>
    Effect.gen(function*() {
      const before = yield* Effect.tracer
      const after = yield* Effect.tracer.pipe(
        Effect.provide(Tracing.layer.pipe(Layer.provide(ConfigProvider.layer(ConfigProvider.fromEnv({ env: {} })))))
      )
      expect(after).toBe(before)
    }))

  it.live("switches the tracer off (no span is recorded; bank operations run without theirs)", () =>
    Effect.gen(function*() {
      expect(yield* References.TracerEnabled).toBe(true)
      const enabled = yield* References.TracerEnabled.pipe(
        Effect.provide(Tracing.layer.pipe(Layer.provide(ConfigProvider.layer(ConfigProvider.fromEnv({ env: {} })))))
      )
      expect(enabled).toBe(false)
    }))
})
