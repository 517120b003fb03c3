/**
 * What the sandbox's card network sends: the merchant (the simulation's
 * fields, or defaults), the network identifiers of authorization-like and
 * clearing messages, the network details and the (unchecked) verification.
 */
import {
  type Network,
  type NetworkADetails,
  type NetworkDetails,
  type NetworkIdentifiers,
  type PointOfServiceEntryMode,
  type Verification
} from "./CardNetwork.js"

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

/**
 * The merchant of a simulated message. A simulation that places the merchant
 * (city, state or country) gets no New York state or ZIP code it did not ask
 * for: those are null unless given (a simulation cannot name a ZIP code).
 */
export const merchantOf = (input: MerchantInput): {
  readonly merchant_acceptor_id: string
  readonly merchant_category_code: string
  readonly merchant_city: string
  readonly merchant_country: string
  readonly merchant_descriptor: string
  readonly merchant_postal_code: string | null
  readonly merchant_state: string | null
} => {
  const placed = input.merchant_city !== undefined || input.merchant_state !== undefined ||
    input.merchant_country !== undefined
  return {
    merchant_acceptor_id: input.merchant_acceptor_id ?? defaultMerchant.merchant_acceptor_id,
    merchant_category_code: input.merchant_category_code ?? defaultMerchant.merchant_category_code,
    merchant_city: input.merchant_city ?? defaultMerchant.merchant_city,
    merchant_country: input.merchant_country ?? defaultMerchant.merchant_country,
    merchant_descriptor: input.merchant_descriptor ?? defaultMerchant.merchant_descriptor,
    merchant_postal_code: placed ? null : defaultMerchant.merchant_postal_code,
    merchant_state: input.merchant_state ?? (placed ? null : defaultMerchant.merchant_state)
  }
}

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

export const clearingIdentifiersOf = (reference: string) => ({
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

/** The network fields a simulation may set (each optional); naming them routes the message over `network_a`. */
export interface NetworkInput {
  readonly network_a: {
    readonly electronic_commerce_indicator?: NetworkADetails["electronic_commerce_indicator"] | undefined
    readonly point_of_service_entry_mode?: NetworkADetails["point_of_service_entry_mode"] | undefined
    readonly stand_in_processing_reason?: NetworkADetails["stand_in_processing_reason"] | undefined
    readonly terminal_entry_capability?: NetworkADetails["terminal_entry_capability"] | undefined
  }
}

/** The merchant category of an ATM. */
export const atmCategory = "6011"

/**
 * The network a message travels. A US debit card carries two unaffiliated
 * networks and the acquirer picks one: an ATM (merchant category 6011) sends
 * a withdrawal or balance inquiry that names no `network_a` fields over
 * `network_b`, the card's PIN debit network; everything else goes over
 * `network_a` (as does an ATM's message naming `network_details.network_a`).
 */
export const networkOf = (input: NetworkInput | undefined, merchantCategoryCode: string): Network =>
  input === undefined && merchantCategoryCode === atmCategory ? "network_b" : "network_a"

export const networkDetailsOf = (input: NetworkInput | undefined, merchantCategoryCode: string): NetworkDetails =>
  networkOf(input, merchantCategoryCode) === "network_b"
    ? { category: "network_b", network_a: null, network_b: {} }
    : {
      category: "network_a",
      network_a: {
        electronic_commerce_indicator: input?.network_a.electronic_commerce_indicator ?? null,
        point_of_service_entry_mode: input?.network_a.point_of_service_entry_mode ?? null,
        stand_in_processing_reason: input?.network_a.stand_in_processing_reason ?? null,
        terminal_entry_capability: input?.network_a.terminal_entry_capability ?? null
      },
      network_b: null
    }

/**
 * How the card was read, for its verification: as the simulation says; an
 * ATM on `network_b` reads the card's chip (and takes its PIN), so the
 * message is card-present.
 */
export const entryModeOf = (
  input: NetworkInput | undefined,
  merchantCategoryCode: string
): PointOfServiceEntryMode | null | undefined =>
  networkOf(input, merchantCategoryCode) === "network_b"
    ? "integrated_circuit_card"
    : input?.network_a.point_of_service_entry_mode

/** A balance inquiry is card-not-present (the simulation cannot say otherwise), unless an ATM reads it on `network_b`. */
export const inquiryEntryModeOf = (
  input: NetworkInput | undefined,
  merchantCategoryCode: string
): PointOfServiceEntryMode | null =>
  networkOf(input, merchantCategoryCode) === "network_b" ? "integrated_circuit_card" : null
