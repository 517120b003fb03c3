import { describe, expect, layer } from "@effect/vitest"
import { AccountId } from "@moneta/domain/Ids"
import * as TestDatabase from "@moneta/store/testing"
import { Effect, Schema } from "effect"
import { expectError, expectInvalidParameters, expectNothingWritten, raw, send } from "./support/Requests.js"
import * as TestServer from "./support/TestServer.js"

const OpenApiPaths = Schema.Struct({ paths: Schema.Record(Schema.String, Schema.Unknown) })

for (const kind of TestDatabase.testDatabases) {
  describe(`one error body everywhere (${kind})`, () => {
    layer(TestServer.layer(kind, "sandbox", { docs: true }), { timeout: TestDatabase.timeout })((it) => {
      /** Every endpoint that takes a body, with a body it would accept. */
      const bodies = Effect.gen(function*() {
        const server = yield* TestServer.TestServer
        const bookkeepingAccount = yield* server.client.bookkeeping.createAccount({ payload: { name: "For patching" } })
        const other = yield* server.client.bookkeeping.createAccount({ payload: { name: "Other side" } })
        return [
          ["POST", "/accounts", { name: "Fine" }],
          ["POST", "/entities", {
            structure: "corporation",
            corporation: {
              name: "Fine Inc.",
              tax_identifier: "123456789",
              address: { line1: "1 Main St", city: "Albany", state: "NY", zip: "12207" }
            }
          }],
          ["POST", "/simulations/interest_payments", { account_id: server.accountId, amount: 1 }],
          ["POST", "/bookkeeping_accounts", { name: "Fine" }],
          ["PATCH", `/bookkeeping_accounts/${bookkeepingAccount.id}`, { name: "Fine" }],
          ["POST", "/bookkeeping_entry_sets", {
            date: "2026-01-01T00:00:00.000Z",
            entries: [{ account_id: bookkeepingAccount.id, amount: 1 }, { account_id: other.id, amount: -1 }]
          }]
        ] as const
      })

      /** Every list endpoint. */
      const lists = Effect.gen(function*() {
        const server = yield* TestServer.TestServer
        const cash = yield* server.client.bookkeeping.createAccount({
          payload: {
            name: "Cash",
            compliance_category: "commingled_cash",
            account_id: AccountId.make(server.accountId)
          }
        })
        return [
          "/accounts?",
          "/entities?",
          "/transactions?",
          "/events?",
          "/bookkeeping_accounts?",
          "/bookkeeping_entry_sets?",
          "/bookkeeping_entries?",
          `/unbookkept_cash_transactions?bookkeeping_account_id=${cash.id}&`
        ]
      })

      it.effect("unknown paths and methods are 404 api_method_not_found_error, with or without a key", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const http = raw(server)
          for (
            const [method, path] of [
              ["GET", "/"],
              ["GET", "/wire_transfer"],
              ["GET", "/accounts/account_x/statements"],
              ["DELETE", "/accounts"],
              ["PUT", "/entities"],
              ["DELETE", `/accounts/${server.accountId}`],
              ["POST", "/events"],
              ["GET", "/simulations/interest_payments"]
            ] as const
          ) {
            const body = expectError(yield* http.send(method, path), 404, "api_method_not_found_error")
            expect(body.title.length).toBeGreaterThan(0)
            expectError(yield* http.send(method, path, { apiKey: null }), 404, "api_method_not_found_error")
          }
        }))

      it.effect("a body that is not JSON is 400 malformed_request_error on every endpoint that takes one; nothing is written", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const http = raw(server)
          const endpoints = yield* bodies
          yield* expectNothingWritten(
            server.client,
            Effect.gen(function*() {
              for (const [method, path] of endpoints) {
                for (const malformed of ["{", "{\"name\": }", "name=Fine", "{\"name\": \"Fine\"} trailing"]) {
                  expectError(yield* http.send(method, path, { body: malformed }), 400, "malformed_request_error")
                }
              }
            })
          )
        }))

      it.effect("JSON that is not an object, an empty object and unknown fields are 400 invalid_parameters_error; nothing is written", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const http = raw(server)
          const endpoints = yield* bodies
          yield* expectNothingWritten(
            server.client,
            Effect.gen(function*() {
              for (const [method, path, valid] of endpoints) {
                for (const notAnObject of ["[]", "null", "42", "\"Fine\""]) {
                  expectInvalidParameters(yield* http.send(method, path, { body: notAnObject }), [])
                }
                expectInvalidParameters(yield* http.send(method, path, { body: { ...valid, surprise: true } }), [
                  "surprise"
                ])
                expectInvalidParameters(yield* http.send(method, path, { body: {} }), [])
                const body = expectInvalidParameters(
                  yield* http.send(method, path, { body: { ...valid, surprise: 1, another: 2 } }),
                  ["surprise", "another"]
                )
                // The detail repeats the fields for humans; clients read `errors`.
                expect(body.detail).toContain("surprise")
              }
            })
          )
        }))

      it.effect("an endpoint that takes no body refuses fields sent to it, and accepts none or {}", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const http = raw(server)
          const create = () =>
            http.post("/wire_transfers", {
              account_id: server.accountId,
              amount: 100,
              creditor: { name: "Bob" },
              remittance: { category: "unstructured", unstructured: { message: "Invoice" } },
              account_number: "123456",
              routing_number: "101050001",
              require_approval: true
            })
          const transfer = Schema.decodeUnknownSync(Schema.Struct({ id: Schema.String }))((yield* create()).body)
          yield* expectNothingWritten(
            server.client,
            Effect.gen(function*() {
              expectInvalidParameters(
                yield* http.post(`/wire_transfers/${transfer.id}/approve`, { approved_by: "me@example.com" }),
                ["approved_by"]
              )
              expectInvalidParameters(yield* http.post(`/wire_transfers/${transfer.id}/cancel`, [1]), ["body"])
              expectInvalidParameters(yield* http.post(`/simulations/wire_transfers/${transfer.id}/submit`, "5"), [
                "body"
              ])
            })
          )
          expect((yield* http.post(`/wire_transfers/${transfer.id}/approve`, {})).status).toBe(200)
          const other = Schema.decodeUnknownSync(Schema.Struct({ id: Schema.String }))((yield* create()).body)
          expect((yield* http.send("POST", `/wire_transfers/${other.id}/cancel`)).status).toBe(200)
        }))

      it.effect("each error names the field at fault in words, not the schema behind it", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const http = raw(server)
          const wire = {
            account_id: server.accountId,
            amount: 100,
            creditor: { name: "Bob" },
            remittance: { category: "unstructured", unstructured: { message: "Invoice" } },
            account_number: "123456",
            routing_number: "101050001"
          }
          const errorsOf = (answer: Parameters<typeof expectInvalidParameters>[0]) =>
            expectInvalidParameters(answer, []).errors ?? []
          const cases: ReadonlyArray<readonly [string, string, unknown, ReadonlyArray<string>]> = [
            // An optional object with a fault inside: only the inner field, no "Expected undefined" for the object.
            ["POST", "/wire_transfers", { ...wire, creditor: { name: "Bob", address: {} } }, [
              "creditor.address.unstructured"
            ]],
            ["POST", "/wire_transfers", {
              ...wire,
              remittance: {
                category: "tax",
                tax: { date: "2026-01-01", identification_number: "12", type_code: "12345" }
              }
            }, ["remittance.tax.identification_number"]],
            ["POST", "/wire_transfers", { ...wire, creditor: null }, ["creditor"]],
            ["POST", "/wire_transfers", { ...wire, amount: 1.5 }, ["amount"]],
            ["POST", "/bookkeeping_entry_sets", { entries: "x", date: "2026-01-01T00:00:00Z" }, ["entries"]],
            ["POST", "/bookkeeping_entry_sets", { entries: [5, 6], date: "2026-01-01T00:00:00Z" }, [
              "entries.0",
              "entries.1"
            ]],
            ["POST", "/event_subscriptions", { url: "https://example.com/", selected_event_categories: [{}] }, [
              "selected_event_categories.0.event_category"
            ]]
          ]
          for (const [method, path, body, fields] of cases) {
            const errors = errorsOf(yield* http.send(method, path, { body }))
            expect(errors.map((error) => error.field)).toEqual(fields)
            for (const error of errors) {
              expect(error.message).not.toMatch(/Expected undefined|readonly|ReadonlyArray|minor unit/)
            }
          }
          const [nullCreditor] = errorsOf(
            yield* http.send("POST", "/wire_transfers", { body: { ...wire, creditor: null } })
          )
          expect(nullCreditor?.message).toBe("must be an object, actual null")
          const [notAList] = errorsOf(
            yield* http.send("POST", "/bookkeeping_entry_sets", {
              body: { entries: "x", date: "2026-01-01T00:00:00Z" }
            })
          )
          expect(notAList?.message).toBe("must be an array, actual \"x\"")
          const [fraction] = errorsOf(yield* http.send("POST", "/wire_transfers", { body: { ...wire, amount: 1.5 } }))
          expect(fraction?.message).toBe("must be an integer")
          // A long enum is not recited; a short one is.
          const [category] = errorsOf(
            yield* http.send("POST", "/event_subscriptions", {
              body: { url: "https://example.com/", selected_event_category: "nonsense.created" }
            })
          )
          expect(category?.message).toMatch(/^must be one of \d+ documented values, actual "nonsense.created"$/)
          // A comma-separated filter is one parameter: named once, its message naming the value refused.
          const statuses = errorsOf(yield* http.get("/wire_transfers?status.in=complete,nonsense"))
          expect(statuses.map((error) => error.field)).toEqual(["status.in"])
          expect(statuses[0]?.message).toContain("actual \"nonsense\"")
        }))

      it.effect("every list refuses limit outside 1..100, unknown parameters and foreign cursors with 400", () =>
        Effect.gen(function*() {
          const http = raw(yield* TestServer.TestServer)
          for (const list of yield* lists) {
            for (const limit of ["0", "101", "-1", "1e3", "", "ten"]) {
              expectInvalidParameters(yield* http.get(`${list}limit=${limit}`), ["limit"])
            }
            expect((yield* http.get(`${list}limit=1`)).status).toBe(200)
            expect((yield* http.get(`${list}limit=100`)).status).toBe(200)
            expectInvalidParameters(yield* http.get(`${list}colour=blue`), ["colour"])
            expectInvalidParameters(yield* http.get(`${list}limit=5&Limit=5`), ["Limit"])
            expectInvalidParameters(yield* http.get(`${list}cursor=bm90IGEgY3Vyc29y`), ["cursor"])
            expectInvalidParameters(yield* http.get(`${list}created_at.after=not-a-time`), ["created_at.after"])
          }
        }))

      it.effect("a body over 1 MiB is 400 malformed_request_error and the connection stays usable", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const http = raw(server)
          yield* expectNothingWritten(
            server.client,
            Effect.gen(function*() {
              const huge = JSON.stringify({ name: "x".repeat(1024 * 1024) })
              expectError(yield* http.post("/accounts", huge), 400, "malformed_request_error")
            })
          )
          const fine = yield* http.post("/accounts", { name: "Small" })
          expect(fine.status).toBe(200)
        }))

      it.effect("the typed client receives the contract's errors", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const notFound = yield* Effect.flip(
            client.accounts.retrieve({ params: { account_id: AccountId.make("account_missing") } })
          )
          expect(notFound._tag).toBe("ObjectNotFoundError")
          const invalid = yield* Effect.flip(client.bookkeeping.createEntrySet({
            payload: { entries: [] }
          }))
          expect(invalid._tag).toBe("InvalidParametersError")
          if (invalid._tag === "InvalidParametersError") {
            expect(invalid.errors.map((error) => error.field)).toEqual(expect.arrayContaining(["entries", "date"]))
          }
        }))

      it.effect("/openapi.json and /docs answer without a key", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const openApi = yield* send(server, "GET", "/openapi.json", { apiKey: null })
          expect(openApi.status).toBe(200)
          expect(openApi.headers.get("content-type")).toContain("application/json")
          expect(openApi.body).toMatchObject({ openapi: expect.stringMatching(/^3\./), info: { title: "Moneta API" } })
          const paths = Object.keys(Schema.decodeUnknownSync(OpenApiPaths)(openApi.body).paths)
          expect(paths).toEqual(expect.arrayContaining([
            "/accounts",
            "/accounts/{account_id}/balance",
            "/entities",
            "/transactions",
            "/events",
            "/events/{event_id}",
            "/bookkeeping_accounts",
            "/bookkeeping_entry_sets",
            "/bookkeeping_entries",
            "/unbookkept_cash_transactions",
            "/simulations/interest_payments"
          ]))
          const docs = yield* send(server, "GET", "/docs", { apiKey: null })
          expect(docs.status).toBe(200)
          expect(docs.headers.get("content-type")).toContain("text/html")
          expect(docs.text).toContain("<html")
          // A key is not refused there either.
          expect((yield* send(server, "GET", "/openapi.json", { apiKey: "not a key" })).status).toBe(200)
        }))
    })
  })
}
