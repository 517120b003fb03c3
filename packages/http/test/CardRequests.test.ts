import { describe, expect, layer } from "@effect/vitest"
import type { CardPayment } from "@moneta/domain/CardPayment"
import { authenticationOf } from "@moneta/domain/CardPayment"
import { DigitalWalletTokenId, PhysicalCardId } from "@moneta/domain/Ids"
import * as TestDatabase from "@moneta/store/testing"
import { Effect } from "effect"
import { approvedHold, cardOnFundedAccount, cardPaymentIdOf } from "./support/Cards.js"
import * as TestServer from "./support/TestServer.js"
import { balanceOf, eventCategoriesOf } from "./support/Wires.js"

const lastElement = (payment: CardPayment) => payment.elements[payment.elements.length - 1]

const authentication = (payment: CardPayment) => {
  const found = authenticationOf(payment)
  if (found === undefined) throw new Error(`card payment ${payment.id} has no authentication`)
  return found
}

for (const kind of TestDatabase.testDatabases) {
  describe(`card balance inquiries, 3DS authentications and wallet tokens (${kind})`, () => {
    layer(TestServer.layer(kind), { timeout: TestDatabase.timeout })((it) => {
      it.effect("a balance inquiry reports the available balance, or the given one; declines hold nothing", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const { accountId, cardId } = yield* cardOnFundedAccount(client, 4_000)
          yield* client.cardSimulations.authorize({ payload: { amount: 1_000, card_id: cardId } })
          const inquiry = yield* client.cardSimulations.inquireBalance({ payload: { card_id: cardId } })
          const element = lastElement(inquiry)
          expect(element?.category === "card_balance_inquiry" && element.card_balance_inquiry.balance).toBe(3_000)
          const given = yield* client.cardSimulations.inquireBalance({ payload: { card_id: cardId, balance: 123 } })
          const givenElement = lastElement(given)
          expect(givenElement?.category === "card_balance_inquiry" && givenElement.card_balance_inquiry.balance).toBe(
            123
          )
          const declined = yield* client.cardSimulations.inquireBalance({
            payload: { card_id: cardId, decline_reason: "transaction_not_allowed" }
          })
          const decline = lastElement(declined)
          expect(decline?.category === "card_decline" && decline.card_decline.reason).toBe("transaction_not_allowed")
          expect(decline?.category === "card_decline" && decline.card_decline.processing_category).toBe(
            "balance_inquiry"
          )
          expect(yield* eventCategoriesOf(client, declined.id)).toEqual(["card_payment.created"])
          expect(yield* balanceOf(client, accountId)).toEqual({ current: 4_000, available: 3_000 })
          expect(inquiry.state).toEqual(given.state)
        }))

      it.effect("a 3DS authentication is challenged; a wrong code keeps it awaiting, the right one authenticates", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const { cardId } = yield* cardOnFundedAccount(client, 1_000)
          const created = yield* client.cardSimulations.authenticate({
            payload: { card_id: cardId, purchase_amount: 2_500, merchant_name: "Shop" }
          })
          expect(authentication(created)).toMatchObject({
            status: "awaiting_challenge",
            deny_reason: null,
            challenge: null,
            message_category: { category: "payment_authentication", payment: { purchase_amount: 2_500 } }
          })
          const params = { card_payment_id: created.id }
          const challenged = yield* client.cardSimulations.challenge({ params })
          const challenge = authentication(challenged).challenge
          expect(challenge?.one_time_code).toMatch(/^\d{6}$/)
          const code = challenge?.one_time_code ?? ""
          const wrong = code === "000000" ? "111111" : "000000"
          const failed = yield* client.cardSimulations.attemptChallenge({ params, payload: { one_time_code: wrong } })
          expect(authentication(failed).status).toBe("awaiting_challenge")
          expect(authentication(failed).challenge?.attempts.map((attempt) => attempt.outcome)).toEqual(["failed"])
          const passed = yield* client.cardSimulations.attemptChallenge({ params, payload: { one_time_code: code } })
          expect(authentication(passed).status).toBe("authenticated_with_challenge")
          const again = yield* Effect.flip(client.cardSimulations.challenge({ params }))
          expect(again._tag).toBe("InvalidOperationError")
          expect(yield* client.cardPayments.retrieve({ params })).toEqual(passed)
          expect(yield* eventCategoriesOf(client, created.id)).toEqual([
            "card_payment.created",
            "card_payment.updated",
            "card_payment.updated",
            "card_payment.updated"
          ])

          const hold = approvedHold(
            yield* client.cardSimulations.authorize({
              payload: { amount: 500, card_id: cardId, authenticated_card_payment_id: created.id }
            })
          )
          expect(cardPaymentIdOf(hold)).toBe(created.id)
          const joined = yield* client.cardPayments.retrieve({ params })
          expect(joined.elements.map((element) => element.category)).toEqual([
            "card_authentication",
            "card_authorization"
          ])
          expect(joined.state.authorized_amount).toBe(500)
        }))

      it.effect("three wrong codes exceed the attempt threshold", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const { cardId } = yield* cardOnFundedAccount(client, 0)
          const created = yield* client.cardSimulations.authenticate({
            payload: { card_id: cardId, category: "non_payment_authentication", device_channel: "app" }
          })
          const params = { card_payment_id: created.id }
          const code = authentication(yield* client.cardSimulations.challenge({ params })).challenge?.one_time_code ??
            ""
          const wrong = code === "000000" ? "111111" : "000000"
          let last = created
          for (let attempt = 0; attempt < 3; attempt++) {
            last = yield* client.cardSimulations.attemptChallenge({ params, payload: { one_time_code: wrong } })
          }
          expect(authentication(last).status).toBe("exceeded_attempt_threshold")
          const late = yield* Effect.flip(
            client.cardSimulations.attemptChallenge({ params, payload: { one_time_code: code } })
          )
          expect(late._tag).toBe("InvalidOperationError")
        }))

      it.effect("a card that is not active is denied 3DS and refused wallet tokens", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const { cardId } = yield* cardOnFundedAccount(client, 0)
          yield* client.cards.update({ params: { card_id: cardId }, payload: { status: "disabled" } })
          const denied = yield* client.cardSimulations.authenticate({ payload: { card_id: cardId } })
          expect(authentication(denied)).toMatchObject({ status: "denied", deny_reason: "card_not_active" })
          const refused = yield* client.cardSimulations.requestDigitalWalletToken({ payload: { card_id: cardId } })
          // a declined request makes no token, as Increase's: only the reason
          expect(refused).toMatchObject({ digital_wallet_token_id: null, decline_reason: "card_not_active" })
          expect((yield* client.digitalWalletTokens.list({ query: { card_id: cardId } })).data).toEqual([])
        }))

      it.effect("tokens take the wallets in turn and follow their card: suspended, reactivated, deactivated", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const { cardId } = yield* cardOnFundedAccount(client, 5_000)
          const request = () => client.cardSimulations.requestDigitalWalletToken({ payload: { card_id: cardId } })
          const ids = [(yield* request()).digital_wallet_token_id, (yield* request()).digital_wallet_token_id]
            .map((id) => DigitalWalletTokenId.make(id ?? ""))
          const tokens = () =>
            Effect.forEach(
              ids,
              (id) => client.digitalWalletTokens.retrieve({ params: { digital_wallet_token_id: id } })
            )
          expect((yield* tokens()).map((token) => token.token_requestor)).toEqual(["wallet_a", "wallet_b"])
          const setCard = (status: "active" | "disabled" | "canceled") =>
            client.cards.update({ params: { card_id: cardId }, payload: { status } })
          yield* setCard("disabled")
          expect((yield* tokens()).map((token) => token.status)).toEqual(["suspended", "suspended"])
          const suspended = yield* client.cardSimulations.authorize({
            payload: { amount: 100, digital_wallet_token_id: ids[0] ?? DigitalWalletTokenId.make("") }
          })
          expect(suspended.declined_transaction?.source).toMatchObject({
            category: "card_decline",
            card_decline: { reason: "card_not_active" }
          })
          yield* setCard("active")
          expect((yield* tokens()).map((token) => token.status)).toEqual(["active", "active"])
          yield* setCard("canceled")
          const canceled = yield* tokens()
          expect(canceled.map((token) => token.status)).toEqual(["deactivated", "deactivated"])
          expect(canceled[0]?.updates.map((update) => update.status)).toEqual([
            "active",
            "suspended",
            "active",
            "deactivated"
          ])
          for (const id of ids) {
            expect(yield* eventCategoriesOf(client, id)).toEqual([
              "digital_wallet_token.created",
              "digital_wallet_token.updated",
              "digital_wallet_token.updated",
              "digital_wallet_token.updated"
            ])
          }
        }))

      it.effect("a provisioned wallet token authorizes on its card and is listed by card", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const { accountId, cardId } = yield* cardOnFundedAccount(client, 5_000)
          const result = yield* client.cardSimulations.requestDigitalWalletToken({ payload: { card_id: cardId } })
          expect(result).toMatchObject({
            decline_reason: null,
            type: "inbound_digital_wallet_token_request_simulation_result"
          })
          const tokenId = DigitalWalletTokenId.make(result.digital_wallet_token_id ?? "")
          const token = yield* client.digitalWalletTokens.retrieve({ params: { digital_wallet_token_id: tokenId } })
          expect(token).toMatchObject({ status: "active", decline: null, token_requestor: "wallet_a" })
          expect(yield* eventCategoriesOf(client, tokenId)).toEqual(["digital_wallet_token.created"])
          const listed = yield* client.digitalWalletTokens.list({ query: { card_id: cardId } })
          expect(listed.data.map((item) => item.id)).toEqual([tokenId])

          const hold = approvedHold(
            yield* client.cardSimulations.authorize({
              payload: { amount: 1_500, digital_wallet_token_id: tokenId }
            })
          )
          const payment = yield* client.cardPayments.retrieve({ params: { card_payment_id: cardPaymentIdOf(hold) } })
          expect(payment).toMatchObject({ card_id: cardId, digital_wallet_token_id: tokenId, account_id: accountId })
          const missing = yield* Effect.flip(client.cardSimulations.authorize({
            payload: { amount: 1, physical_card_id: PhysicalCardId.make("physical_card_unknown") }
          }))
          expect(missing._tag).toBe("ObjectNotFoundError")
        }))
    })
  })
}
