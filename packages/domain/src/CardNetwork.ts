/**
 * The shapes that card authorizations, balance inquiries, declines, validations
 * and the other card payment elements share: what the card network tells us
 * about the merchant, the terminal, the risk and the cardholder's data.
 *
 * Brand names are neutral everywhere (spec convention 8): the networks are
 * `network_a` and `network_b`, the wallets `wallet_a`, `wallet_b`, `wallet_c`.
 * Field shapes follow the official SDK's types so that its clients decode what
 * we send.
 */
import { Schema } from "effect"
import { Amount, CurrencyCode } from "./Money.js"
import { Timestamp } from "./Timestamp.js"

/** The card networks. */
export const Network = Schema.Literals(["network_a", "network_b"])
export type Network = typeof Network.Type

/** The digital wallets a token can belong to. */
export const DigitalWallet = Schema.Literals(["wallet_a", "wallet_b", "wallet_c", "unknown"])
export type DigitalWallet = typeof DigitalWallet.Type

/** Who decided an authorization: the user through a real-time decision, the service itself, or the network standing in. */
export const Actioner = Schema.Literals(["user", "increase", "network"])
export type Actioner = typeof Actioner.Type

/** `settlement` debits the cardholder, `refund` credits them. */
export const Direction = Schema.Literals(["settlement", "refund"])
export type Direction = typeof Direction.Type

/** The intent behind an authorization. */
export const ProcessingCategory = Schema.Literals([
  "account_funding",
  "automatic_fuel_dispenser",
  "bill_payment",
  "original_credit",
  "purchase",
  "quasi_cash",
  "refund",
  "cash_disbursement",
  "cash_deposit",
  "balance_inquiry",
  "unknown"
])
export type ProcessingCategory = typeof ProcessingCategory.Type

/** Whether the merchant accepts an approval for less than the requested amount. */
export const PartialApprovalCapability = Schema.Literals(["supported", "not_supported"])
export type PartialApprovalCapability = typeof PartialApprovalCapability.Type

/** The reasons a user may give when declining an authorization through a real-time decision. */
export const AuthorizationDeclineReason = Schema.Literals([
  "insufficient_funds",
  "transaction_never_allowed",
  "exceeds_approval_limit",
  "card_temporarily_disabled",
  "suspected_fraud",
  "other"
])
export type AuthorizationDeclineReason = typeof AuthorizationDeclineReason.Type

/** Why the service (or the user, or the network) declined a card authorization. */
export const CardDeclineReason = Schema.Literals([
  "account_closed",
  "card_not_active",
  "card_canceled",
  "physical_card_not_active",
  "entity_not_active",
  "group_locked",
  "insufficient_funds",
  "cvv2_mismatch",
  "pin_mismatch",
  "card_expiration_mismatch",
  "transaction_not_allowed",
  "breaches_limit",
  "webhook_declined",
  "webhook_timed_out",
  "declined_by_stand_in_processing",
  "invalid_physical_card",
  "missing_original_authorization",
  "invalid_cryptogram",
  "failed_3ds_authentication",
  "suspected_card_testing",
  "suspected_fraud"
])
export type CardDeclineReason = typeof CardDeclineReason.Type

/** An amount in minor units together with the ISO 4217 code of its currency. */
export const AmountWithCurrency = Schema.Struct({
  /** Positive if added to the transaction, negative if subtracted. */
  amount: Amount,
  currency: CurrencyCode
})
export type AmountWithCurrency = typeof AmountWithCurrency.Type

/** Amounts the network itemizes within an authorization; each is null when not given. */
export const AdditionalAmounts = Schema.Struct({
  clinic: Schema.NullOr(AmountWithCurrency),
  dental: Schema.NullOr(AmountWithCurrency),
  /** The original pre-authorized amount. */
  original: Schema.NullOr(AmountWithCurrency),
  prescription: Schema.NullOr(AmountWithCurrency),
  surcharge: Schema.NullOr(AmountWithCurrency),
  total_cumulative: Schema.NullOr(AmountWithCurrency),
  total_healthcare: Schema.NullOr(AmountWithCurrency),
  transit: Schema.NullOr(AmountWithCurrency),
  unknown: Schema.NullOr(AmountWithCurrency),
  vision: Schema.NullOr(AmountWithCurrency)
}).annotate({ identifier: "CardAdditionalAmounts" })
export type AdditionalAmounts = typeof AdditionalAmounts.Type

/** No itemized amounts: what an authorization carries unless the network says otherwise. */
export const noAdditionalAmounts: AdditionalAmounts = {
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
}

