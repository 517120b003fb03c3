import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Either, FastCheck as fc } from "effect"
import * as CardAuthentication from "../src/CardAuthentication.js"
import * as CardPayment from "../src/CardPayment.js"
import * as CardPaymentElements from "../src/CardPaymentElements.js"
import { InvalidOperationError } from "../src/Errors.js"
import * as Cards from "../src/testing/Cards.js"

/** Templates of every element of a purchase, to shape into one payment's elements. */
const purchaseTemplates = fc.record({
  payment: Cards.emptyCardPaymentArbitrary,
  authorization: Arbitrary.make(CardPaymentElements.CardAuthorizationElement),
  increment: Arbitrary.make(CardPaymentElements.CardIncrementElement),
  reversal: Arbitrary.make(CardPaymentElements.CardReversalElement),
  settlement: Arbitrary.make(CardPaymentElements.CardSettlementElement),
  refund: Arbitrary.make(CardPaymentElements.CardRefundElement),
  fuelConfirmation: Arbitrary.make(CardPaymentElements.CardFuelConfirmationElement),
  expiration: Arbitrary.make(CardPaymentElements.CardAuthorizationExpirationElement),
  authentication: Arbitrary.make(CardPaymentElements.CardAuthenticationElement)
})

const linked =
  (template: CardPaymentElements.Element, amount: number, direction: "settlement" | "refund" = "settlement") =>
  (cardPayment: CardPayment.CardPayment) =>
    Cards.shapeElement({ template, amount, direction, linked: true }, cardPayment)

/** Applies elements in order; stops at the first refusal. */
const applyAll = (
  cardPayment: CardPayment.CardPayment,
  elements: ReadonlyArray<(cardPayment: CardPayment.CardPayment) => CardPaymentElements.Element>
): Either.Either<CardPayment.CardPayment, InvalidOperationError> => {
  let current = cardPayment
  for (const elementFor of elements) {
    const result = CardPayment.applyElement(current, elementFor(current))
    if (Either.isLeft(result)) return Either.left(result.left)
    current = result.right.next
  }
  return Either.right(current)
}

/** Example-like properties over big generated objects: fewer runs keep the file fast. */
const fewRuns = { timeout: 30_000, fastCheck: { numRuns: 25 } }

const refused = (result: Either.Either<unknown, InvalidOperationError>): boolean =>
  Either.isLeft(result) && result.left instanceof InvalidOperationError

