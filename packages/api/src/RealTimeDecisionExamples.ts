/**
 * The examples of the real-time decision endpoints: the card examples' card
 * (`CardExamples`) asked for a purchase at the bookshop, pending, then
 * approved by the client.
 */
import type { RealTimeDecision } from "@moneta/domain/RealTimeDecision"
import { additionalAmounts, merchant, networkDetails, networkIdentifiers, verification } from "./CardExamples.js"

const requestedAuthorization = {
  account_id: "account_01m8dhwzq94dz9wgv2x7",
  additional_amounts: additionalAmounts,
  approval: null,
  card_id: "card_01m8dhxj7h1xgvgjw02b",
  decision: null,
  decline: null,
  digital_wallet_token_id: null,
  direction: "settlement",
  healthcare: null,
  ...merchant("CORNER BOOKSHOP"),
  network_details: networkDetails,
  network_identifiers: networkIdentifiers("535978", "673749"),
  network_risk_score: null,
  partial_approval_capability: "not_supported",
  physical_card_id: null,
  presentment_amount: 4200,
  presentment_currency: "USD",
  processing_category: "purchase",
  request_details: { category: "initial_authorization", initial_authorization: {}, incremental_authorization: null },
  settlement_amount: 4200,
  settlement_currency: "USD",
  terminal_id: null,
  upcoming_card_payment_id: "card_payment_01m8dhxnkvzwpszkx9hk",
  verification
} as const

export const pendingDecision = {
  id: "real_time_decision_01m8dhxnmn0b4ravapv8",
  card_authentication: null,
  card_authentication_challenge: null,
  card_authorization: requestedAuthorization,
  card_balance_inquiry: null,
  category: "card_authorization_requested",
  created_at: "2026-11-27T03:48:55.573Z",
  digital_wallet_authentication: null,
  digital_wallet_token: null,
  status: "pending",
  timeout_at: "2026-11-27T03:48:58.573Z",
  type: "real_time_decision"
} satisfies typeof RealTimeDecision.Encoded

export const respondedDecision = {
  ...pendingDecision,
  card_authorization: { ...requestedAuthorization, approval: { partial_amount: null }, decision: "approve" },
  status: "responded"
} satisfies typeof RealTimeDecision.Encoded
