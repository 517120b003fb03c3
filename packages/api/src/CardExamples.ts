/**
 * The examples of the card endpoints in the API reference, in wire form: what
 * a sandbox answered along one story. A card; a purchase authorized,
 * incremented, partly reversed, settled and partly refunded; a hotel hold that
 * expired; a fuel pump's authorization and confirmation; an ATM balance
 * inquiry; a 3DS authentication with its challenge (`CardAuthenticationExamples`);
 * a wallet token; a real-time decision (`RealTimeDecisionExamples`).
 * `satisfies` checks each against its schema's wire type, and
 * `ReferenceDescriptions.test.ts` decodes each with the contract.
 *
 * The story's objects repeat much of each other (the merchant, the network's
 * identifiers, the fields that are null in a sandbox): they are built from the
 * shared parts below, each key in the order the API writes it.
 */
import type { Card } from "@moneta/domain/Card"
import type { CardPayment } from "@moneta/domain/CardPayment"
import type { Element } from "@moneta/domain/CardPaymentElements"
import type {
  CardAuthorizationSimulationResult,
  DigitalWalletTokenRequestSimulationResult
} from "@moneta/domain/CardSimulations"
import type { DigitalWalletToken } from "@moneta/domain/DigitalWalletToken"
import type { Transaction } from "@moneta/domain/Transaction"
import {
  authenticatedAuthenticationElement,
  authenticationPaymentId,
  awaitingChallengeElement,
  challengedAuthenticationElement
} from "./CardAuthenticationExamples.js"

const accountId = "account_01m8dhwzq94dz9wgv2x7"
const cardId = "card_01m8dhxj7h1xgvgjw02b"
const purchasePaymentId = "card_payment_01m8dhxjjwjypbkgem40"
const purchaseAuthorizationId = "card_authorization_01m8dhxjjwjypbkgem41"
const purchasePendingId = "pending_transaction_01m8dhxjjwjypbkgem43"

export const additionalAmounts = {
  clinic: null,
  dental: null,
  original: null,
  prescription: null,
  surcharge: null,
  total_cumulative: null,
  total_healthcare: null,
  transit: null,
  unknown: null,
  vision: null
} as const

export const networkDetails = {
  category: "network_a",
  network_a: {
    electronic_commerce_indicator: null,
    point_of_service_entry_mode: null,
    stand_in_processing_reason: null,
    terminal_entry_capability: null
  },
  network_b: null
} as const

export const verification = {
  card_verification_code: { result: "not_checked" },
  cardholder_address: {
    actual_line1: null,
    actual_postal_code: null,
    provided_line1: null,
    provided_postal_code: null,
    result: "not_checked"
  },
  cardholder_name: null
} as const

/** An authorization's network identifiers: the retrieval reference number is the trace number and the code. */
export const networkIdentifiers = (traceNumber: string, code: string) => ({
  authorization_identification_response: code,
  retrieval_reference_number: `${traceNumber}${code}`,
  trace_number: traceNumber,
  transaction_id: `${traceNumber}${code}`
})

/** A clearing's network identifiers: the code is the transaction id's last six digits. */
const clearingIdentifiers = (transactionId: string) => ({
  acquirer_business_id: "69650702",
  acquirer_reference_number: `20000000000${transactionId}`,
  authorization_identification_response: transactionId.slice(6),
  transaction_id: transactionId
})

/** The merchant as an authorization names it. */
export const merchant = (descriptor: string, categoryCode = "5734") => ({
  merchant_acceptor_id: "5665270011000168",
  merchant_category_code: categoryCode,
  merchant_city: "New York",
  merchant_country: "US",
  merchant_descriptor: descriptor,
  merchant_postal_code: "10045",
  merchant_state: "NY"
})

/** The bookshop as a clearing (settlement or refund) names it. */
const clearingMerchant = {
  merchant_acceptor_id: "5665270011000168",
  merchant_category_code: "5734",
  merchant_city: "New York",
  merchant_country: "US",
  merchant_name: "CORNER BOOKSHOP",
  merchant_postal_code: "10045",
  merchant_state: "NY"
}

