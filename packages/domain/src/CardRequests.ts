/**
 * Card events that move no money: balance inquiries, 3-D Secure
 * authentications and their challenges, and wallet token requests. Like the
 * planners of `CardActivity`, each takes what the bank loaded, the ids it
 * reserved and the decider's answer, and returns the outcome or the refusal.
 */
import { Result } from "effect"
import type { Card } from "./Card.js"
import * as CardAuthentication from "./CardAuthentication.js"
import type * as CardDecision from "./CardDecision.js"
import {
  type MerchantInput,
  merchantOf,
  networkDetailsOf,
  networkIdentifiersOf,
  type NetworkInput,
  noVerification
} from "./CardMessages.js"
import { noAdditionalAmounts } from "./CardNetwork.js"
import * as CardPayment from "./CardPayment.js"
import { CardBalanceInquiry, CardDecline } from "./CardPaymentElements.js"
import type { SimulateCardAuthentication } from "./CardSimulations.js"
import { declinedStep, declinedTransactionOf, type Step } from "./CardSteps.js"
import { DigitalWalletToken } from "./DigitalWalletToken.js"
import { type PendingEvent, pendingEvent } from "./Event.js"
import type {
  CardAuthenticationId,
  CardBalanceInquiryId,
  CardDeclineId,
  CardPaymentId,
  DeclinedTransactionId,
  DigitalWalletTokenId
} from "./Ids.js"
import type { OperationRefusal } from "./Refusals.js"
import type { Timestamp } from "./Timestamp.js"

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
  const common = {
    additional_amounts: noAdditionalAmounts,
    card_payment_id: ids.cardPayment,
    currency: "USD" as const,
    digital_wallet_token_id: input.digitalWalletTokenId,
    ...merchantOf(body),
    network_details: networkDetailsOf(body.network_details),
    network_identifiers: networkIdentifiersOf(input.reference),
    network_risk_score: body.network_risk_score ?? null,
    physical_card_id: null,
    real_time_decision_id: answer.realTimeDecisionId,
    scheme_fees: [],
    terminal_id: body.terminal_id ?? null,
    verification: noVerification
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

const deviceChannelOf = (
  category: CardAuthentication.DeviceChannelCategory | undefined
): CardAuthentication.DeviceChannel => {
  switch (category ?? "browser") {
    case "app":
      return { category: "app", browser: null, merchant_initiated: null }
    case "three_ds_requestor_initiated":
      return {
        category: "three_ds_requestor_initiated",
        browser: null,
        merchant_initiated: { indicator: "other_payment" }
      }
    case "browser":
      return {
        category: "browser",
        browser: { accept_header: null, ip_address: null, javascript_enabled: null, language: null, user_agent: null },
        merchant_initiated: null
      }
  }
}

const messageCategoryOf = (body: SimulateCardAuthentication): CardAuthentication.MessageCategory =>
  body.category === "non_payment_authentication"
    ? { category: "non_payment_authentication", payment: null, non_payment: {} }
    : {
      category: "payment_authentication",
      payment: {
        purchase_amount: body.purchase_amount ?? 0,
        purchase_amount_cardholder_estimated: null,
        purchase_currency: "USD",
        transaction_type: "goods_service_purchase"
      },
      non_payment: null
    }

export interface AuthenticationInput {
  readonly at: Timestamp
  readonly card: Card
  readonly body: SimulateCardAuthentication
  readonly answer: CardDecision.AuthenticationAnswer
  readonly reference: string
  readonly ids: { readonly cardPayment: CardPaymentId; readonly cardAuthentication: CardAuthenticationId }
}

/** A 3DS attempt opens a card payment with its `card_authentication` element, in the status the answer gives. */
/** What the merchant's 3DS server sends about an attempt (the element's and the real-time decision's request fields). */
export const authenticationRequestFields = (input: {
  readonly card: Card
  readonly body: SimulateCardAuthentication
  readonly reference: string
}) => {
  const { body, reference } = input
  return {
    access_control_server_transaction_identifier: `acs-${reference}`,
    billing_address_city: null,
    billing_address_country: null,
    billing_address_line1: null,
    billing_address_line2: null,
    billing_address_line3: null,
    billing_address_postal_code: null,
    billing_address_state: null,
    card_id: input.card.id,
    cardholder_email: null,
    cardholder_name: null,
    device_channel: deviceChannelOf(body.device_channel),
    directory_server_transaction_identifier: `ds-${reference}`,
    merchant_acceptor_id: body.merchant_acceptor_id ?? null,
    merchant_category_code: body.merchant_category_code ?? null,
    merchant_country: body.merchant_country ?? null,
    merchant_name: body.merchant_name ?? null,
    message_category: messageCategoryOf(body),
    prior_authenticated_card_payment_id: null,
    requestor_authentication_indicator: null,
    requestor_challenge_indicator: null,
    requestor_name: body.merchant_name ?? "Sandbox Merchant",
    requestor_url: "https://merchant.example.com",
    shipping_address_city: null,
    shipping_address_country: null,
    shipping_address_line1: null,
    shipping_address_line2: null,
    shipping_address_line3: null,
    shipping_address_postal_code: null,
    shipping_address_state: null,
    three_d_secure_server_transaction_identifier: `3ds-${reference}`
  }
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
}): Result.Result<Step, OperationRefusal> =>
  updatedPayment(CardPayment.updateAuthentication(
    input.cardPayment,
    input.delivery.result === "success"
      ? {
        _tag: "StartChallenge",
        at: input.at,
        one_time_code: input.oneTimeCode,
        verification_method: "text_message",
        verification_value: null,
        real_time_decision_id: input.delivery.realTimeDecisionId
      }
      : { _tag: "Fail" }
  ))

