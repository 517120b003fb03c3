/**
 * What card activity does to money: the planners of authorizations,
 * increments, reversals, expirations, settlements, refunds and fuel
 * confirmations (decisions.md d, f, j). Each takes what the bank loaded (the
 * card, the card payment, the hold, the available balance read under the
 * account's row lock), the ids it reserved and the decider's answer, and
 * returns the next card payment, its events, the money movements for the
 * ledger and the declined transaction of a decline; or the refusal (409) that
 * writes nothing.
 *
 * A card's money moves through the card: holds and transactions carry
 * `route_type: card` and the card's id.
 */
import { DateTime, Either } from "effect"
import type { Card } from "./Card.js"
import * as CardDecision from "./CardDecision.js"
import {
  type Direction,
  type NetworkADetails,
  noAdditionalAmounts,
  type NetworkDetails,
  type NetworkIdentifiers,
  type ProcessingCategory,
  type Verification
} from "./CardNetwork.js"
import * as CardPayment from "./CardPayment.js"
import {
  CardAuthorization,
  CardAuthorizationExpiration,
  CardDecline,
  CardFuelConfirmation,
  CardIncrement,
  CardRefund,
  CardReversal,
  CardSettlement,
  type Element
} from "./CardPaymentElements.js"
import type { SimulateCardAuthorization } from "./CardSimulations.js"
import { DeclinedTransaction } from "./DeclinedTransaction.js"
import { InvalidOperationError, InvalidParametersError } from "./Errors.js"
import { type PendingEvent, pendingEvent } from "./Event.js"
import type {
  CardAuthorizationExpirationId,
  CardAuthorizationId,
  CardDeclineId,
  CardFuelConfirmationId,
  CardIncrementId,
  CardPaymentId,
  CardRefundId,
  CardReversalId,
  CardSettlementId,
  DeclinedTransactionId,
  DigitalWalletTokenId,
  PendingTransactionId,
  TransactionId
} from "./Ids.js"
import type { MoneyEffect, Route } from "./MoneyEffect.js"
import type { PendingTransaction } from "./PendingTransaction.js"
import type { Timestamp } from "./Timestamp.js"
import type { Transaction } from "./Transaction.js"

/** The outcome of one card event. */
export interface Step {
  readonly cardPayment: CardPayment.CardPayment
  /** The card payment is new (insert) rather than changed (update). */
  readonly isNew: boolean
  readonly events: ReadonlyArray<PendingEvent>
  readonly effects: ReadonlyArray<MoneyEffect>
  readonly declinedTransaction: DeclinedTransaction | null
}

/** How long an authorization holds money unless the merchant settles it first. */
export const authorizationLifetime = { days: 7 } as const

/** What the sandbox's merchant looks like unless the simulation says otherwise. */
export const defaultMerchant = {
  merchant_acceptor_id: "5665270011000168",
  merchant_category_code: "5734",
  merchant_city: "New York",
  merchant_country: "US",
  merchant_descriptor: "SANDBOX MERCHANT",
  merchant_postal_code: "10045",
  merchant_state: "NY"
} as const

export interface MerchantInput {
  readonly merchant_acceptor_id?: string | undefined
  readonly merchant_category_code?: string | undefined
  readonly merchant_city?: string | undefined
  readonly merchant_country?: string | undefined
  readonly merchant_descriptor?: string | undefined
  readonly merchant_state?: string | undefined
}

export const merchantOf = (input: MerchantInput) => ({
  merchant_acceptor_id: input.merchant_acceptor_id ?? defaultMerchant.merchant_acceptor_id,
  merchant_category_code: input.merchant_category_code ?? defaultMerchant.merchant_category_code,
  merchant_city: input.merchant_city ?? defaultMerchant.merchant_city,
  merchant_country: input.merchant_country ?? defaultMerchant.merchant_country,
  merchant_descriptor: input.merchant_descriptor ?? defaultMerchant.merchant_descriptor,
  merchant_postal_code: defaultMerchant.merchant_postal_code,
  merchant_state: input.merchant_state ?? defaultMerchant.merchant_state
})

