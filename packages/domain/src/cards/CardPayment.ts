/**
 * A card payment groups every interaction of one purchase with the card
 * network (authentication, authorization, increments, reversals, settlement,
 * refunds…) into one object. Each interaction is an element; `state` keeps the
 * running totals of the elements' amounts.
 *
 * The arithmetic (decisions.md j):
 *
 * | element                                  | state                                                  |
 * |------------------------------------------|--------------------------------------------------------|
 * | card_authorization, direction settlement | authorized_amount += amount                            |
 * | card_authorization, direction refund     | refund_authorized_amount += amount                     |
 * | card_increment                           | incremented_amount += amount                           |
 * | card_reversal                            | reversed_amount += reversal_amount                     |
 * | card_settlement                          | settled_amount += amount                               |
 * | card_refund                              | refunded_amount += amount                              |
 * | card_fuel_confirmation                   | fuel_confirmed_amount += updated_authorization_amount  |
 * | any other                                | nothing                                                |
 *
 * The outstanding hold is authorized + incremented − reversed − settled,
 * floored at 0, and 0 once the authorization has expired or was settled (a
 * settlement, even of part of it, completes the hold: decisions.md j). `applyElement`
 * fills in the fields derived from the state (`updated_authorization_amount`
 * of increments and reversals, `expired_amount`) so that they cannot disagree
 * with it, and refuses (`CardPaymentInteractionRefused`):
 * - an element whose object names another card payment;
 * - a non-positive amount (a fuel confirmation may be 0);
 * - a second authorization, an authorization after a declined one or after
 *   money moved (settlement, refund, financial), a decline of an approved one;
 * - an increment, reversal, fuel confirmation, expiration or settlement
 *   without an open settlement authorization (one that exists, is the one
 *   named, has neither expired nor been settled, and still holds money);
 * - a reversal or a settlement of more than is outstanding (a settlement that
 *   names no authorization is a forced one, only on a payment without one);
 * - a refund beyond what was settled or refund-authorized and not yet refunded;
 * - a second fuel confirmation (one per authorization) or authentication.
 */
import { Result, Schema } from "effect"
import { described } from "../core/Described.js"
import {
  AccountId,
  type CardAuthorizationId,
  CardId,
  CardPaymentId,
  DigitalWalletTokenId,
  PhysicalCardId
} from "../core/Ids.js"
import { type CardAuthenticationWrongStatus, CardPaymentInteractionRefused } from "../core/Refusals.js"
import { Timestamp } from "../core/Timestamp.js"
import { type PendingEvent, pendingEvent } from "../events/Event.js"
import { Amount } from "../money/Money.js"
import {
  type CardAuthentication,
  type Command as CardAuthenticationCommand,
  transition as transitionAuthentication
} from "./CardAuthentication.js"
import {
  type CardAuthorization,
  CardAuthorizationExpiration,
  CardIncrement,
  CardReversal,
  Element
} from "./CardPaymentElements.js"

/** Running totals over the elements, in USD cents. */
export const State = Schema.Struct({
  authorized_amount: described(
    Amount,
    "The total authorized amount of the payment's settlement authorizations, in the minor unit of the account's currency (cents for USD)."
  ),
  fuel_confirmed_amount: described(
    Amount,
    "The total amount fuel confirmations reported as dispensed, in the minor unit of the account's currency (cents for USD)."
  ),
  incremented_amount: described(
    Amount,
    "The total amount added by increments, in the minor unit of the account's currency (cents for USD)."
  ),
  refund_authorized_amount: described(
    Amount,
    "The total amount of refund authorizations, in the minor unit of the account's currency (cents for USD)."
  ),
  refunded_amount: described(
    Amount,
    "The total amount refunded to the cardholder, in the minor unit of the account's currency (cents for USD)."
  ),
  reversed_amount: described(
    Amount,
    "The total amount reversed, in the minor unit of the account's currency (cents for USD)."
  ),
  settled_amount: described(
    Amount,
    "The total amount settled, in the minor unit of the account's currency (cents for USD)."
  )
}).annotate({
  identifier: "CardPaymentState",
  description:
    "Running totals over the payment's elements, in the minor unit of the account's currency (cents for USD). " +
    "What an authorization still holds is authorized + incremented − reversed − settled (0 once it expired or was settled)."
})
export type State = typeof State.Type

export const emptyState: State = {
  authorized_amount: 0,
  fuel_confirmed_amount: 0,
  incremented_amount: 0,
  refund_authorized_amount: 0,
  refunded_amount: 0,
  reversed_amount: 0,
  settled_amount: 0
}