/**
 * The cardholder enters a code: the attempt is recorded and validated at once
 * (right code: authenticated with challenge; a third wrong one: exceeded).
 */
export const attemptChallenge = (input: {
  readonly at: Timestamp
  readonly cardPayment: CardPayment.CardPayment
  readonly oneTimeCode: string
}): Result.Result<Step, OperationRefusal> =>
  Result.flatMap(
    CardPayment.updateAuthentication(input.cardPayment, {
      _tag: "SubmitChallengeAttempt",
      at: input.at,
      one_time_code: input.oneTimeCode
    }),
    ({ next }) => updatedPayment(CardPayment.updateAuthentication(next, { _tag: "CompleteValidation" }))
  )

// ---------------------------------------------------------------------------
// Wallet tokens
// ---------------------------------------------------------------------------

export interface TokenRequestOutcome {
  readonly token: DigitalWalletToken
  readonly events: ReadonlyArray<PendingEvent>
}

/**
 * A wallet asks to provision the card: approved, an `active` token; declined,
 * a `declined` token with the reason. Either way the token exists and
 * `digital_wallet_token.created` is emitted.
 */
export const requestToken = (input: {
  readonly at: Timestamp
  readonly card: Card
  readonly answer: CardDecision.TokenAnswer
  /** An approved token's status after the wallet's passcode authentication (`active` when none was asked). */
  readonly approvedStatus: "active" | "inactive"
  readonly last4: string
  readonly id: DigitalWalletTokenId
}): TokenRequestOutcome => {
  const status = input.answer._tag === "Approve" ? input.approvedStatus : "declined"
  const token = new DigitalWalletToken({
    id: input.id,
    card_id: input.card.id,
    cardholder: { name: null },
    created_at: input.at,
    decline: input.answer._tag === "Decline" ? { reason: input.answer.reason } : null,
    device: { device_type: "mobile_phone", identifier: null, ip_address: null, name: null },
    dynamic_primary_account_number: { first6: input.card.bin, last4: input.last4 },
    status,
    token_requestor: "wallet_a",
    type: "digital_wallet_token",
    updates: [{ status, timestamp: input.at }]
  })
  return { token, events: [pendingEvent("digital_wallet_token.created", "digital_wallet_token", token.id)] }
}
