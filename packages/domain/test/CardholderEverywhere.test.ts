/**
 * One card shows one name everywhere (docs/decisions.md, "Card detail and
 * token rules"): the holder `Cardholder.cardholderOf` gives is the name an
 * authorization's and a balance inquiry's verification carry, the one their
 * real-time decisions ask about, the renter a car rental clears for, and the
 * cardholder of a wallet token; the sandbox's when none is given.
 */
import { describe, expect, it } from "@effect/vitest"
import { DateTime, Result } from "effect"
import * as fc from "fast-check"
import { Card } from "../src/cards/Card.js"
import * as CardActivity from "../src/cards/CardActivity.js"
import * as CardClearing from "../src/cards/CardClearing.js"
import * as Cardholder from "../src/cards/Cardholder.js"
import * as CardPayment from "../src/cards/CardPayment.js"
import * as CardRequests from "../src/cards/CardRequests.js"
import * as Lifecycle from "../src/cards/DigitalWalletTokenLifecycle.js"
import * as Ids from "../src/core/Ids.js"
import * as CardDecision from "../src/decisions/CardDecision.js"
import * as RealTimeDecisionRequests from "../src/decisions/RealTimeDecisionRequests.js"
import * as Ledger from "../src/money/Ledger.js"
import * as Cards from "../src/testing/Cards.js"
import { authorizationIds } from "./support/AuthorizationIds.js"

const at = DateTime.makeUnsafe("2026-11-23T12:00:00.000Z")
const reference = "123456789012"

const activeCardArbitrary = Cards.cardArbitrary.map((card) => new Card({ ...card, status: "active" }))

const word = fc.stringMatching(/^[A-Z][a-z]{1,11}$/)

/** A holder as `cardholderOf` gives them (a person's card, or an organization's), or none given (the sandbox's). */
const cardholderArbitrary: fc.Arbitrary<Cardholder.Cardholder | undefined> = fc.option(
  fc.record({
    first: word,
    middle: fc.option(word, { nil: null }),
    last: word,
    organization: fc.option(word, { nil: null })
  }),
  { nil: undefined }
)

const nameFields = (holder: Cardholder.Cardholder) => ({
  provided_first_name: holder.first,
  provided_middle_name: holder.middle,
  provided_last_name: holder.last
})

/** A card-not-present authorization at a car rental agency, approved by the service. */
const authorizeAtCarRental = (card: Card, amount: number, cardholder: Cardholder.Cardholder | undefined) =>
  Result.getOrThrow(CardActivity.authorize({
    at,
    card,
    digitalWalletTokenId: null,
    body: { amount, card_id: card.id, merchant_category_code: "7512" },
    available: amount,
    answer: CardDecision.serviceAuthorizationDecision({ amount, direction: "settlement", available: amount }),
    authenticatedCardPayment: null,
    reference,
    cardholder,
    ids: authorizationIds
  }))