export class CardPayment extends Schema.Class<CardPayment>("CardPayment")({
  id: described(CardPaymentId, "The card payment's identifier."),
  account_id: described(AccountId, "The account the card draws on."),
  card_id: described(CardId, "The card used for this payment."),
  created_at: described(Timestamp, "When the card payment was created, with its first element (ISO 8601, UTC)."),
  digital_wallet_token_id: described(
    Schema.NullOr(DigitalWalletTokenId),
    "The digital wallet token the card was used through; null when the card itself was used."
  ),
  elements: described(
    Schema.Array(Element),
    "The interactions of this payment with the card network (authentication, authorization, increments, reversals, settlement, refunds…), oldest first."
  ),
  physical_card_id: described(
    Schema.NullOr(PhysicalCardId),
    "The physical card used in person; always null: the service issues no physical cards."
  ),
  state: described(State, "Running totals over the payment's elements."),
  type: described(Schema.tag("card_payment"), "Always `card_payment`: the type of this object.")
}) {}

/** The filters of `GET /card_payments` (besides the paging and `created_at.*` ones every list has). */
export const CardPaymentFilter = Schema.Struct({
  account_id: Schema.optional(described(AccountId, "Only the card payments of this account.")),
  card_id: Schema.optional(described(CardId, "Only the card payments of this card."))
})
export type CardPaymentFilter = typeof CardPaymentFilter.Type

/** Creates a card payment: every field of the payment but its elements and state. */
export interface CreateCardPayment {
  readonly id: CardPaymentId
  readonly account_id: AccountId
  readonly card_id: CardId
  readonly created_at: Timestamp
  readonly digital_wallet_token_id: DigitalWalletTokenId | null
  readonly physical_card_id: PhysicalCardId | null
}

export interface Transition {
  readonly next: CardPayment
  readonly events: ReadonlyArray<PendingEvent>
}

/** The authorization of the payment, if it has one (a payment has at most one). */
export const authorizationOf = (cardPayment: CardPayment): CardAuthorization | undefined => {
  for (const element of cardPayment.elements) {
    if (element.category === "card_authorization") return element.card_authorization
  }
  return undefined
}

export const hasExpired = (cardPayment: CardPayment): boolean =>
  cardPayment.elements.some((element) => element.category === "card_authorization_expiration")

/** Whether a settlement cleared the payment's authorization (which completes its hold, decisions.md j). */
export const hasSettledAuthorization = (cardPayment: CardPayment): boolean =>
  cardPayment.elements.some((element) =>
    element.category === "card_settlement" && element.card_settlement.card_authorization !== null
  )

/**
 * What is still held: authorized + incremented − reversed − settled, floored
 * at 0 (a settlement forced without authorization holds nothing), and 0 once
 * the authorization has expired or was settled (either completes its pending
 * transaction: the rest of the hold is released).
 */
export const outstandingAuthorization = (cardPayment: CardPayment): number => {
  if (hasExpired(cardPayment) || hasSettledAuthorization(cardPayment)) return 0
  const { authorized_amount, incremented_amount, reversed_amount, settled_amount } = cardPayment.state
  return Math.max(0, authorized_amount + incremented_amount - reversed_amount - settled_amount)
}

/** The card payment an element's object names, when it names one. */
export const cardPaymentIdOf = (element: Element): CardPaymentId | undefined => {
  switch (element.category) {
    case "card_authentication":
      return element.card_authentication.card_payment_id
    case "card_authorization":
      return element.card_authorization.card_payment_id
    case "card_balance_inquiry":
      return element.card_balance_inquiry.card_payment_id
    case "card_decline":
      return element.card_decline.card_payment_id
    case "card_financial":
      return element.card_financial.card_payment_id
    case "card_refund":
      return element.card_refund.card_payment_id
    case "card_settlement":
      return element.card_settlement.card_payment_id
    case "card_validation":
      return element.card_validation.card_payment_id
    case "card_authorization_expiration":
    case "card_fuel_confirmation":
    case "card_increment":
    case "card_reversal":
    case "other":
      return undefined
  }
}

/** The authorization an element acts on, for the elements that act on one. */
export const cardAuthorizationIdOf = (element: Element): CardAuthorizationId | undefined => {
  switch (element.category) {
    case "card_authorization_expiration":
      return element.card_authorization_expiration.card_authorization_id
    case "card_fuel_confirmation":
      return element.card_fuel_confirmation.card_authorization_id
    case "card_increment":
      return element.card_increment.card_authorization_id
    case "card_reversal":
      return element.card_reversal.card_authorization_id
    case "card_settlement":
      return element.card_settlement.card_authorization ?? undefined
    default:
      return undefined
  }
}

type Outcome = Result.Result<{ readonly element: Element; readonly state: State }, CardPaymentInteractionRefused>

const refuse = (detail: string): Result.Result<never, CardPaymentInteractionRefused> =>
  Result.fail(new CardPaymentInteractionRefused({ detail }))

