import { describe, expect, layer } from "@effect/vitest"
import {
  CardPaymentId,
  DeclinedTransactionId,
  EventSubscriptionId,
  type PendingTransactionId,
  TransactionId
} from "@moneta/domain/Ids"
import * as TestDatabase from "@moneta/store/testing"
import { Effect } from "effect"
import { approvedHold, cardOnFundedAccount, cardPaymentIdOf } from "./support/Cards.js"
import * as TestServer from "./support/TestServer.js"
import { balanceOf, eventCategoriesOf, objectBody, send } from "./support/Wires.js"

/** An approved authorization of `amount` on a new card whose account holds `funds`. */
const authorized = (client: TestServer.Client, funds: number, amount: number) =>
  Effect.gen(function*() {
    const { accountId, cardId } = yield* cardOnFundedAccount(client, funds)
    const hold = approvedHold(yield* client.cardSimulations.authorize({ payload: { amount, card_id: cardId } }))
    return { accountId, cardId, hold, cardPaymentId: cardPaymentIdOf(hold) }
  })

const retrievePayment = (client: TestServer.Client, id: CardPaymentId) =>
  client.cardPayments.retrieve({ params: { card_payment_id: id } })

const retrieveHold = (client: TestServer.Client, id: PendingTransactionId) =>
  client.pendingTransactions.retrieve({ params: { pending_transaction_id: id } })

