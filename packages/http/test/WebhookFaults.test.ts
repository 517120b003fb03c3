/**
 * The webhook fault endpoints through the real server, on both databases:
 * faults are added, listed in the order they apply and cleared; bad faults
 * and the limit get clear errors; another group's subscription is a 404; a
 * live key is refused. (The dispatcher's use of them: webhooks' Faults.test.)
 */
import { describe, expect, layer } from "@effect/vitest"
import { maxPendingFaults } from "@moneta/domain/WebhookFault"
import * as TestDatabase from "@moneta/store/testing"
import { Effect, Schema } from "effect"
import { expectError, expectInvalidParameters, expectNotFound, raw } from "./support/Requests.js"
import * as TestServer from "./support/TestServer.js"

const WithId = Schema.Struct({ id: Schema.String })

for (const kind of TestDatabase.testDatabases) {
  describe(`webhook faults (${kind})`, () => {
    layer(TestServer.layer(kind), { timeout: TestDatabase.timeout })((it) => {
      it.effect("adds, lists in order and clears; refuses bad faults, the limit and others' subscriptions", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const api = raw(server)
          const created = yield* api.post("/event_subscriptions", { url: "https://example.com/faults" })
          const id = Schema.decodeUnknownSync(WithId)(created.body).id
          const path = `/moneta/event_subscriptions/${id}/faults`

          const first = yield* api.post(path, { kind: "status", status: 500, count: 3 })
          expect(first.status, first.text).toBe(200)
          expect(first.body).toMatchObject({
            event_subscription_id: id,
            kind: "status",
            status: 500,
            seconds: null,
            remaining: 3,
            type: "webhook_fault"
          })
          expect((yield* api.post(path, { kind: "delay", seconds: 2 })).status).toBe(200)
          const listed = yield* api.get(path)
          expect(listed.body).toMatchObject({
            data: [{ kind: "status", remaining: 3 }, { kind: "delay", seconds: 2, remaining: 1 }],
            next_cursor: null
          })

          expectInvalidParameters(yield* api.post(path, { kind: "status" }), ["status"])
          expectInvalidParameters(yield* api.post(path, { kind: "delay", seconds: 31 }), ["seconds"])
          expectInvalidParameters(yield* api.post(path, { kind: "timeout", count: 0 }), ["count"])
          expectError(yield* api.post(path, { kind: "explode" }), 400, "invalid_parameters_error")

          for (let index = 2; index < maxPendingFaults; index++) {
            expect((yield* api.post(path, { kind: "duplicate" })).status).toBe(200)
          }
          const refused = expectError(yield* api.post(path, { kind: "reorder" }), 409, "invalid_operation_error")
          expect(refused.detail).toContain(`${maxPendingFaults} faults`)

          const cleared = yield* api.send("DELETE", path)
          expect((cleared.body as { readonly data: ReadonlyArray<unknown> }).data).toHaveLength(maxPendingFaults)
          expect((yield* api.get(path)).body).toEqual({ data: [], next_cursor: null })

          const other = yield* server.newGroup()
          const theirs = raw(server, other.apiKey)
          expectNotFound(yield* theirs.get(path))
          expectNotFound(yield* theirs.post(path, { kind: "timeout" }))
          expectNotFound(yield* theirs.send("DELETE", path))
          expectNotFound(yield* api.get("/moneta/event_subscriptions/event_subscription_unknown/faults"))
        }))
    })

    layer(TestServer.layer(kind, "live"), { timeout: TestDatabase.timeout })((it) => {
      it.effect("a live key is refused with 403", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const api = raw(server)
          const created = yield* api.post("/event_subscriptions", { url: "https://example.com/faults" })
          const id = Schema.decodeUnknownSync(WithId)(created.body).id
          const answer = yield* api.post(`/moneta/event_subscriptions/${id}/faults`, { kind: "timeout" })
          expect(expectError(answer, 403, "insufficient_permissions_error").detail).toContain("sandbox")
        }))
    })
  })
}