const requirePositive = (amount: number, what: string): Result.Result<void, CardPaymentInteractionRefused> =>
  amount > 0 ? Result.succeed(undefined) : refuse(`The ${what} must be a positive amount (got ${amount}).`)

/**
 * Checks that the payment has a settlement authorization still holding money,
 * the one the element names.
 */
const requireOpenAuthorization = (
  cardPayment: CardPayment,
  element: Element,
  what: string
): Result.Result<CardAuthorization, CardPaymentInteractionRefused> => {
  const authorization = authorizationOf(cardPayment)
  if (authorization === undefined) return refuse(`A ${what} needs an authorization; this card payment has none.`)
  if (cardAuthorizationIdOf(element) !== authorization.id) {
    return refuse(`The ${what} names another authorization than this card payment's (${authorization.id}).`)
  }
  if (authorization.direction !== "settlement") return refuse(`A refund authorization cannot take a ${what}.`)
  if (hasExpired(cardPayment)) return refuse(`The authorization has expired; it cannot take a ${what}.`)
  if (hasSettledAuthorization(cardPayment)) return refuse(`The authorization was settled; it cannot take a ${what}.`)
  if (outstandingAuthorization(cardPayment) === 0) {
    return refuse(`The authorization holds nothing any more; it cannot take a ${what}.`)
  }
  return Result.succeed(authorization)
}

/** Elements that post money: an authorization can only precede them. */
const movesMoney = (element: Element): boolean =>
  element.category === "card_settlement" || element.category === "card_refund" || element.category === "card_financial"

const isAuthorizationDecline = (element: Element): boolean =>
  element.category === "card_decline" && element.card_decline.incremented_card_authorization_id === null

/** The arithmetic of one element: the element as stored (derived fields filled in) and the next totals. */
const arithmetic = (cardPayment: CardPayment, element: Element): Outcome => {
  const state = cardPayment.state
  const outstanding = outstandingAuthorization(cardPayment)
  switch (element.category) {
    case "card_authorization": {
      const authorization = element.card_authorization
      if (authorizationOf(cardPayment) !== undefined) return refuse("This card payment already has an authorization.")
      if (cardPayment.elements.some(isAuthorizationDecline)) {
        return refuse("This card payment's authorization was declined; a new attempt is a new card payment.")
      }
      if (cardPayment.elements.some(movesMoney)) {
        return refuse("Money already moved in this card payment; an authorization comes before that.")
      }
      return Result.map(requirePositive(authorization.amount, "authorization amount"), () => ({
        element,
        state: authorization.direction === "settlement"
          ? { ...state, authorized_amount: state.authorized_amount + authorization.amount }
          : { ...state, refund_authorized_amount: state.refund_authorized_amount + authorization.amount }
      }))
    }
    case "card_decline":
      if (isAuthorizationDecline(element) && authorizationOf(cardPayment) !== undefined) {
        return refuse("This card payment's authorization was approved; it cannot also be declined.")
      }
      return Result.succeed({ element, state })
    case "card_increment": {
      const increment = element.card_increment
      return Result.gen(function*() {
        yield* requirePositive(increment.amount, "increment amount")
        yield* requireOpenAuthorization(cardPayment, element, "increment")
        return {
          element: {
            ...element,
            card_increment: new CardIncrement({
              ...increment,
              updated_authorization_amount: outstanding + increment.amount
            })
          },
          state: { ...state, incremented_amount: state.incremented_amount + increment.amount }
        }
      })
    }
    case "card_reversal": {
      const reversal = element.card_reversal
      return Result.gen(function*() {
        yield* requirePositive(reversal.reversal_amount, "reversal amount")
        yield* requireOpenAuthorization(cardPayment, element, "reversal")
        if (reversal.reversal_amount > outstanding) {
          return yield* refuse(
            `Cannot reverse ${reversal.reversal_amount}: only ${outstanding} of the authorization is outstanding.`
          )
        }
        return {
          element: {
            ...element,
            card_reversal: new CardReversal({
              ...reversal,
              updated_authorization_amount: outstanding - reversal.reversal_amount
            })
          },
          state: { ...state, reversed_amount: state.reversed_amount + reversal.reversal_amount }
        }
      })
    }
    case "card_authorization_expiration": {
      const expiration = element.card_authorization_expiration
      return Result.map(requireOpenAuthorization(cardPayment, element, "expiration"), () => ({
        element: {
          ...element,
          card_authorization_expiration: new CardAuthorizationExpiration({ ...expiration, expired_amount: outstanding })
        },
        state
      }))
    }
    case "card_settlement": {
      const settlement = element.card_settlement
      return Result.gen(function*() {
        yield* requirePositive(settlement.amount, "settlement amount")
        const authorization = authorizationOf(cardPayment)
        if (settlement.card_authorization === null) {
          // a settlement forced without authorization: only on a payment that holds nothing
          if (authorization !== undefined) {
            return yield* refuse("This card payment has an authorization; its settlements must name it.")
          }
        } else {
          yield* requireOpenAuthorization(cardPayment, element, "settlement")
          if (settlement.amount > outstanding) {
            return yield* refuse(
              `Cannot settle ${settlement.amount}: only ${outstanding} of the authorization is outstanding.`
            )
          }
        }
        return { element, state: { ...state, settled_amount: state.settled_amount + settlement.amount } }
      })
    }
    case "card_refund": {
      const refund = element.card_refund
      return Result.gen(function*() {
        yield* requirePositive(refund.amount, "refund amount")
        const refundable = state.settled_amount + state.refund_authorized_amount - state.refunded_amount
        if (refund.amount > refundable) {
          return yield* refuse(`Cannot refund ${refund.amount}: only ${refundable} of this card payment is refundable.`)
        }
        return { element, state: { ...state, refunded_amount: state.refunded_amount + refund.amount } }
      })
    }
    case "card_fuel_confirmation": {
      const confirmation = element.card_fuel_confirmation
      return Result.gen(function*() {
        if (cardPayment.elements.some((existing) => existing.category === "card_fuel_confirmation")) {
          return yield* refuse("The authorization already has a fuel confirmation (there is one per authorization).")
        }
        if (confirmation.updated_authorization_amount < 0) {
          return yield* refuse("The confirmed fuel amount must not be negative.")
        }
        yield* requireOpenAuthorization(cardPayment, element, "fuel confirmation")
        if (confirmation.updated_authorization_amount > outstanding) {
          return yield* refuse(
            `Cannot confirm ${confirmation.updated_authorization_amount} of fuel: only ${outstanding} is authorized.`
          )
        }
        return {
          element,
          state: {
            ...state,
            fuel_confirmed_amount: state.fuel_confirmed_amount + confirmation.updated_authorization_amount
          }
        }
      })
    }
    case "card_authentication":
      if (cardPayment.elements.some((existing) => existing.category === "card_authentication")) {
        return refuse("This card payment already has an authentication.")
      }
      return Result.succeed({ element, state })
    case "card_balance_inquiry":
    case "card_financial":
    case "card_validation":
    case "other":
      return Result.succeed({ element, state })
  }
}

