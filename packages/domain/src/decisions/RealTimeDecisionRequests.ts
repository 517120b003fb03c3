/**
 * What a real-time decision asks, built from the card event it pauses: the
 * detail object of its category, with the answer fields still null. The same
 * merchant, network and verification fields the card planners write on the
 * card payment's element, so the client sees what the element will say.
 */
import type { Card } from "../cards/Card.js"
import { directionOf } from "../cards/CardActivity.js"
import { authenticationRequestFields } from "../cards/CardAuthenticationDetail.js"
import * as CardDetail from "../cards/CardDetail.js"
import type { Cardholder } from "../cards/Cardholder.js"
import {
  entryModeOf,
  inquiryEntryModeOf,
  merchantOf,
  networkDetailsOf,
  networkIdentifiersOf
} from "../cards/CardMessages.js"
import type { PartialApprovalCapability } from "../cards/CardNetwork.js"
import type { CardAuthorization } from "../cards/CardPaymentElements.js"
import type {
  SimulateCardAuthentication,
  SimulateCardAuthorization,
  SimulateCardBalanceInquiry
} from "../cards/CardSimulations.js"
import { merchantOfAuthorization } from "../cards/CardSteps.js"
import { deviceFor, walletFor } from "../cards/DigitalWalletTokenLifecycle.js"
import type { CardPaymentId, DigitalWalletTokenId } from "../core/Ids.js"
import type { Request } from "./RealTimeDecision.js"

/** The fields of every authorization question that do not depend on the message: the card's, and no answer yet. */
const unansweredAuthorization = (
  card: Card,
  amount: number,
  partialApprovalCapability: PartialApprovalCapability,
  merchantCategoryCode: string
) => ({
  account_id: card.account_id,
  approval: null,
  card_id: card.id,
  decision: null,
  decline: null,
  healthcare: CardDetail.healthcareOf(merchantCategoryCode),
  partial_approval_capability: partialApprovalCapability,
  presentment_amount: amount,
  presentment_currency: "USD",
  settlement_amount: amount,
  settlement_currency: "USD"
} as const)

/** An initial authorization (`POST /simulations/card_authorizations`). */
export const authorizationRequest = (input: {
  readonly card: Card
  readonly body: SimulateCardAuthorization
  readonly digitalWalletTokenId: DigitalWalletTokenId | null
  readonly cardPaymentId: CardPaymentId
  readonly reference: string
  /** The holder of the card, of its entity (`Cardholder.cardholderOf`); the sandbox's when not given. */
  readonly cardholder?: Cardholder | undefined
}): Request => {
  const { body } = input
  const merchant = merchantOf(body)
  return {
    category: "card_authorization_requested",
    card_authorization: {
      ...unansweredAuthorization(
        input.card,
        body.amount,
        CardDetail.partialApprovalCapabilityOf(body),
        merchant.merchant_category_code
      ),
      additional_amounts: CardDetail.additionalAmountsOf({
        amount: body.amount,
        merchantCategoryCode: merchant.merchant_category_code,
        processingCategory: body.processing_category?.category
      }),
      digital_wallet_token_id: input.digitalWalletTokenId,
      direction: directionOf(body),
      ...merchant,
      network_details: networkDetailsOf(body.network_details, merchant.merchant_category_code),
      network_identifiers: networkIdentifiersOf(input.reference),
      network_risk_score: body.network_risk_score ?? null,
      physical_card_id: null,
      processing_category: body.processing_category?.category ?? "purchase",
      request_details: {
        category: "initial_authorization",
        initial_authorization: {},
        incremental_authorization: null
      },
      terminal_id: body.terminal_id ?? null,
      upcoming_card_payment_id: input.cardPaymentId,
      verification: CardDetail.verificationOf({
        card: input.card,
        entryMode: entryModeOf(body.network_details, merchant.merchant_category_code),
        cardholder: input.cardholder
      })
    }
  }
}