/**
 * The network identifiers of a message, from a reference the bank drew at
 * random (12 digits): the authorization code is its last six.
 */
export const networkIdentifiersOf = (reference: string): NetworkIdentifiers => ({
  authorization_identification_response: reference.slice(-6),
  retrieval_reference_number: reference,
  trace_number: reference.slice(0, 6),
  transaction_id: reference
})

const clearingIdentifiersOf = (reference: string) => ({
  acquirer_business_id: "69650702",
  acquirer_reference_number: `2${reference.padStart(22, "0")}`.slice(0, 23),
  authorization_identification_response: reference.slice(-6),
  transaction_id: reference
})

export const noVerification: Verification = {
  card_verification_code: { result: "not_checked" },
  cardholder_address: {
    actual_line1: null,
    actual_postal_code: null,
    provided_line1: null,
    provided_postal_code: null,
    result: "not_checked"
  },
  cardholder_name: null
}

/** The network fields a simulation may set (each optional); the sandbox's network is `network_a`. */
export interface NetworkInput {
  readonly network_a: {
    readonly electronic_commerce_indicator?: NetworkADetails["electronic_commerce_indicator"] | undefined
    readonly point_of_service_entry_mode?: NetworkADetails["point_of_service_entry_mode"] | undefined
    readonly stand_in_processing_reason?: NetworkADetails["stand_in_processing_reason"] | undefined
    readonly terminal_entry_capability?: NetworkADetails["terminal_entry_capability"] | undefined
  }
}

export const networkDetailsOf = (input: NetworkInput | undefined): NetworkDetails => ({
  category: "network_a",
  network_a: {
    electronic_commerce_indicator: input?.network_a.electronic_commerce_indicator ?? null,
    point_of_service_entry_mode: input?.network_a.point_of_service_entry_mode ?? null,
    stand_in_processing_reason: input?.network_a.stand_in_processing_reason ?? null,
    terminal_entry_capability: input?.network_a.terminal_entry_capability ?? null
  },
  network_b: null
})

export const cardRoute = (card: { readonly id: string }): Route => ({ id: card.id, type: "card" })

const refuse = (detail: string) => Either.left(new InvalidOperationError({ detail }))

/** The direction of an authorization: a `refund` processing category credits the cardholder. */
export const directionOf = (body: SimulateCardAuthorization): Direction =>
  body.processing_category?.category === "refund" ? "refund" : "settlement"

const processingCategoryOf = (body: SimulateCardAuthorization): ProcessingCategory =>
  body.processing_category?.category ?? "purchase"

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
    amount: decline.direction === "refund" ? decline.amount : -decline.amount,
    created_at: at,
    currency: "USD",
    description: decline.merchant_descriptor,
    route_id: card.id,
    route_type: "card",
    source: { category: "card_decline", card_decline: decline }
  })

/** The merchant of an authorization, carried by the elements that act on it. */
const merchantOfAuthorization = (authorization: CardAuthorization) => ({
  merchant_acceptor_id: authorization.merchant_acceptor_id,
  merchant_category_code: authorization.merchant_category_code,
  merchant_city: authorization.merchant_city,
  merchant_country: authorization.merchant_country,
  merchant_descriptor: authorization.merchant_descriptor,
  merchant_postal_code: authorization.merchant_postal_code,
  merchant_state: authorization.merchant_state
})

interface Placed {
  readonly cardPayment: CardPayment.CardPayment
  readonly isNew: boolean
  readonly events: ReadonlyArray<PendingEvent>
}

