import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import * as fc from "fast-check"
import * as CardAuthentication from "../src/cards/CardAuthentication.js"
import * as CardPayment from "../src/cards/CardPayment.js"
import * as CardPaymentElements from "../src/cards/CardPaymentElements.js"
import { CardAuthenticationWrongStatus, CardPaymentInteractionRefused } from "../src/core/Refusals.js"
import * as Cards from "../src/testing/Cards.js"
import { fromSchema } from "../src/testing/FromSchema.js"

/** Templates of every element of a purchase, to shape into one payment's elements. */
const purchaseTemplates = fc.record({
  payment: Cards.emptyCardPaymentArbitrary,
  authorization: fromSchema(CardPaymentElements.CardAuthorizationElement),
  increment: fromSchema(CardPaymentElements.CardIncrementElement),
  reversal: fromSchema(CardPaymentElements.CardReversalElement),
  settlement: fromSchema(CardPaymentElements.CardSettlementElement),
  refund: fromSchema(CardPaymentElements.CardRefundElement),
  fuelConfirmation: fromSchema(CardPaymentElements.CardFuelConfirmationElement),
  expiration: fromSchema(CardPaymentElements.CardAuthorizationExpirationElement),
  authentication: fromSchema(CardPaymentElements.CardAuthenticationElement)
})

const linked =
  (template: CardPaymentElements.Element, amount: number, direction: "settlement" | "refund" = "settlement") =>
  (cardPayment: CardPayment.CardPayment) =>
    Cards.shapeElement({ template, amount, direction, linked: true }, cardPayment)

/** Applies elements in order; stops at the first refusal. */
const applyAll = (
  cardPayment: CardPayment.CardPayment,
  elements: ReadonlyArray<(cardPayment: CardPayment.CardPayment) => CardPaymentElements.Element>
): Result.Result<CardPayment.CardPayment, CardPaymentInteractionRefused> => {
  let current = cardPayment
  for (const elementFor of elements) {
    const result = CardPayment.applyElement(current, elementFor(current))
    if (Result.isFailure(result)) return Result.fail(result.failure)
    current = result.success.next
  }
  return Result.succeed(current)
}

/** Example-like properties over big generated objects: fewer runs keep the file fast. */
const fewRuns = { numRuns: 25 }

const refused = (
  result: Result.Result<unknown, CardPaymentInteractionRefused | CardAuthenticationWrongStatus>
): boolean =>
  Result.isFailure(result) &&
  (result.failure instanceof CardPaymentInteractionRefused || result.failure instanceof CardAuthenticationWrongStatus)

