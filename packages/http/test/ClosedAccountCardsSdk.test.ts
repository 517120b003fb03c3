/**
 * Cards on a closed account, through the official SDK (`increase` 0.583.x): an
 * authorization is declined `account_closed` (a declined transaction, as
 * Increase answers it, holding nothing), and so are a balance inquiry (a zero
 * `card_decline`) and an increment (a `card_decline` naming the incremented
 * authorization, its hold left as it was); nobody's client is asked about
 * them; no card is issued on the account (409 `invalid_operation_error`,
 * nothing written).
 */
import { describe, expect, layer } from "@effect/vitest"
import * as TestDatabase from "@moneta/store/testing"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import Increase from "increase"
import * as TestServer from "./support/TestServer.js"

const sdkFor = (server: TestServer.TestServerShape) =>
  new Increase({ apiKey: server.apiKey, baseURL: server.baseUrl, maxRetries: 0 })

/**
 * Closes the account directly in the database, under an open authorization: the
 * API closes only an account with nothing held, so this is the one way to test
 * the rule for an increment (its account read again under the row lock).
 */
const closeUnderHold = (accountId: string) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) =>
      sql`UPDATE accounts SET status = 'closed', body = jsonb_set(body, '{status}', '"closed"')
      WHERE id = ${accountId}`.pipe(Effect.orDie)
  )

/** The card_decline a simulation's card payment ends with (fails the test when it ends otherwise). */
const lastDecline = (payment: Increase.CardPayments.CardPayment) => {
  const last = payment.elements.at(-1)
  if (last?.card_decline == null) throw new Error(`expected a card_decline, got ${last?.category}`)
  return last.card_decline
}

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

      it.effect("a balance inquiry on a closed account is declined account_closed (a zero card_decline)", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const sdk = sdkFor(server)
          yield* Effect.promise(async () => {
            const account = await sdk.accounts.create({ name: "Closed, asked its balance" })
            const card = await sdk.cards.create({ account_id: account.id })
            await sdk.accounts.close(account.id)

            const payment = await sdk.simulations.cardBalanceInquiries.create({ card_id: card.id })
            expect(payment.elements.map((element) => element.category)).toEqual(["card_decline"])
            const decline = lastDecline(payment)
            expect(decline).toMatchObject({
              reason: "account_closed",
              actioner: "increase",
              amount: 0,
              processing_category: "balance_inquiry",
              incremented_card_authorization_id: null
            })
            const declined = await sdk.declinedTransactions.retrieve(decline.declined_transaction_id)
            expect(declined).toMatchObject({ account_id: account.id, amount: 0, route_type: "card" })
            expect(declined.source.card_decline).toMatchObject({ reason: "account_closed" })
          })
        }))

      it.effect("an increment on a closed account is declined account_closed, and its hold stays", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const sdk = sdkFor(server)
          const opened = yield* Effect.promise(async () => {
            const account = await sdk.accounts.create({ name: "Closed under an authorization" })
            await sdk.simulations.interestPayments.create({ account_id: account.id, amount: 10_000 })
            const card = await sdk.cards.create({ account_id: account.id })
            const authorization = await sdk.simulations.cardAuthorizations.create({ amount: 1_000, card_id: card.id })
            const hold = authorization.pending_transaction
            if (hold?.source.card_authorization == null) throw new Error("the authorization was not approved")
            return { account, hold, authorization: hold.source.card_authorization }
          })
          yield* closeUnderHold(opened.account.id)
          yield* Effect.promise(async () => {
            const payment = await sdk.simulations.cardIncrements.create({
              amount: 500,
              card_payment_id: opened.authorization.card_payment_id
            })
            expect(payment.elements.map((element) => element.category)).toEqual([
              "card_authorization",
              "card_decline"
            ])
            const decline = lastDecline(payment)
            expect(decline).toMatchObject({
              reason: "account_closed",
              actioner: "increase",
              amount: 500,
              incremented_card_authorization_id: opened.authorization.id,
              real_time_decision_id: null
            })
            const declined = await sdk.declinedTransactions.retrieve(decline.declined_transaction_id)
            expect(declined).toMatchObject({ account_id: opened.account.id, amount: -500, route_type: "card" })
            expect(payment.state).toMatchObject({ authorized_amount: 1_000, incremented_amount: 0 })
            expect((await sdk.pendingTransactions.retrieve(opened.hold.id)).amount).toBe(-1_000)
            const balance = await sdk.accounts.balance(opened.account.id)
            expect([balance.current_balance, balance.available_balance]).toEqual([10_000, 9_000])
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
              selected_event_categories: [
                { event_category: "real_time_decision.card_authorization_requested" },
                { event_category: "real_time_decision.card_balance_inquiry_requested" }
              ]
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
            const inquiry = await sdk.simulations.cardBalanceInquiries.create({ card_id: card.id })
            expect(lastDecline(inquiry)).toMatchObject({ reason: "account_closed", real_time_decision_id: null })
            const asked = await sdk.events.list({
              category: {
                in: [
                  "real_time_decision.card_authorization_requested",
                  "real_time_decision.card_balance_inquiry_requested"
                ]
              }
            })
            expect(asked.data).toEqual([])
          })
        }))
    })
  })
}
