import { describe, expect, layer } from "@effect/vitest"
import { AccountId, EntityId } from "@moneta/domain/Ids"
import * as TestDatabase from "@moneta/store/testing"
import { DateTime, Effect } from "effect"
import { TestClock } from "effect/testing"
import {
  expectInvalidParameters,
  expectNotFound,
  expectNothingWritten,
  expectSameNotFound,
  raw,
  text
} from "./support/Requests.js"
import * as TestServer from "./support/TestServer.js"

const naturalPerson = {
  structure: "natural_person",
  natural_person: {
    name: "Grace Hopper",
    date_of_birth: "1906-12-09",
    address: { line1: "1 Navy Yard", city: "Arlington", state: "VA", zip: "22202" },
    identification: { method: "social_security_number", number: "078051120" }
  }
} as const

for (const kind of TestDatabase.testDatabases) {
  describe(`accounts (${kind})`, () => {
    layer(TestServer.layer(kind), { timeout: TestDatabase.timeout })((it) => {
      it.effect("creates, retrieves and lists accounts", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const entity = yield* client.entities.create({ payload: naturalPerson })
          const account = yield* client.accounts.create({ payload: { name: "Operating", entity_id: entity.id } })
          expect(account).toMatchObject({
            type: "account",
            name: "Operating",
            status: "open",
            currency: "USD",
            entity_id: entity.id,
            idempotency_key: null,
            closed_at: null
          })
          expect(account.id).toMatch(/^account_[0-9a-z]{20}$/)
          const retrieved = yield* client.accounts.retrieve({ params: { account_id: account.id } })
          expect(retrieved).toEqual(account)
          const all = yield* client.accounts.list({ query: {} })
          expect(all.data[0]?.id).toBe(account.id)
          const ofEntity = yield* client.accounts.list({ query: { entity_id: entity.id } })
          expect(ofEntity.data.map((each) => each.id)).toEqual([account.id])
        }))

      it.effect("pages newest first and filters on created_at", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const first = yield* client.accounts.create({ payload: { name: "First" } })
          yield* TestClock.adjust("1 second")
          const second = yield* client.accounts.create({ payload: { name: "Second" } })
          const third = yield* client.accounts.create({ payload: { name: "Third" } })
          const page1 = yield* client.accounts.list({ query: { limit: 2 } })
          expect(page1.data.map((each) => each.id)).toEqual([third.id, second.id])
          expect(page1.next_cursor).not.toBeNull()
          const page2 = yield* client.accounts.list({ query: { limit: 2, cursor: page1.next_cursor ?? "" } })
          expect(page2.data[0]?.id).toBe(first.id)

          const idsOf = (query: Parameters<typeof client.accounts.list>[0]["query"]) =>
            Effect.map(client.accounts.list({ query }), (page) => page.data.map((each) => each.id))
          const at = first.created_at
          expect(yield* idsOf({ "created_at.after": at })).toEqual([third.id, second.id])
          expect(yield* idsOf({ "created_at.on_or_after": second.created_at })).toEqual([third.id, second.id])
          const before = yield* idsOf({ "created_at.before": second.created_at })
          expect(before).toContain(first.id)
          expect(before).not.toContain(second.id)
          const onOrBefore = yield* idsOf({ "created_at.on_or_before": at })
          expect(onOrBefore).toContain(first.id)
          expect(onOrBefore).not.toContain(third.id)
        }))

      it.effect("reports balances now and at a time", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const account = yield* client.accounts.create({ payload: { name: "Savings" } })
          const empty = yield* client.accounts.balance({ params: { account_id: account.id }, query: {} })
          expect(empty).toEqual(expect.objectContaining({
            type: "balance_lookup",
            account_id: account.id,
            current_balance: 0,
            available_balance: 0,
            loan: null
          }))
          const firstPayment = yield* client.simulations.interestPayment({
            payload: { account_id: account.id, amount: 500 }
          })
          yield* TestClock.adjust("1 minute")
          yield* client.simulations.interestPayment({ payload: { account_id: account.id, amount: 300 } })
          const now = yield* client.accounts.balance({ params: { account_id: account.id }, query: {} })
          expect([now.current_balance, now.available_balance]).toEqual([800, 800])
          const between = yield* client.accounts.balance({
            params: { account_id: account.id },
            query: { at_time: DateTime.add(firstPayment.created_at, { seconds: 30 }) }
          })
          expect([between.current_balance, between.available_balance]).toEqual([500, 500])
          const earlier = yield* client.accounts.balance({
            params: { account_id: account.id },
            query: { at_time: DateTime.subtract(firstPayment.created_at, { milliseconds: 1 }) }
          })
          expect(earlier.current_balance).toBe(0)
        }))

      it.effect("an account joins its environment's one program; another program_id is 404", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const joined = yield* server.client.accounts.create({ payload: { name: "In the program" } })
          expect(joined.program_id).toBe("program_sandbox0000000000000")
          const named = yield* raw(server).post("/accounts", {
            name: "Named program",
            program_id: "program_sandbox0000000000000"
          })
          expect(named.status).toBe(200)
          const other = yield* raw(server).post("/accounts", { name: "Other program", program_id: "program_other" })
          expectNotFound(other)
          const page = yield* server.client.accounts.list({ query: {} })
          expect(page.data.map((account) => account.name)).not.toContain("Other program")
        }))

      it.effect("refuses bad create bodies and writes nothing", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const http = raw(server)
          const before = yield* server.client.accounts.list({ query: {} })
          yield* expectNothingWritten(
            server.client,
            Effect.gen(function*() {
              expectInvalidParameters(yield* http.post("/accounts", {}), ["name"])
              expectInvalidParameters(yield* http.post("/accounts", { name: 42 }), ["name"])
              expectInvalidParameters(yield* http.post("/accounts", { name: "" }), ["name"])
              expectInvalidParameters(yield* http.post("/accounts", { name: text(201) }), ["name"])
              expectInvalidParameters(yield* http.post("/accounts", { name: "Ok", nickname: "x" }), ["nickname"])
              expectInvalidParameters(yield* http.post("/accounts", { name: "Ok", entity_id: 7 }), ["entity_id"])
              expectInvalidParameters(yield* http.post("/accounts", { name: 1, entity_id: false }), [
                "name",
                "entity_id"
              ])
              expectNotFound(yield* http.post("/accounts", { name: "Ok", entity_id: "entity_doesnotexist" }))
              expectNotFound(
                yield* http.post("/accounts", { name: "Ok", informational_entity_id: "entity_doesnotexist" })
              )
            })
          )
          const after = yield* server.client.accounts.list({ query: {} })
          expect(after.data.map((each) => each.id)).toEqual(before.data.map((each) => each.id))
        }))

      it.effect("accepts an account for exactly 200 characters of name", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const account = yield* client.accounts.create({ payload: { name: text(200) } })
          expect(account.name).toHaveLength(200)
        }))

      it.effect("refuses bad list and balance parameters", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const http = raw(server)
          expectInvalidParameters(yield* http.get("/accounts?limit=0"), ["limit"])
          expectInvalidParameters(yield* http.get("/accounts?limit=101"), ["limit"])
          expectInvalidParameters(yield* http.get("/accounts?limit=ten"), ["limit"])
          expectInvalidParameters(yield* http.get("/accounts?limit=1.5"), ["limit"])
          expectInvalidParameters(yield* http.get("/accounts?status=open"), ["status"])
          expectInvalidParameters(yield* http.get("/accounts?created_at.after=yesterday"), ["created_at.after"])
          expectInvalidParameters(yield* http.get("/accounts?cursor=not-a-cursor"), ["cursor"])
          expectInvalidParameters(yield* http.get(`/accounts/${server.accountId}/balance?at_time=noon`), ["at_time"])
          expectInvalidParameters(yield* http.get(`/accounts/${server.accountId}/balance?when=now`), ["when"])
          const full = yield* http.get("/accounts?limit=100")
          expect(full.status).toBe(200)
        }))

      it.effect("answers 404 for unknown ids and for another group's ids alike", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const http = raw(server)
          const other = yield* server.newGroup()
          const otherClient = yield* server.clientFor(other.apiKey)
          const otherEntity = yield* otherClient.entities.create({ payload: naturalPerson })
          const otherAccount = yield* otherClient.accounts.create({ payload: { name: "Theirs" } })
          const unknownId = "account_doesnotexist00000"

          expectSameNotFound(
            yield* http.get(`/accounts/${otherAccount.id}`),
            otherAccount.id,
            yield* http.get(`/accounts/${unknownId}`),
            unknownId
          )
          expectSameNotFound(
            yield* http.get(`/accounts/${otherAccount.id}/balance`),
            otherAccount.id,
            yield* http.get(`/accounts/${unknownId}/balance`),
            unknownId
          )
          yield* expectNothingWritten(
            server.client,
            Effect.gen(function*() {
              expectNotFound(yield* http.post("/accounts", { name: "Mine", entity_id: otherEntity.id }))
            })
          )
          // Through the typed client, the 404 arrives as the contract's error.
          const error = yield* Effect.flip(server.client.accounts.retrieve({ params: { account_id: otherAccount.id } }))
          expect(error._tag).toBe("ObjectNotFoundError")
          // Lists never show another group's objects, whatever the filter.
          const mine = yield* server.client.accounts.list({ query: {} })
          expect(mine.data.map((each) => each.id)).not.toContain(otherAccount.id)
          const byForeignEntity = yield* server.client.accounts.list({
            query: { entity_id: EntityId.make(otherEntity.id) }
          })
          expect(byForeignEntity.data).toEqual([])
          // And the other group does not see ours.
          const theirs = yield* otherClient.accounts.list({ query: {} })
          expect(theirs.data.map((each) => each.id)).toEqual([otherAccount.id])
          const ours = yield* Effect.flip(
            otherClient.accounts.retrieve({ params: { account_id: AccountId.make(server.accountId) } })
          )
          expect(ours._tag).toBe("ObjectNotFoundError")
        }))
    })
  })
}
