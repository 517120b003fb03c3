/** The card simulations' inputs and a client's answers, shared by the field coverage measure's drives. */
import type Increase from "increase"

export type Mode = "approve" | "email" | "address" | "partial" | "decline" | "challenge" | "deny" | "silent"

/** The client's answer to a decision, by the mode of its card. */
export const answerOf = (decision: Increase.RealTimeDecision, mode: Mode): Increase.RealTimeDecisionActionParams => {
  const yes = mode !== "decline" && mode !== "deny"
  switch (decision.category) {
    case "card_authorization_requested":
      return mode === "partial" && decision.card_authorization?.partial_approval_capability === "supported"
        ? { card_authorization: { decision: "approve", approval: { partial_amount: 300 } } }
        : mode === "address"
        ? {
          card_authorization: {
            decision: "approve",
            approval: { cardholder_address_verification_result: { line1: "match", postal_code: "no_match" } }
          }
        }
        : yes
        ? { card_authorization: { decision: "approve" } }
        : { card_authorization: { decision: "decline", decline: { reason: "suspected_fraud" } } }
    case "card_balance_inquiry_requested":
      return {
        card_balance_inquiry: yes ? { decision: "approve", approval: { balance: 4_242 } } : { decision: "decline" }
      }
    case "card_authentication_requested":
      return { card_authentication: { decision: mode === "challenge" ? "challenge" : yes ? "approve" : "deny" } }
    case "card_authentication_challenge_requested":
      return {
        card_authentication_challenge: yes ? { result: "success", success: { phone: "+15555550100" } } : {
          result: "failure"
        }
      }
    case "digital_wallet_token_requested":
      return {
        digital_wallet_token: yes
          ? { approval: mode === "email" ? { email: "holder@example.com" } : { phone: "+15555550100" } }
          : { decline: { reason: "not this device" } }
      }
    case "digital_wallet_authentication_requested":
      return {
        digital_wallet_authentication: yes
          ? { result: "success", success: { email: "holder@example.com" } }
          : { result: "failure" }
      }
  }
}

/** Every merchant and network field a simulated card message takes. */
export const everyMerchantField = {
  merchant_acceptor_id: "MID123",
  merchant_category_code: "5814",
  merchant_city: "Chicago",
  merchant_country: "US",
  merchant_descriptor: "COFFEE",
  merchant_state: "IL",
  network_risk_score: 12,
  terminal_id: "TID9",
  network_details: {
    network_a: {
      electronic_commerce_indicator: "secure_electronic_commerce",
      point_of_service_entry_mode: "manual",
      stand_in_processing_reason: "issuer_error",
      terminal_entry_capability: "terminal_not_used"
    }
  }
}

/** A balance inquiry takes the same, but of the network details only the stand-in reason. */
export const everyInquiryField = {
  ...everyMerchantField,
  network_details: { network_a: { stand_in_processing_reason: "issuer_error" } }
}

/** Moneta names the network `network_a` (decisions.md, convention 8), so these requests go untyped. */
export const authorizeUntyped = (sdk: Increase, body: Record<string, unknown>) =>
  sdk.post<Increase.Simulations.CardAuthorizationCreateResponse>("/simulations/card_authorizations", { body })

export const inquireUntyped = (sdk: Increase, body: Record<string, unknown>) =>
  sdk.post<Increase.CardPayment>("/simulations/card_balance_inquiries", { body })