const purchaseAuthorization = {
  id: purchaseAuthorizationId,
  actioner: "increase",
  additional_amounts: additionalAmounts,
  amount: 2500,
  card_payment_id: purchasePaymentId,
  currency: "USD",
  digital_wallet_token_id: null,
  direction: "settlement",
  expires_at: "2026-12-04T03:48:52.444Z",
  healthcare: null,
  ...merchant("CORNER BOOKSHOP"),
  network_details: networkDetails,
  network_identifiers: networkIdentifiers("000576", "384402"),
  network_risk_score: null,
  pending_transaction_id: purchasePendingId,
  physical_card_id: null,
  presentment_amount: 2500,
  presentment_currency: "USD",
  processing_category: "purchase",
  real_time_decision_id: null,
  scheme_fees: [],
  terminal_id: null,
  type: "card_authorization",
  verification
} as const

export const cardAuthorizationElement = {
  category: "card_authorization",
  created_at: "2026-11-27T03:48:52.444Z",
  card_authorization: purchaseAuthorization
} satisfies typeof Element.Encoded

export const cardIncrementElement = {
  category: "card_increment",
  created_at: "2026-11-27T03:48:52.639Z",
  card_increment: {
    id: "card_increment_01m8dhxjrz638s8gy57v",
    actioner: "increase",
    additional_amounts: additionalAmounts,
    amount: 500,
    card_authorization_id: purchaseAuthorizationId,
    currency: "USD",
    network: "network_a",
    network_identifiers: networkIdentifiers("317203", "700733"),
    network_risk_score: null,
    pending_transaction_id: purchasePendingId,
    presentment_amount: 500,
    presentment_currency: "USD",
    real_time_decision_id: null,
    scheme_fees: [],
    type: "card_increment",
    updated_authorization_amount: 3000
  }
} satisfies typeof Element.Encoded

export const cardReversalElement = {
  category: "card_reversal",
  created_at: "2026-11-27T03:48:52.774Z",
  card_reversal: {
    id: "card_reversal_01m8dhxjx6ydg8s5pg6z",
    card_authorization_id: purchaseAuthorizationId,
    currency: "USD",
    ...merchant("CORNER BOOKSHOP"),
    network: "network_a",
    network_identifiers: networkIdentifiers("233465", "078552"),
    pending_transaction_id: purchasePendingId,
    presentment_currency: "USD",
    reversal_amount: 300,
    reversal_presentment_amount: 300,
    reversal_reason: "partial_reversal",
    scheme_fees: [],
    terminal_id: null,
    type: "card_reversal",
    updated_authorization_amount: 2700,
    updated_authorization_presentment_amount: 2700
  }
} satisfies typeof Element.Encoded

export const cardSettlementElement = {
  category: "card_settlement",
  created_at: "2026-11-27T03:48:52.974Z",
  card_settlement: {
    id: "card_settlement_01m8dhxk3ep39mjs13r6",
    amount: 2700,
    card_authorization: purchaseAuthorizationId,
    card_payment_id: purchasePaymentId,
    cashback: null,
    currency: "USD",
    interchange: null,
    ...clearingMerchant,
    network: "network_a",
    network_identifiers: clearingIdentifiers("011535229910"),
    pending_transaction_id: purchasePendingId,
    presentment_amount: 2700,
    presentment_currency: "USD",
    purchase_details: null,
    scheme_fees: [],
    surcharge: null,
    transaction_id: "transaction_01m8dhxk3ep39mjs13r7",
    type: "card_settlement"
  }
} satisfies typeof Element.Encoded

// A refund's fields are a settlement's, less those of the authorization it would have cleared.
const {
  card_authorization: _authorization,
  network: _network,
  pending_transaction_id: _pending,
  surcharge: _surcharge,
  ...clearing
} = cardSettlementElement.card_settlement

export const cardRefundElement = {
  category: "card_refund",
  created_at: "2026-11-27T03:48:53.138Z",
  card_refund: {
    ...clearing,
    id: "card_refund_01m8dhxk8wn0w8ymq48g",
    amount: 700,
    network_identifiers: clearingIdentifiers("995806899402"),
    presentment_amount: 700,
    transaction_id: "transaction_01m8dhxk8wn0w8ymq48h",
    type: "card_refund"
  }
} satisfies typeof Element.Encoded

export const hotelAuthorizationElement = {
  category: "card_authorization",
  created_at: "2026-11-27T03:48:53.498Z",
  card_authorization: {
    ...purchaseAuthorization,
    id: "card_authorization_01m8dhxkktprztatkwfr",
    amount: 1800,
    card_payment_id: "card_payment_01m8dhxkks29k5tekmvp",
    expires_at: "2026-12-04T03:48:53.498Z",
    merchant_descriptor: "HOTEL DEPOSIT",
    network_identifiers: networkIdentifiers("759475", "347644"),
    pending_transaction_id: "pending_transaction_01m8dhxkktprztatkwft",
    presentment_amount: 1800
  }
} satisfies typeof Element.Encoded