// property runs over large generated objects: generous time on a loaded 2-core machine
describe("card payments", { timeout: 30_000 }, () => {
  it(
    "for any sequence of elements, the state is the sums of the elements' amounts and the hold never goes negative",
    () =>
      fc.assert(
        fc.property(
          fc.tuple(Cards.emptyCardPaymentArbitrary, Cards.cardPaymentElementDraftsArbitrary),
          ([empty, drafts]) => {
            let cardPayment = empty
            for (const draft of drafts) {
              const result = CardPayment.applyElement(cardPayment, Cards.shapeElement(draft, cardPayment))
              if (Result.isSuccess(result)) cardPayment = result.success.next
              expect(cardPayment.state).toEqual(Cards.totalsOf(cardPayment.elements))
              expect(CardPayment.outstandingAuthorization(cardPayment)).toBeGreaterThanOrEqual(0)
            }
          }
        ),
        { numRuns: 100 }
      ),
    60_000
  )

  it(
    "each element is checked against the sums model and emits card_payment.updated (model-based)",
    () =>
      fc.assert(
        fc.property(
          fc.tuple(Cards.cardPaymentScenarioArbitrary),
          ([scenario]) => fc.modelRun(scenario.setup, scenario.commands)
        ),
        { numRuns: 100 }
      ),
    60_000
  )

  it("creating one emits card_payment.created", () =>
    fc.assert(
      fc.property(fc.tuple(purchaseTemplates), ([{ payment, authorization }]) => {
        const result = CardPayment.create(payment, linked(authorization, 1_000)(payment))
        if (Result.isFailure(result)) throw result.failure
        expect(result.success.events).toEqual([
          { category: "card_payment.created", associatedObjectType: "card_payment", associatedObjectId: payment.id }
        ])
        expect(result.success.next.state.authorized_amount).toBe(1_000)
      }),
      fewRuns
    ))

  it("an authorization then a settlement of the whole amount", () =>
    fc.assert(
      fc.property(fc.tuple(purchaseTemplates), ([{ payment, authorization, settlement }]) => {
        const result = applyAll(payment, [linked(authorization, 1_000), linked(settlement, 1_000)])
        if (Result.isFailure(result)) throw result.failure
        expect(result.success.state).toMatchObject({ authorized_amount: 1_000, settled_amount: 1_000 })
        expect(CardPayment.outstandingAuthorization(result.success)).toBe(0)
      }),
      fewRuns
    ))

  it("reversals shrink the hold and cannot exceed it", () =>
    fc.assert(
      fc.property(
        fc.tuple(purchaseTemplates, fc.integer({ min: 1, max: 999 })),
        ([{ payment, authorization, reversal }, partial]) => {
          const partly = applyAll(payment, [linked(authorization, 1_000), linked(reversal, partial)])
          if (Result.isFailure(partly)) throw partly.failure
          expect(CardPayment.outstandingAuthorization(partly.success)).toBe(1_000 - partial)
          const last = partly.success.elements[partly.success.elements.length - 1]
          expect(last?.category === "card_reversal" && last.card_reversal.updated_authorization_amount).toBe(
            1_000 - partial
          )
          expect(
            refused(CardPayment.applyElement(partly.success, linked(reversal, 1_000 - partial + 1)(partly.success)))
          ).toBe(
            true
          )
        }
      ),
      fewRuns
    ))

  it("increments grow the hold; settlements beyond the hold are refused", () =>
    fc.assert(
      fc.property(fc.tuple(purchaseTemplates), ([{ payment, authorization, increment, settlement }]) => {
        const incremented = applyAll(payment, [linked(authorization, 1_000), linked(increment, 500)])
        if (Result.isFailure(incremented)) throw incremented.failure
        expect(CardPayment.outstandingAuthorization(incremented.success)).toBe(1_500)
        expect(refused(CardPayment.applyElement(incremented.success, linked(settlement, 1_501)(incremented.success))))
          .toBe(
            true
          )
        expect(
          Result.isSuccess(
            CardPayment.applyElement(incremented.success, linked(settlement, 1_500)(incremented.success))
          )
        )
          .toBe(true)
      }),
      fewRuns
    ))

  it("a settlement forced without authorization holds nothing", () =>
    fc.assert(
      fc.property(fc.tuple(purchaseTemplates), ([{ payment, settlement }]) => {
        const result = applyAll(payment, [linked(settlement, 700)])
        if (Result.isFailure(result)) throw result.failure
        expect(result.success.state.settled_amount).toBe(700)
        expect(CardPayment.outstandingAuthorization(result.success)).toBe(0)
      }),
      fewRuns
    ))

  it("one fuel confirmation per authorization", () =>
    fc.assert(
      fc.property(fc.tuple(purchaseTemplates), ([{ payment, authorization, fuelConfirmation }]) => {
        const confirmed = applyAll(payment, [linked(authorization, 10_000), linked(fuelConfirmation, 4_500)])
        if (Result.isFailure(confirmed)) throw confirmed.failure
        expect(confirmed.success.state.fuel_confirmed_amount).toBe(4_500)
        expect(refused(CardPayment.applyElement(confirmed.success, linked(fuelConfirmation, 4_500)(confirmed.success))))
          .toBe(
            true
          )
      }),
      fewRuns
    ))

  it("an expiration releases the hold, after which nothing more can be taken from it", () =>
    fc.assert(
      fc.property(fc.tuple(purchaseTemplates), ([{ payment, authorization, reversal, expiration, settlement }]) => {
        const expired = applyAll(payment, [linked(authorization, 1_000), linked(reversal, 300), linked(expiration, 0)])
        if (Result.isFailure(expired)) throw expired.failure
        const last = expired.success.elements[expired.success.elements.length - 1]
        expect(last?.category === "card_authorization_expiration" && last.card_authorization_expiration.expired_amount)
          .toBe(700)
        expect(CardPayment.outstandingAuthorization(expired.success)).toBe(0)
        expect(refused(CardPayment.applyElement(expired.success, linked(settlement, 1)(expired.success)))).toBe(true)
        expect(refused(CardPayment.applyElement(expired.success, linked(expiration, 0)(expired.success)))).toBe(true)
      }),
      fewRuns
    ))

  it("refunds are limited to what was settled or refund-authorized", () =>
    fc.assert(
      fc.property(fc.tuple(purchaseTemplates), ([{ payment, authorization, settlement, refund }]) => {
        const settled = applyAll(payment, [linked(authorization, 1_000), linked(settlement, 800), linked(refund, 500)])
        if (Result.isFailure(settled)) throw settled.failure
        expect(settled.success.state.refunded_amount).toBe(500)
        expect(refused(CardPayment.applyElement(settled.success, linked(refund, 301)(settled.success)))).toBe(true)
      }),
      fewRuns
    ))

  it("a refund authorization holds nothing", () =>
    fc.assert(
      fc.property(fc.tuple(purchaseTemplates), ([{ payment, authorization, refund }]) => {
        const result = applyAll(payment, [linked(authorization, 900, "refund"), linked(refund, 900)])
        if (Result.isFailure(result)) throw result.failure
        expect(result.success.state).toMatchObject({
          authorized_amount: 0,
          refund_authorized_amount: 900,
          refunded_amount: 900
        })
        expect(CardPayment.outstandingAuthorization(result.success)).toBe(0)
      }),
      fewRuns
    ))

  it("a payment has one authorization", () =>
    fc.assert(
      fc.property(fc.tuple(purchaseTemplates), ([{ payment, authorization }]) => {
        const once = applyAll(payment, [linked(authorization, 100)])
        if (Result.isFailure(once)) throw once.failure
        expect(refused(CardPayment.applyElement(once.success, linked(authorization, 100)(once.success)))).toBe(true)
      }),
      fewRuns
    ))

  it("an element of another card payment is refused", () =>
    fc.assert(
      fc.property(fc.tuple(purchaseTemplates), ([{ payment, authorization }]) => {
        const element = Cards.shapeElement(
          { template: authorization, amount: 100, direction: "settlement", linked: false },
          payment
        )
        const named = CardPayment.cardPaymentIdOf(element)
        fc.pre(named !== payment.id)
        expect(refused(CardPayment.applyElement(payment, element))).toBe(true)
      }),
      fewRuns
    ))

  it("its authentication moves through its status graph", () =>
    fc.assert(
      fc.property(fc.tuple(purchaseTemplates), ([{ payment, authentication }]) => {
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
        if (Result.isFailure(withAuthentication)) throw withAuthentication.failure
        const result = CardPayment.updateAuthentication(withAuthentication.success, { _tag: "Expire" })
        if (Result.isFailure(result)) throw result.failure
        expect(CardPayment.authenticationOf(result.success.next)?.status).toBe("timed_out_awaiting_challenge")
        expect(result.success.events).toEqual([
          { category: "card_payment.updated", associatedObjectType: "card_payment", associatedObjectId: payment.id }
        ])
        expect(refused(CardPayment.updateAuthentication(payment, { _tag: "Expire" }))).toBe(true)
      }),
      fewRuns
    ))
})