/** A decline's step: the payment with its `card_decline`, the declined transaction and its event; no money moves. */
export const declinedStep = (placed: Placed, declinedTransaction: DeclinedTransaction): Step => ({
  ...placed,
  events: [...placed.events, pendingEvent("declined_transaction.created", "declined_transaction", declinedTransaction.id)],
  effects: [],
  declinedTransaction
})

/** Adds the element to the payment, or opens the payment with it. */
const place = (
  existing: CardPayment.CardPayment | null,
  fields: CardPayment.CreateCardPayment,
  element: Element
): Either.Either<Placed, InvalidOperationError> =>
  existing === null
    ? Either.map(CardPayment.create(fields, element), ({ events, next }) => ({ cardPayment: next, isNew: true, events }))
    : Either.map(CardPayment.applyElement(existing, element), ({ events, next }) => ({ cardPayment: next, isNew: false, events }))

// ---------------------------------------------------------------------------
// Authorizations
// ---------------------------------------------------------------------------

export interface AuthorizationInput {
  readonly at: Timestamp
  readonly card: Card
  readonly digitalWalletTokenId: DigitalWalletTokenId | null
  readonly body: SimulateCardAuthorization
  /** The account's available balance, read under its row lock. */
  readonly available: number
  readonly answer: CardDecision.AuthorizationAnswer
  /** The authenticated card payment the authorization joins (`authenticated_card_payment_id`). */
  readonly authenticatedCardPayment: CardPayment.CardPayment | null
  /** A random 12-digit network reference. */
  readonly reference: string
  readonly ids: {
    readonly cardPayment: CardPaymentId
    readonly cardAuthorization: CardAuthorizationId
    readonly cardDecline: CardDeclineId
    readonly pendingTransaction: PendingTransactionId
    readonly declinedTransaction: DeclinedTransactionId
  }
}

/** What a decider is asked about this authorization. */
export const authorizationQuestion = (input: Pick<AuthorizationInput, "body" | "available">): CardDecision.AuthorizationQuestion => ({
  amount: input.body.amount,
  direction: directionOf(input.body),
  available: input.available
})

/**
 * Applies the decider's answer to a simulated authorization. Approved: a
 * `card_authorization` element and its pending transaction, holding the
 * amount (a refund authorization credits and holds nothing). Declined (or
 * approved beyond the available balance): a `card_decline` element and its
 * declined transaction; nothing is held.
 */
export const authorize = (input: AuthorizationInput): Either.Either<Step, InvalidOperationError> => {
  const { at, body, card, ids } = input
  const question = authorizationQuestion(input)
  const answer = CardDecision.withinAvailableBalance(input.answer, question)
  const cardPaymentId = input.authenticatedCardPayment?.id ?? ids.cardPayment
  const common = {
    additional_amounts: noAdditionalAmounts,
    amount: body.amount,
    card_payment_id: cardPaymentId,
    currency: "USD" as const,
    digital_wallet_token_id: input.digitalWalletTokenId,
    direction: question.direction,
    ...merchantOf(body),
    network_details: networkDetailsOf(body.network_details),
    network_identifiers: networkIdentifiersOf(input.reference),
    network_risk_score: body.network_risk_score ?? null,
    physical_card_id: null,
    presentment_amount: body.amount,
    presentment_currency: "USD",
    processing_category: processingCategoryOf(body),
    real_time_decision_id: answer.realTimeDecisionId,
    scheme_fees: [],
    terminal_id: body.terminal_id ?? null,
    verification: noVerification
  }
  const fields: CardPayment.CreateCardPayment = {
    id: cardPaymentId,
    account_id: card.account_id,
    card_id: card.id,
    created_at: at,
    digital_wallet_token_id: input.digitalWalletTokenId,
    physical_card_id: null
  }
  if (answer._tag === "Decline") {
    const decline = new CardDecline({
      ...common,
      id: ids.cardDecline,
      actioner: answer.actioner,
      declined_transaction_id: ids.declinedTransaction,
      incremented_card_authorization_id: null,
      real_time_decision_reason: answer.realTimeDecisionReason,
      reason: answer.reason
    })
    const declinedTransaction = declinedTransactionOf(ids.declinedTransaction, decline, card, at)
    return Either.map(
      place(input.authenticatedCardPayment, fields, { category: "card_decline", created_at: at, card_decline: decline }),
      (placed) => declinedStep(placed, declinedTransaction)
    )
  }
  const authorization = new CardAuthorization({
    ...common,
    id: ids.cardAuthorization,
    actioner: answer.actioner,
    expires_at: DateTime.add(at, authorizationLifetime),
    healthcare: null,
    pending_transaction_id: ids.pendingTransaction,
    type: "card_authorization"
  })
  const hold: MoneyEffect = {
    kind: "create_pending_transaction",
    pendingTransactionId: ids.pendingTransaction,
    accountId: card.account_id,
    amount: question.direction === "settlement" ? -body.amount : body.amount,
    description: authorization.merchant_descriptor,
    source: { category: "card_authorization", card_authorization: authorization },
    route: cardRoute(card),
    requiresAvailableBalance: question.direction === "settlement"
  }
  return Either.map(
    place(input.authenticatedCardPayment, fields, {
      category: "card_authorization",
      created_at: at,
      card_authorization: authorization
    }),
    (placed) => ({ ...placed, effects: [hold], declinedTransaction: null })
  )
}

