/**
 * What card activity does to an authorization: the planners of
 * authorizations, increments, reversals, expirations and fuel confirmations
 * (decisions.md d, f, j). Each takes what the bank loaded (the card, the card
 * payment, the available balance read under the account's row lock), the ids
 * it reserved and the decider's answer, and returns the next card payment, its
 * events, the money movements for the ledger and the declined transaction of a
 * decline; or the refusal (409) that writes nothing. Settlements and refunds
 * are in `CardClearing`.
 */
import { DateTime, Result } from "effect"
import type {
  CardAuthorizationExpirationId,
  CardAuthorizationId,
  CardDeclineId,
  CardFuelConfirmationId,
  CardIncrementId,
  CardPaymentId,
  CardReversalId,
  DeclinedTransactionId,
  DigitalWalletTokenId,
  PendingTransactionId
} from "../core/Ids.js"
import { CardAuthorizationNotUsable, CardPaymentOfAnotherCard, type OperationRefusal } from "../core/Refusals.js"
import type { Timestamp } from "../core/Timestamp.js"
import * as CardDecision from "../decisions/CardDecision.js"
import type { MoneyEffect } from "../money/MoneyEffect.js"
import type { Card } from "./Card.js"
import * as CardDetail from "./CardDetail.js"
import type { Cardholder } from "./Cardholder.js"
import {
  authorizationLifetime,
  entryModeOf,
  merchantOf,
  networkDetailsOf,
  networkIdentifiersOf
} from "./CardMessages.js"
import type { Direction, ProcessingCategory } from "./CardNetwork.js"
import * as CardPayment from "./CardPayment.js"
import {
  CardAuthorization,
  CardAuthorizationExpiration,
  CardDecline,
  CardFuelConfirmation,
  CardIncrement,
  CardReversal
} from "./CardPaymentElements.js"
import type { SimulateCardAuthorization } from "./CardSimulations.js"
import {
  cardRoute,
  changed,
  declinedStep,
  declinedTransactionOf,
  merchantOfAuthorization,
  place,
  type Step
} from "./CardSteps.js"

/** The direction of an authorization: a `refund` processing category credits the cardholder. */
export const directionOf = (body: SimulateCardAuthorization): Direction =>
  body.processing_category?.category === "refund" ? "refund" : "settlement"

const processingCategoryOf = (body: SimulateCardAuthorization): ProcessingCategory =>
  body.processing_category?.category ?? "purchase"

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
  /** The holder of the card, of its entity (`Cardholder.cardholderOf`); the sandbox's when not given. */
  readonly cardholder?: Cardholder | undefined
  readonly ids: {
    readonly cardPayment: CardPaymentId
    readonly cardAuthorization: CardAuthorizationId
    readonly cardDecline: CardDeclineId
    readonly pendingTransaction: PendingTransactionId
    readonly declinedTransaction: DeclinedTransactionId
  }
}

/** The authenticated card payment an authorization joins must be of the same card (409 otherwise). */
export const requireSameCard = (
  cardPayment: CardPayment.CardPayment,
  card: Card
): Result.Result<CardPayment.CardPayment, CardPaymentOfAnotherCard> =>
  cardPayment.card_id === card.id
    ? Result.succeed(cardPayment)
    : Result.fail(
      new CardPaymentOfAnotherCard({ detail: `card payment ${cardPayment.id} belongs to another card than ${card.id}` })
    )

/** What a decider is asked about this authorization. */
export const authorizationQuestion = (
  input: Pick<AuthorizationInput, "body" | "available">
): CardDecision.AuthorizationQuestion => ({
  amount: input.body.amount,
  direction: directionOf(input.body),
  available: input.available
})

/**
 * Applies the decider's answer to a simulated authorization. Approved: a
 * `card_authorization` element and its pending transaction, holding the
 * amount, or the partial amount of a partial approval (a refund authorization credits and holds nothing). Declined (or
 * approved beyond the available balance): a `card_decline` element and its
 * declined transaction; nothing is held.
 */
