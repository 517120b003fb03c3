/**
 * The examples of the card endpoints in the API reference, in wire form: what
 * a sandbox answered along one story. A card; a purchase authorized,
 * incremented, partly reversed, settled and partly refunded; a hotel hold that
 * expired; a fuel pump's authorization and confirmation; an ATM balance
 * inquiry; a 3DS authentication with its challenge; a wallet token; a
 * real-time decision. `satisfies` checks each against its schema's wire type,
 * and `ReferenceDescriptions.test.ts` decodes each with the contract.
 */
import type { Card } from "@moneta/domain/Card"
import type { CardPayment } from "@moneta/domain/CardPayment"
import type { Element } from "@moneta/domain/CardPaymentElements"
import type {
  CardAuthorizationSimulationResult,
  DigitalWalletTokenRequestSimulationResult
} from "@moneta/domain/CardSimulations"
import type { DigitalWalletToken } from "@moneta/domain/DigitalWalletToken"
import type { RealTimeDecision } from "@moneta/domain/RealTimeDecision"
import type { Transaction } from "@moneta/domain/Transaction"

export const cardAuthorizationElement = {
  category: "card_authorization",
  created_at: "2026-11-27T03:48:52.444Z",
  card_authorization: {
    id: "card_authorization_01m8dhxjjwjypbkgem41",
    actioner: "increase",
    additional_amounts: {
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
    },
    amount: 2500,
    card_payment_id: "card_payment_01m8dhxjjwjypbkgem40",
    currency: "USD",
    digital_wallet_token_id: null,
    direction: "settlement",
    expires_at: "2026-12-04T03:48:52.444Z",
    healthcare: null,
    merchant_acceptor_id: "5665270011000168",
    merchant_category_code: "5734",
    merchant_city: "New York",
    merchant_country: "US",
    merchant_descriptor: "CORNER BOOKSHOP",
    merchant_postal_code: "10045",
    merchant_state: "NY",
    network_details: {
      category: "network_a",
      network_a: {
        electronic_commerce_indicator: null,
        point_of_service_entry_mode: null,
        stand_in_processing_reason: null,
        terminal_entry_capability: null
      },
      network_b: null
    },
    network_identifiers: {
      authorization_identification_response: "384402",
      retrieval_reference_number: "000576384402",
      trace_number: "000576",
      transaction_id: "000576384402"
    },
    network_risk_score: null,
    pending_transaction_id: "pending_transaction_01m8dhxjjwjypbkgem43",
    physical_card_id: null,
    presentment_amount: 2500,
    presentment_currency: "USD",
    processing_category: "purchase",
    real_time_decision_id: null,
    scheme_fees: [],
    terminal_id: null,
    type: "card_authorization",
    verification: {
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
  }
} satisfies typeof Element.Encoded

export const cardIncrementElement = {
  category: "card_increment",
  created_at: "2026-11-27T03:48:52.639Z",
  card_increment: {
    id: "card_increment_01m8dhxjrz638s8gy57v",
    actioner: "increase",
    additional_amounts: {
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
    },
    amount: 500,
    card_authorization_id: "card_authorization_01m8dhxjjwjypbkgem41",
    currency: "USD",
    network: "network_a",
    network_identifiers: {
      authorization_identification_response: "700733",
      retrieval_reference_number: "317203700733",
      trace_number: "317203",
      transaction_id: "317203700733"
    },
    network_risk_score: null,
    pending_transaction_id: "pending_transaction_01m8dhxjjwjypbkgem43",
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
    card_authorization_id: "card_authorization_01m8dhxjjwjypbkgem41",
    currency: "USD",
    merchant_acceptor_id: "5665270011000168",
    merchant_category_code: "5734",
    merchant_city: "New York",
    merchant_country: "US",
    merchant_descriptor: "CORNER BOOKSHOP",
    merchant_postal_code: "10045",
    merchant_state: "NY",
    network: "network_a",
    network_identifiers: {
      authorization_identification_response: "078552",
      retrieval_reference_number: "233465078552",
      trace_number: "233465",
      transaction_id: "233465078552"
    },
    pending_transaction_id: "pending_transaction_01m8dhxjjwjypbkgem43",
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
    card_authorization: "card_authorization_01m8dhxjjwjypbkgem41",
    card_payment_id: "card_payment_01m8dhxjjwjypbkgem40",
    cashback: null,
    currency: "USD",
    interchange: null,
    merchant_acceptor_id: "5665270011000168",
    merchant_category_code: "5734",
    merchant_city: "New York",
    merchant_country: "US",
    merchant_name: "CORNER BOOKSHOP",
    merchant_postal_code: "10045",
    merchant_state: "NY",
    network: "network_a",
    network_identifiers: {
      acquirer_business_id: "69650702",
      acquirer_reference_number: "20000000000011535229910",
      authorization_identification_response: "229910",
      transaction_id: "011535229910"
    },
    pending_transaction_id: "pending_transaction_01m8dhxjjwjypbkgem43",
    presentment_amount: 2700,
    presentment_currency: "USD",
    purchase_details: null,
    scheme_fees: [],
    surcharge: null,
    transaction_id: "transaction_01m8dhxk3ep39mjs13r7",
    type: "card_settlement"
  }
} satisfies typeof Element.Encoded

export const cardRefundElement = {
  category: "card_refund",
  created_at: "2026-11-27T03:48:53.138Z",
  card_refund: {
    id: "card_refund_01m8dhxk8wn0w8ymq48g",
    amount: 700,
    card_payment_id: "card_payment_01m8dhxjjwjypbkgem40",
    cashback: null,
    currency: "USD",
    interchange: null,
    merchant_acceptor_id: "5665270011000168",
    merchant_category_code: "5734",
    merchant_city: "New York",
    merchant_country: "US",
    merchant_name: "CORNER BOOKSHOP",
    merchant_postal_code: "10045",
    merchant_state: "NY",
    network_identifiers: {
      acquirer_business_id: "69650702",
      acquirer_reference_number: "20000000000995806899402",
      authorization_identification_response: "899402",
      transaction_id: "995806899402"
    },
    presentment_amount: 700,
    presentment_currency: "USD",
    purchase_details: null,
    scheme_fees: [],
    transaction_id: "transaction_01m8dhxk8wn0w8ymq48h",
    type: "card_refund"
  }
} satisfies typeof Element.Encoded

export const hotelAuthorizationElement = {
  category: "card_authorization",
  created_at: "2026-11-27T03:48:53.498Z",
  card_authorization: {
    id: "card_authorization_01m8dhxkktprztatkwfr",
    actioner: "increase",
    additional_amounts: {
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
    },
    amount: 1800,
    card_payment_id: "card_payment_01m8dhxkks29k5tekmvp",
    currency: "USD",
    digital_wallet_token_id: null,
    direction: "settlement",
    expires_at: "2026-12-04T03:48:53.498Z",
    healthcare: null,
    merchant_acceptor_id: "5665270011000168",
    merchant_category_code: "5734",
    merchant_city: "New York",
    merchant_country: "US",
    merchant_descriptor: "HOTEL DEPOSIT",
    merchant_postal_code: "10045",
    merchant_state: "NY",
    network_details: {
      category: "network_a",
      network_a: {
        electronic_commerce_indicator: null,
        point_of_service_entry_mode: null,
        stand_in_processing_reason: null,
        terminal_entry_capability: null
      },
      network_b: null
    },
    network_identifiers: {
      authorization_identification_response: "347644",
      retrieval_reference_number: "759475347644",
      trace_number: "759475",
      transaction_id: "759475347644"
    },
    network_risk_score: null,
    pending_transaction_id: "pending_transaction_01m8dhxkktprztatkwft",
    physical_card_id: null,
    presentment_amount: 1800,
    presentment_currency: "USD",
    processing_category: "purchase",
    real_time_decision_id: null,
    scheme_fees: [],
    terminal_id: null,
    type: "card_authorization",
    verification: {
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
    id: "card_authorization_01m8dhxke9benw6q595q",
    actioner: "increase",
    additional_amounts: {
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
    },
    amount: 10000,
    card_payment_id: "card_payment_01m8dhxke9benw6q595p",
    currency: "USD",
    digital_wallet_token_id: null,
    direction: "settlement",
    expires_at: "2026-12-04T03:48:53.321Z",
    healthcare: null,
    merchant_acceptor_id: "5665270011000168",
    merchant_category_code: "5542",
    merchant_city: "New York",
    merchant_country: "US",
    merchant_descriptor: "FUEL STOP 42",
    merchant_postal_code: "10045",
    merchant_state: "NY",
    network_details: {
      category: "network_a",
      network_a: {
        electronic_commerce_indicator: null,
        point_of_service_entry_mode: null,
        stand_in_processing_reason: null,
        terminal_entry_capability: null
      },
      network_b: null
    },
    network_identifiers: {
      authorization_identification_response: "074149",
      retrieval_reference_number: "899943074149",
      trace_number: "899943",
      transaction_id: "899943074149"
    },
    network_risk_score: null,
    pending_transaction_id: "pending_transaction_01m8dhxke9benw6q595s",
    physical_card_id: null,
    presentment_amount: 10000,
    presentment_currency: "USD",
    processing_category: "automatic_fuel_dispenser",
    real_time_decision_id: null,
    scheme_fees: [],
    terminal_id: null,
    type: "card_authorization",
    verification: {
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
    network_identifiers: {
      authorization_identification_response: "307288",
      retrieval_reference_number: "178191307288",
      trace_number: "178191",
      transaction_id: "178191307288"
    },
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
    additional_amounts: {
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
    },
    balance: 1988000,
    card_payment_id: "card_payment_01m8dhxkwatyka2qbxa9",
    currency: "USD",
    digital_wallet_token_id: null,
    merchant_acceptor_id: "5665270011000168",
    merchant_category_code: "6011",
    merchant_city: "New York",
    merchant_country: "US",
    merchant_descriptor: "ATM 1234",
    merchant_postal_code: "10045",
    merchant_state: "NY",
    network_details: {
      category: "network_a",
      network_a: {
        electronic_commerce_indicator: null,
        point_of_service_entry_mode: null,
        stand_in_processing_reason: null,
        terminal_entry_capability: null
      },
      network_b: null
    },
    network_identifiers: {
      authorization_identification_response: "667137",
      retrieval_reference_number: "458339667137",
      trace_number: "458339",
      transaction_id: "458339667137"
    },
    network_risk_score: null,
    physical_card_id: null,
    real_time_decision_id: null,
    scheme_fees: [],
    terminal_id: null,
    type: "card_balance_inquiry",
    verification: {
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
  }
} satisfies typeof Element.Encoded

export const awaitingChallengeElement = {
  category: "card_authentication",
  created_at: "2026-11-27T03:48:53.913Z",
  card_authentication: {
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
    card_payment_id: "card_payment_01m8dhxm0sjhgfyca39v",
    challenge: null,
    created_at: "2026-11-27T03:48:53.913Z",
    deny_reason: null,
    real_time_decision_id: null,
    status: "awaiting_challenge",
    type: "card_authentication"
  }
} satisfies typeof Element.Encoded

export const challengedAuthenticationElement = {
  category: "card_authentication",
  created_at: "2026-11-27T03:48:53.913Z",
  card_authentication: {
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
    card_payment_id: "card_payment_01m8dhxm0sjhgfyca39v",
    challenge: {
      attempts: [],
      created_at: "2026-11-27T03:48:54.088Z",
      one_time_code: "068105",
      real_time_decision_id: null,
      verification_method: "text_message",
      verification_value: null
    },
    created_at: "2026-11-27T03:48:53.913Z",
    deny_reason: null,
    real_time_decision_id: null,
    status: "awaiting_challenge",
    type: "card_authentication"
  }
} satisfies typeof Element.Encoded

export const authenticatedAuthenticationElement = {
  category: "card_authentication",
  created_at: "2026-11-27T03:48:53.913Z",
  card_authentication: {
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
    card_payment_id: "card_payment_01m8dhxm0sjhgfyca39v",
    challenge: {
      attempts: [{ created_at: "2026-11-27T03:48:54.239Z", outcome: "successful" }],
      created_at: "2026-11-27T03:48:54.088Z",
      one_time_code: "068105",
      real_time_decision_id: null,
      verification_method: "text_message",
      verification_value: null
    },
    created_at: "2026-11-27T03:48:53.913Z",
    deny_reason: null,
    real_time_decision_id: null,
    status: "authenticated_with_challenge",
    type: "card_authentication"
  }
} satisfies typeof Element.Encoded

export const card = {
  id: "card_01m8dhxj7h1xgvgjw02b",
  account_id: "account_01m8dhwzq94dz9wgv2x7",
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

export const updatedCard = {
  id: "card_01m8dhxj7h1xgvgjw02b",
  account_id: "account_01m8dhwzq94dz9wgv2x7",
  authorization_controls: null,
  billing_address: { city: "New York", line1: "33 Liberty Street", line2: null, postal_code: "10045", state: "NY" },
  bin: "400000",
  created_at: "2026-11-27T03:48:52.081Z",
  description: "Office supplies (team)",
  digital_wallet: { digital_card_profile_id: null, email: "jane@example.com", phone: "+12125550123" },
  entity_id: "entity_01m8dhwz725hm7rvv66j",
  expiration_month: 11,
  expiration_year: 2029,
  idempotency_key: "e89f1ff4-da72-405e-bfee-dece1105a743",
  last4: "6201",
  status: "active",
  type: "card"
} satisfies typeof Card.Encoded

export const cardPayment = {
  id: "card_payment_01m8dhxjjwjypbkgem40",
  account_id: "account_01m8dhwzq94dz9wgv2x7",
  card_id: "card_01m8dhxj7h1xgvgjw02b",
  created_at: "2026-11-27T03:48:52.444Z",
  digital_wallet_token_id: null,
  elements: [
    cardAuthorizationElement,
    cardIncrementElement,
    cardReversalElement,
    cardSettlementElement,
    cardRefundElement
  ],
  physical_card_id: null,
  state: {
    authorized_amount: 2500,
    fuel_confirmed_amount: 0,
    incremented_amount: 500,
    refund_authorized_amount: 0,
    refunded_amount: 700,
    reversed_amount: 300,
    settled_amount: 2700
  },
  type: "card_payment"
} satisfies typeof CardPayment.Encoded

export const incrementedCardPayment = {
  id: "card_payment_01m8dhxjjwjypbkgem40",
  account_id: "account_01m8dhwzq94dz9wgv2x7",
  card_id: "card_01m8dhxj7h1xgvgjw02b",
  created_at: "2026-11-27T03:48:52.444Z",
  digital_wallet_token_id: null,
  elements: [cardAuthorizationElement, cardIncrementElement],
  physical_card_id: null,
  state: {
    authorized_amount: 2500,
    fuel_confirmed_amount: 0,
    incremented_amount: 500,
    refund_authorized_amount: 0,
    refunded_amount: 0,
    reversed_amount: 0,
    settled_amount: 0
  },
  type: "card_payment"
} satisfies typeof CardPayment.Encoded

export const reversedCardPayment = {
  id: "card_payment_01m8dhxjjwjypbkgem40",
  account_id: "account_01m8dhwzq94dz9wgv2x7",
  card_id: "card_01m8dhxj7h1xgvgjw02b",
  created_at: "2026-11-27T03:48:52.444Z",
  digital_wallet_token_id: null,
  elements: [cardAuthorizationElement, cardIncrementElement, cardReversalElement],
  physical_card_id: null,
  state: {
    authorized_amount: 2500,
    fuel_confirmed_amount: 0,
    incremented_amount: 500,
    refund_authorized_amount: 0,
    refunded_amount: 0,
    reversed_amount: 300,
    settled_amount: 0
  },
  type: "card_payment"
} satisfies typeof CardPayment.Encoded

export const expiredCardPayment = {
  id: "card_payment_01m8dhxkks29k5tekmvp",
  account_id: "account_01m8dhwzq94dz9wgv2x7",
  card_id: "card_01m8dhxj7h1xgvgjw02b",
  created_at: "2026-11-27T03:48:53.498Z",
  digital_wallet_token_id: null,
  elements: [hotelAuthorizationElement, cardAuthorizationExpirationElement],
  physical_card_id: null,
  state: {
    authorized_amount: 1800,
    fuel_confirmed_amount: 0,
    incremented_amount: 0,
    refund_authorized_amount: 0,
    refunded_amount: 0,
    reversed_amount: 0,
    settled_amount: 0
  },
  type: "card_payment"
} satisfies typeof CardPayment.Encoded

export const fuelConfirmedCardPayment = {
  id: "card_payment_01m8dhxke9benw6q595p",
  account_id: "account_01m8dhwzq94dz9wgv2x7",
  card_id: "card_01m8dhxj7h1xgvgjw02b",
  created_at: "2026-11-27T03:48:53.321Z",
  digital_wallet_token_id: null,
  elements: [fuelAuthorizationElement, cardFuelConfirmationElement],
  physical_card_id: null,
  state: {
    authorized_amount: 10000,
    fuel_confirmed_amount: 4250,
    incremented_amount: 0,
    refund_authorized_amount: 0,
    refunded_amount: 0,
    reversed_amount: 0,
    settled_amount: 0
  },
  type: "card_payment"
} satisfies typeof CardPayment.Encoded

export const balanceInquiryCardPayment = {
  id: "card_payment_01m8dhxkwatyka2qbxa9",
  account_id: "account_01m8dhwzq94dz9wgv2x7",
  card_id: "card_01m8dhxj7h1xgvgjw02b",
  created_at: "2026-11-27T03:48:53.770Z",
  digital_wallet_token_id: null,
  elements: [cardBalanceInquiryElement],
  physical_card_id: null,
  state: {
    authorized_amount: 0,
    fuel_confirmed_amount: 0,
    incremented_amount: 0,
    refund_authorized_amount: 0,
    refunded_amount: 0,
    reversed_amount: 0,
    settled_amount: 0
  },
  type: "card_payment"
} satisfies typeof CardPayment.Encoded

export const authenticationCardPayment = {
  id: "card_payment_01m8dhxm0sjhgfyca39v",
  account_id: "account_01m8dhwzq94dz9wgv2x7",
  card_id: "card_01m8dhxj7h1xgvgjw02b",
  created_at: "2026-11-27T03:48:53.913Z",
  digital_wallet_token_id: null,
  elements: [awaitingChallengeElement],
  physical_card_id: null,
  state: {
    authorized_amount: 0,
    fuel_confirmed_amount: 0,
    incremented_amount: 0,
    refund_authorized_amount: 0,
    refunded_amount: 0,
    reversed_amount: 0,
    settled_amount: 0
  },
  type: "card_payment"
} satisfies typeof CardPayment.Encoded

export const challengedCardPayment = {
  id: "card_payment_01m8dhxm0sjhgfyca39v",
  account_id: "account_01m8dhwzq94dz9wgv2x7",
  card_id: "card_01m8dhxj7h1xgvgjw02b",
  created_at: "2026-11-27T03:48:53.913Z",
  digital_wallet_token_id: null,
  elements: [challengedAuthenticationElement],
  physical_card_id: null,
  state: {
    authorized_amount: 0,
    fuel_confirmed_amount: 0,
    incremented_amount: 0,
    refund_authorized_amount: 0,
    refunded_amount: 0,
    reversed_amount: 0,
    settled_amount: 0
  },
  type: "card_payment"
} satisfies typeof CardPayment.Encoded

export const authenticatedCardPayment = {
  id: "card_payment_01m8dhxm0sjhgfyca39v",
  account_id: "account_01m8dhwzq94dz9wgv2x7",
  card_id: "card_01m8dhxj7h1xgvgjw02b",
  created_at: "2026-11-27T03:48:53.913Z",
  digital_wallet_token_id: null,
  elements: [authenticatedAuthenticationElement],
  physical_card_id: null,
  state: {
    authorized_amount: 0,
    fuel_confirmed_amount: 0,
    incremented_amount: 0,
    refund_authorized_amount: 0,
    refunded_amount: 0,
    reversed_amount: 0,
    settled_amount: 0
  },
  type: "card_payment"
} satisfies typeof CardPayment.Encoded

export const authorizationResult = {
  declined_transaction: null,
  pending_transaction: {
    id: "pending_transaction_01m8dhxjjwjypbkgem43",
    account_id: "account_01m8dhwzq94dz9wgv2x7",
    amount: -2500,
    completed_at: null,
    created_at: "2026-11-27T03:48:52.444Z",
    currency: "USD",
    description: "CORNER BOOKSHOP",
    held_amount: -2500,
    route_id: "card_01m8dhxj7h1xgvgjw02b",
    route_type: "card",
    source: {
      category: "card_authorization",
      card_authorization: {
        id: "card_authorization_01m8dhxjjwjypbkgem41",
        actioner: "increase",
        additional_amounts: {
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
        },
        amount: 2500,
        card_payment_id: "card_payment_01m8dhxjjwjypbkgem40",
        currency: "USD",
        digital_wallet_token_id: null,
        direction: "settlement",
        expires_at: "2026-12-04T03:48:52.444Z",
        healthcare: null,
        merchant_acceptor_id: "5665270011000168",
        merchant_category_code: "5734",
        merchant_city: "New York",
        merchant_country: "US",
        merchant_descriptor: "CORNER BOOKSHOP",
        merchant_postal_code: "10045",
        merchant_state: "NY",
        network_details: {
          category: "network_a",
          network_a: {
            electronic_commerce_indicator: null,
            point_of_service_entry_mode: null,
            stand_in_processing_reason: null,
            terminal_entry_capability: null
          },
          network_b: null
        },
        network_identifiers: {
          authorization_identification_response: "384402",
          retrieval_reference_number: "000576384402",
          trace_number: "000576",
          transaction_id: "000576384402"
        },
        network_risk_score: null,
        pending_transaction_id: "pending_transaction_01m8dhxjjwjypbkgem43",
        physical_card_id: null,
        presentment_amount: 2500,
        presentment_currency: "USD",
        processing_category: "purchase",
        real_time_decision_id: null,
        scheme_fees: [],
        terminal_id: null,
        type: "card_authorization",
        verification: {
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
      }
    },
    status: "pending",
    type: "pending_transaction"
  },
  type: "inbound_card_authorization_simulation_result"
} satisfies typeof CardAuthorizationSimulationResult.Encoded

export const settlementTransaction = {
  id: "transaction_01m8dhxk3ep39mjs13r7",
  account_id: "account_01m8dhwzq94dz9wgv2x7",
  amount: -2700,
  currency: "USD",
  created_at: "2026-11-27T03:48:52.974Z",
  description: "CORNER BOOKSHOP",
  route_id: "card_01m8dhxj7h1xgvgjw02b",
  route_type: "card",
  source: {
    category: "card_settlement",
    card_settlement: {
      id: "card_settlement_01m8dhxk3ep39mjs13r6",
      amount: 2700,
      card_authorization: "card_authorization_01m8dhxjjwjypbkgem41",
      card_payment_id: "card_payment_01m8dhxjjwjypbkgem40",
      cashback: null,
      currency: "USD",
      interchange: null,
      merchant_acceptor_id: "5665270011000168",
      merchant_category_code: "5734",
      merchant_city: "New York",
      merchant_country: "US",
      merchant_name: "CORNER BOOKSHOP",
      merchant_postal_code: "10045",
      merchant_state: "NY",
      network: "network_a",
      network_identifiers: {
        acquirer_business_id: "69650702",
        acquirer_reference_number: "20000000000011535229910",
        authorization_identification_response: "229910",
        transaction_id: "011535229910"
      },
      pending_transaction_id: "pending_transaction_01m8dhxjjwjypbkgem43",
      presentment_amount: 2700,
      presentment_currency: "USD",
      purchase_details: null,
      scheme_fees: [],
      surcharge: null,
      transaction_id: "transaction_01m8dhxk3ep39mjs13r7",
      type: "card_settlement"
    }
  },
  type: "transaction"
} satisfies typeof Transaction.Encoded

export const refundTransaction = {
  id: "transaction_01m8dhxk8wn0w8ymq48h",
  account_id: "account_01m8dhwzq94dz9wgv2x7",
  amount: 700,
  currency: "USD",
  created_at: "2026-11-27T03:48:53.138Z",
  description: "CORNER BOOKSHOP",
  route_id: "card_01m8dhxj7h1xgvgjw02b",
  route_type: "card",
  source: {
    category: "card_refund",
    card_refund: {
      id: "card_refund_01m8dhxk8wn0w8ymq48g",
      amount: 700,
      card_payment_id: "card_payment_01m8dhxjjwjypbkgem40",
      cashback: null,
      currency: "USD",
      interchange: null,
      merchant_acceptor_id: "5665270011000168",
      merchant_category_code: "5734",
      merchant_city: "New York",
      merchant_country: "US",
      merchant_name: "CORNER BOOKSHOP",
      merchant_postal_code: "10045",
      merchant_state: "NY",
      network_identifiers: {
        acquirer_business_id: "69650702",
        acquirer_reference_number: "20000000000995806899402",
        authorization_identification_response: "899402",
        transaction_id: "995806899402"
      },
      presentment_amount: 700,
      presentment_currency: "USD",
      purchase_details: null,
      scheme_fees: [],
      transaction_id: "transaction_01m8dhxk8wn0w8ymq48h",
      type: "card_refund"
    }
  },
  type: "transaction"
} satisfies typeof Transaction.Encoded

export const tokenRequestResult = {
  decline_reason: null,
  digital_wallet_token_id: "digital_wallet_token_01m8dhxmdy62d6ac3eqw",
  type: "inbound_digital_wallet_token_request_simulation_result"
} satisfies typeof DigitalWalletTokenRequestSimulationResult.Encoded

export const digitalWalletToken = {
  id: "digital_wallet_token_01m8dhxmdy62d6ac3eqw",
  card_id: "card_01m8dhxj7h1xgvgjw02b",
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

export const pendingDecision = {
  id: "real_time_decision_01m8dhxnmn0b4ravapv8",
  card_authentication: null,
  card_authentication_challenge: null,
  card_authorization: {
    account_id: "account_01m8dhwzq94dz9wgv2x7",
    additional_amounts: {
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
    },
    approval: null,
    card_id: "card_01m8dhxj7h1xgvgjw02b",
    decision: null,
    decline: null,
    digital_wallet_token_id: null,
    direction: "settlement",
    healthcare: null,
    merchant_acceptor_id: "5665270011000168",
    merchant_category_code: "5734",
    merchant_city: "New York",
    merchant_country: "US",
    merchant_descriptor: "CORNER BOOKSHOP",
    merchant_postal_code: "10045",
    merchant_state: "NY",
    network_details: {
      category: "network_a",
      network_a: {
        electronic_commerce_indicator: null,
        point_of_service_entry_mode: null,
        stand_in_processing_reason: null,
        terminal_entry_capability: null
      },
      network_b: null
    },
    network_identifiers: {
      authorization_identification_response: "673749",
      retrieval_reference_number: "535978673749",
      trace_number: "535978",
      transaction_id: "535978673749"
    },
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
    verification: {
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
  },
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
  id: "real_time_decision_01m8dhxnmn0b4ravapv8",
  card_authentication: null,
  card_authentication_challenge: null,
  card_authorization: {
    account_id: "account_01m8dhwzq94dz9wgv2x7",
    additional_amounts: {
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
    },
    approval: { partial_amount: null },
    card_id: "card_01m8dhxj7h1xgvgjw02b",
    decision: "approve",
    decline: null,
    digital_wallet_token_id: null,
    direction: "settlement",
    healthcare: null,
    merchant_acceptor_id: "5665270011000168",
    merchant_category_code: "5734",
    merchant_city: "New York",
    merchant_country: "US",
    merchant_descriptor: "CORNER BOOKSHOP",
    merchant_postal_code: "10045",
    merchant_state: "NY",
    network_details: {
      category: "network_a",
      network_a: {
        electronic_commerce_indicator: null,
        point_of_service_entry_mode: null,
        stand_in_processing_reason: null,
        terminal_entry_capability: null
      },
      network_b: null
    },
    network_identifiers: {
      authorization_identification_response: "673749",
      retrieval_reference_number: "535978673749",
      trace_number: "535978",
      transaction_id: "535978673749"
    },
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
    verification: {
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
  },
  card_balance_inquiry: null,
  category: "card_authorization_requested",
  created_at: "2026-11-27T03:48:55.573Z",
  digital_wallet_authentication: null,
  digital_wallet_token: null,
  status: "responded",
  timeout_at: "2026-11-27T03:48:58.573Z",
  type: "real_time_decision"
} satisfies typeof RealTimeDecision.Encoded