// ---------------------------------------------------------------------------
// Changes to an authorization
// ---------------------------------------------------------------------------

/**
 * The payment's settlement authorization while it still holds money (before
 * the decider is asked about an increment): refused when it has none, it
 * expired, was settled or was fully reversed.
 */
export const openAuthorization = (
  cardPayment: CardPayment.CardPayment
): Either.Either<CardAuthorization, InvalidOperationError> => {
  const authorization = CardPayment.authorizationOf(cardPayment)
  if (authorization === undefined) return refuse(`card payment ${cardPayment.id} has no authorization`)
  if (authorization.direction !== "settlement") return refuse(`card payment ${cardPayment.id} is a refund authorization`)
  if (CardPayment.hasExpired(cardPayment)) return refuse(`the authorization of card payment ${cardPayment.id} has expired`)
  if (CardPayment.hasSettledAuthorization(cardPayment)) {
    return refuse(`the authorization of card payment ${cardPayment.id} was settled`)
  }
  if (CardPayment.outstandingAuthorization(cardPayment) === 0) {
    return refuse(`the authorization of card payment ${cardPayment.id} holds nothing any more`)
  }
  return Either.right(authorization)
}

/** The hold of the payment's authorization (the domain only opens authorizations with one). */
const holdOf = (authorization: CardAuthorization): PendingTransactionId | null => authorization.pending_transaction_id

/** The movement that makes the hold equal what is left outstanding: revised, or completed at 0. */
const followHold = (hold: PendingTransactionId, outstanding: number, grows: boolean): MoneyEffect =>
  outstanding === 0
    ? { kind: "complete_pending_transaction", pendingTransactionId: hold }
    : { kind: "revise_pending_transaction", pendingTransactionId: hold, amount: -outstanding, requiresAvailableBalance: grows }

const withHold = (
  authorization: CardAuthorization,
  build: (hold: PendingTransactionId) => Either.Either<Step, InvalidOperationError>
): Either.Either<Step, InvalidOperationError> => {
  const hold = holdOf(authorization)
  return hold === null ? refuse(`authorization ${authorization.id} holds no pending transaction`) : build(hold)
}

const changed = (
  cardPayment: CardPayment.CardPayment,
  element: Element,
  effects: (next: CardPayment.CardPayment) => ReadonlyArray<MoneyEffect>
): Either.Either<Step, InvalidOperationError> =>
  Either.map(CardPayment.applyElement(cardPayment, element), ({ events, next }) => ({
    cardPayment: next,
    isNew: false,
    events,
    effects: effects(next),
    declinedTransaction: null
  }))