/** Only for specific healthcare programs. */
export const Healthcare = Schema.Struct({
  merchant_ninety_percent_eligibility: Schema.Literals(["eligible", "not_eligible"])
})
export type Healthcare = typeof Healthcare.Type

export const ElectronicCommerceIndicator = Schema.Literals([
  "mail_phone_order",
  "recurring",
  "installment",
  "unknown_mail_phone_order",
  "secure_electronic_commerce",
  "non_authenticated_security_transaction_at_3ds_capable_merchant",
  "non_authenticated_security_transaction",
  "non_secure_transaction"
])
export type ElectronicCommerceIndicator = typeof ElectronicCommerceIndicator.Type

export const PointOfServiceEntryMode = Schema.Literals([
  "unknown",
  "manual",
  "magnetic_stripe_no_cvv",
  "optical_code",
  "integrated_circuit_card",
  "contactless",
  "credential_on_file",
  "magnetic_stripe",
  "contactless_magnetic_stripe",
  "integrated_circuit_card_no_cvv"
])
export type PointOfServiceEntryMode = typeof PointOfServiceEntryMode.Type

/** Only present when the network actioned the authorization on our behalf. */
export const StandInProcessingReason = Schema.Literals([
  "issuer_error",
  "invalid_physical_card",
  "invalid_cryptogram",
  "invalid_cardholder_authentication_verification_value",
  "internal_network_a_error",
  "merchant_transaction_advisory_service_authentication_required",
  "payment_fraud_disruption_acquirer_block",
  "other"
])
export type StandInProcessingReason = typeof StandInProcessingReason.Type

export const TerminalEntryCapability = Schema.Literals([
  "unknown",
  "terminal_not_used",
  "magnetic_stripe",
  "barcode",
  "optical_character_recognition",
  "chip_or_contactless",
  "contactless_only",
  "no_capability"
])
export type TerminalEntryCapability = typeof TerminalEntryCapability.Type

/** Fields only `network_a` sends. */
export const NetworkADetails = Schema.Struct({
  electronic_commerce_indicator: Schema.NullOr(ElectronicCommerceIndicator),
  point_of_service_entry_mode: Schema.NullOr(PointOfServiceEntryMode),
  stand_in_processing_reason: Schema.NullOr(StandInProcessingReason),
  terminal_entry_capability: Schema.NullOr(TerminalEntryCapability)
}).annotate({ identifier: "CardNetworkADetails" })
export type NetworkADetails = typeof NetworkADetails.Type

/** `network_b` sends no fields of its own. */
export const NetworkBDetails = Schema.Struct({}).annotate({ identifier: "CardNetworkBDetails" })
export type NetworkBDetails = typeof NetworkBDetails.Type

/**
 * Network-specific fields: `category` names the network, and only that
 * network's object is present (the other is null), so a union states it.
 */
export const NetworkDetails = Schema.Union([
  Schema.Struct({ category: Schema.Literal("network_a"), network_a: NetworkADetails, network_b: Schema.Null }),
  Schema.Struct({ category: Schema.Literal("network_b"), network_a: Schema.Null, network_b: NetworkBDetails })
]).annotate({ identifier: "CardNetworkDetails" })
export type NetworkDetails = typeof NetworkDetails.Type

/** Identifiers the network assigns to an authorization-like message. */
export const NetworkIdentifiers = Schema.Struct({
  /** Six characters, randomly generated. */
  authorization_identification_response: Schema.NullOr(Schema.String),
  retrieval_reference_number: Schema.NullOr(Schema.String),
  trace_number: Schema.NullOr(Schema.String),
  transaction_id: Schema.NullOr(Schema.String)
}).annotate({ identifier: "CardNetworkIdentifiers" })
export type NetworkIdentifiers = typeof NetworkIdentifiers.Type

/** Identifiers the network assigns to a clearing message (settlements and refunds). */
export const ClearingNetworkIdentifiers = Schema.Struct({
  acquirer_business_id: Schema.String,
  acquirer_reference_number: Schema.String,
  authorization_identification_response: Schema.NullOr(Schema.String),
  transaction_id: Schema.NullOr(Schema.String)
}).annotate({ identifier: "CardClearingNetworkIdentifiers" })
export type ClearingNetworkIdentifiers = typeof ClearingNetworkIdentifiers.Type

/**
 * The network's risk score: `network_a` uses 0 to 99, `network_b` 0 to 999
 * (higher is riskier), so the schema accepts the wider range.
 */
export const NetworkRiskScore = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 999 }))
export type NetworkRiskScore = typeof NetworkRiskScore.Type

export const CardVerificationCodeResult = Schema.Literals(["not_checked", "match", "no_match"])
export type CardVerificationCodeResult = typeof CardVerificationCodeResult.Type

