import { describe, expect, layer } from "@effect/vitest"
import * as TestDatabase from "@moneta/store/testing"
import { Effect } from "effect"
import { cardOnFundedAccount } from "./support/Cards.js"
import * as TestServer from "./support/TestServer.js"
import { balanceOf } from "./support/Wires.js"

/** Generous: these tests send dozens of requests at once, and CI machines are small and shared. */
const busyMachineTimeout = 120_000

for (const kind of TestDatabase.testDatabases) {
  describe(`card authorizations under concurrency (${kind})`, () => {
    layer(TestServer.layer(kind), { timeout: TestDatabase.timeout })((it) => {
      it.effect(
        "50 parallel authorizations whose sum exceeds the balance never approve more than is available",
        () =>
          Effect.gen(function*() {
            const { client } = yield* TestServer.TestServer
            const start = 10_000
            const { accountId, cardId } = yield* cardOnFundedAccount(client, start)
            // 50 amounts between 300 and 790: about 27 000 in all, far above the balance.
            const amounts = Array.from({ length: 50 }, (_, index) => 300 + ((index * 37) % 50) * 10)
            const results = yield* Effect.all(
              amounts.map((amount) => client.cardSimulations.authorize({ payload: { amount, card_id: cardId } })),
              { concurrency: "unbounded" }
            )
            const approved = results.flatMap((result) =>
              result.pending_transaction === null ? [] : [result.pending_transaction]
            )
            const declined = results.flatMap((result) =>
              result.declined_transaction === null ? [] : [result.declined_transaction]
            )
            expect(approved.length + declined.length).toBe(50)
            expect(approved.length).toBeGreaterThan(0)
            expect(declined.length).toBeGreaterThan(0)
            for (const decline of declined) {
              expect(decline.source).toMatchObject({ card_decline: { reason: "insufficient_funds" } })
            }
            const approvedSum = approved.reduce((total, hold) => total - hold.amount, 0)
            expect(approvedSum).toBeLessThanOrEqual(start)
            // every decline was right: the available balance only shrank, so what is left now is less than any
            // declined amount (each did not fit in what was left when it was decided)
            const smallestDeclined = Math.min(...declined.map((decline) => -decline.amount))
            expect(start - approvedSum).toBeLessThan(smallestDeclined)
            const balance = yield* balanceOf(client, accountId)
            expect(balance).toEqual({ current: start, available: start - approvedSum })
            const holds = yield* client.pendingTransactions.list({
              query: { account_id: accountId, "status.in": ["pending"] }
            })
            expect(holds.data.map((hold) => hold.id).sort()).toEqual(approved.map((hold) => hold.id).sort())
            const payments = yield* client.cardPayments.list({ query: { card_id: cardId } })
            expect(payments.data).toHaveLength(50)
          }),
        busyMachineTimeout
      )
    })
  })
}
