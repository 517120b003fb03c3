/**
 * What an operator relies on, through the server's real HTTP stack (`Api.layer`
 * over a test database, with the webhook dispatcher): the health probes
 * outside authentication, the request id and the log line of each request,
 * the compressed reference page (its Scalar configuration and the document it
 * shows), `GET /` and the favicon.
 */
import { NodeHttpServer } from "@effect/platform-node"
import { describe, expect, layer } from "@effect/vitest"
import { MonetaApi } from "@moneta/api/MonetaApi"
import { ServerEnvironment } from "@moneta/bank/Authentication"
import { FirstRun } from "@moneta/bank/FirstRun"
import * as ReferencePage from "@moneta/http/ReferencePage"
import * as TestDatabase from "@moneta/store/testing"
import { WebhookDeliveryStore } from "@moneta/store/WebhookDeliveries"
import * as Dispatcher from "@moneta/webhooks/Dispatcher"
import * as Transport from "@moneta/webhooks/Transport"
import { Context, Effect, Layer, Logger, Option, References } from "effect"
import { HttpServer } from "effect/http"
import { OpenApi } from "effect/http-api"
import * as Http from "node:http"
import { createServer } from "node:http"
import * as Net from "node:net"
import { brotliDecompressSync, gunzipSync } from "node:zlib"
import * as Api from "../src/Api.js"

interface LogEntry {
  readonly message: unknown
  readonly level: string
  readonly annotations: Record<string, unknown>
}

class Served extends Context.Service<Served, {
  readonly baseUrl: string
  readonly apiKey: string
  readonly logs: ReadonlyArray<LogEntry>
}>()("@moneta/server/test/Served") {}

const logs: Array<LogEntry> = []
/** Called after each entry is collected (tests waiting for a line). */
const onLogged = new Set<() => void>()

const collectingLogger = Logger.layer([
  Logger.make(({ fiber, logLevel, message }) => {
    logs.push({
      message: Array.isArray(message) ? message[0] : message,
      level: logLevel.toUpperCase(),
      annotations: { ...fiber.getRef(References.CurrentLogAnnotations) }
    })
    for (const listener of onLogged) listener()
  })
])

const served = Layer.effect(
  Served,
  Effect.gen(function*() {
    const seeded = yield* (yield* FirstRun).run({ environment: "sandbox", apiKey: Option.none() })
    const server = yield* HttpServer.HttpServer
    const port = server.address._tag === "UnixPathAddress" ? 0 : server.address.port
    return { baseUrl: `http://127.0.0.1:${port}`, apiKey: seeded.apiKey, logs }
  })
)

const serverLayer = (kind: TestDatabase.Kind) =>
  served.pipe(
    Layer.provideMerge(Api.layer),
    Layer.provide(Dispatcher.layer({ environment: "sandbox" })),
    Layer.provide(Layer.mergeAll(WebhookDeliveryStore.Default, Transport.layer("sandbox"), FirstRun.Default)),
    Layer.provide(NodeHttpServer.layer(createServer, { port: 0, host: "127.0.0.1" })),
    Layer.provide(Layer.succeed(ServerEnvironment, "sandbox")),
    Layer.provide(TestDatabase.layerFor(kind)),
    Layer.provide(Layer.merge(collectingLogger, Layer.succeed(References.MinimumLogLevel, "All")))
  )

const get = (url: string, headers: Record<string, string> = {}) =>
  Effect.promise(async () => {
    const response = await fetch(url, { headers })
    return { status: response.status, headers: response.headers, body: new Uint8Array(await response.arrayBuffer()) }
  })

/** The bytes as sent (fetch would decode them). */
const getRaw = (url: string, acceptEncoding: string) =>
  Effect.callback<{ readonly encoding: string | undefined; readonly body: Buffer }, Error>((resume) => {
    Http.get(url, { headers: { "accept-encoding": acceptEncoding } }, (response) => {
      const chunks: Array<Buffer> = []
      response.on("data", (chunk: Buffer) => chunks.push(chunk))
      response.on(
        "end",
        () => resume(Effect.succeed({ encoding: response.headers["content-encoding"], body: Buffer.concat(chunks) }))
      )
    }).on("error", (error) => resume(Effect.fail(error)))
  })

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes)

type Json = { readonly [key: string]: unknown }

const isRecord = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value)