export const authorize = (input: AuthorizationInput): Result.Result<Step, OperationRefusal> => {
  const { at, body, card, ids } = input
  const question = authorizationQuestion(input)
  const answer = CardDecision.withinAvailableBalance(input.answer, question)
  // a partial approval authorizes (and holds) only its partial amount; a decline names the amount asked
  const amount = CardDecision.approvedAmount(answer, body.amount)
  const cardPaymentId = input.authenticatedCardPayment?.id ?? ids.cardPayment
  const merchant = merchantOf(body)
  const networkDetails = networkDetailsOf(body.network_details, merchant.merchant_category_code)
  const verification = CardDetail.verificationOf({
    card,
    entryMode: entryModeOf(body.network_details, merchant.merchant_category_code),
    forcedDecline: answer._tag === "Decline" ? answer.reason : undefined,
    verdict: answer._tag === "Approve" ? answer.addressVerdict : null,
    cardholder: input.cardholder
  })
  const common = {
    additional_amounts: CardDetail.additionalAmountsOf({
      amount,
      merchantCategoryCode: merchant.merchant_category_code,
      processingCategory: body.processing_category?.category
    }),
    amount,
    card_payment_id: cardPaymentId,
    currency: "USD" as const,
    digital_wallet_token_id: input.digitalWalletTokenId,
    direction: question.direction,
    ...merchant,
    network_details: networkDetails,
    network_identifiers: networkIdentifiersOf(input.reference),
    network_risk_score: body.network_risk_score ?? null,
    physical_card_id: null,
    presentment_amount: amount,
    presentment_currency: "USD",
    processing_category: processingCategoryOf(body),
    real_time_decision_id: answer.realTimeDecisionId,
    scheme_fees: CardDetail.schemeFeesOf({
      at,
      kind: "authorization",
      amount,
      merchantCountry: merchant.merchant_country,
      addressChecked: verification.cardholder_address.result !== "not_checked",
      network: networkDetails.category
    }),
    terminal_id: body.terminal_id ?? null,
    verification
  }
  const actioner = CardDetail.actionerOf(answer.actioner, body.network_details?.network_a.stand_in_processing_reason)
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
      actioner,
      declined_transaction_id: ids.declinedTransaction,
      incremented_card_authorization_id: null,
      real_time_decision_reason: answer.realTimeDecisionReason,
      reason: answer.reason
    })
    const declinedTransaction = declinedTransactionOf(ids.declinedTransaction, decline, card, at)
    return Result.map(
      place(input.authenticatedCardPayment, fields, {
        category: "card_decline",
        created_at: at,
        card_decline: decline
      }),
      (placed) => declinedStep(placed, declinedTransaction)
    )
  }
  const authorization = new CardAuthorization({
    ...common,
    id: ids.cardAuthorization,
    actioner,
    expires_at: DateTime.add(at, authorizationLifetime),
    healthcare: CardDetail.healthcareOf(merchant.merchant_category_code),
    pending_transaction_id: ids.pendingTransaction,
    type: "card_authorization"
  })
  const hold: MoneyEffect = {
    kind: "create_pending_transaction",
    pendingTransactionId: ids.pendingTransaction,
    accountId: card.account_id,
    amount: question.direction === "settlement" ? -amount : amount,
    description: authorization.merchant_descriptor,
    source: { category: "card_authorization", card_authorization: authorization },
    route: cardRoute(card),
    requiresAvailableBalance: question.direction === "settlement"
  }
  return Result.map(
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
): Result.Result<CardAuthorization, CardAuthorizationNotUsable> => {
  const authorization = CardPayment.authorizationOf(cardPayment)
  if (authorization === undefined) {
    return Result.fail(
      new CardAuthorizationNotUsable({ detail: `card payment ${cardPayment.id} has no authorization` })
    )
  }
  if (authorization.direction !== "settlement") {
    return Result.fail(
      new CardAuthorizationNotUsable({ detail: `card payment ${cardPayment.id} is a refund authorization` })
    )
  }
  if (CardPayment.hasExpired(cardPayment)) {
    return Result.fail(
      new CardAuthorizationNotUsable({ detail: `the authorization of card payment ${cardPayment.id} has expired` })
    )
  }
  if (CardPayment.hasSettledAuthorization(cardPayment)) {
    return Result.fail(
      new CardAuthorizationNotUsable({ detail: `the authorization of card payment ${cardPayment.id} was settled` })
    )
  }
  if (CardPayment.outstandingAuthorization(cardPayment) === 0) {
    return Result.fail(
      new CardAuthorizationNotUsable({
        detail: `the authorization of card payment ${cardPayment.id} holds nothing any more`
      })
    )
  }
  return Result.succeed(authorization)
}

/** The hold of the payment's authorization (the domain only opens authorizations with one). */
const holdOf = (authorization: CardAuthorization): PendingTransactionId | null => authorization.pending_transaction_id

/** The movement that makes the hold equal what is left outstanding: revised, or completed at 0. */
const followHold = (hold: PendingTransactionId, outstanding: number, grows: boolean): MoneyEffect =>
  outstanding === 0
    ? { kind: "complete_pending_transaction", pendingTransactionId: hold }
    : {
      kind: "revise_pending_transaction",
      pendingTransactionId: hold,
      amount: -outstanding,
      requiresAvailableBalance: grows
    }