export interface IncrementInput {
  readonly at: Timestamp
  readonly card: Card
  readonly cardPayment: CardPayment.CardPayment
  readonly amount: number
  readonly available: number
  readonly answer: CardDecision.AuthorizationAnswer
  readonly reference: string
  readonly ids: {
    readonly cardIncrement: CardIncrementId
    readonly cardDecline: CardDeclineId
    readonly declinedTransaction: DeclinedTransactionId
  }
}

/**
 * Applies the answer to an incremental authorization. Approved: a
 * `card_increment` element and the hold grows by the amount. Declined (or
 * beyond the available balance): a `card_decline` naming the authorization,
 * its declined transaction, and the hold stays.
 */
export const increment = (input: IncrementInput): Either.Either<Step, InvalidOperationError> =>
  Either.flatMap(openAuthorization(input.cardPayment), (authorization) =>
    withHold(authorization, (hold) => {
      const { at, card, cardPayment, ids } = input
      const answer = CardDecision.withinAvailableBalance(input.answer, {
        amount: input.amount,
        direction: "settlement",
        available: input.available
      })
      const outstanding = CardPayment.outstandingAuthorization(cardPayment)
      if (answer._tag === "Decline") {
        const decline = new CardDecline({
          id: ids.cardDecline,
          actioner: answer.actioner,
          additional_amounts: noAdditionalAmounts,
          amount: input.amount,
          card_payment_id: cardPayment.id,
          currency: "USD",
          declined_transaction_id: ids.declinedTransaction,
          digital_wallet_token_id: authorization.digital_wallet_token_id,
          direction: "settlement",
          incremented_card_authorization_id: authorization.id,
          ...merchantOfAuthorization(authorization),
          network_details: authorization.network_details,
          network_identifiers: networkIdentifiersOf(input.reference),
          network_risk_score: null,
          physical_card_id: authorization.physical_card_id,
          presentment_amount: input.amount,
          presentment_currency: "USD",
          processing_category: authorization.processing_category,
          real_time_decision_id: answer.realTimeDecisionId,
          real_time_decision_reason: answer.realTimeDecisionReason,
          reason: answer.reason,
          scheme_fees: [],
          terminal_id: authorization.terminal_id,
          verification: authorization.verification
        })
        const declinedTransaction = declinedTransactionOf(ids.declinedTransaction, decline, card, at)
        return Either.map(
          CardPayment.applyElement(cardPayment, { category: "card_decline", created_at: at, card_decline: decline }),
          ({ events, next }) => declinedStep({ cardPayment: next, isNew: false, events }, declinedTransaction)
        )
      }
      const element = new CardIncrement({
        id: ids.cardIncrement,
        actioner: answer.actioner,
        additional_amounts: noAdditionalAmounts,
        amount: input.amount,
        card_authorization_id: authorization.id,
        currency: "USD",
        network: "network_a",
        network_identifiers: networkIdentifiersOf(input.reference),
        network_risk_score: null,
        pending_transaction_id: hold,
        presentment_amount: input.amount,
        presentment_currency: "USD",
        real_time_decision_id: answer.realTimeDecisionId,
        scheme_fees: [],
        type: "card_increment",
        updated_authorization_amount: outstanding + input.amount
      })
      return changed(cardPayment, { category: "card_increment", created_at: at, card_increment: element }, (next) => [
        followHold(hold, CardPayment.outstandingAuthorization(next), true)
      ])
    }))

/**
 * A reversal of `amount` (default: all that is outstanding) releases that much
 * of the hold; at zero the pending transaction completes.
 */
