/**
 * Cards on a closed account, through the official SDK (`increase` 0.583.x): an
 * authorization is declined `account_closed` (a declined transaction, as
 * Increase answers it, holding nothing), and no card is issued on the account
 * (409 `invalid_operation_error`, nothing written).
 */
import { describe, expect, layer } from "@effect/vitest"
import * as TestDatabase from "@moneta/store/testing"
import { Effect } from "effect"
import Increase from "increase"
import * as TestServer from "./support/TestServer.js"

const sdkFor = (server: TestServer.TestServerShape) =>
  new Increase({ apiKey: server.apiKey, baseURL: server.baseUrl, maxRetries: 0 })

for (const kind of TestDatabase.testDatabases) {
  describe(`cards on a closed account through the official SDK (${kind})`, () => {
    layer(TestServer.layer(kind), { timeout: TestDatabase.timeout })((it) => {
      it.effect("an authorization is declined account_closed, and no card is issued on the account", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const sdk = sdkFor(server)
          yield* Effect.promise(async () => {
            const account = await sdk.accounts.create({ name: "Closed with a card" })
            const card = await sdk.cards.create({ account_id: account.id, description: "Issued while open" })
            await sdk.accounts.close(account.id)

            const authorization = await sdk.simulations.cardAuthorizations.create({
              amount: 1_000,
              card_id: card.id,
              merchant_descriptor: "AFTER CLOSING"
            })
            expect(authorization.pending_transaction).toBeNull()
            const declined = authorization.declined_transaction
            if (declined === null) throw new Error("the authorization on a closed account was not declined")
            expect(declined).toMatchObject({ account_id: account.id, amount: -1_000, route_type: "card" })
            expect(declined.source.category).toBe("card_decline")
            expect(declined.source.card_decline).toMatchObject({ reason: "account_closed", actioner: "increase" })
            expect((await sdk.declinedTransactions.retrieve(declined.id)).id).toBe(declined.id)
            const balance = await sdk.accounts.balance(account.id)
            expect([balance.current_balance, balance.available_balance]).toEqual([0, 0])

            const refused = await sdk.cards.create({ account_id: account.id }).then(
              () => null,
              (error: unknown) => error
            )
            expect(refused).toBeInstanceOf(Increase.ConflictError)
            expect(refused).toMatchObject({
              status: 409,
              error: { type: "invalid_operation_error", detail: expect.stringContaining("no card can be issued") }
            })
            const cards = await sdk.cards.list({ limit: 100 })
            expect(cards.data.filter((each) => each.account_id === account.id).map((each) => each.id)).toEqual([
              card.id
            ])
          })
        }))

      it.effect("the client is not asked about an authorization on a closed account", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const { apiKey } = yield* server.newGroup()
          const sdk = new Increase({ apiKey, baseURL: server.baseUrl, maxRetries: 0 })
          yield* Effect.promise(async () => {
            await sdk.eventSubscriptions.create({
              url: "https://hooks.example.com/decisions",
              selected_event_categories: [{ event_category: "real_time_decision.card_authorization_requested" }]
            })
            const account = await sdk.accounts.create({ name: "Closed, with a deciding client" })
            const card = await sdk.cards.create({ account_id: account.id })
            await sdk.accounts.close(account.id)
            // were the client asked, this would wait for its answer (nobody answers here) until the window passed
            const authorization = await sdk.simulations.cardAuthorizations.create({ amount: 500, card_id: card.id })
            expect(authorization.declined_transaction?.source.card_decline).toMatchObject({
              reason: "account_closed",
              actioner: "increase",
              real_time_decision_id: null
            })
            const asked = await sdk.events.list({
              category: { in: ["real_time_decision.card_authorization_requested"] }
            })
            expect(asked.data).toEqual([])
          })
        }))
    })
  })
}