export const CardholderAddressResult = Schema.Literals([
  "not_checked",
  "postal_code_match_address_no_match",
  "postal_code_no_match_address_match",
  "match",
  "no_match",
  // deprecated by the network, still decoded
  "postal_code_match_address_not_checked"
])
export type CardholderAddressResult = typeof CardholderAddressResult.Type

/** What the merchant provided about the cardholder, and how it compared with what we know. */
export const Verification = Schema.Struct({
  card_verification_code: Schema.Struct({ result: CardVerificationCodeResult }),
  cardholder_address: Schema.Struct({
    actual_line1: Schema.NullOr(Schema.String),
    actual_postal_code: Schema.NullOr(Schema.String),
    provided_line1: Schema.NullOr(Schema.String),
    provided_postal_code: Schema.NullOr(Schema.String),
    result: CardholderAddressResult
  }),
  cardholder_name: Schema.NullOr(
    Schema.Struct({
      provided_first_name: Schema.NullOr(Schema.String),
      provided_last_name: Schema.NullOr(Schema.String),
      provided_middle_name: Schema.NullOr(Schema.String)
    })
  )
}).annotate({ identifier: "CardVerification" })
export type Verification = typeof Verification.Type

/**
 * The merchant as an authorization-like message describes it. Spread into the
 * field lists of the objects that carry it.
 */
export const merchantFields = {
  merchant_acceptor_id: Schema.String,
  merchant_category_code: Schema.String,
  merchant_city: Schema.NullOr(Schema.String),
  merchant_country: Schema.String,
  merchant_descriptor: Schema.String,
  /** US: 5 or 9 digit ZIP, with a dash between the first 5 and the last 4. */
  merchant_postal_code: Schema.NullOr(Schema.String),
  merchant_state: Schema.NullOr(Schema.String)
}

/** A decimal number carried as a string so that no precision is lost (`"0.1375"`, `"-12"`). */
export const DecimalString = Schema.String.check(
  Schema.isPattern(/^-?\d+(\.\d+)?$/u, { message: "must be a decimal number" })
).annotate({ identifier: "DecimalString" })
export type DecimalString = typeof DecimalString.Type

/** The fee types we know; the spec types `fee_type` as a plain string, so others decode too. */
export const KnownSchemeFeeType = Schema.Literals([
  "network_a_international_service_assessment_single_currency",
  "network_a_international_service_assessment_cross_currency",
  "network_a_authorization_domestic_point_of_sale",
  "network_a_authorization_international_point_of_sale",
  "network_a_authorization_canada_point_of_sale",
  "network_a_authorization_reversal_point_of_sale",
  "network_a_authorization_reversal_international_point_of_sale",
  "network_a_authorization_address_verification_service",
  "network_a_advanced_authorization",
  "network_a_message_transmission",
  "network_a_account_verification_domestic",
  "network_a_account_verification_international",
  "network_a_account_verification_canada",
  "network_a_corporate_acceptance_fee",
  "network_a_consumer_debit_acceptance_fee",
  "network_a_business_debit_acceptance_fee",
  "network_a_purchasing_acceptance_fee",
  "network_a_purchase_domestic",
  "network_a_purchase_international",
  "network_a_credit_purchase_token",
  "network_a_debit_purchase_token",
  "network_a_clearing_transmission",
  "network_a_direct_authorization",
  "network_a_direct_transaction_domestic",
  "network_a_service_commercial_credit",
  "network_a_advertising_service_commercial_credit",
  "network_a_community_growth_acceleration_program",
  "network_a_processing_guarantee_commercial_credit",
  "network_b_switch_fee"
])
export type KnownSchemeFeeType = typeof KnownSchemeFeeType.Type

/** A fee type this version does not know yet: kept as it came. */
export const UnknownSchemeFeeType = Schema.String.pipe(Schema.brand("UnknownSchemeFeeType"))
export type UnknownSchemeFeeType = typeof UnknownSchemeFeeType.Type

export const SchemeFeeType = Schema.Union([KnownSchemeFeeType, UnknownSchemeFeeType])
export type SchemeFeeType = typeof SchemeFeeType.Type

/**
 * A fee the card network charges for a message. `variable_rate` is nullable
 * as in the SDK's type (the spec shows it as a decimal string; null decodes
 * too, and we always send a string).
 */
export const SchemeFee = Schema.Struct({
  amount: DecimalString,
  created_at: Timestamp,
  currency: Schema.Literal("USD"),
  fee_type: SchemeFeeType,
  fixed_component: Schema.NullOr(DecimalString),
  variable_rate: Schema.NullOr(DecimalString)
}).annotate({ identifier: "CardSchemeFee" })
export type SchemeFee = typeof SchemeFee.Type