export const reverse = (input: {
  readonly at: Timestamp
  readonly cardPayment: CardPayment.CardPayment
  readonly amount: number | undefined
  readonly reference: string
  readonly id: CardReversalId
}): Either.Either<Step, InvalidOperationError> =>
  Either.flatMap(openAuthorization(input.cardPayment), (authorization) =>
    withHold(authorization, (hold) => {
      const outstanding = CardPayment.outstandingAuthorization(input.cardPayment)
      const amount = input.amount ?? outstanding
      const element = new CardReversal({
        id: input.id,
        card_authorization_id: authorization.id,
        currency: "USD",
        ...merchantOfAuthorization(authorization),
        network: "network_a",
        network_identifiers: networkIdentifiersOf(input.reference),
        pending_transaction_id: hold,
        presentment_currency: "USD",
        reversal_amount: amount,
        reversal_presentment_amount: amount,
        reversal_reason: amount >= outstanding ? "reversed_by_customer" : "partial_reversal",
        scheme_fees: [],
        terminal_id: authorization.terminal_id,
        type: "card_reversal",
        updated_authorization_amount: Math.max(0, outstanding - amount),
        updated_authorization_presentment_amount: Math.max(0, outstanding - amount)
      })
      return changed(
        input.cardPayment,
        { category: "card_reversal", created_at: input.at, card_reversal: element },
        (next) => [followHold(hold, CardPayment.outstandingAuthorization(next), false)]
      )
    }))

/** The authorization expires: what it still held is released and its pending transaction completes. */
export const expire = (input: {
  readonly at: Timestamp
  readonly cardPayment: CardPayment.CardPayment
  readonly id: CardAuthorizationExpirationId
}): Either.Either<Step, InvalidOperationError> =>
  Either.flatMap(openAuthorization(input.cardPayment), (authorization) =>
    withHold(authorization, (hold) =>
      changed(
        input.cardPayment,
        {
          category: "card_authorization_expiration",
          created_at: input.at,
          card_authorization_expiration: new CardAuthorizationExpiration({
            id: input.id,
            card_authorization_id: authorization.id,
            currency: "USD",
            expired_amount: CardPayment.outstandingAuthorization(input.cardPayment),
            network: "network_a",
            type: "card_authorization_expiration"
          })
        },
        () => [{ kind: "complete_pending_transaction", pendingTransactionId: hold }]
      )))

/** A fuel dispenser reports what it dispensed: recorded once per authorization; the hold is unchanged. */
export const confirmFuel = (input: {
  readonly at: Timestamp
  readonly cardPayment: CardPayment.CardPayment
  readonly amount: number
  readonly reference: string
  readonly id: CardFuelConfirmationId
}): Either.Either<Step, InvalidOperationError> =>
  Either.flatMap(openAuthorization(input.cardPayment), (authorization) =>
    changed(
      input.cardPayment,
      {
        category: "card_fuel_confirmation",
        created_at: input.at,
        card_fuel_confirmation: new CardFuelConfirmation({
          id: input.id,
          card_authorization_id: authorization.id,
          currency: "USD",
          network: "network_a",
          network_identifiers: networkIdentifiersOf(input.reference),
          pending_transaction_id: authorization.pending_transaction_id,
          scheme_fees: [],
          type: "card_fuel_confirmation",
          updated_authorization_amount: input.amount
        })
      },
      () => []
    ))

// ---------------------------------------------------------------------------
// Clearing: settlements and refunds
// ---------------------------------------------------------------------------

interface Clearing {
  readonly merchant_acceptor_id: string
  readonly merchant_category_code: string
  readonly merchant_city: string
  readonly merchant_country: string
  readonly merchant_name: string
  readonly merchant_postal_code: string | null
  readonly merchant_state: string | null
}

