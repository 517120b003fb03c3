/**
 * The 3DS authentication of the card examples (`CardExamples`): awaiting its
 * challenge, challenged (a code sent by text message), then authenticated.
 * Each state repeats the first but for the challenge and the status.
 */
import type { Element } from "@moneta/domain/CardPaymentElements"

export const authenticationPaymentId = "card_payment_01m8dhxm0sjhgfyca39v"

const awaitingChallenge = {
  id: "card_authentication_01m8dhxm0sjhgfyca39w",
  access_control_server_transaction_identifier: "acs-595000225816",
  billing_address_city: null,
  billing_address_country: null,
  billing_address_line1: null,
  billing_address_line2: null,
  billing_address_line3: null,
  billing_address_postal_code: null,
  billing_address_state: null,
  card_id: "card_01m8dhxj7h1xgvgjw02b",
  cardholder_email: null,
  cardholder_name: null,
  device_channel: {
    category: "browser",
    browser: { accept_header: null, ip_address: null, javascript_enabled: null, language: null, user_agent: null },
    merchant_initiated: null
  },
  directory_server_transaction_identifier: "ds-595000225816",
  merchant_acceptor_id: null,
  merchant_category_code: null,
  merchant_country: null,
  merchant_name: "Corner Bookshop",
  message_category: {
    category: "payment_authentication",
    payment: {
      purchase_amount: 4200,
      purchase_amount_cardholder_estimated: null,
      purchase_currency: "USD",
      transaction_type: "goods_service_purchase"
    },
    non_payment: null
  },
  prior_authenticated_card_payment_id: null,
  requestor_authentication_indicator: null,
  requestor_challenge_indicator: null,
  requestor_name: "Corner Bookshop",
  requestor_url: "https://merchant.example.com",
  shipping_address_city: null,
  shipping_address_country: null,
  shipping_address_line1: null,
  shipping_address_line2: null,
  shipping_address_line3: null,
  shipping_address_postal_code: null,
  shipping_address_state: null,
  three_d_secure_server_transaction_identifier: "3ds-595000225816",
  card_payment_id: authenticationPaymentId,
  challenge: null,
  created_at: "2026-11-27T03:48:53.913Z",
  deny_reason: null,
  real_time_decision_id: null,
  status: "awaiting_challenge",
  type: "card_authentication"
} as const

const challenge = {
  attempts: [],
  created_at: "2026-11-27T03:48:54.088Z",
  one_time_code: "068105",
  real_time_decision_id: null,
  verification_method: "text_message",
  verification_value: null
} as const

export const awaitingChallengeElement = {
  category: "card_authentication",
  created_at: "2026-11-27T03:48:53.913Z",
  card_authentication: awaitingChallenge
} satisfies typeof Element.Encoded

export const challengedAuthenticationElement = {
  ...awaitingChallengeElement,
  card_authentication: { ...awaitingChallenge, challenge }
} satisfies typeof Element.Encoded

export const authenticatedAuthenticationElement = {
  ...awaitingChallengeElement,
  card_authentication: {
    ...awaitingChallenge,
    challenge: { ...challenge, attempts: [{ created_at: "2026-11-27T03:48:54.239Z", outcome: "successful" }] },
    status: "authenticated_with_challenge"
  }
} satisfies typeof Element.Encoded
