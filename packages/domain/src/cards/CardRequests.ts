/**
 * Card events that move no money: balance inquiries, 3-D Secure
 * authentications and their challenges, and wallet token requests. Like the
 * planners of `CardActivity`, each takes what the bank loaded, the ids it
 * reserved and the decider's answer, and returns the outcome or the refusal.
 */
import { Result } from "effect"
import type {
  CardAuthenticationId,
  CardBalanceInquiryId,
  CardDeclineId,
  CardPaymentId,
  DeclinedTransactionId,
  DigitalWalletTokenId
} from "../core/Ids.js"
import type { OperationRefusal } from "../core/Refusals.js"
import type { Timestamp } from "../core/Timestamp.js"
import type * as CardDecision from "../decisions/CardDecision.js"
import type { Card } from "./Card.js"
import * as CardAuthentication from "./CardAuthentication.js"
import { authenticationRequestFields } from "./CardAuthenticationDetail.js"
import * as CardDetail from "./CardDetail.js"
import type { Cardholder } from "./Cardholder.js"
import {
  inquiryEntryModeOf,
  type MerchantInput,
  merchantOf,
  networkDetailsOf,
  networkIdentifiersOf,
  type NetworkInput,
  networkOf
} from "./CardMessages.js"
import * as CardPayment from "./CardPayment.js"
import { CardBalanceInquiry, CardDecline } from "./CardPaymentElements.js"
import type { SimulateCardAuthentication } from "./CardSimulations.js"
import { declinedStep, declinedTransactionOf, type Step } from "./CardSteps.js"

const newPayment = (
  id: CardPaymentId,
  card: Card,
  at: Timestamp,
  digitalWalletTokenId: DigitalWalletTokenId | null
) => ({
  id,
  account_id: card.account_id,
  card_id: card.id,
  created_at: at,
  digital_wallet_token_id: digitalWalletTokenId,
  physical_card_id: null
})

const opened = (transition: Result.Result<CardPayment.Transition, OperationRefusal>) =>
  Result.map(
    transition,
    ({ events, next }) => ({ cardPayment: next, isNew: true, events, effects: [], declinedTransaction: null })
  )

// ---------------------------------------------------------------------------
// Balance inquiries
// ---------------------------------------------------------------------------

export interface BalanceInquiryInput {
  readonly at: Timestamp
  readonly card: Card
  readonly digitalWalletTokenId: DigitalWalletTokenId | null
  readonly body: MerchantInput & {
    readonly balance?: number | undefined
    readonly network_details?: NetworkInput | undefined
    readonly network_risk_score?: number | undefined
    readonly terminal_id?: string | undefined
  }
  readonly available: number
  readonly answer: CardDecision.AuthorizationAnswer
  readonly reference: string
  /** The holder of the card, of its entity (`Cardholder.cardholderOf`); the sandbox's when not given. */
  readonly cardholder?: Cardholder | undefined
  readonly ids: {
    readonly cardPayment: CardPaymentId
    readonly cardBalanceInquiry: CardBalanceInquiryId
    readonly cardDecline: CardDeclineId
    readonly declinedTransaction: DeclinedTransactionId
  }
}

/**
 * A merchant asks for the card's balance: approved, a `card_balance_inquiry`
 * element reports the answer's balance, else the simulation's, else the
 * available balance; declined, a zero `card_decline` and its declined transaction.
 */
export const inquireBalance = (input: BalanceInquiryInput): Result.Result<Step, OperationRefusal> => {
  const { answer, at, body, card, ids } = input
  const merchant = merchantOf(body)
  const common = {
    additional_amounts: CardDetail.inquiryAdditionalAmountsOf(merchant.merchant_category_code),
    card_payment_id: ids.cardPayment,
    currency: "USD" as const,
    digital_wallet_token_id: input.digitalWalletTokenId,
    ...merchant,
    network_details: networkDetailsOf(body.network_details, merchant.merchant_category_code),
    network_identifiers: networkIdentifiersOf(input.reference),
    network_risk_score: body.network_risk_score ?? null,
    physical_card_id: null,
    real_time_decision_id: answer.realTimeDecisionId,
    scheme_fees: CardDetail.schemeFeesOf({
      at,
      kind: "authorization",
      amount: 0,
      merchantCountry: merchant.merchant_country,
      network: networkOf(body.network_details, merchant.merchant_category_code)
    }),
    terminal_id: body.terminal_id ?? null,
    verification: CardDetail.verificationOf({
      card,
      entryMode: inquiryEntryModeOf(body.network_details, merchant.merchant_category_code),
      forcedDecline: answer._tag === "Decline" ? answer.reason : undefined,
      cardholder: input.cardholder
    })
  }
  const fields = newPayment(ids.cardPayment, card, at, input.digitalWalletTokenId)
  if (answer._tag === "Decline") {
    const decline = new CardDecline({
      ...common,
      id: ids.cardDecline,
      actioner: answer.actioner,
      amount: 0,
      declined_transaction_id: ids.declinedTransaction,
      direction: "settlement",
      incremented_card_authorization_id: null,
      presentment_amount: 0,
      presentment_currency: "USD",
      processing_category: "balance_inquiry",
      real_time_decision_reason: answer.realTimeDecisionReason,
      reason: answer.reason
    })
    const declinedTransaction = declinedTransactionOf(ids.declinedTransaction, decline, card, at)
    return Result.map(
      CardPayment.create(fields, { category: "card_decline", created_at: at, card_decline: decline }),
      ({ events, next }) => declinedStep({ cardPayment: next, isNew: true, events }, declinedTransaction)
    )
  }
  const inquiry = new CardBalanceInquiry({
    ...common,
    id: ids.cardBalanceInquiry,
    balance: answer.balance ?? body.balance ?? input.available,
    type: "card_balance_inquiry"
  })
  return opened(
    CardPayment.create(fields, { category: "card_balance_inquiry", created_at: at, card_balance_inquiry: inquiry })
  )
}

