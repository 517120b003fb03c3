/**
 * Money arithmetic, through the real HTTP layer and store: an account funded
 * by random interest payments (one after another or all at once) has current
 * and available balances equal to their sum, and its balance at any
 * `at_time` is the sum of the payments created at or before it. A payment
 * sent several times with one idempotency key moves the money once.
 */
import { describe, expect, layer } from "@effect/vitest"
import { AccountId } from "@moneta/domain/Ids"
import * as TestDatabase from "@moneta/store/testing"
import { DateTime, Effect } from "effect"
import * as fc from "fast-check"
import { randomUUID } from "node:crypto"
import { property } from "../support/Properties.js"
import * as RawHttp from "../support/RawHttp.js"
import * as TestServer from "../support/TestServer.js"

/** Up to about eleven billion dollars in cents each: sums of a run stay exact integers. */
const payment = fc.oneof(
  fc.integer({ min: 1, max: 100_000 }),
  fc.integer({ min: 1, max: 2 ** 40 })
)

/** A balance query: the creation time of one payment moved by -1, 0 or +1 ms. */
const atTime = fc.record({ index: fc.nat(), offset: fc.integer({ min: -1, max: 1 }) })

const propertyTimeout = 180_000

for (const kind of TestDatabase.testDatabases) {
  describe(`balance properties (${kind})`, () => {
    layer(TestServer.layer(kind), { excludeTestServices: true, timeout: TestDatabase.timeout })((it) => {
      it.effect(
        "balances of an account funded by interest payments are the sums of those payments",
        () =>
          property(
            fc.record({
              payments: fc.array(payment, { minLength: 1, maxLength: 10 }),
              concurrency: fc.integer({ min: 1, max: 10 }),
              atTimes: fc.array(atTime, { minLength: 1, maxLength: 6 })
            }),
            ({ atTimes, concurrency, payments }) =>
              Effect.gen(function*() {
                const { client } = yield* TestServer.TestServer
                const account = yield* client.accounts.create({ payload: { name: "Funded by interest" } })
                const transactions = yield* Effect.forEach(
                  payments,
                  (amount) => client.simulations.interestPayment({ payload: { account_id: account.id, amount } }),
                  { concurrency }
                )
                expect(transactions.map((transaction) => transaction.amount)).toEqual(payments)
                const total = payments.reduce((sum, amount) => sum + amount, 0)

                const balance = yield* client.accounts.balance({ params: { account_id: account.id }, query: {} })
                expect(balance.current_balance).toBe(total)
                expect(balance.available_balance).toBe(total)

                const createdAt = transactions.map((transaction) => DateTime.toEpochMillis(transaction.created_at))
                const openedAt = DateTime.toEpochMillis(account.created_at)
                const queries = [
                  openedAt - 1,
                  ...atTimes.map(({ index, offset }) => (createdAt[index % createdAt.length] ?? openedAt) + offset),
                  Math.max(...createdAt) + 60_000
                ]
                for (const at of queries) {
                  const past = yield* client.accounts.balance({
                    params: { account_id: account.id },
                    query: { at_time: DateTime.makeUnsafe(at) }
                  })
                  const expected = transactions
                    .filter((transaction) => DateTime.toEpochMillis(transaction.created_at) <= at)
                    .reduce((sum, transaction) => sum + transaction.amount, 0)
                  expect(past.current_balance).toBe(expected)
                  expect(past.available_balance).toBe(expected)
                }
              }),
            { numRuns: 15 }
          ),
        propertyTimeout
      )

      it.effect(
        "an interest payment sent several times at once with one idempotency key is posted once",
        () =>
          property(
            fc.record({ amount: payment, copies: fc.integer({ min: 2, max: 10 }) }),
            ({ amount, copies }) =>
              Effect.gen(function*() {
                const { apiKey, baseUrl, client } = yield* TestServer.TestServer
                const account = yield* client.accounts.create({ payload: { name: "Paid once" } })
                const key = randomUUID()
                const responses = yield* Effect.all(
                  Array.from({ length: copies }, () =>
                    RawHttp.request({
                      baseUrl,
                      apiKey,
                      method: "POST",
                      path: "/simulations/interest_payments",
                      body: { account_id: account.id, amount },
                      idempotencyKey: key
                    })),
                  { concurrency: "unbounded" }
                )
                expect(responses.map((response) => response.status)).toEqual(responses.map(() => 200))
                const posted = yield* client.transactions.list({ query: { account_id: AccountId.make(account.id) } })
                expect(posted.data.map((transaction) => transaction.amount)).toEqual([amount])
                expect(responses.map((response) => RawHttp.field(response.body, "id"))).toEqual(
                  responses.map(() => posted.data[0]?.id)
                )
                const balance = yield* client.accounts.balance({ params: { account_id: account.id }, query: {} })
                expect(balance.current_balance).toBe(amount)
                expect(balance.available_balance).toBe(amount)
              }),
            { numRuns: 10 }
          ),
        propertyTimeout
      )
    })
  })
}