const recordsIn = (value: unknown): ReadonlyArray<Json> =>
  Array.isArray(value) ? value.filter(isRecord) : isRecord(value) ? Object.values(value).filter(isRecord) : []

/** Scalar's configuration in the page (its JSON element), the document shown included (`content`). */
const configurationOf = (page: string): Json => {
  const element = new RegExp(
    `<script type="application/json" id="${ReferencePage.configurationElementId}">(.*?)</script>`,
    "s"
  )
  const parsed: unknown = JSON.parse(element.exec(page)?.[1] ?? "{}")
  return isRecord(parsed) ? parsed : {}
}

/** `value` with each parameter declared by `content` declared by its one schema instead, as /openapi.json has them. */
const withParametersBySchema = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withParametersBySchema)
  if (!isRecord(value)) return value
  const { content, ...rest } = value
  if (typeof value["in"] === "string" && isRecord(content)) {
    return { ...rest, schema: recordsIn(content)[0]?.["schema"] }
  }
  return Object.fromEntries(Object.entries(value).map(([key, nested]) => [key, withParametersBySchema(nested)]))
}

const requestLines = (requestId: string) =>
  logs.filter((entry) => entry.message === "request" && entry.annotations["request_id"] === requestId)

/** The request's line once it is logged (for a request with no response to wait for). */
const requestLineLogged = (requestId: string) =>
  Effect.callback<LogEntry>((resume) => {
    const check = () => {
      const line = requestLines(requestId)[0]
      if (line === undefined) return
      onLogged.delete(check)
      resume(Effect.succeed(line))
    }
    onLogged.add(check)
    check()
    return Effect.sync(() => onLogged.delete(check))
  })

