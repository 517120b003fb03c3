/**
 * Consistent arbitraries and `fc.commands` generators for card payments:
 * element drafts linked to their payment, and scenarios whose every accepted
 * or refused element is predicted by a model of decisions.md j.
 */
import { Result, Schema } from "effect"
import * as fc from "fast-check"
import * as CardAuthentication from "../cards/CardAuthentication.js"
import * as CardPayment from "../cards/CardPayment.js"
import * as CardPaymentElements from "../cards/CardPaymentElements.js"
import type * as Ids from "../core/Ids.js"
import { CardPaymentInteractionRefused } from "../core/Refusals.js"
import { ensure } from "./CardChecks.js"
import { otherElementArbitrary } from "./CardSchemas.js"
import { fromSchema } from "./FromSchema.js"

/**
 * An element to add to a payment, before it is linked to it: `shapeElement`
 * sets its amount and, when `linked`, the ids that tie it to the payment
 * (unlinked elements name other objects and must be refused when they act on
 * an authorization).
 */
export interface CardPaymentElementDraft {
  readonly template: CardPaymentElements.Element
  readonly amount: number
  readonly direction: "settlement" | "refund"
  readonly linked: boolean
}

const elementTemplateArbitrary: fc.Arbitrary<CardPaymentElements.Element> = fc.oneof(
  { arbitrary: fromSchema(CardPaymentElements.CardAuthorizationElement), weight: 1 },
  { arbitrary: fromSchema(CardPaymentElements.CardIncrementElement), weight: 3 },
  { arbitrary: fromSchema(CardPaymentElements.CardReversalElement), weight: 3 },
  { arbitrary: fromSchema(CardPaymentElements.CardSettlementElement), weight: 3 },
  { arbitrary: fromSchema(CardPaymentElements.CardRefundElement), weight: 2 },
  { arbitrary: fromSchema(CardPaymentElements.CardFuelConfirmationElement), weight: 1 },
  { arbitrary: fromSchema(CardPaymentElements.CardAuthorizationExpirationElement), weight: 1 },
  { arbitrary: fromSchema(CardPaymentElements.CardDeclineElement), weight: 1 },
  { arbitrary: fromSchema(CardPaymentElements.CardAuthenticationElement), weight: 1 },
  { arbitrary: fromSchema(CardPaymentElements.CardBalanceInquiryElement), weight: 1 },
  { arbitrary: fromSchema(CardPaymentElements.CardFinancialElement), weight: 1 },
  { arbitrary: fromSchema(CardPaymentElements.CardValidationElement), weight: 1 },
  { arbitrary: otherElementArbitrary, weight: 1 }
)

const draftOf = (template: fc.Arbitrary<CardPaymentElements.Element>, amount: fc.Arbitrary<number>) =>
  fc.record({
    template,
    // now and then a non-positive amount, which must be refused
    amount: fc.oneof({ arbitrary: amount, weight: 9 }, { arbitrary: fc.integer({ min: -100, max: 0 }), weight: 1 }),
    direction: fc.constantFrom("settlement" as const, "settlement" as const, "settlement" as const, "refund" as const),
    linked: fc.oneof({ arbitrary: fc.constant(true), weight: 9 }, { arbitrary: fc.constant(false), weight: 1 })
  })

/** Authorizations larger than the other amounts, so that increments, reversals and settlements often fit. */
const authorizationDraftArbitrary = draftOf(
  fromSchema(CardPaymentElements.CardAuthorizationElement),
  fc.integer({ min: 1_000, max: 10_000 })
)

export const cardPaymentElementDraftArbitrary: fc.Arbitrary<CardPaymentElementDraft> = fc.oneof(
  { arbitrary: authorizationDraftArbitrary, weight: 1 },
  { arbitrary: draftOf(elementTemplateArbitrary, fc.integer({ min: 1, max: 3_000 })), weight: 5 }
)

/** The elements of a payment's life: usually an authorization first, then anything. */
export const cardPaymentElementDraftsArbitrary: fc.Arbitrary<ReadonlyArray<CardPaymentElementDraft>> = fc
  .tuple(
    fc.option(authorizationDraftArbitrary, { freq: 5, nil: undefined }),
    fc.array(cardPaymentElementDraftArbitrary, { maxLength: 25 })
  )
  .map(([first, rest]) => (first === undefined ? rest : [first, ...rest]))