// property runs over large generated objects: generous time on a loaded 2-core machine
describe("card payments", { timeout: 30_000 }, () => {
  it.prop(
    "for any sequence of elements, the state is the sums of the elements' amounts and the hold never goes negative",
    [Cards.emptyCardPaymentArbitrary, Cards.cardPaymentElementDraftsArbitrary],
    ([empty, drafts]) => {
      let cardPayment = empty
      for (const draft of drafts) {
        const result = CardPayment.applyElement(cardPayment, Cards.shapeElement(draft, cardPayment))
        if (Either.isRight(result)) cardPayment = result.right.next
        expect(cardPayment.state).toEqual(Cards.totalsOf(cardPayment.elements))
        expect(CardPayment.outstandingAuthorization(cardPayment)).toBeGreaterThanOrEqual(0)
      }
    },
    { timeout: 60_000, fastCheck: { numRuns: 100 } }
  )

  it.prop(
    "each element is checked against the sums model and emits card_payment.updated (model-based)",
    [Cards.cardPaymentScenarioArbitrary],
    ([scenario]) => fc.modelRun(scenario.setup, scenario.commands),
    { timeout: 60_000, fastCheck: { numRuns: 100 } }
  )

  it.prop("creating one emits card_payment.created", [purchaseTemplates], ([{ payment, authorization }]) => {
    const result = CardPayment.create(payment, linked(authorization, 1_000)(payment))
    if (Either.isLeft(result)) throw result.left
    expect(result.right.events).toEqual([
      { category: "card_payment.created", associatedObjectType: "card_payment", associatedObjectId: payment.id }
    ])
    expect(result.right.next.state.authorized_amount).toBe(1_000)
  }, fewRuns)

  it.prop(
    "an authorization then a settlement of the whole amount",
    [purchaseTemplates],
    ([{ payment, authorization, settlement }]) => {
      const result = applyAll(payment, [linked(authorization, 1_000), linked(settlement, 1_000)])
      if (Either.isLeft(result)) throw result.left
      expect(result.right.state).toMatchObject({ authorized_amount: 1_000, settled_amount: 1_000 })
      expect(CardPayment.outstandingAuthorization(result.right)).toBe(0)
    },
    fewRuns
  )

  it.prop(
    "reversals shrink the hold and cannot exceed it",
    [purchaseTemplates, fc.integer({ min: 1, max: 999 })],
    ([{ payment, authorization, reversal }, partial]) => {
      const partly = applyAll(payment, [linked(authorization, 1_000), linked(reversal, partial)])
      if (Either.isLeft(partly)) throw partly.left
      expect(CardPayment.outstandingAuthorization(partly.right)).toBe(1_000 - partial)
      const last = partly.right.elements[partly.right.elements.length - 1]
      expect(last?.category === "card_reversal" && last.card_reversal.updated_authorization_amount).toBe(
        1_000 - partial
      )
      expect(refused(CardPayment.applyElement(partly.right, linked(reversal, 1_000 - partial + 1)(partly.right)))).toBe(
        true
      )
    },
    fewRuns
  )

  it.prop(
    "increments grow the hold; settlements beyond the hold are refused",
    [purchaseTemplates],
    ([{ payment, authorization, increment, settlement }]) => {
      const incremented = applyAll(payment, [linked(authorization, 1_000), linked(increment, 500)])
      if (Either.isLeft(incremented)) throw incremented.left
      expect(CardPayment.outstandingAuthorization(incremented.right)).toBe(1_500)
      expect(refused(CardPayment.applyElement(incremented.right, linked(settlement, 1_501)(incremented.right)))).toBe(
        true
      )
      expect(Either.isRight(CardPayment.applyElement(incremented.right, linked(settlement, 1_500)(incremented.right))))
        .toBe(true)
    },
    fewRuns
  )

  it.prop(
    "a settlement forced without authorization holds nothing",
    [purchaseTemplates],
    ([{ payment, settlement }]) => {
      const result = applyAll(payment, [linked(settlement, 700)])
      if (Either.isLeft(result)) throw result.left
      expect(result.right.state.settled_amount).toBe(700)
      expect(CardPayment.outstandingAuthorization(result.right)).toBe(0)
    },
    fewRuns
  )

  it.prop(
    "one fuel confirmation per authorization",
    [purchaseTemplates],
    ([{ payment, authorization, fuelConfirmation }]) => {
      const confirmed = applyAll(payment, [linked(authorization, 10_000), linked(fuelConfirmation, 4_500)])
      if (Either.isLeft(confirmed)) throw confirmed.left
      expect(confirmed.right.state.fuel_confirmed_amount).toBe(4_500)
      expect(refused(CardPayment.applyElement(confirmed.right, linked(fuelConfirmation, 4_500)(confirmed.right)))).toBe(
        true
      )
    },
    fewRuns
  )

  it.prop(
    "an expiration releases the hold, after which nothing more can be taken from it",
    [purchaseTemplates],
    ([{ payment, authorization, reversal, expiration, settlement }]) => {
      const expired = applyAll(payment, [linked(authorization, 1_000), linked(reversal, 300), linked(expiration, 0)])
      if (Either.isLeft(expired)) throw expired.left
      const last = expired.right.elements[expired.right.elements.length - 1]
      expect(last?.category === "card_authorization_expiration" && last.card_authorization_expiration.expired_amount)
        .toBe(700)
      expect(CardPayment.outstandingAuthorization(expired.right)).toBe(0)
      expect(refused(CardPayment.applyElement(expired.right, linked(settlement, 1)(expired.right)))).toBe(true)
      expect(refused(CardPayment.applyElement(expired.right, linked(expiration, 0)(expired.right)))).toBe(true)
    },
    fewRuns
  )

  it.prop(
    "refunds are limited to what was settled or refund-authorized",
    [purchaseTemplates],
    ([{ payment, authorization, settlement, refund }]) => {
      const settled = applyAll(payment, [linked(authorization, 1_000), linked(settlement, 800), linked(refund, 500)])
      if (Either.isLeft(settled)) throw settled.left
      expect(settled.right.state.refunded_amount).toBe(500)
      expect(refused(CardPayment.applyElement(settled.right, linked(refund, 301)(settled.right)))).toBe(true)
    },
    fewRuns
  )

  it.prop("a refund authorization holds nothing", [purchaseTemplates], ([{ payment, authorization, refund }]) => {
    const result = applyAll(payment, [linked(authorization, 900, "refund"), linked(refund, 900)])
    if (Either.isLeft(result)) throw result.left
    expect(result.right.state).toMatchObject({
      authorized_amount: 0,
      refund_authorized_amount: 900,
      refunded_amount: 900
    })
    expect(CardPayment.outstandingAuthorization(result.right)).toBe(0)
  }, fewRuns)

  it.prop("a payment has one authorization", [purchaseTemplates], ([{ payment, authorization }]) => {
    const once = applyAll(payment, [linked(authorization, 100)])
    if (Either.isLeft(once)) throw once.left
    expect(refused(CardPayment.applyElement(once.right, linked(authorization, 100)(once.right)))).toBe(true)
  }, fewRuns)

  it.prop("an element of another card payment is refused", [purchaseTemplates], ([{ payment, authorization }]) => {
    const element = Cards.shapeElement(
      { template: authorization, amount: 100, direction: "settlement", linked: false },
      payment
    )
    const named = CardPayment.cardPaymentIdOf(element)
    fc.pre(named !== payment.id)
    expect(refused(CardPayment.applyElement(payment, element))).toBe(true)
  }, fewRuns)

  it.prop(
    "its authentication moves through its status graph",
    [purchaseTemplates],
    ([{ payment, authentication }]) => {
      const withAuthentication = applyAll(payment, [
        (cardPayment) => {
          const shaped = linked(authentication, 0)(cardPayment)
          return shaped.category === "card_authentication"
            ? {
              ...shaped,
              card_authentication: new CardAuthentication.CardAuthentication({
                ...shaped.card_authentication,
                status: "awaiting_challenge",
                challenge: null
              })
            }
            : shaped
        }
      ])
      if (Either.isLeft(withAuthentication)) throw withAuthentication.left
      const result = CardPayment.updateAuthentication(withAuthentication.right, { _tag: "Expire" })
      if (Either.isLeft(result)) throw result.left
      expect(CardPayment.authenticationOf(result.right.next)?.status).toBe("timed_out_awaiting_challenge")
      expect(result.right.events).toEqual([
        { category: "card_payment.updated", associatedObjectType: "card_payment", associatedObjectId: payment.id }
      ])
      expect(refused(CardPayment.updateAuthentication(payment, { _tag: "Expire" }))).toBe(true)
    },
    fewRuns
  )
})