for (const kind of TestDatabase.testDatabases) {
  describe(`operations (${kind})`, () => {
    layer(serverLayer(kind), { timeout: TestDatabase.timeout, excludeTestServices: true })((it) => {
      it.effect("/health and /ready answer without a key; ready checks the database, migrations and dispatcher", () =>
        Effect.gen(function*() {
          const { baseUrl } = yield* Served
          const health = yield* get(`${baseUrl}/health`)
          expect(health.status).toBe(200)
          expect(JSON.parse(text(health.body))).toEqual({ status: "ok" })
          const ready = yield* get(`${baseUrl}/ready`)
          expect(ready.status).toBe(200)
          expect(JSON.parse(text(ready.body))).toEqual({
            status: "ready",
            checks: { database: "ok", migrations: "ok", dispatcher: "ok" }
          })
        }))

      it.effect("echoes an acceptable x-request-id and logs one line per request with its route", () =>
        Effect.gen(function*() {
          const { apiKey, baseUrl } = yield* Served
          const response = yield* get(`${baseUrl}/accounts/account_doesnotexist?`, {
            authorization: `Bearer ${apiKey}`,
            "x-request-id": `${kind}-42.a:b_c`
          })
          expect(response.status).toBe(404)
          expect(response.headers.get("x-request-id")).toBe(`${kind}-42.a:b_c`)
          const lines = requestLines(`${kind}-42.a:b_c`)
          expect(lines).toHaveLength(1)
          expect(lines[0]?.level).toBe("INFO")
          expect(lines[0]?.annotations).toMatchObject({
            method: "GET",
            route: "/accounts/:account_id",
            path: "/accounts/account_doesnotexist",
            status: 404,
            duration_ms: expect.any(Number)
          })
        }))

      it.effect("replaces a missing, oversized or unsafe x-request-id with a generated one", () =>
        Effect.gen(function*() {
          const { baseUrl } = yield* Served
          for (const offered of [undefined, "x".repeat(129), "two words", "line\\nbreak", ""]) {
            const response = yield* get(`${baseUrl}/accounts`, offered === undefined ? {} : { "x-request-id": offered })
            expect(response.status).toBe(401)
            const echoed = response.headers.get("x-request-id") ?? ""
            expect(echoed).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
            expect(requestLines(echoed)).toHaveLength(1)
          }
        }))

      it.effect("logs a request whose client hung up as a 499 at Info, not as a server error", () =>
        Effect.gen(function*() {
          const { apiKey, baseUrl } = yield* Served
          const requestId = `${kind}-hung-up`
          // The headers and part of the body, then the connection closed while the server reads the rest.
          yield* Effect.callback<void>((resume) => {
            const socket = Net.connect(Number(new URL(baseUrl).port), "127.0.0.1", () => {
              socket.write(
                [
                  "POST /accounts HTTP/1.1",
                  "Host: 127.0.0.1",
                  `Authorization: Bearer ${apiKey}`,
                  "Content-Type: application/json",
                  "Content-Length: 100",
                  `x-request-id: ${requestId}`,
                  "",
                  `{"na`
                ].join("\r\n"),
                () => socket.destroy()
              )
            })
            socket.on("close", () => resume(Effect.void))
          })
          const line = yield* requestLineLogged(requestId)
          expect(line.level).toBe("INFO")
          expect(line.annotations).toMatchObject({ method: "POST", route: "/accounts", status: 499 })
        }))

      it.effect("logs unknown routes and health probes too (probes at Debug)", () =>
        Effect.gen(function*() {
          const { baseUrl } = yield* Served
          const unknown = yield* get(`${baseUrl}/no_such_thing`, { "x-request-id": `${kind}-unknown-route` })
          expect(unknown.status).toBe(404)
          expect(requestLines(`${kind}-unknown-route`)[0]?.annotations).toMatchObject({
            route: "-",
            path: "/no_such_thing",
            status: 404
          })
          yield* get(`${baseUrl}/ready`, { "x-request-id": `${kind}-probe` })
          expect(requestLines(`${kind}-probe`)[0]?.level).toBe("DEBUG")
        }))

      it.effect(
        "/docs is Brotli or gzip when asked, identical once decoded, and loads no outside fonts",
        () =>
          Effect.gen(function*() {
            const { baseUrl } = yield* Served
            const plain = yield* get(`${baseUrl}/docs`, { "accept-encoding": "identity" })
            expect(plain.status).toBe(200)
            expect(plain.headers.get("content-encoding")).toBeNull()
            expect(plain.headers.get("vary")).toBe("Accept-Encoding")
            expect(text(plain.body)).toContain(`"withDefaultFonts":false`)
            const br = yield* getRaw(`${baseUrl}/docs`, "gzip, br")
            expect(br.encoding).toBe("br")
            expect(br.body.length).toBeLessThan(plain.body.length / 3)
            expect(brotliDecompressSync(br.body).equals(Buffer.from(plain.body))).toBe(true)
            const gzipped = yield* getRaw(`${baseUrl}/docs`, "gzip;q=1, br;q=0")
            expect(gzipped.encoding).toBe("gzip")
            expect(gunzipSync(gzipped.body).equals(Buffer.from(plain.body))).toBe(true)
          })
        // This layer does not prepare the documents ahead (the server does): the first /docs waits for them,
        // seconds on a loaded machine (vitest's limit here is minutes).
      )

      it.effect("/docs loads nothing from another host: every src, href, url() and @import is same-origin or data:", () =>
        Effect.gen(function*() {
          const { baseUrl } = yield* Served
          const page = text((yield* get(`${baseUrl}/docs`, { "accept-encoding": "identity" })).body)
          // Attributes of the page's own tags, and CSS references anywhere in it, the inlined bundle's stylesheets included.
          const attributes = Array.from(
            page.matchAll(/<[a-zA-Z][^>]*?\s(?:src|href)\s*=\s*["']([^"']*)["']/g),
            (match) => match[1] ?? ""
          )
          const cssUrls = Array.from(page.matchAll(/url\(\s*["']?([^)"']*)["']?\s*\)/g), (match) => match[1] ?? "")
          const imports = Array.from(
            page.matchAll(/@import\s+(?:url\()?\s*["']([^"']+)["']/g),
            (match) => match[1] ?? ""
          )
          expect(cssUrls.length).toBeGreaterThan(0)
          const outside = [...attributes, ...cssUrls, ...imports].filter((reference) => {
            if (reference === "" || reference.startsWith("data:") || reference.startsWith("#")) return false
            return new URL(reference, baseUrl).origin !== baseUrl
          })
          expect(outside).toEqual([])
          expect(configurationOf(page)).toMatchObject({ withDefaultFonts: false })
          expect(configurationOf(page)).not.toHaveProperty("proxyUrl")
          expect(page).not.toMatch(/<script[^>]*\ssrc=/)
        }))

      it.effect(
        "/docs: bearer auth selected with a placeholder (never a key), no developer toolbar, no link to scalar.com",
        () =>
          Effect.gen(function*() {
            const { apiKey, baseUrl } = yield* Served
            const page = text((yield* get(`${baseUrl}/docs`, { "accept-encoding": "identity" })).body)
            const { content: _document, ...configuration } = configurationOf(page)
            expect(configuration).toEqual({
              withDefaultFonts: false,
              favicon: "/favicon.ico",
              showDeveloperTools: "never",
              hideClientButton: true,
              telemetry: false,
              authentication: {
                preferredSecurityScheme: "apiKey",
                securitySchemes: { apiKey: { token: ReferencePage.apiKeyPlaceholder } }
              }
            })
            expect(page.includes(apiKey)).toBe(false)
            // The scheme named is the document's bearer scheme.
            const document = JSON.parse(text((yield* get(`${baseUrl}/openapi.json`)).body))
            expect(document.components.securitySchemes.apiKey).toEqual({ type: "http", scheme: "bearer" })
          })
      )

      it.effect(
        "/docs lists the optional Idempotency-Key of every POST, declared so that Scalar's code samples leave it out",
        () =>
          Effect.gen(function*() {
            const { baseUrl } = yield* Served
            const page = text((yield* get(`${baseUrl}/docs`, { "accept-encoding": "identity" })).body)
            const shown = configurationOf(page)["content"]
            const served: unknown = JSON.parse(text((yield* get(`${baseUrl}/openapi.json`)).body))
            // The control API's POSTs (/moneta/…) take no Idempotency-Key: an operator's calls, not a client's writes.
            const paths = isRecord(shown) && isRecord(shown["paths"]) ? shown["paths"] : {}
            const posts = Object.entries(paths).flatMap(([path, item]) =>
              !path.startsWith("/moneta/") && isRecord(item) && isRecord(item["post"]) ? [item["post"]] : []
            )
            expect(posts.length).toBeGreaterThan(20)
            for (const post of posts) {
              const key = recordsIn(post["parameters"]).find((parameter) => parameter["name"] === "Idempotency-Key")
              expect(key).toMatchObject({
                in: "header",
                required: false,
                description: expect.stringContaining("processed once"),
                content: { "text/plain": { schema: { type: "string", minLength: 1, maxLength: 200 } } }
              })
              expect(key).not.toHaveProperty("schema")
            }
            // Nothing else differs from /openapi.json, where the header is declared by its schema.
            expect(withParametersBySchema(shown)).toEqual(served)
          })
      )

      it.effect("GET / points a client at the reference and the OpenAPI document; a browser goes to /docs", () =>
        Effect.gen(function*() {
          const { baseUrl } = yield* Served
          for (const headers of [{}, { accept: "*/*" }, { accept: "application/json" }]) {
            const answer = yield* get(`${baseUrl}/`, headers)
            expect(answer.status).toBe(200)
            expect(answer.headers.get("content-type")).toContain("application/json")
            expect(JSON.parse(text(answer.body))).toMatchObject({
              environment: "sandbox",
              reference: "/docs",
              openapi: "/openapi.json"
            })
          }
          const browser = yield* Effect.promise(() =>
            fetch(`${baseUrl}/`, {
              redirect: "manual",
              headers: { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" }
            })
          )
          expect(browser.status).toBe(302)
          expect(browser.headers.get("location")).toBe("/docs")
          expect(browser.headers.get("vary")).toBe("Accept")
        }))

      it.effect("/openapi.json is the API's OpenAPI document, the same on every request", () =>
        Effect.gen(function*() {
          const { baseUrl } = yield* Served
          const first = yield* get(`${baseUrl}/openapi.json`, { "accept-encoding": "identity" })
          expect(first.status).toBe(200)
          expect(first.headers.get("content-type")).toContain("application/json")
          expect(JSON.parse(text(first.body))).toEqual(OpenApi.fromApi(MonetaApi))
          const second = yield* get(`${baseUrl}/openapi.json`, { "accept-encoding": "identity" })
          expect(text(second.body)).toBe(text(first.body))
        }))

      it.effect("/favicon.ico is an icon", () =>
        Effect.gen(function*() {
          const { baseUrl } = yield* Served
          const icon = yield* get(`${baseUrl}/favicon.ico`)
          expect(icon.status).toBe(200)
          expect(icon.headers.get("content-type")).toBe("image/x-icon")
          expect(Array.from(icon.body.slice(0, 4))).toEqual([0, 0, 1, 0])
        }))
    })
  })
}