/** The element of a draft, with its amount and its links to the payment. */
export const shapeElement = (
  draft: CardPaymentElementDraft,
  cardPayment: CardPayment.CardPayment
): CardPaymentElements.Element => {
  const { template, amount, linked } = draft
  const authorizationId = CardPayment.authorizationOf(cardPayment)?.id
  const paymentId = (own: Ids.CardPaymentId) => (linked ? cardPayment.id : own)
  const authorizationOf = (own: Ids.CardAuthorizationId) => (linked ? authorizationId ?? own : own)
  switch (template.category) {
    case "card_authorization":
      return {
        ...template,
        card_authorization: new CardPaymentElements.CardAuthorization({
          ...template.card_authorization,
          amount,
          direction: draft.direction,
          card_payment_id: paymentId(template.card_authorization.card_payment_id)
        })
      }
    case "card_increment":
      return {
        ...template,
        card_increment: new CardPaymentElements.CardIncrement({
          ...template.card_increment,
          amount,
          card_authorization_id: authorizationOf(template.card_increment.card_authorization_id)
        })
      }
    case "card_reversal":
      return {
        ...template,
        card_reversal: new CardPaymentElements.CardReversal({
          ...template.card_reversal,
          reversal_amount: amount,
          card_authorization_id: authorizationOf(template.card_reversal.card_authorization_id)
        })
      }
    case "card_settlement":
      return {
        ...template,
        card_settlement: new CardPaymentElements.CardSettlement({
          ...template.card_settlement,
          amount,
          card_payment_id: paymentId(template.card_settlement.card_payment_id),
          card_authorization: linked ? authorizationId ?? null : template.card_settlement.card_authorization
        })
      }
    case "card_refund":
      return {
        ...template,
        card_refund: new CardPaymentElements.CardRefund({
          ...template.card_refund,
          amount,
          card_payment_id: paymentId(template.card_refund.card_payment_id)
        })
      }
    case "card_fuel_confirmation":
      return {
        ...template,
        card_fuel_confirmation: new CardPaymentElements.CardFuelConfirmation({
          ...template.card_fuel_confirmation,
          updated_authorization_amount: amount,
          card_authorization_id: authorizationOf(template.card_fuel_confirmation.card_authorization_id)
        })
      }
    case "card_authorization_expiration":
      return {
        ...template,
        card_authorization_expiration: new CardPaymentElements.CardAuthorizationExpiration({
          ...template.card_authorization_expiration,
          card_authorization_id: authorizationOf(template.card_authorization_expiration.card_authorization_id)
        })
      }
    case "card_decline":
      return {
        ...template,
        card_decline: new CardPaymentElements.CardDecline({
          ...template.card_decline,
          amount,
          card_payment_id: paymentId(template.card_decline.card_payment_id)
        })
      }
    case "card_authentication":
      return {
        ...template,
        card_authentication: new CardAuthentication.CardAuthentication({
          ...template.card_authentication,
          card_payment_id: paymentId(template.card_authentication.card_payment_id)
        })
      }
    case "card_balance_inquiry":
      return {
        ...template,
        card_balance_inquiry: new CardPaymentElements.CardBalanceInquiry({
          ...template.card_balance_inquiry,
          card_payment_id: paymentId(template.card_balance_inquiry.card_payment_id)
        })
      }
    case "card_financial":
      return {
        ...template,
        card_financial: new CardPaymentElements.CardFinancial({
          ...template.card_financial,
          card_payment_id: paymentId(template.card_financial.card_payment_id)
        })
      }
    case "card_validation":
      return {
        ...template,
        card_validation: new CardPaymentElements.CardValidation({
          ...template.card_validation,
          card_payment_id: paymentId(template.card_validation.card_payment_id)
        })
      }
    case "other":
      return template
  }
}

/**
 * What an element adds to the state, by decisions.md j, written again here as
 * the model: the state field it adds to and the amount.
 */
export const contributionOf = (
  element: CardPaymentElements.Element
): { readonly field: keyof CardPayment.State; readonly amount: number } | undefined => {
  switch (element.category) {
    case "card_authorization":
      return element.card_authorization.direction === "settlement"
        ? { field: "authorized_amount", amount: element.card_authorization.amount }
        : { field: "refund_authorized_amount", amount: element.card_authorization.amount }
    case "card_increment":
      return { field: "incremented_amount", amount: element.card_increment.amount }
    case "card_reversal":
      return { field: "reversed_amount", amount: element.card_reversal.reversal_amount }
    case "card_settlement":
      return { field: "settled_amount", amount: element.card_settlement.amount }
    case "card_refund":
      return { field: "refunded_amount", amount: element.card_refund.amount }
    case "card_fuel_confirmation":
      return { field: "fuel_confirmed_amount", amount: element.card_fuel_confirmation.updated_authorization_amount }
    default:
      return undefined
  }
}