export const cardAuthorizationExpirationElement = {
  category: "card_authorization_expiration",
  created_at: "2026-11-27T03:48:53.621Z",
  card_authorization_expiration: {
    id: "card_authorization_expiration_01m8dhxkqn50kaqry7s1",
    card_authorization_id: "card_authorization_01m8dhxkktprztatkwfr",
    currency: "USD",
    expired_amount: 1800,
    network: "network_a",
    type: "card_authorization_expiration"
  }
} satisfies typeof Element.Encoded

export const fuelAuthorizationElement = {
  category: "card_authorization",
  created_at: "2026-11-27T03:48:53.321Z",
  card_authorization: {
    ...purchaseAuthorization,
    id: "card_authorization_01m8dhxke9benw6q595q",
    amount: 10000,
    card_payment_id: "card_payment_01m8dhxke9benw6q595p",
    expires_at: "2026-12-04T03:48:53.321Z",
    merchant_category_code: "5542",
    merchant_descriptor: "FUEL STOP 42",
    network_identifiers: networkIdentifiers("899943", "074149"),
    pending_transaction_id: "pending_transaction_01m8dhxke9benw6q595s",
    presentment_amount: 10000,
    processing_category: "automatic_fuel_dispenser"
  }
} satisfies typeof Element.Encoded

export const cardFuelConfirmationElement = {
  category: "card_fuel_confirmation",
  created_at: "2026-11-27T03:48:53.382Z",
  card_fuel_confirmation: {
    id: "card_fuel_confirmation_01m8dhxkg66ta0wa0qzj",
    card_authorization_id: "card_authorization_01m8dhxke9benw6q595q",
    currency: "USD",
    network: "network_a",
    network_identifiers: networkIdentifiers("178191", "307288"),
    pending_transaction_id: "pending_transaction_01m8dhxke9benw6q595s",
    scheme_fees: [],
    type: "card_fuel_confirmation",
    updated_authorization_amount: 4250
  }
} satisfies typeof Element.Encoded

export const cardBalanceInquiryElement = {
  category: "card_balance_inquiry",
  created_at: "2026-11-27T03:48:53.770Z",
  card_balance_inquiry: {
    id: "card_balance_inquiry_01m8dhxkwatyka2qbxaa",
    additional_amounts: additionalAmounts,
    balance: 1988000,
    card_payment_id: "card_payment_01m8dhxkwatyka2qbxa9",
    currency: "USD",
    digital_wallet_token_id: null,
    ...merchant("ATM 1234", "6011"),
    network_details: networkDetails,
    network_identifiers: networkIdentifiers("458339", "667137"),
    network_risk_score: null,
    physical_card_id: null,
    real_time_decision_id: null,
    scheme_fees: [],
    terminal_id: null,
    type: "card_balance_inquiry",
    verification
  }
} satisfies typeof Element.Encoded

export const card = {
  id: cardId,
  account_id: accountId,
  authorization_controls: null,
  billing_address: { city: "New York", line1: "33 Liberty Street", line2: null, postal_code: "10045", state: "NY" },
  bin: "400000",
  created_at: "2026-11-27T03:48:52.081Z",
  description: "Office supplies",
  digital_wallet: { digital_card_profile_id: null, email: "jane@example.com", phone: "+12125550123" },
  entity_id: "entity_01m8dhwz725hm7rvv66j",
  expiration_month: 11,
  expiration_year: 2029,
  idempotency_key: "e89f1ff4-da72-405e-bfee-dece1105a743",
  last4: "6201",
  status: "active",
  type: "card"
} satisfies typeof Card.Encoded

export const updatedCard = { ...card, description: "Office supplies (team)" } satisfies typeof Card.Encoded

const noAmounts = {
  authorized_amount: 0,
  fuel_confirmed_amount: 0,
  incremented_amount: 0,
  refund_authorized_amount: 0,
  refunded_amount: 0,
  reversed_amount: 0,
  settled_amount: 0
}

/** The card payments of `id`: one with `elements` and the amounts of `state` that are not 0. */
const paymentOf =
  (id: string, createdAt: string) =>
  <Elements extends ReadonlyArray<typeof Element.Encoded>>(elements: Elements, state: Partial<typeof noAmounts> = {}) =>
    ({
      id,
      account_id: accountId,
      card_id: cardId,
      created_at: createdAt,
      digital_wallet_token_id: null,
      elements,
      physical_card_id: null,
      state: { ...noAmounts, ...state },
      type: "card_payment"
    }) satisfies typeof CardPayment.Encoded

