import { describe, expect, layer } from "@effect/vitest"
import * as TestDatabase from "@moneta/store/testing"
import { Effect, Schema } from "effect"
import {
  type Answer,
  expectError,
  expectInvalidParameters,
  expectNothingWritten,
  raw,
  text
} from "./support/Requests.js"
import * as TestServer from "./support/TestServer.js"

const Created = Schema.Struct({ id: Schema.String, idempotency_key: Schema.optional(Schema.NullOr(Schema.String)) })
const ListOfCreated = Schema.Struct({ data: Schema.Array(Created), next_cursor: Schema.NullOr(Schema.String) })

const created = (answer: Answer) => {
  expect(answer.status).toBe(200)
  return Schema.decodeUnknownSync(Created)(answer.body)
}

let counter = 0
/** A key no other test of the file uses (each server has a database of its own). */
const freshKey = (label: string) => `${label}-${++counter}`

for (const kind of TestDatabase.testDatabases) {
  describe(`idempotency keys (${kind})`, () => {
    layer(TestServer.layer(kind), { timeout: TestDatabase.timeout })((it) => {
      /** Every idempotent create, with a body it accepts and the list that filters on `idempotency_key` (if any). */
      const creates = Effect.gen(function*() {
        const server = yield* TestServer.TestServer
        const left = yield* server.client.bookkeeping.createAccount({ payload: { name: "Left" } })
        const right = yield* server.client.bookkeeping.createAccount({ payload: { name: "Right" } })
        return [
          ["/accounts", { name: "Idempotent account" }, "/accounts"],
          ["/entities", {
            structure: "corporation",
            corporation: {
              name: "Idempotent Inc.",
              tax_identifier: "123456789",
              address: { line1: "1 Main St", city: "Albany", state: "NY", zip: "12207" }
            }
          }, undefined],
          ["/bookkeeping_accounts", { name: "Idempotent bookkeeping account" }, "/bookkeeping_accounts"],
          ["/bookkeeping_entry_sets", {
            date: "2026-01-01T00:00:00.000Z",
            entries: [{ account_id: left.id, amount: 10 }, { account_id: right.id, amount: -10 }]
          }, "/bookkeeping_entry_sets"],
          ["/simulations/interest_payments", { account_id: server.accountId, amount: 25 }, undefined]
        ] as const
      })

      it.effect("a replay returns the first response, marked Idempotent-Replayed, and writes nothing", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const http = raw(server)
          for (const [path, body, list] of yield* creates) {
            const key = freshKey("replay")
            const first = yield* http.post(path, body, { headers: { "idempotency-key": key } })
            const object = created(first)
            expect(first.headers.get("idempotent-replayed")).toBeNull()
            if (object.idempotency_key !== undefined) expect(object.idempotency_key).toBe(key)
            const replay = yield* expectNothingWritten(
              server.client,
              http.post(path, body, { headers: { "idempotency-key": key } })
            )
            expect(replay.status).toBe(first.status)
            expect(replay.headers.get("idempotent-replayed")).toBe("true")
            expect(replay.body).toEqual(first.body)
            if (list !== undefined) {
              const filtered = Schema.decodeUnknownSync(ListOfCreated)(
                (yield* http.get(`${list}?idempotency_key=${encodeURIComponent(key)}`)).body
              )
              expect(filtered.data.map((each) => each.id)).toEqual([object.id])
            }
          }
        }))

      it.effect("the same request with its keys in another order is the same request", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const http = raw(server)
          const key = freshKey("order")
          const first = yield* http.post(
            "/simulations/interest_payments",
            { account_id: server.accountId, amount: 7 },
            {
              headers: { "idempotency-key": key }
            }
          )
          created(first)
          const reordered = yield* http.post(
            "/simulations/interest_payments",
            `{ "amount": 7, "account_id": "${server.accountId}" }`,
            {
              headers: { "idempotency-key": key }
            }
          )
          expect(reordered.headers.get("idempotent-replayed")).toBe("true")
          expect(reordered.body).toEqual(first.body)
        }))

      it.effect("a different request with a used key is 409 idempotency_key_already_used_error naming the object", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const http = raw(server)
          const key = freshKey("conflict")
          const first = created(
            yield* http.post("/accounts", { name: "First use" }, { headers: { "idempotency-key": key } })
          )
          yield* expectNothingWritten(
            server.client,
            Effect.gen(function*() {
              const differentBody = yield* http.post("/accounts", { name: "Second use" }, {
                headers: { "idempotency-key": key }
              })
              expect(expectError(differentBody, 409, "idempotency_key_already_used_error").resource_id).toBe(first.id)
              // Keys are unique across the service: another endpoint with the same key conflicts too.
              const otherEndpoint = yield* http.post("/bookkeeping_accounts", { name: "Second use" }, {
                headers: { "idempotency-key": key }
              })
              expect(expectError(otherEndpoint, 409, "idempotency_key_already_used_error").resource_id).toBe(first.id)
            })
          )
          const filtered = Schema.decodeUnknownSync(ListOfCreated)(
            (yield* http.get(`/accounts?idempotency_key=${key}`)).body
          )
          expect(filtered.data.map((each) => each.id)).toEqual([first.id])
        }))

      it.effect("a refused request stores nothing: the key may be used again", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const http = raw(server)
          const key = freshKey("retry")
          const headers = { "idempotency-key": key }
          const unknownEntity = yield* http.post(
            "/accounts",
            { name: "Later", entity_id: "entity_doesnotexist00000" },
            { headers }
          )
          expectError(unknownEntity, 404, "object_not_found_error")
          expectInvalidParameters(yield* http.post("/accounts", { name: "" }, { headers }), ["name"])
          const account = created(yield* http.post("/accounts", { name: "Later" }, { headers }))
          expect(account.idempotency_key).toBe(key)
        }))

      it.effect("keys belong to their group", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const key = freshKey("group")
          const ours = created(
            yield* raw(server).post("/accounts", { name: "Ours" }, { headers: { "idempotency-key": key } })
          )
          const other = yield* server.newGroup()
          const theirAnswer = yield* raw(server, other.apiKey).post("/accounts", { name: "Ours" }, {
            headers: { "idempotency-key": key }
          })
          const theirs = created(theirAnswer)
          expect(theirAnswer.headers.get("idempotent-replayed")).toBeNull()
          expect(theirs.id).not.toBe(ours.id)
          expect(theirs.idempotency_key).toBe(key)
        }))

      it.effect("a key is 1 to 200 characters", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const http = raw(server)
          yield* expectNothingWritten(
            server.client,
            Effect.gen(function*() {
              expectInvalidParameters(
                yield* http.post("/accounts", { name: "Long key" }, { headers: { "idempotency-key": text(201) } }),
                [
                  "Idempotency-Key"
                ]
              )
              expectInvalidParameters(
                yield* http.post("/accounts", { name: "Empty key" }, { headers: { "idempotency-key": "" } }),
                [
                  "Idempotency-Key"
                ]
              )
            })
          )
          const longest = `${freshKey("max")}-`.padEnd(200, "k")
          const account = created(
            yield* http.post("/accounts", { name: "Longest key" }, { headers: { "idempotency-key": longest } })
          )
          expect(account.idempotency_key).toBe(longest)
        }))

      it.effect("objects created without a key have none; PATCH ignores the header", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const http = raw(server)
          const plain = created(yield* http.post("/bookkeeping_accounts", { name: "No key" }))
          expect(plain.idempotency_key).toBeNull()
          const key = freshKey("patch")
          const path = `/bookkeeping_accounts/${plain.id}`
          const first = yield* http.patch(path, { name: "Renamed once" }, { headers: { "idempotency-key": key } })
          const second = yield* http.patch(path, { name: "Renamed twice" }, { headers: { "idempotency-key": key } })
          expect([first.status, second.status]).toEqual([200, 200])
          expect(second.headers.get("idempotent-replayed")).toBeNull()
          expect(second.body).toMatchObject({ name: "Renamed twice", idempotency_key: null })
          // The key was not claimed by the PATCH: a create may still use it.
          created(yield* http.post("/accounts", { name: "After patches" }, { headers: { "idempotency-key": key } }))
        }))
    })
  })
}