/** The sums of the elements' amounts, per state field: what `state` must always equal. */
export const totalsOf = (elements: ReadonlyArray<CardPaymentElements.Element>): CardPayment.State => {
  const totals = { ...CardPayment.emptyState }
  for (const element of elements) {
    const contribution = contributionOf(element)
    if (contribution !== undefined) totals[contribution.field] += contribution.amount
  }
  return totals
}

/** A card payment with no elements yet, to add drafts to. */
export const emptyCardPaymentArbitrary: fc.Arbitrary<CardPayment.CardPayment> = fromSchema(CardPayment.CardPayment).map(
  (cardPayment) => new CardPayment.CardPayment({ ...cardPayment, elements: [], state: CardPayment.emptyState })
)

export interface CardPaymentModel {
  /** The sums of the amounts of the accepted elements. */
  totals: CardPayment.State
  /** The accepted authorization: its id and direction. */
  authorization: { readonly id: Ids.CardAuthorizationId; readonly direction: "settlement" | "refund" } | undefined
  /** The authorization expired or was settled: its hold is gone. */
  closed: boolean
  /** An authorization decline was accepted. */
  declined: boolean
  /** A settlement, refund or financial element was accepted. */
  moneyMoved: boolean
  fuelConfirmed: boolean
  authenticated: boolean
}

export const emptyCardPaymentModel = (): CardPaymentModel => ({
  totals: CardPayment.emptyState,
  authorization: undefined,
  closed: false,
  declined: false,
  moneyMoved: false,
  fuelConfirmed: false,
  authenticated: false
})

export interface CardPaymentReal {
  cardPayment: CardPayment.CardPayment
}

const sameState = Schema.toEquivalence(CardPayment.State)

/** What is held by the model's reckoning: authorized + incremented − reversed − settled, floored at 0; 0 once closed. */
const modelOutstanding = (model: CardPaymentModel): number => {
  const { authorized_amount, incremented_amount, reversed_amount, settled_amount } = model.totals
  return model.closed ? 0 : Math.max(0, authorized_amount + incremented_amount - reversed_amount - settled_amount)
}

/**
 * The rules of `CardPayment.applyElement`, written again as the model: why
 * the element must be refused, or undefined when it must be accepted.
 */
export const expectedRefusal = (
  model: CardPaymentModel,
  cardPaymentId: Ids.CardPaymentId,
  element: CardPaymentElements.Element
): string | undefined => {
  const named = CardPayment.cardPaymentIdOf(element)
  if (named !== undefined && named !== cardPaymentId) return "it names another card payment"
  const amount = contributionOf(element)?.amount ?? 0
  const outstanding = modelOutstanding(model)
  const notOpen = (): string | undefined => {
    if (model.authorization === undefined) return "the payment has no authorization"
    if (CardPayment.cardAuthorizationIdOf(element) !== model.authorization.id) return "it names another authorization"
    if (model.authorization.direction !== "settlement") return "the authorization is a refund authorization"
    if (model.closed) return "the authorization expired or was settled"
    if (outstanding === 0) return "the authorization holds nothing"
    return undefined
  }
  const positive = amount > 0 ? undefined : "its amount is not positive"
  switch (element.category) {
    case "card_authorization":
      if (model.authorization !== undefined) return "the payment already has an authorization"
      if (model.declined) return "the payment's authorization was declined"
      if (model.moneyMoved) return "money already moved"
      return positive
    case "card_decline":
      return element.card_decline.incremented_card_authorization_id === null && model.authorization !== undefined
        ? "the payment's authorization was approved"
        : undefined
    case "card_increment":
      return positive ?? notOpen()
    case "card_reversal":
      return positive ?? notOpen() ?? (amount > outstanding ? "it reverses more than is outstanding" : undefined)
    case "card_authorization_expiration":
      return notOpen()
    case "card_settlement":
      if (positive !== undefined) return positive
      if (element.card_settlement.card_authorization === null) {
        return model.authorization === undefined ? undefined : "a forced settlement on a payment with an authorization"
      }
      return notOpen() ?? (amount > outstanding ? "it settles more than is outstanding" : undefined)
    case "card_refund": {
      const { refund_authorized_amount, refunded_amount, settled_amount } = model.totals
      return positive ??
        (amount > settled_amount + refund_authorized_amount - refunded_amount
          ? "it refunds more than is refundable"
          : undefined)
    }
    case "card_fuel_confirmation":
      if (model.fuelConfirmed) return "the authorization already has a fuel confirmation"
      if (amount < 0) return "the confirmed amount is negative"
      return notOpen() ?? (amount > outstanding ? "it confirms more than is authorized" : undefined)
    case "card_authentication":
      return model.authenticated ? "the payment already has an authentication" : undefined
    case "card_balance_inquiry":
    case "card_financial":
    case "card_validation":
    case "other":
      return undefined
  }
}