const clearingMerchantOf = (authorization: CardAuthorization | undefined): Clearing => ({
  merchant_acceptor_id: authorization?.merchant_acceptor_id ?? defaultMerchant.merchant_acceptor_id,
  merchant_category_code: authorization?.merchant_category_code ?? defaultMerchant.merchant_category_code,
  merchant_city: authorization?.merchant_city ?? defaultMerchant.merchant_city,
  merchant_country: authorization?.merchant_country ?? defaultMerchant.merchant_country,
  merchant_name: authorization?.merchant_descriptor ?? defaultMerchant.merchant_descriptor,
  merchant_postal_code: authorization?.merchant_postal_code ?? defaultMerchant.merchant_postal_code,
  merchant_state: authorization?.merchant_state ?? defaultMerchant.merchant_state
})

export interface SettlementInput {
  readonly at: Timestamp
  readonly card: Card
  /** The authorization's card payment and its hold; both null for a settlement forced without authorization. */
  readonly authorized: { readonly cardPayment: CardPayment.CardPayment; readonly hold: PendingTransaction } | null
  readonly amount: number | undefined
  readonly reference: string
  readonly ids: {
    readonly cardPayment: CardPaymentId
    readonly cardSettlement: CardSettlementId
    readonly transaction: TransactionId
  }
}

/**
 * The merchant clears a purchase: a `card_settlement` element and a Transaction
 * of −amount. Settling an authorization (default amount: what it still holds,
 * never more) completes its hold, releasing any rest. Without one the
 * settlement is forced: a new card payment, `amount` required, and the
 * available balance must cover it.
 */
export const settle = (input: SettlementInput): Either.Either<Step, InvalidOperationError | InvalidParametersError> => {
  const { at, card, ids } = input
  const authorized = input.authorized
  if (authorized === null && input.amount === undefined) {
    return Either.left(
      InvalidParametersError.single("amount", "is required when settling without a pending_transaction_id")
    )
  }
  if (authorized !== null) {
    const { cardPayment, hold } = authorized
    if (hold.status !== "pending") return refuse(`pending transaction ${hold.id} is already complete`)
    if (cardPayment.card_id !== card.id) {
      return refuse(`pending transaction ${hold.id} is not an authorization of card ${card.id}`)
    }
  }
  const authorization = authorized === null ? undefined : CardPayment.authorizationOf(authorized.cardPayment)
  const amount = input.amount ?? (authorized === null ? 0 : CardPayment.outstandingAuthorization(authorized.cardPayment))
  const cardPaymentId = authorized?.cardPayment.id ?? ids.cardPayment
  const settlement = new CardSettlement({
    id: ids.cardSettlement,
    amount,
    card_authorization: authorization?.id ?? null,
    card_payment_id: cardPaymentId,
    cashback: null,
    currency: "USD",
    interchange: null,
    ...clearingMerchantOf(authorization),
    network: "network_a",
    network_identifiers: clearingIdentifiersOf(input.reference),
    pending_transaction_id: authorized?.hold.id ?? null,
    presentment_amount: amount,
    presentment_currency: "USD",
    purchase_details: null,
    scheme_fees: [],
    surcharge: null,
    transaction_id: ids.transaction,
    type: "card_settlement"
  })
  const posting: MoneyEffect = {
    kind: "post_transaction",
    transactionId: ids.transaction,
    accountId: card.account_id,
    amount: -amount,
    description: settlement.merchant_name,
    source: { category: "card_settlement", card_settlement: settlement },
    route: cardRoute(card),
    // a settlement of an authorization spends what it held; a forced one must find the money
    requiresAvailableBalance: authorized === null
  }
  const effects: ReadonlyArray<MoneyEffect> = authorized === null
    ? [posting]
    : [{ kind: "complete_pending_transaction", pendingTransactionId: authorized.hold.id }, posting]
  return Either.map(
    place(authorized?.cardPayment ?? null, {
      id: cardPaymentId,
      account_id: card.account_id,
      card_id: card.id,
      created_at: at,
      digital_wallet_token_id: null,
      physical_card_id: null
    }, { category: "card_settlement", created_at: at, card_settlement: settlement }),
    (placed) => ({ ...placed, effects, declinedTransaction: null })
  )
}