const withHold = (
  authorization: CardAuthorization,
  build: (hold: PendingTransactionId) => Result.Result<Step, OperationRefusal>
): Result.Result<Step, OperationRefusal> => {
  const hold = holdOf(authorization)
  return hold === null
    ? Result.fail(
      new CardAuthorizationNotUsable({ detail: `authorization ${authorization.id} holds no pending transaction` })
    )
    : build(hold)
}

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
export const increment = (input: IncrementInput): Result.Result<Step, OperationRefusal> =>
  Result.flatMap(openAuthorization(input.cardPayment), (authorization) =>
    withHold(authorization, (hold) => {
      const { at, card, cardPayment, ids } = input
      const answer = CardDecision.withinAvailableBalance(input.answer, {
        amount: input.amount,
        direction: "settlement",
        available: input.available
      })
      const outstanding = CardPayment.outstandingAuthorization(cardPayment)
      // an increment repeats the authorization's risk score and itemizes the original and cumulative amounts
      const detailOf = (amount: number) => ({
        additional_amounts: CardDetail.additionalAmountsOf({
          amount,
          merchantCategoryCode: authorization.merchant_category_code,
          increment: { original: authorization.amount, cumulative: outstanding + amount }
        }),
        network_risk_score: authorization.network_risk_score,
        scheme_fees: CardDetail.schemeFeesOf({
          at,
          kind: "authorization",
          amount,
          merchantCountry: authorization.merchant_country,
          network: authorization.network_details.category
        })
      })
      if (answer._tag === "Decline") {
        const decline = new CardDecline({
          id: ids.cardDecline,
          actioner: answer.actioner,
          ...detailOf(input.amount),
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
          physical_card_id: authorization.physical_card_id,
          presentment_amount: input.amount,
          presentment_currency: "USD",
          processing_category: authorization.processing_category,
          real_time_decision_id: answer.realTimeDecisionId,
          real_time_decision_reason: answer.realTimeDecisionReason,
          reason: answer.reason,
          terminal_id: authorization.terminal_id,
          verification: authorization.verification
        })
        const declinedTransaction = declinedTransactionOf(ids.declinedTransaction, decline, card, at)
        return Result.map(
          CardPayment.applyElement(cardPayment, { category: "card_decline", created_at: at, card_decline: decline }),
          ({ events, next }) => declinedStep({ cardPayment: next, isNew: false, events }, declinedTransaction)
        )
      }
      const approved = CardDecision.approvedAmount(answer, input.amount)
      const element = new CardIncrement({
        id: ids.cardIncrement,
        actioner: answer.actioner,
        ...detailOf(approved),
        amount: approved,
        card_authorization_id: authorization.id,
        currency: "USD",
        network: authorization.network_details.category,
        network_identifiers: networkIdentifiersOf(input.reference),
        pending_transaction_id: hold,
        presentment_amount: approved,
        presentment_currency: "USD",
        real_time_decision_id: answer.realTimeDecisionId,
        type: "card_increment",
        updated_authorization_amount: outstanding + approved
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
}): Result.Result<Step, OperationRefusal> =>
  Result.flatMap(openAuthorization(input.cardPayment), (authorization) =>
    withHold(authorization, (hold) => {
      const outstanding = CardPayment.outstandingAuthorization(input.cardPayment)
      const amount = input.amount ?? outstanding
      const element = new CardReversal({
        id: input.id,
        card_authorization_id: authorization.id,
        currency: "USD",
        ...merchantOfAuthorization(authorization),
        network: authorization.network_details.category,
        network_identifiers: networkIdentifiersOf(input.reference),
        pending_transaction_id: hold,
        presentment_currency: "USD",
        reversal_amount: amount,
        reversal_presentment_amount: amount,
        reversal_reason: amount >= outstanding ? "reversed_by_customer" : "partial_reversal",
        scheme_fees: CardDetail.schemeFeesOf({
          at: input.at,
          kind: "reversal",
          amount,
          network: authorization.network_details.category
        }),
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
}): Result.Result<Step, OperationRefusal> =>
  Result.flatMap(openAuthorization(input.cardPayment), (authorization) =>
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
            network: authorization.network_details.category,
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
}): Result.Result<Step, OperationRefusal> =>
  Result.flatMap(openAuthorization(input.cardPayment), (authorization) =>
    changed(
      input.cardPayment,
      {
        category: "card_fuel_confirmation",
        created_at: input.at,
        card_fuel_confirmation: new CardFuelConfirmation({
          id: input.id,
          card_authorization_id: authorization.id,
          currency: "USD",
          network: authorization.network_details.category,
          network_identifiers: networkIdentifiersOf(input.reference),
          pending_transaction_id: authorization.pending_transaction_id,
          scheme_fees: CardDetail.schemeFeesOf({
            at: input.at,
            kind: "clearing",
            amount: input.amount,
            network: authorization.network_details.category
          }),
          type: "card_fuel_confirmation",
          updated_authorization_amount: input.amount
        })
      },
      () => []
    ))
