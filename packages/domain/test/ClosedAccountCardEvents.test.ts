/**
 * Every authorization-like card event on a closed account is declined
 * `account_closed` before anyone is asked (docs/decisions.md, "Cards on a
 * closed account"): an increment plans a `card_decline` naming the
 * authorization it would have grown, moving no money (its hold stays); a
 * balance inquiry plans a zero `card_decline`. Whatever the client answered
 * and whatever the balance.
 */
import { describe, expect } from "@effect/vitest"
import { DateTime, Result } from "effect"
import * as fc from "fast-check"
import { Card } from "../src/cards/Card.js"
import * as CardActivity from "../src/cards/CardActivity.js"
import * as CardPayment from "../src/cards/CardPayment.js"
import * as CardRequests from "../src/cards/CardRequests.js"
import * as Ids from "../src/core/Ids.js"
import * as CardDecision from "../src/decisions/CardDecision.js"
import * as Cards from "../src/testing/Cards.js"
import { authorizationIds as ids } from "./support/AuthorizationIds.js"
import { prop } from "./support/Property.js"

const at = DateTime.makeUnsafe("2026-11-27T12:00:00.000Z")
const reference = "123456789012"
const activeCard = Cards.cardArbitrary.map((card) => new Card({ ...card, status: "active" }))
const amount = fc.integer({ min: 1, max: 100_000 })
const available = fc.integer({ min: 0, max: 200_000 })
const clientAnswer = fc.constantFrom<CardDecision.AuthorizationAnswer | null>(
  null,
  CardDecision.AuthorizationAnswer.Approve({
    actioner: "user",
    realTimeDecisionId: Ids.RealTimeDecisionId.make("real_time_decision_closed_test"),
    balance: null,
    partialAmount: null
  })
)

/** A payment whose authorization of `authorized` the service approved (the account was open then). */
const authorizedPayment = (card: Card, authorized: number): CardPayment.CardPayment =>
  Result.getOrThrow(CardActivity.authorize({
    at,
    card,
    digitalWalletTokenId: null,
    body: { amount: authorized, card_id: card.id },
    available: authorized,
    answer: CardDecision.serviceAuthorizationDecision({
      amount: authorized,
      direction: "settlement",
      available: authorized
    }),
    authenticatedCardPayment: null,
    reference,
    ids
  })).cardPayment

const closed = { forced: undefined, tokenStatus: null, accountStatus: "closed" } as const

describe("card events on a closed account", () => {
  prop(
    "an increment is declined account_closed: a card_decline naming the authorization, no money moved",
    [activeCard, amount, amount, available, clientAnswer],
    ([card, authorized, more, balance, client]) => {
      const cardPayment = authorizedPayment(card, authorized)
      const step = Result.getOrThrow(CardActivity.increment({
        at,
        card,
        cardPayment,
        amount: more,
        available: balance,
        answer: CardDecision.authorizationAnswer({
          ...closed,
          cardStatus: card.status,
          client,
          question: { amount: more, direction: "settlement", available: balance }
        }),
        reference,
        ids: {
          cardIncrement: Ids.CardIncrementId.make("card_increment_closed"),
          cardDecline: ids.cardDecline,
          declinedTransaction: ids.declinedTransaction
        }
      }))
      expect(step.effects).toEqual([])
      expect(CardPayment.outstandingAuthorization(step.cardPayment)).toBe(authorized)
      const last = step.cardPayment.elements.at(-1)
      expect(last?.category === "card_decline" ? last.card_decline : undefined).toMatchObject({
        reason: "account_closed",
        actioner: "increase",
        amount: more,
        incremented_card_authorization_id: ids.cardAuthorization,
        real_time_decision_id: null
      })
      expect(step.declinedTransaction).toMatchObject({ amount: -more, account_id: card.account_id })
      expect(step.events.map((event) => event.category)).toEqual([
        "card_payment.updated",
        "declined_transaction.created"
      ])
    }
  )

  prop(
    "a balance inquiry is declined account_closed: a zero card_decline",
    [activeCard, available, clientAnswer],
    ([card, balance, client]) => {
      const step = Result.getOrThrow(CardRequests.inquireBalance({
        at,
        card,
        digitalWalletTokenId: null,
        body: {},
        available: balance,
        answer: CardDecision.balanceInquiryAnswer({ ...closed, cardStatus: card.status, client }),
        reference,
        ids: {
          cardPayment: ids.cardPayment,
          cardBalanceInquiry: Ids.CardBalanceInquiryId.make("card_balance_inquiry_closed"),
          cardDecline: ids.cardDecline,
          declinedTransaction: ids.declinedTransaction
        }
      }))
      expect(step.effects).toEqual([])
      expect(step.cardPayment.elements.map((element) => element.category)).toEqual(["card_decline"])
      const decline = step.cardPayment.elements[0]
      expect(decline?.category === "card_decline" ? decline.card_decline : undefined).toMatchObject({
        reason: "account_closed",
        actioner: "increase",
        amount: 0,
        incremented_card_authorization_id: null
      })
      expect(step.declinedTransaction).toMatchObject({ amount: 0, account_id: card.account_id })
    }
  )
})
