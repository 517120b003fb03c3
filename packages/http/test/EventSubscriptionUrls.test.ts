/**
 * A URL in a request body is taken only when its text is the URL itself
 * (domain `Url`): whitespace or a control character anywhere, which the URL
 * parser would forgive, is a 400 on the field and nothing is stored.
 */
import { describe, expect, layer } from "@effect/vitest"
import * as TestDatabase from "@moneta/store/testing"
import { Effect } from "effect"
import { expectInvalidParameters, expectNothingWritten, raw } from "./support/Requests.js"
import * as TestServer from "./support/TestServer.js"

const valid = "https://hooks.example.com/moneta?source=api&tag=a%20b"

const refused: ReadonlyArray<readonly [string, string]> = [
  [`${valid}\r\nX-Injected: 1`, "carriage return"],
  [`${valid}\n`, "line feed"],
  [` ${valid}`, "space"],
  [`${valid} `, "space"],
  ["https://hooks.example.com/a b", "space"],
  ["https://hooks.exa\tmple.com/", "tab"],
  [`${valid}\u0085`, "U+0085"],
  [`\u00a0${valid}`, "U+00A0"],
  [`${valid}\u2028`, "U+2028"],
  [`\u001b${valid}`, "U+001B"],
  [`${valid}\u007f`, "U+007F"],
  [`${valid}\u0000`, ""]
]

interface JsonSchema {
  readonly pattern?: string
  readonly properties?: Record<string, JsonSchema>
}

interface OpenApiDocument {
  readonly components: { readonly schemas: Record<string, JsonSchema> }
}

for (const kind of TestDatabase.testDatabases) {
  describe(`event subscription urls (${kind})`, () => {
    layer(TestServer.layer(kind, "sandbox", { docs: true }), { timeout: TestDatabase.timeout })((it) => {
      it.effect("whitespace or a control character in url is a 400 on url, and nothing is stored", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          for (const [url, named] of refused) {
            const answer = yield* expectNothingWritten(
              server.client,
              raw(server).post("/event_subscriptions", { url })
            )
            const body = expectInvalidParameters(answer, ["url"])
            expect(body.errors?.find((error) => error.field === "url")?.message, JSON.stringify(url)).toContain(named)
          }
          const listed = yield* server.client.eventSubscriptions.list({ query: {} })
          expect(listed.data.filter((subscription) => subscription.url.startsWith(valid.slice(0, 20)))).toEqual([])
        }))

      it.effect("a valid url is stored and answered exactly as sent", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          for (const url of [valid, "https://bücher.example/pfad/%0D%0A"]) {
            const created = yield* raw(server).post("/event_subscriptions", { url })
            expect(created.status).toBe(200)
            const id = String((created.body as { readonly id: unknown }).id)
            expect(created.body).toMatchObject({ url })
            expect((yield* raw(server).get(`/event_subscriptions/${id}`)).body).toMatchObject({ url })
            expect((yield* raw(server).patch(`/event_subscriptions/${id}`, { status: "deleted" })).status).toBe(200)
          }
        }))

      it.effect("the served OpenAPI document states the rule as a pattern on the url", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const document = (yield* raw(server).get("/openapi.json")).body as OpenApiDocument
          // the field's own description makes its schema inline (FieldDescriptions), so the rule is on the property
          const pattern = document.components.schemas.CreateEventSubscription?.properties?.url?.pattern
          expect(typeof pattern).toBe("string")
          const regExp = new RegExp(pattern ?? "")
          expect(regExp.test(valid)).toBe(true)
          for (const [url] of refused) expect(regExp.test(url), JSON.stringify(url)).toBe(false)
        }))
    })
  })
}