const purchaseCreatedAt = "2026-11-27T03:48:52.444Z"
const purchasePayment = paymentOf(purchasePaymentId, purchaseCreatedAt)
const authenticationPayment = paymentOf(authenticationPaymentId, "2026-11-27T03:48:53.913Z")

export const cardPayment = purchasePayment(
  [cardAuthorizationElement, cardIncrementElement, cardReversalElement, cardSettlementElement, cardRefundElement],
  { authorized_amount: 2500, incremented_amount: 500, refunded_amount: 700, reversed_amount: 300, settled_amount: 2700 }
)

export const incrementedCardPayment = purchasePayment([cardAuthorizationElement, cardIncrementElement], {
  authorized_amount: 2500,
  incremented_amount: 500
})

export const reversedCardPayment = purchasePayment(
  [cardAuthorizationElement, cardIncrementElement, cardReversalElement],
  { authorized_amount: 2500, incremented_amount: 500, reversed_amount: 300 }
)

export const expiredCardPayment = paymentOf("card_payment_01m8dhxkks29k5tekmvp", "2026-11-27T03:48:53.498Z")(
  [hotelAuthorizationElement, cardAuthorizationExpirationElement],
  { authorized_amount: 1800 }
)

export const fuelConfirmedCardPayment = paymentOf("card_payment_01m8dhxke9benw6q595p", "2026-11-27T03:48:53.321Z")(
  [fuelAuthorizationElement, cardFuelConfirmationElement],
  { authorized_amount: 10000, fuel_confirmed_amount: 4250 }
)

export const balanceInquiryCardPayment = paymentOf("card_payment_01m8dhxkwatyka2qbxa9", "2026-11-27T03:48:53.770Z")([
  cardBalanceInquiryElement
])

export const authenticationCardPayment = authenticationPayment([awaitingChallengeElement])

export const challengedCardPayment = authenticationPayment([challengedAuthenticationElement])

export const authenticatedCardPayment = authenticationPayment([authenticatedAuthenticationElement])

export const authorizationResult = {
  declined_transaction: null,
  pending_transaction: {
    id: purchasePendingId,
    account_id: accountId,
    amount: -2500,
    completed_at: null,
    created_at: purchaseCreatedAt,
    currency: "USD",
    description: "CORNER BOOKSHOP",
    held_amount: -2500,
    route_id: cardId,
    route_type: "card",
    source: { category: "card_authorization", card_authorization: purchaseAuthorization },
    status: "pending",
    type: "pending_transaction"
  },
  type: "inbound_card_authorization_simulation_result"
} satisfies typeof CardAuthorizationSimulationResult.Encoded

/** A transaction of the card on the bookshop's clearing `element`. */
const bookshopTransaction = (
  element: typeof cardSettlementElement | typeof cardRefundElement,
  amount: number
) => {
  const { created_at, ...source } = element
  const clearing = element.category === "card_settlement" ? element.card_settlement : element.card_refund
  return {
    id: clearing.transaction_id,
    account_id: accountId,
    amount,
    currency: "USD",
    created_at,
    description: "CORNER BOOKSHOP",
    route_id: cardId,
    route_type: "card",
    source,
    type: "transaction"
  } as const
}

export const settlementTransaction = bookshopTransaction(
  cardSettlementElement,
  -2700
) satisfies typeof Transaction.Encoded

export const refundTransaction = bookshopTransaction(cardRefundElement, 700) satisfies typeof Transaction.Encoded

export const tokenRequestResult = {
  decline_reason: null,
  digital_wallet_token_id: "digital_wallet_token_01m8dhxmdy62d6ac3eqw",
  type: "inbound_digital_wallet_token_request_simulation_result"
} satisfies typeof DigitalWalletTokenRequestSimulationResult.Encoded

export const digitalWalletToken = {
  id: "digital_wallet_token_01m8dhxmdy62d6ac3eqw",
  card_id: cardId,
  cardholder: { name: null },
  created_at: "2026-11-27T03:48:54.334Z",
  decline: null,
  device: { device_type: "mobile_phone", identifier: null, ip_address: null, name: null },
  dynamic_primary_account_number: { first6: "400000", last4: "2848" },
  status: "active",
  token_requestor: "wallet_a",
  type: "digital_wallet_token",
  updates: [{ status: "active", timestamp: "2026-11-27T03:48:54.334Z" }]
} satisfies typeof DigitalWalletToken.Encoded