export interface RefundInput {
  readonly at: Timestamp
  readonly card: { readonly id: string; readonly account_id: string }
  readonly cardPayment: CardPayment.CardPayment
  /** What is refunded: a settlement's transaction, or a refund authorization's pending transaction. */
  readonly of:
    | { readonly _tag: "Settlement"; readonly transaction: Transaction }
    | { readonly _tag: "RefundAuthorization"; readonly hold: PendingTransaction }
  readonly amount: number | undefined
  readonly reference: string
  readonly ids: { readonly cardRefund: CardRefundId; readonly transaction: TransactionId }
}

/** The settlement a `card_settlement` transaction posted, if it is one. */
export const settlementOf = (transaction: Transaction): CardSettlement | undefined => {
  const source = transaction.source
  return source.category === "card_settlement" && source.card_settlement instanceof CardSettlement
    ? source.card_settlement
    : undefined
}

/** The authorization a `card_authorization` pending transaction holds for, if it is one. */
export const authorizationOfHold = (hold: PendingTransaction): CardAuthorization | undefined => {
  const source = hold.source
  return source.category === "card_authorization" && source.card_authorization instanceof CardAuthorization
    ? source.card_authorization
    : undefined
}

/** What of this settlement or refund authorization is still refundable. */
const refundableOf = (input: RefundInput): Either.Either<number, InvalidOperationError> => {
  const state = input.cardPayment.state
  const refundable = state.settled_amount + state.refund_authorized_amount - state.refunded_amount
  if (input.of._tag === "Settlement") {
    const settlement = settlementOf(input.of.transaction)
    if (settlement === undefined) return refuse(`transaction ${input.of.transaction.id} is not a card settlement`)
    return Either.right(Math.min(refundable, settlement.amount))
  }
  const hold = input.of.hold
  if (authorizationOfHold(hold)?.direction !== "refund") {
    return refuse(`pending transaction ${hold.id} is not a refund authorization`)
  }
  if (hold.status !== "pending") return refuse(`pending transaction ${hold.id} is already complete`)
  return Either.right(Math.min(refundable, hold.amount))
}

/**
 * Money returned to the cardholder: a `card_refund` element and a Transaction
 * of +amount (default: what is still refundable of the settlement, or the
 * refund authorization's amount, which then completes).
 */
export const refund = (input: RefundInput): Either.Either<Step, InvalidOperationError> =>
  Either.flatMap(refundableOf(input), (refundable) => {
    const amount = input.amount ?? refundable
    if (amount > refundable) {
      return refuse(`cannot refund ${amount}: only ${refundable} of card payment ${input.cardPayment.id} is refundable`)
    }
    const authorization = CardPayment.authorizationOf(input.cardPayment)
    const element = new CardRefund({
      id: input.ids.cardRefund,
      amount,
      card_payment_id: input.cardPayment.id,
      cashback: null,
      currency: "USD",
      interchange: null,
      ...clearingMerchantOf(authorization),
      network_identifiers: clearingIdentifiersOf(input.reference),
      presentment_amount: amount,
      presentment_currency: "USD",
      purchase_details: null,
      scheme_fees: [],
      transaction_id: input.ids.transaction,
      type: "card_refund"
    })
    const posting: MoneyEffect = {
      kind: "post_transaction",
      transactionId: input.ids.transaction,
      accountId: input.cardPayment.account_id,
      amount,
      description: element.merchant_name,
      source: { category: "card_refund", card_refund: element },
      route: cardRoute(input.card),
      requiresAvailableBalance: false
    }
    const of = input.of
    return changed(
      input.cardPayment,
      { category: "card_refund", created_at: input.at, card_refund: element },
      () => of._tag === "RefundAuthorization"
        ? [{ kind: "complete_pending_transaction", pendingTransactionId: of.hold.id }, posting]
        : [posting]
    )
  })