describe("the cardholder's name", () => {
  it("is the same on the authorization, its question, its balance inquiry, its settlement's rental and its tokens", () =>
    fc.assert(fc.property(
      activeCardArbitrary,
      fc.integer({ min: 1, max: 100_000 }),
      cardholderArbitrary,
      (card, amount, cardholder) => {
        const holder = cardholder ?? Cardholder.sandboxCardholder
        const authorized = authorizeAtCarRental(card, amount, cardholder)
        const authorization = CardPayment.authorizationOf(authorized.cardPayment)
        expect(authorization?.verification.cardholder_name).toEqual(nameFields(holder))

        const question = RealTimeDecisionRequests.authorizationRequest({
          card,
          body: { amount, card_id: card.id, merchant_category_code: "7512" },
          digitalWalletTokenId: null,
          cardPaymentId: authorizationIds.cardPayment,
          reference,
          cardholder
        })
        expect(
          question.category === "card_authorization_requested"
            ? question.card_authorization.verification.cardholder_name
            : null
        ).toEqual(nameFields(holder))

        const inquiryQuestion = RealTimeDecisionRequests.balanceInquiryRequest({
          card,
          body: { card_id: card.id },
          digitalWalletTokenId: null,
          cardPaymentId: authorizationIds.cardPayment,
          reference,
          cardholder
        })
        expect(
          inquiryQuestion.category === "card_balance_inquiry_requested"
            ? inquiryQuestion.card_balance_inquiry.verification.cardholder_name
            : null
        ).toEqual(nameFields(holder))

        const inquiry = Result.getOrThrow(CardRequests.inquireBalance({
          at,
          card,
          digitalWalletTokenId: null,
          body: {},
          available: amount,
          answer: CardDecision.serviceBalanceInquiryDecision,
          reference,
          cardholder,
          ids: {
            cardPayment: authorizationIds.cardPayment,
            cardBalanceInquiry: Ids.CardBalanceInquiryId.make("card_balance_inquiry_model"),
            cardDecline: authorizationIds.cardDecline,
            declinedTransaction: authorizationIds.declinedTransaction
          }
        }))
        const inquired = inquiry.cardPayment.elements[0]
        expect(
          inquired?.category === "card_balance_inquiry"
            ? inquired.card_balance_inquiry.verification.cardholder_name
            : null
        ).toEqual(nameFields(holder))

        const plan = Result.getOrThrow(
          Ledger.plan(Result.getOrThrow(Ledger.resolve(authorized.effects, new Map())), at)
        )
        const hold = plan.createdHolds[0]
        if (hold === undefined) throw new Error("an approved authorization holds its amount")
        const settled = Result.getOrThrow(CardClearing.settle({
          at,
          card,
          authorized: { cardPayment: authorized.cardPayment, hold },
          amount: undefined,
          reference,
          cardholder,
          ids: {
            cardPayment: authorizationIds.cardPayment,
            cardSettlement: Ids.CardSettlementId.make("card_settlement_model"),
            transaction: Ids.TransactionId.make("transaction_model")
          }
        }))
        const settlement = settled.cardPayment.elements.at(-1)
        expect(
          settlement?.category === "card_settlement"
            ? settlement.card_settlement.purchase_details?.car_rental?.renter_name
            : null
        ).toBe(Cardholder.fullNameOf(holder))

        const token = Lifecycle.requestToken({
          at,
          card,
          answer: CardDecision.serviceTokenDecision,
          approvedStatus: "active",
          tokensOfCard: 0,
          last4: "1234",
          id: Ids.DigitalWalletTokenId.make("digital_wallet_token_model"),
          cardholder
        })
        expect(token._tag === "Provisioned" ? token.token.cardholder.name : null).toBe(Cardholder.nameOf(holder))
      }
    )))

  it("of the sandbox's cardholder is the one a card without an entity always showed", () => {
    expect(Cardholder.nameOf(Cardholder.sandboxCardholder)).toBe(Cardholder.sandboxCardholderName)
    expect(Cardholder.nameOf(Cardholder.sandboxCardholder)).toBe("Sandbox Cardholder")
  })
})

describe("a token request's writes", () => {
  const request = (card: Card, answer: CardDecision.TokenAnswer) =>
    Lifecycle.requestWritesOf(Lifecycle.requestToken({
      at,
      card,
      answer,
      approvedStatus: "active",
      tokensOfCard: 0,
      last4: "1234",
      id: Ids.DigitalWalletTokenId.make("digital_wallet_token_model")
    }))

  it("approved: the token, its created event, and its id as the answer", () =>
    fc.assert(
      fc.property(activeCardArbitrary, (card) => {
        const writes = request(card, CardDecision.serviceTokenDecision)
        expect(writes.tokens.map((token) => token.id)).toEqual(["digital_wallet_token_model"])
        expect(writes.events.map((event) => event.category)).toEqual(["digital_wallet_token.created"])
        expect(writes.result).toMatchObject({
          digital_wallet_token_id: "digital_wallet_token_model",
          decline_reason: null
        })
      }),
      { numRuns: 20 }
    ))

  it("declined: nothing written, the reason as the answer", () =>
    fc.assert(
      fc.property(activeCardArbitrary, (card) => {
        const writes = request(card, { _tag: "Decline", reason: "webhook_declined", realTimeDecisionId: null })
        expect(writes.tokens).toEqual([])
        expect(writes.events).toEqual([])
        expect(writes.result).toMatchObject({ digital_wallet_token_id: null, decline_reason: "webhook_declined" })
      }),
      { numRuns: 20 }
    ))
})