// ---------------------------------------------------------------------------
// 3-D Secure authentications
// ---------------------------------------------------------------------------

export interface AuthenticationInput {
  readonly at: Timestamp
  readonly card: Card
  readonly body: SimulateCardAuthentication
  readonly answer: CardDecision.AuthenticationAnswer
  readonly reference: string
  /** The card's earlier authenticated attempt (`CardAuthenticationDetail.priorAuthenticatedOf`). */
  readonly priorAuthenticated?: CardPaymentId | null | undefined
  /** The holder of the card, of its entity (`Cardholder.cardholderOf`); the sandbox's when not given. */
  readonly cardholder?: Cardholder | undefined
  readonly ids: { readonly cardPayment: CardPaymentId; readonly cardAuthentication: CardAuthenticationId }
}

/** A 3DS attempt opens a card payment with its `card_authentication` element, in the status the answer gives. */
export const authenticate = (input: AuthenticationInput): Result.Result<Step, OperationRefusal> => {
  const { answer, at, card, ids } = input
  const outcome = CardAuthentication.statusAfterDecision(answer.decision, answer.denyReason ?? undefined)
  const authentication = new CardAuthentication.CardAuthentication({
    id: ids.cardAuthentication,
    ...authenticationRequestFields(input),
    card_payment_id: ids.cardPayment,
    challenge: null,
    created_at: at,
    deny_reason: outcome.deny_reason,
    real_time_decision_id: answer.realTimeDecisionId,
    status: outcome.status,
    type: "card_authentication"
  })
  return opened(
    CardPayment.create(newPayment(ids.cardPayment, card, at, null), {
      category: "card_authentication",
      created_at: at,
      card_authentication: authentication
    })
  )
}

const updatedPayment = (transition: Result.Result<CardPayment.Transition, OperationRefusal>) =>
  Result.map(
    transition,
    ({ events, next }) => ({ cardPayment: next, isNew: false, events, effects: [], declinedTransaction: null })
  )

/**
 * Starts the challenge of an authentication awaiting one: the code is sent
 * (the delivery answer says whether it reached the cardholder; a failed
 * delivery ends the authentication `errored`).
 */
export const startChallenge = (input: {
  readonly at: Timestamp
  readonly cardPayment: CardPayment.CardPayment
  readonly oneTimeCode: string
  readonly delivery: CardDecision.ChallengeDeliveryAnswer
  /** Where the code went by text message: the card's wallet phone, when it has one. */
  readonly phone?: string | null | undefined
}): Result.Result<Step, OperationRefusal> =>
  updatedPayment(CardPayment.updateAuthentication(
    input.cardPayment,
    input.delivery.result === "success"
      ? {
        _tag: "StartChallenge",
        at: input.at,
        one_time_code: input.oneTimeCode,
        verification_method: "text_message",
        verification_value: input.phone ?? null,
        real_time_decision_id: input.delivery.realTimeDecisionId
      }
      : { _tag: "Fail" }
  ))

/**
 * The sandbox's words for a cardholder who leaves the challenge instead of
 * entering a code (docs/decisions.md, "Card detail and token rules"): they
 * are no code a challenge sends (six digits), so no real attempt is taken for them.
 */
export const abandonedChallengeCodes = { cancel: "CANCEL", timeOut: "TIMEOUT" } as const

/**
 * The cardholder enters a code: the attempt is recorded and validated at once
 * (right code: authenticated with challenge; a third wrong one: exceeded).
 * `CANCEL` instead: the cardholder canceled (`canceled`); `TIMEOUT`: the
 * cardholder never answered (`timed_out_awaiting_challenge`).
 */
export const attemptChallenge = (input: {
  readonly at: Timestamp
  readonly cardPayment: CardPayment.CardPayment
  readonly oneTimeCode: string
}): Result.Result<Step, OperationRefusal> => {
  const code = input.oneTimeCode.toUpperCase()
  if (code === abandonedChallengeCodes.cancel || code === abandonedChallengeCodes.timeOut) {
    return updatedPayment(CardPayment.updateAuthentication(
      input.cardPayment,
      code === abandonedChallengeCodes.cancel ? { _tag: "Cancel" } : { _tag: "Expire" }
    ))
  }
  return Result.flatMap(
    CardPayment.updateAuthentication(input.cardPayment, {
      _tag: "SubmitChallengeAttempt",
      at: input.at,
      one_time_code: input.oneTimeCode
    }),
    ({ next }) => updatedPayment(CardPayment.updateAuthentication(next, { _tag: "CompleteValidation" }))
  )
}
