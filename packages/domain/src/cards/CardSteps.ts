/**
 * The outcome of one card event (`Step`) and how the planners assemble it:
 * the element placed on a new or existing card payment, a decline's declined
 * transaction and event, the card as the route of money that moves.
 */
import { Result } from "effect"
import type { DeclinedTransactionId } from "../core/Ids.js"
import { type OperationRefusal } from "../core/Refusals.js"
import type { Timestamp } from "../core/Timestamp.js"
import { type PendingEvent, pendingEvent } from "../events/Event.js"
import { DeclinedTransaction } from "../money/DeclinedTransaction.js"
import type { MoneyEffect, Route } from "../money/MoneyEffect.js"
import type { Card } from "./Card.js"
import * as CardPayment from "./CardPayment.js"
import { type CardAuthorization, type CardDecline, type Element } from "./CardPaymentElements.js"

/** The outcome of one card event. */
export interface Step {
  readonly cardPayment: CardPayment.CardPayment
  /** The card payment is new (insert) rather than changed (update). */
  readonly isNew: boolean
  readonly events: ReadonlyArray<PendingEvent>
  readonly effects: ReadonlyArray<MoneyEffect>
  readonly declinedTransaction: DeclinedTransaction | null
}

/** Money a card moves is routed through it: `route_type: card`, `route_id` = the card. */
export const cardRoute = (card: { readonly id: string }): Route => ({ id: card.id, type: "card" })

/** The declined transaction a card decline records: the amount signed as the transaction would have been. */
export const declinedTransactionOf = (
  id: DeclinedTransactionId,
  decline: CardDecline,
  card: Card,
  at: Timestamp
): DeclinedTransaction =>
  new DeclinedTransaction({
    id,
    account_id: card.account_id,
    // a debit's amount negated (0 − amount: a balance inquiry's zero stays 0, not −0)
    amount: decline.direction === "refund" ? decline.amount : 0 - decline.amount,
    created_at: at,
    currency: "USD",
    description: decline.merchant_descriptor,
    route_id: card.id,
    route_type: "card",
    source: { category: "card_decline", card_decline: decline }
  })

/** The merchant of an authorization, carried by the elements that act on it. */
export const merchantOfAuthorization = (authorization: CardAuthorization) => ({
  merchant_acceptor_id: authorization.merchant_acceptor_id,
  merchant_category_code: authorization.merchant_category_code,
  merchant_city: authorization.merchant_city,
  merchant_country: authorization.merchant_country,
  merchant_descriptor: authorization.merchant_descriptor,
  merchant_postal_code: authorization.merchant_postal_code,
  merchant_state: authorization.merchant_state
})

export interface Placed {
  readonly cardPayment: CardPayment.CardPayment
  readonly isNew: boolean
  readonly events: ReadonlyArray<PendingEvent>
}

/** A decline's step: the payment with its `card_decline`, the declined transaction and its event; no money moves. */
export const declinedStep = (placed: Placed, declinedTransaction: DeclinedTransaction): Step => ({
  ...placed,
  events: [
    ...placed.events,
    pendingEvent("declined_transaction.created", "declined_transaction", declinedTransaction.id)
  ],
  effects: [],
  declinedTransaction
})

/** Adds the element to the payment, or opens the payment with it. */
export const place = (
  existing: CardPayment.CardPayment | null,
  fields: CardPayment.CreateCardPayment,
  element: Element
): Result.Result<Placed, OperationRefusal> =>
  existing === null
    ? Result.map(
      CardPayment.create(fields, element),
      ({ events, next }) => ({ cardPayment: next, isNew: true, events })
    )
    : Result.map(
      CardPayment.applyElement(existing, element),
      ({ events, next }) => ({ cardPayment: next, isNew: false, events })
    )

/** The payment with one more element, and the money movements that follow from it. */
export const changed = (
  cardPayment: CardPayment.CardPayment,
  element: Element,
  effects: (next: CardPayment.CardPayment) => ReadonlyArray<MoneyEffect>
): Result.Result<Step, OperationRefusal> =>
  Result.map(CardPayment.applyElement(cardPayment, element), ({ events, next }) => ({
    cardPayment: next,
    isNew: false,
    events,
    effects: effects(next),
    declinedTransaction: null
  }))