for (const kind of TestDatabase.testDatabases) {
  describe(`card payments (${kind})`, () => {
    layer(TestServer.layer(kind), { timeout: TestDatabase.timeout })((it) => {
      it.effect("an authorization within the available balance holds its amount through the card", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const { accountId, cardId, hold, cardPaymentId } = yield* authorized(client, 10_000, 2_500)
          expect(hold).toMatchObject({
            account_id: accountId,
            amount: -2_500,
            held_amount: -2_500,
            status: "pending",
            route_id: cardId,
            route_type: "card",
            source: { category: "card_authorization" }
          })
          expect(yield* balanceOf(client, accountId)).toEqual({ current: 10_000, available: 7_500 })
          const payment = yield* retrievePayment(client, cardPaymentId)
          expect(payment).toMatchObject({ account_id: accountId, card_id: cardId, type: "card_payment" })
          expect(payment.state).toEqual({
            authorized_amount: 2_500,
            fuel_confirmed_amount: 0,
            incremented_amount: 0,
            refund_authorized_amount: 0,
            refunded_amount: 0,
            reversed_amount: 0,
            settled_amount: 0
          })
          const element = payment.elements[0]
          expect(element?.category).toBe("card_authorization")
          if (element?.category === "card_authorization") {
            expect(element.card_authorization).toMatchObject({
              actioner: "increase",
              amount: 2_500,
              direction: "settlement",
              pending_transaction_id: hold.id,
              real_time_decision_id: null
            })
          }
          expect(yield* eventCategoriesOf(client, cardPaymentId)).toEqual(["card_payment.created"])
          expect(yield* eventCategoriesOf(client, hold.id)).toEqual(["pending_transaction.created"])
        }))

      it.effect("an authorization above the available balance is declined insufficient_funds and holds nothing", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const { accountId, cardId } = yield* cardOnFundedAccount(client, 1_000)
          const result = yield* client.cardSimulations.authorize({ payload: { amount: 1_001, card_id: cardId } })
          expect(result.pending_transaction).toBeNull()
          const declined = result.declined_transaction
          expect(declined).toMatchObject({
            account_id: accountId,
            amount: -1_001,
            route_id: cardId,
            route_type: "card"
          })
          expect(declined?.source).toMatchObject({
            category: "card_decline",
            card_decline: { reason: "insufficient_funds", actioner: "increase", amount: 1_001 }
          })
          expect(yield* balanceOf(client, accountId)).toEqual({ current: 1_000, available: 1_000 })
          const id = DeclinedTransactionId.make(declined?.id ?? "")
          expect(yield* client.declinedTransactions.retrieve({ params: { declined_transaction_id: id } })).toEqual(
            declined
          )
          const listed = yield* client.declinedTransactions.list({ query: { account_id: accountId } })
          expect(listed.data.map((item) => item.id)).toEqual([id])
          expect(yield* eventCategoriesOf(client, id)).toEqual(["declined_transaction.created"])
        }))

      it.effect("decline_reason forces a decline and a card that is not active declines card_not_active", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const { cardId } = yield* cardOnFundedAccount(client, 5_000)
          const forced = yield* client.cardSimulations.authorize({
            payload: { amount: 100, card_id: cardId, decline_reason: "suspected_fraud" }
          })
          expect(forced.declined_transaction?.source).toMatchObject({ card_decline: { reason: "suspected_fraud" } })
          yield* client.cards.update({ params: { card_id: cardId }, payload: { status: "disabled" } })
          const inactive = yield* client.cardSimulations.authorize({ payload: { amount: 100, card_id: cardId } })
          expect(inactive.declined_transaction?.source).toMatchObject({ card_decline: { reason: "card_not_active" } })
        }))

      it.effect("increment, partial reversal, settlement and refund keep the hold, state and balances consistent", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const { accountId, cardId, hold, cardPaymentId } = yield* authorized(client, 10_000, 3_000)

          const incremented = yield* client.cardSimulations.increment({
            payload: { card_payment_id: cardPaymentId, amount: 1_000 }
          })
          expect(incremented.state.incremented_amount).toBe(1_000)
          const incrementElement = incremented.elements[1]
          expect(
            incrementElement?.category === "card_increment" &&
              incrementElement.card_increment.updated_authorization_amount
          )
            .toBe(4_000)
          expect((yield* retrieveHold(client, hold.id)).amount).toBe(-4_000)
          expect(yield* balanceOf(client, accountId)).toEqual({ current: 10_000, available: 6_000 })

          const reversed = yield* client.cardSimulations.reverse({
            payload: { card_payment_id: cardPaymentId, amount: 1_500 }
          })
          expect(reversed.state.reversed_amount).toBe(1_500)
          expect((yield* retrieveHold(client, hold.id)).amount).toBe(-2_500)
          expect(yield* balanceOf(client, accountId)).toEqual({ current: 10_000, available: 7_500 })

          const settlement = yield* client.cardSimulations.settle({
            payload: { card_id: cardId, pending_transaction_id: hold.id }
          })
          expect(settlement).toMatchObject({ amount: -2_500, route_id: cardId, route_type: "card" })
          expect(settlement.source.category).toBe("card_settlement")
          expect((yield* retrieveHold(client, hold.id)).status).toBe("complete")
          expect(yield* balanceOf(client, accountId)).toEqual({ current: 7_500, available: 7_500 })

          const refund = yield* client.cardSimulations.refund({
            payload: { transaction_id: settlement.id, amount: 500 }
          })
          expect(refund).toMatchObject({ amount: 500, route_id: cardId })
          expect(refund.source.category).toBe("card_refund")
          expect(yield* balanceOf(client, accountId)).toEqual({ current: 8_000, available: 8_000 })

          const payment = yield* retrievePayment(client, cardPaymentId)
          expect(payment.elements.map((element) => element.category)).toEqual([
            "card_authorization",
            "card_increment",
            "card_reversal",
            "card_settlement",
            "card_refund"
          ])
          expect(payment.state).toMatchObject({
            authorized_amount: 3_000,
            incremented_amount: 1_000,
            reversed_amount: 1_500,
            settled_amount: 2_500,
            refunded_amount: 500
          })
          const cardTransactions = yield* client.transactions.list({
            query: { account_id: accountId, "category.in": ["card_settlement", "card_refund"] }
          })
          expect(cardTransactions.data.map((item) => item.id)).toEqual([refund.id, settlement.id])
          const cardHolds = yield* client.pendingTransactions.list({
            query: { account_id: accountId, "category.in": ["card_authorization"], route_id: cardId }
          })
          expect(cardHolds.data.map((item) => item.id)).toEqual([hold.id])
          expect(yield* eventCategoriesOf(client, cardPaymentId)).toEqual([
            "card_payment.created",
            "card_payment.updated",
            "card_payment.updated",
            "card_payment.updated",
            "card_payment.updated"
          ])
          expect(yield* eventCategoriesOf(client, hold.id)).toEqual([
            "pending_transaction.created",
            "pending_transaction.updated",
            "pending_transaction.updated",
            "pending_transaction.updated"
          ])
        }))

      it.effect("a full reversal completes the hold; an expiration releases what is left", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const first = yield* authorized(client, 10_000, 2_000)
          const reversed = yield* client.cardSimulations.reverse({ payload: { card_payment_id: first.cardPaymentId } })
          expect(reversed.state.reversed_amount).toBe(2_000)
          expect((yield* retrieveHold(client, first.hold.id)).status).toBe("complete")
          expect(yield* balanceOf(client, first.accountId)).toEqual({ current: 10_000, available: 10_000 })

          const second = yield* authorized(client, 10_000, 2_000)
          yield* client.cardSimulations.reverse({ payload: { card_payment_id: second.cardPaymentId, amount: 500 } })
          const expired = yield* client.cardSimulations.expire({ payload: { card_payment_id: second.cardPaymentId } })
          const last = expired.elements[expired.elements.length - 1]
          expect(
            last?.category === "card_authorization_expiration" && last.card_authorization_expiration.expired_amount
          )
            .toBe(1_500)
          expect((yield* retrieveHold(client, second.hold.id)).status).toBe("complete")
          expect(yield* balanceOf(client, second.accountId)).toEqual({ current: 10_000, available: 10_000 })
        }))

      it.effect("a fuel confirmation is recorded once per authorization", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const { cardPaymentId } = yield* authorized(client, 10_000, 10_000)
          const confirmed = yield* client.cardSimulations.confirmFuel({
            payload: { card_payment_id: cardPaymentId, amount: 4_321 }
          })
          expect(confirmed.state.fuel_confirmed_amount).toBe(4_321)
          const again = yield* Effect.flip(client.cardSimulations.confirmFuel({
            payload: { card_payment_id: cardPaymentId, amount: 1 }
          }))
          expect(again._tag).toBe("InvalidOperationError")
        }))

      it.effect("a forced settlement opens its own card payment and must be covered; amount is required", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const { client } = server
          const { accountId, cardId } = yield* cardOnFundedAccount(client, 1_000)
          const settlement = yield* client.cardSimulations.settle({ payload: { card_id: cardId, amount: 600 } })
          expect(settlement.amount).toBe(-600)
          const payments = yield* client.cardPayments.list({ query: { card_id: cardId } })
          expect(payments.data).toHaveLength(1)
          expect(payments.data[0]?.state.settled_amount).toBe(600)
          const uncovered = yield* Effect.flip(
            client.cardSimulations.settle({ payload: { card_id: cardId, amount: 401 } })
          )
          expect(uncovered._tag).toBe("InvalidOperationError")
          const missing = yield* send(server, "POST", "/simulations/card_settlements", { body: { card_id: cardId } })
          expect(missing.status).toBe(400)
          expect(objectBody(missing)).toMatchObject({ type: "invalid_parameters_error" })
          expect(yield* balanceOf(client, accountId)).toEqual({ current: 400, available: 400 })
          expect((yield* client.cardPayments.list({ query: { card_id: cardId } })).data).toHaveLength(1)
        }))

      it.effect("refused simulations are 409 and write nothing", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const { accountId, cardId, hold, cardPaymentId } = yield* authorized(client, 5_000, 2_000)
          const before = yield* retrievePayment(client, cardPaymentId)
          const tooMuch = yield* Effect.flip(client.cardSimulations.reverse({
            payload: { card_payment_id: cardPaymentId, amount: 2_001 }
          }))
          expect(tooMuch._tag).toBe("InvalidOperationError")
          const overSettle = yield* Effect.flip(client.cardSimulations.settle({
            payload: { card_id: cardId, pending_transaction_id: hold.id, amount: 2_001 }
          }))
          expect(overSettle._tag).toBe("InvalidOperationError")
          const overIncrement = yield* client.cardSimulations.increment({
            payload: { card_payment_id: cardPaymentId, amount: 3_001 }
          })
          const decline = overIncrement.elements[overIncrement.elements.length - 1]
          expect(decline?.category === "card_decline" && decline.card_decline.reason).toBe("insufficient_funds")
          expect(overIncrement.state).toEqual(before.state)
          yield* client.cardSimulations.settle({ payload: { card_id: cardId, pending_transaction_id: hold.id } })
          const afterSettle = yield* retrievePayment(client, cardPaymentId)
          const eventsAfterSettle = yield* eventCategoriesOf(client, cardPaymentId)
          const refusals: ReadonlyArray<Effect.Effect<unknown, { readonly _tag: string }>> = [
            client.cardSimulations.reverse({ payload: { card_payment_id: cardPaymentId } }),
            client.cardSimulations.expire({ payload: { card_payment_id: cardPaymentId } }),
            client.cardSimulations.increment({ payload: { card_payment_id: cardPaymentId, amount: 1 } }),
            client.cardSimulations.settle({ payload: { card_id: cardId, pending_transaction_id: hold.id } })
          ]
          for (const refused of refusals) {
            expect((yield* Effect.flip(refused))._tag).toBe("InvalidOperationError")
          }
          expect(yield* retrievePayment(client, cardPaymentId)).toEqual(afterSettle)
          expect(yield* eventCategoriesOf(client, cardPaymentId)).toEqual(eventsAfterSettle)
          expect(yield* eventCategoriesOf(client, hold.id)).toEqual([
            "pending_transaction.created",
            "pending_transaction.updated"
          ])
          expect(yield* balanceOf(client, accountId)).toEqual({ current: 3_000, available: 3_000 })
        }))

      it.effect("a hold of another card, a transaction that is not a settlement, a refund beyond what was settled are 409", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const { accountId, cardId, hold } = yield* authorized(client, 5_000, 1_000)
          const other = yield* cardOnFundedAccount(client, 0)
          const otherCard = yield* Effect.flip(client.cardSimulations.settle({
            payload: { card_id: other.cardId, pending_transaction_id: hold.id }
          }))
          expect(otherCard._tag).toBe("InvalidOperationError")
          const funding = (yield* client.transactions.list({ query: { account_id: accountId } })).data[0]
          const notASettlement = yield* Effect.flip(client.cardSimulations.refund({
            payload: { transaction_id: TransactionId.make(funding?.id ?? "") }
          }))
          expect(notASettlement._tag).toBe("InvalidOperationError")
          const settlement = yield* client.cardSimulations.settle({
            payload: { card_id: cardId, pending_transaction_id: hold.id }
          })
          const beyond = yield* Effect.flip(client.cardSimulations.refund({
            payload: { transaction_id: settlement.id, amount: 1_001 }
          }))
          expect(beyond._tag).toBe("InvalidOperationError")
          yield* client.cardSimulations.refund({ payload: { transaction_id: settlement.id } })
          const twice = yield* Effect.flip(
            client.cardSimulations.refund({ payload: { transaction_id: settlement.id } })
          )
          expect(twice._tag).toBe("InvalidOperationError")
          expect(yield* balanceOf(client, accountId)).toEqual({ current: 5_000, available: 5_000 })
        }))

      it.effect("a key reused for another simulation is 409 idempotency_key_already_used_error naming the first result", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const { cardId } = yield* cardOnFundedAccount(server.client, 5_000)
          const idempotencyKey = `reuse-${cardId}`
          const first = yield* send(server, "POST", "/simulations/card_authorizations", {
            body: { amount: 100, card_id: cardId },
            idempotencyKey
          })
          const held = objectBody(first)["pending_transaction"]
          const reused = yield* send(server, "POST", "/simulations/card_authorizations", {
            body: { amount: 200, card_id: cardId },
            idempotencyKey
          })
          expect(reused.status).toBe(409)
          expect(objectBody(reused)).toMatchObject({
            type: "idempotency_key_already_used_error",
            resource_id: typeof held === "object" && held !== null && "id" in held ? held.id : "missing"
          })
        }))

      it.effect("unknown and other groups' ids are 404", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const { client } = server
          const { cardId, cardPaymentId, hold } = yield* authorized(client, 5_000, 1_000)
          const other = yield* server.clientFor((yield* server.newGroup()).apiKey)
          const lookups: ReadonlyArray<Effect.Effect<unknown, { readonly _tag: string }>> = [
            other.cardPayments.retrieve({ params: { card_payment_id: cardPaymentId } }),
            other.cardSimulations.reverse({ payload: { card_payment_id: cardPaymentId } }),
            other.cardSimulations.settle({ payload: { card_id: cardId, pending_transaction_id: hold.id } }),
            other.cardSimulations.authorize({ payload: { card_id: cardId, amount: 1 } }),
            client.cardSimulations.refund({ payload: { transaction_id: TransactionId.make("transaction_unknown") } }),
            client.cardPayments.retrieve({ params: { card_payment_id: CardPaymentId.make("card_payment_unknown") } }),
            client.cardSimulations.authorize({
              payload: {
                card_id: cardId,
                amount: 1,
                event_subscription_id: EventSubscriptionId.make("event_subscription_unknown")
              }
            }),
            client.cardSimulations.authorize({
              payload: {
                card_id: cardId,
                amount: 1,
                processing_category: {
                  category: "refund",
                  refund: { original_card_payment_id: CardPaymentId.make("card_payment_unknown") }
                }
              }
            })
          ]
          for (const lookup of lookups) {
            expect((yield* Effect.flip(lookup))._tag).toBe("ObjectNotFoundError")
          }
          expect((yield* other.cardPayments.list({ query: {} })).data).toEqual([])
        }))

      it.effect("lists filter by account, card and creation time", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const first = yield* authorized(client, 5_000, 100)
          const second = yield* authorized(client, 5_000, 200)
          const byCard = yield* client.cardPayments.list({ query: { card_id: second.cardId } })
          expect(byCard.data.map((payment) => payment.id)).toEqual([second.cardPaymentId])
          const byAccount = yield* client.cardPayments.list({ query: { account_id: first.accountId } })
          expect(byAccount.data.map((payment) => payment.id)).toEqual([first.cardPaymentId])
          const created = (yield* retrievePayment(client, second.cardPaymentId)).created_at
          const after = yield* client.cardPayments.list({ query: { "created_at.after": created } })
          expect(after.data.map((payment) => payment.id)).not.toContain(second.cardPaymentId)
        }))

      it.effect("a refund authorization credits nothing until its refund completes it", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const { accountId, cardId } = yield* cardOnFundedAccount(client, 0)
          const hold = approvedHold(
            yield* client.cardSimulations.authorize({
              payload: { amount: 700, card_id: cardId, processing_category: { category: "refund" } }
            })
          )
          expect(hold).toMatchObject({ amount: 700, held_amount: 0 })
          expect(yield* balanceOf(client, accountId)).toEqual({ current: 0, available: 0 })
          const refund = yield* client.cardSimulations.refund({ payload: { pending_transaction_id: hold.id } })
          expect(refund.amount).toBe(700)
          expect((yield* retrieveHold(client, hold.id)).status).toBe("complete")
          expect(yield* balanceOf(client, accountId)).toEqual({ current: 700, available: 700 })
          const payment = yield* retrievePayment(client, cardPaymentIdOf(hold))
          expect(payment.state).toMatchObject({ refund_authorized_amount: 700, refunded_amount: 700 })
        }))

      it.effect("a replayed simulation returns the stored result and runs once", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const { accountId, cardId } = yield* cardOnFundedAccount(server.client, 5_000)
          const request = { body: { amount: 1_200, card_id: cardId }, idempotencyKey: `authorize-${cardId}` }
          const first = yield* send(server, "POST", "/simulations/card_authorizations", request)
          const replay = yield* send(server, "POST", "/simulations/card_authorizations", request)
          expect(first.status).toBe(200)
          expect(replay).toEqual({ ...first, replayed: true })
          expect(yield* balanceOf(server.client, accountId)).toEqual({ current: 5_000, available: 3_800 })
        }))
    })
  })
}