/** An incremental authorization of an open authorization (`POST /simulations/card_increments`). */
export const incrementRequest = (input: {
  readonly card: Card
  readonly cardPaymentId: CardPaymentId
  readonly authorization: CardAuthorization
  readonly amount: number
  /** What the authorization holds before the increment. */
  readonly outstanding: number
  readonly reference: string
}): Request => {
  const { authorization } = input
  return {
    category: "card_authorization_requested",
    card_authorization: {
      // an increment simulation names no partial-approval indicator: its merchant does not support one
      ...unansweredAuthorization(input.card, input.amount, "not_supported", authorization.merchant_category_code),
      additional_amounts: CardDetail.additionalAmountsOf({
        amount: input.amount,
        merchantCategoryCode: authorization.merchant_category_code,
        increment: {
          original: authorization.amount,
          cumulative: input.outstanding + input.amount
        }
      }),
      digital_wallet_token_id: authorization.digital_wallet_token_id,
      direction: "settlement",
      ...merchantOfAuthorization(authorization),
      network_details: authorization.network_details,
      network_identifiers: networkIdentifiersOf(input.reference),
      network_risk_score: authorization.network_risk_score,
      physical_card_id: authorization.physical_card_id,
      processing_category: authorization.processing_category,
      request_details: {
        category: "incremental_authorization",
        initial_authorization: null,
        incremental_authorization: {
          card_payment_id: input.cardPaymentId,
          original_card_authorization_id: authorization.id
        }
      },
      terminal_id: authorization.terminal_id,
      upcoming_card_payment_id: input.cardPaymentId,
      verification: authorization.verification
    }
  }
}

/** A balance inquiry (`POST /simulations/card_balance_inquiries`). */
export const balanceInquiryRequest = (input: {
  readonly card: Card
  readonly body: SimulateCardBalanceInquiry
  readonly digitalWalletTokenId: DigitalWalletTokenId | null
  readonly cardPaymentId: CardPaymentId
  readonly reference: string
  /** The holder of the card, of its entity (`Cardholder.cardholderOf`); the sandbox's when not given. */
  readonly cardholder?: Cardholder | undefined
}): Request => ({
  category: "card_balance_inquiry_requested",
  card_balance_inquiry: {
    account_id: input.card.account_id,
    additional_amounts: CardDetail.inquiryAdditionalAmountsOf(merchantOf(input.body).merchant_category_code),
    approval: null,
    card_id: input.card.id,
    decision: null,
    digital_wallet_token_id: input.digitalWalletTokenId,
    ...merchantOf(input.body),
    network_details: networkDetailsOf(input.body.network_details, merchantOf(input.body).merchant_category_code),
    network_identifiers: networkIdentifiersOf(input.reference),
    network_risk_score: input.body.network_risk_score ?? null,
    physical_card_id: null,
    terminal_id: input.body.terminal_id ?? null,
    upcoming_card_payment_id: input.cardPaymentId,
    verification: CardDetail.verificationOf({
      card: input.card,
      entryMode: inquiryEntryModeOf(input.body.network_details, merchantOf(input.body).merchant_category_code),
      cardholder: input.cardholder
    })
  }
})

/** A 3DS authentication attempt (`POST /simulations/card_authentications`). */
export const authenticationRequest = (input: {
  readonly card: Card
  readonly body: SimulateCardAuthentication
  readonly cardPaymentId: CardPaymentId
  readonly reference: string
  readonly priorAuthenticated?: CardPaymentId | null | undefined
  readonly cardholder?: Cardholder | undefined
}): Request => ({
  category: "card_authentication_requested",
  card_authentication: {
    ...authenticationRequestFields(input),
    account_id: input.card.account_id,
    decision: null,
    upcoming_card_payment_id: input.cardPaymentId
  }
})

/** The delivery of a 3DS challenge's one-time code, which the client sends to the cardholder. */
export const challengeRequest = (input: {
  readonly card: Card
  readonly cardPaymentId: CardPaymentId
  readonly oneTimeCode: string
}): Request => ({
  category: "card_authentication_challenge_requested",
  card_authentication_challenge: {
    account_id: input.card.account_id,
    card_id: input.card.id,
    card_payment_id: input.cardPaymentId,
    one_time_code: input.oneTimeCode,
    result: null
  }
})

/** A wallet asking to provision the card: the sandbox's wallets in turn, on the card's next device. */
export const tokenRequest = (input: { readonly card: Card; readonly tokensOfCard: number }): Request => {
  const wallet = walletFor(input.tokensOfCard)
  return {
    category: "digital_wallet_token_requested",
    digital_wallet_token: {
      card_id: input.card.id,
      decision: null,
      device: { identifier: deviceFor(wallet, input.card.id, input.tokensOfCard).identifier },
      digital_wallet: wallet
    }
  }
}