/** The model after an accepted element. */
const acceptInModel = (model: CardPaymentModel, element: CardPaymentElements.Element): void => {
  const contribution = contributionOf(element)
  if (contribution !== undefined) {
    model.totals = { ...model.totals, [contribution.field]: model.totals[contribution.field] + contribution.amount }
  }
  switch (element.category) {
    case "card_authorization":
      model.authorization = { id: element.card_authorization.id, direction: element.card_authorization.direction }
      break
    case "card_decline":
      if (element.card_decline.incremented_card_authorization_id === null) model.declined = true
      break
    case "card_authorization_expiration":
      model.closed = true
      break
    case "card_settlement":
      model.moneyMoved = true
      if (element.card_settlement.card_authorization !== null) model.closed = true
      break
    case "card_refund":
    case "card_financial":
      model.moneyMoved = true
      break
    case "card_fuel_confirmation":
      model.fuelConfirmed = true
      break
    case "card_authentication":
      model.authenticated = true
      break
    default:
      break
  }
}

const addElementCommand = (draft: CardPaymentElementDraft): fc.Command<CardPaymentModel, CardPaymentReal> => ({
  check: () => true,
  run: (model, real) => {
    const before = real.cardPayment
    const element = shapeElement(draft, before)
    const outstandingBefore = modelOutstanding(model)
    const refusal = expectedRefusal(model, before.id, element)
    const result = CardPayment.applyElement(before, element)
    const category = element.category
    const amount = contributionOf(element)?.amount ?? 0
    if (Result.isFailure(result)) {
      ensure(
        result.failure instanceof CardPaymentInteractionRefused,
        "a refusal is not a CardPaymentInteractionRefused"
      )
      ensure(
        refusal !== undefined,
        `${category} of ${amount} was refused (${result.failure.detail}); the model accepts it`
      )
      return
    }
    ensure(refusal === undefined, `${category} of ${amount} was accepted; the model refuses it: ${refusal}`)
    const { next, events } = result.success
    ensure(next.elements.length === before.elements.length + 1, "the element was not appended")
    ensure(
      events.length === 1 && events[0]?.category === "card_payment.updated" &&
        events[0].associatedObjectId === before.id,
      "an accepted element did not emit exactly one card_payment.updated"
    )
    const stored = next.elements[next.elements.length - 1]
    if (stored?.category === "card_increment") {
      ensure(
        stored.card_increment.updated_authorization_amount === outstandingBefore + amount,
        "the increment's updated_authorization_amount is not the outstanding hold after it"
      )
    }
    if (stored?.category === "card_reversal") {
      ensure(
        stored.card_reversal.updated_authorization_amount === outstandingBefore - amount,
        "the reversal's updated_authorization_amount is not the outstanding hold after it"
      )
    }
    if (stored?.category === "card_authorization_expiration") {
      ensure(
        stored.card_authorization_expiration.expired_amount === outstandingBefore,
        "the expired amount is not what was held"
      )
    }
    acceptInModel(model, element)
    real.cardPayment = next
    ensure(sameState(next.state, model.totals), "the state is not the sums of the elements' amounts")
    ensure(
      CardPayment.outstandingAuthorization(next) === modelOutstanding(model),
      "the outstanding authorization differs from the model's"
    )
  },
  toString: () => `AddElement(${draft.template.category}, ${draft.amount}${draft.linked ? "" : ", unlinked"})`
})

export interface CardPaymentScenario {
  readonly cardPayment: CardPayment.CardPayment
  readonly setup: () => { model: CardPaymentModel; real: CardPaymentReal }
  readonly commands: Iterable<fc.Command<CardPaymentModel, CardPaymentReal>>
}

/** An empty payment and a run of element additions, each checked against the sums model. */
export const cardPaymentScenarioArbitrary: fc.Arbitrary<CardPaymentScenario> = fc
  .tuple(
    emptyCardPaymentArbitrary,
    fc.option(authorizationDraftArbitrary, { freq: 5, nil: undefined }),
    fc.commands([cardPaymentElementDraftArbitrary.map(addElementCommand)], { maxCommands: 30 })
  )
  .map(([cardPayment, authorization, commands]) => ({
    cardPayment,
    setup: () => ({ model: emptyCardPaymentModel(), real: { cardPayment } }),
    commands: authorization === undefined ? commands : [addElementCommand(authorization), ...commands]
  }))
