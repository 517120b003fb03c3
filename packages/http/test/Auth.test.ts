import { describe, expect, layer } from "@effect/vitest"
import * as TestDatabase from "@moneta/store/testing"
import { Effect } from "effect"
import { expectError, expectInvalidParameters, raw } from "./support/Requests.js"
import * as TestServer from "./support/TestServer.js"

/** One endpoint of every group, with a body it would accept where it takes one. */
const endpoints = (accountId: string) =>
  [
    ["GET", "/accounts", undefined],
    ["POST", "/accounts", { name: "Unauthorised" }],
    ["GET", `/accounts/${accountId}/balance`, undefined],
    ["GET", "/entities", undefined],
    ["GET", "/transactions", undefined],
    ["GET", "/events", undefined],
    ["GET", "/bookkeeping_accounts", undefined],
    ["POST", "/bookkeeping_accounts", { name: "Unauthorised" }],
    ["POST", "/simulations/interest_payments", { account_id: accountId, amount: 1 }]
  ] as const

for (const kind of TestDatabase.testDatabases) {
  describe(`authentication on a sandbox server (${kind})`, () => {
    layer(TestServer.layer(kind), { timeout: TestDatabase.timeout })((it) => {
      it.effect("accepts `Authorization: Bearer <key>`", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const answer = yield* raw(server).get("/accounts")
          expect(answer.status).toBe(200)
          expect(answer.headers.get("x-should-retry")).toBeNull()
        }))

      it.effect("without an Authorization header every endpoint is 401 invalid_api_key_error, reason no_header", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const http = raw(server, null)
          for (const [method, path, body] of endpoints(server.accountId)) {
            const answer = yield* http.send(method, path, body === undefined ? {} : { body })
            expect(expectError(answer, 401, "invalid_api_key_error").reason).toBe("no_header")
          }
          const empty = yield* raw(server, null).get("/accounts", { headers: { authorization: "Bearer " } })
          expect(expectError(empty, 401, "invalid_api_key_error").reason).toBe("no_header")
        }))

      it.effect("an unknown key is 401 invalid_api_key_error, reason no_credential; nothing is written", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const before = yield* server.client.accounts.list({ query: {} })
          for (const key of ["moneta_sandbox_unknown", `${server.apiKey}x`, server.apiKey.slice(0, -1)]) {
            const http = raw(server, key)
            for (const [method, path, body] of endpoints(server.accountId)) {
              const answer = yield* http.send(method, path, body === undefined ? {} : { body })
              expect(expectError(answer, 401, "invalid_api_key_error").reason).toBe("no_credential")
            }
          }
          const basic = yield* raw(server, null).get("/accounts", {
            headers: { authorization: `Basic ${btoa("user:pass")}` }
          })
          expect(expectError(basic, 401, "invalid_api_key_error").reason).toBe("no_credential")
          const after = yield* server.client.accounts.list({ query: {} })
          expect(after.data).toEqual(before.data)
          // The typed client sees the contract's error.
          const client = yield* server.clientFor("moneta_sandbox_unknown")
          const error = yield* Effect.flip(client.accounts.list({ query: {} }))
          expect(error._tag).toBe("InvalidApiKeyError")
        }))

      it.effect("a live key on the sandbox server is 403 environment_mismatch_error", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const live = yield* server.newGroup("live")
          const http = raw(server, live.apiKey)
          for (const [method, path, body] of endpoints(server.accountId)) {
            expectError(
              yield* http.send(method, path, body === undefined ? {} : { body }),
              403,
              "environment_mismatch_error"
            )
          }
          const client = yield* server.clientFor(live.apiKey)
          const error = yield* Effect.flip(client.events.list({ query: {} }))
          expect(error._tag).toBe("EnvironmentMismatchError")
        }))

      it.effect("each key sees only its own group", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const other = yield* server.newGroup()
          const otherClient = yield* server.clientFor(other.apiKey)
          expect(other.groupId).not.toBe(server.groupId)
          const theirs = yield* otherClient.accounts.create({ payload: { name: "Theirs" } })
          const ours = yield* server.client.accounts.list({ query: {} })
          expect(ours.data.map((account) => account.id)).not.toContain(theirs.id)
          const theirList = yield* otherClient.accounts.list({ query: {} })
          expect(theirList.data.map((account) => account.id)).toEqual([theirs.id])
          const theirEvents = yield* otherClient.events.list({ query: {} })
          expect(theirEvents.data.map((event) => event.associated_object_id)).toEqual([theirs.id])
        }))
    })
  })

  describe(`authentication on a live server (${kind})`, () => {
    layer(TestServer.layer(kind, "live"), { timeout: TestDatabase.timeout })((it) => {
      it.effect("serves live keys", () =>
        Effect.gen(function*() {
          const { client, environment } = yield* TestServer.TestServer
          expect(environment).toBe("live")
          const account = yield* client.accounts.create({ payload: { name: "Live account" } })
          const page = yield* client.accounts.list({ query: {} })
          expect(page.data.map((each) => each.id)).toContain(account.id)
          const events = yield* client.events.list({ query: { associated_object_id: account.id } })
          expect(events.data.map((event) => event.category)).toEqual(["account.created"])
        }))

      it.effect("a sandbox key is 403 environment_mismatch_error", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const sandbox = yield* server.newGroup("sandbox")
          const http = raw(server, sandbox.apiKey)
          for (const [method, path, body] of endpoints("account_any")) {
            expectError(
              yield* http.send(method, path, body === undefined ? {} : { body }),
              403,
              "environment_mismatch_error"
            )
          }
        }))

      it.effect("/simulations/* does not exist: 404 api_method_not_found_error, and nothing is written", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const http = raw(server)
          const account = yield* server.client.accounts.create({ payload: { name: "Not fundable" } })
          const answer = yield* http.post("/simulations/interest_payments", { account_id: account.id, amount: 100 })
          expectError(answer, 404, "api_method_not_found_error")
          // The key and the body are checked before the route is found missing (docs/decisions.md).
          const withoutKey = yield* raw(server, null).post("/simulations/interest_payments", {
            account_id: account.id,
            amount: 100
          })
          expectError(withoutKey, 401, "invalid_api_key_error")
          expectInvalidParameters(yield* http.post("/simulations/interest_payments", { account_id: account.id }), [
            "amount"
          ])
          const balance = yield* server.client.accounts.balance({ params: { account_id: account.id }, query: {} })
          expect(balance.current_balance).toBe(0)
          const transactions = yield* server.client.transactions.list({ query: { account_id: account.id } })
          expect(transactions.data).toEqual([])
          const error = yield* Effect.flip(
            server.client.simulations.interestPayment({ payload: { account_id: account.id, amount: 100 } })
          )
          expect(error._tag).toBe("ApiMethodNotFoundError")
        }))
    })
  })
}
