import { describe, expect, layer } from "@effect/vitest"
import { AccountId } from "@moneta/domain/Ids"
import { Transaction } from "@moneta/domain/Transaction"
import * as TestDatabase from "@moneta/store/testing"
import { DateTime, Effect, Schema } from "effect"
import {
  expectInvalidParameters,
  expectNotFound,
  expectNothingWritten,
  expectSameNotFound,
  raw
} from "./support/Requests.js"
import * as TestServer from "./support/TestServer.js"

for (const kind of TestDatabase.testDatabases) {
  describe(`transactions and the interest payment simulation (${kind})`, () => {
    layer(TestServer.layer(kind), { timeout: TestDatabase.timeout })((it) => {
      it.effect("an interest payment posts a transaction and moves the balance", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const account = yield* client.accounts.create({ payload: { name: "Interest bearing" } })
          const periodStart = DateTime.makeUnsafe("2026-01-01T00:00:00.000Z")
          const periodEnd = DateTime.makeUnsafe("2026-02-01T00:00:00.000Z")
          const transaction = yield* client.simulations.interestPayment({
            payload: { account_id: account.id, amount: 1234, period_start: periodStart, period_end: periodEnd }
          })
          expect(transaction).toMatchObject({
            type: "transaction",
            account_id: account.id,
            amount: 1234,
            currency: "USD",
            route_id: null,
            route_type: null,
            source: {
              category: "interest_payment",
              interest_payment: { accrued_on_account_id: account.id, amount: 1234, currency: "USD" }
            }
          })
          expect(transaction.id).toMatch(/^transaction_[0-9a-z]{20}$/)
          expect(Schema.encodeSync(Transaction)(transaction).source).toMatchObject({
            interest_payment: { period_start: "2026-01-01T00:00:00.000Z", period_end: "2026-02-01T00:00:00.000Z" }
          })
          const balance = yield* client.accounts.balance({ params: { account_id: account.id }, query: {} })
          expect(balance.current_balance).toBe(1234)
          expect(balance.available_balance).toBe(1234)
          expect(yield* client.transactions.retrieve({ params: { transaction_id: transaction.id } })).toEqual(
            transaction
          )
        }))

      it.effect("lists transactions by account and by category, newest first", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const account = yield* client.accounts.create({ payload: { name: "Listed" } })
          const first = yield* client.simulations.interestPayment({ payload: { account_id: account.id, amount: 1 } })
          const second = yield* client.simulations.interestPayment({ payload: { account_id: account.id, amount: 2 } })
          const ofAccount = yield* client.transactions.list({ query: { account_id: account.id } })
          expect(ofAccount.data.map((each) => each.id)).toEqual([second.id, first.id])
          expect(ofAccount.next_cursor).toBeNull()
          const interest = yield* client.transactions.list({
            query: { account_id: account.id, "category.in": ["interest_payment", "card_settlement"] }
          })
          expect(interest.data).toHaveLength(2)
          const other = yield* client.transactions.list({
            query: { account_id: account.id, "category.in": ["card_settlement"] }
          })
          expect(other.data).toEqual([])
          const byRoute = yield* client.transactions.list({
            query: { account_id: account.id, route_id: "account_number_none" }
          })
          expect(byRoute.data).toEqual([])
          const paged = yield* client.transactions.list({ query: { account_id: account.id, limit: 1 } })
          expect(paged.data.map((each) => each.id)).toEqual([second.id])
          const rest = yield* client.transactions.list({
            query: { account_id: account.id, limit: 1, cursor: paged.next_cursor ?? "" }
          })
          expect(rest.data.map((each) => each.id)).toEqual([first.id])
        }))

      it.effect("refuses bad interest payments and writes nothing", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const http = raw(server)
          const accountId = server.accountId
          const balanceBefore = yield* server.client.accounts.balance({
            params: { account_id: AccountId.make(accountId) },
            query: {}
          })
          const transactionsBefore = yield* server.client.transactions.list({
            query: { account_id: AccountId.make(accountId) }
          })
          const otherClient = yield* server.clientFor((yield* server.newGroup()).apiKey)
          const theirs = yield* otherClient.accounts.create({ payload: { name: "Theirs" } })
          yield* expectNothingWritten(
            server.client,
            Effect.gen(function*() {
              const pay = (body: unknown) => http.post("/simulations/interest_payments", body)
              expectInvalidParameters(yield* pay({ amount: 100 }), ["account_id"])
              expectInvalidParameters(yield* pay({ account_id: accountId }), ["amount"])
              expectInvalidParameters(yield* pay({ account_id: accountId, amount: 0 }), ["amount"])
              expectInvalidParameters(yield* pay({ account_id: accountId, amount: -5 }), ["amount"])
              expectInvalidParameters(yield* pay({ account_id: accountId, amount: 1.5 }), ["amount"])
              expectInvalidParameters(yield* pay({ account_id: accountId, amount: "100" }), ["amount"])
              expectInvalidParameters(yield* pay({ account_id: accountId, amount: 2 ** 53 }), ["amount"])
              expectInvalidParameters(yield* pay({ account_id: accountId, amount: 100, period_start: "soon" }), [
                "period_start"
              ])
              expectInvalidParameters(yield* pay({ account_id: accountId, amount: 100, memo: "x" }), ["memo"])
              expectInvalidParameters(yield* pay({ account_id: 12, amount: "x" }), ["account_id", "amount"])
              expectNotFound(yield* pay({ account_id: "account_doesnotexist000000", amount: 100 }))
              expectNotFound(yield* pay({ account_id: theirs.id, amount: 100 }))
            })
          )
          const balanceAfter = yield* server.client.accounts.balance({
            params: { account_id: AccountId.make(accountId) },
            query: {}
          })
          expect(balanceAfter).toEqual(balanceBefore)
          const transactionsAfter = yield* server.client.transactions.list({
            query: { account_id: AccountId.make(accountId) }
          })
          expect(transactionsAfter.data).toEqual(transactionsBefore.data)
          const theirBalance = yield* otherClient.accounts.balance({ params: { account_id: theirs.id }, query: {} })
          expect(theirBalance.current_balance).toBe(0)
        }))

      it.effect("refuses bad list parameters", () =>
        Effect.gen(function*() {
          const http = raw(yield* TestServer.TestServer)
          expectInvalidParameters(yield* http.get("/transactions?limit=0"), ["limit"])
          expectInvalidParameters(yield* http.get("/transactions?limit=101"), ["limit"])
          expectInvalidParameters(yield* http.get("/transactions?amount=5"), ["amount"])
          expectInvalidParameters(yield* http.get("/transactions?created_at.on_or_after=tomorrow"), [
            "created_at.on_or_after"
          ])
          expectInvalidParameters(yield* http.get("/transactions?cursor=%2F%2F"), ["cursor"])
        }))

      it.effect("answers 404 for unknown ids and for another group's ids alike", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const http = raw(server)
          const otherClient = yield* server.clientFor((yield* server.newGroup()).apiKey)
          const theirAccount = yield* otherClient.accounts.create({ payload: { name: "Theirs" } })
          const theirs = yield* otherClient.simulations.interestPayment({
            payload: { account_id: theirAccount.id, amount: 10 }
          })
          const unknownId = "transaction_doesnotexist0"
          expectSameNotFound(
            yield* http.get(`/transactions/${theirs.id}`),
            theirs.id,
            yield* http.get(`/transactions/${unknownId}`),
            unknownId
          )
          const byTheirAccount = yield* server.client.transactions.list({ query: { account_id: theirAccount.id } })
          expect(byTheirAccount.data).toEqual([])
          const all = yield* server.client.transactions.list({ query: {} })
          expect(all.data.map((each) => each.id)).not.toContain(theirs.id)
        }))
    })
  })
}