/**
 * Adds an interaction to a card payment, updating its totals; refuses one that
 * the payment's current state does not allow. Emits `card_payment.updated`.
 */
export const applyElement = (
  cardPayment: CardPayment,
  element: Element
): Result.Result<Transition, CardPaymentInteractionRefused> => {
  const named = cardPaymentIdOf(element)
  if (named !== undefined && named !== cardPayment.id) {
    return refuse(`The ${element.category} belongs to card payment ${named}, not ${cardPayment.id}.`)
  }
  return Result.map(arithmetic(cardPayment, element), ({ element: stored, state }) => ({
    next: new CardPayment({ ...cardPayment, elements: [...cardPayment.elements, stored], state }),
    events: [pendingEvent("card_payment.updated", "card_payment", cardPayment.id)]
  }))
}

/** Creates a card payment from its first interaction. Emits `card_payment.created`. */
export const create = (
  fields: CreateCardPayment,
  firstElement: Element
): Result.Result<Transition, CardPaymentInteractionRefused> =>
  Result.map(
    applyElement(new CardPayment({ ...fields, elements: [], state: emptyState }), firstElement),
    ({ next }) => ({
      next,
      events: [pendingEvent("card_payment.created", "card_payment", fields.id)]
    })
  )

/**
 * Moves the payment's authentication through its status graph (see
 * `CardAuthentication.transition`). Emits `card_payment.updated`.
 */
export const updateAuthentication = (
  cardPayment: CardPayment,
  command: CardAuthenticationCommand
): Result.Result<Transition, CardPaymentInteractionRefused | CardAuthenticationWrongStatus> => {
  const index = cardPayment.elements.findIndex((element) => element.category === "card_authentication")
  const element = cardPayment.elements[index]
  if (element === undefined || element.category !== "card_authentication") {
    return refuse("This card payment has no card authentication.")
  }
  return Result.map(transitionAuthentication(element.card_authentication, command), ({ next, events }) => ({
    next: new CardPayment({
      ...cardPayment,
      elements: cardPayment.elements.map((existing, position) =>
        position === index ? { ...element, card_authentication: next } : existing
      )
    }),
    events
  }))
}

/** The payment's authentication, if it has one. */
export const authenticationOf = (cardPayment: CardPayment): CardAuthentication | undefined => {
  for (const element of cardPayment.elements) {
    if (element.category === "card_authentication") return element.card_authentication
  }
  return undefined
}
