/**
 * What a card network says about a message: the point of sale (e-commerce
 * indicator, entry mode, terminal capability, stand-in reason), the network's
 * own details and the identifiers it assigns. Exported from `CardNetwork` too.
 */
import { Schema } from "effect"
import { described } from "../core/Described.js"

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

const networkCategoryDescription =
  "The card network that processed the message; the object named after it holds its own fields. `network_a` or `network_b` (neutral names for the card networks)."

/** Fields only `network_a` sends. */
export const NetworkADetails = Schema.Struct({
  electronic_commerce_indicator: described(
    Schema.NullOr(ElectronicCommerceIndicator),
    "For electronic commerce, the level of security used to obtain the cardholder's payment credential; for mail or telephone orders, the kind of order. `mail_phone_order`: a single mail or telephone order (in the US also one bill payment). `recurring`: a recurring transaction. `installment`: one purchase billed in several installments. `unknown_mail_phone_order`: a mail or telephone order of unknown kind. `secure_electronic_commerce`: authenticated electronic commerce (such as with 3-D Secure). `non_authenticated_security_transaction_at_3ds_capable_merchant`: the merchant tried to authenticate the cardholder with 3-D Secure but the issuer or cardholder does not take part. `non_authenticated_security_transaction`: encrypted but without 3-D Secure authentication. `non_secure_transaction`: no data protection. Null when the network did not say (not electronic commerce or a mail or telephone order)."
  ),
  point_of_service_entry_mode: described(
    Schema.NullOr(PointOfServiceEntryMode),
    "How the card number and expiration date were entered. `unknown`: unknown. `manual`: keyed in. `magnetic_stripe_no_cvv`: magnetic stripe read without card verification value. `optical_code`: optical code. `integrated_circuit_card`: contact chip. `contactless`: contactless read of the chip. `credential_on_file`: a credential the merchant stored earlier. `magnetic_stripe`: magnetic stripe read. `contactless_magnetic_stripe`: contactless read of magnetic stripe data. `integrated_circuit_card_no_cvv`: contact chip without card verification value. Null when the network did not say."
  ),
  stand_in_processing_reason: described(
    Schema.NullOr(StandInProcessingReason),
    "Why the network approved or declined the authorization itself (stand-in processing); set only when `actioner` is `network`, null otherwise. `issuer_error`: the service did not answer the authorization in time. `invalid_physical_card`: the card read had an invalid CVV or dCVV. `invalid_cryptogram`: the authorization request cryptogram (of a physical card or a wallet token) was invalid. `invalid_cardholder_authentication_verification_value`: the 3DS cardholder authentication verification value was invalid. `internal_network_a_error`: an internal error of the network (also used for routine cases such as Application Transaction Counter replays). `merchant_transaction_advisory_service_authentication_required`: the merchant requires further authentication (often at fuel pumps, to send the cardholder to the cashier). `payment_fraud_disruption_acquirer_block`: blocked by the network's fraud service because of the acquirer's behavior (such as card testing). `other`: another reason."
  ),
  terminal_entry_capability: described(
    Schema.NullOr(TerminalEntryCapability),
    "The highest capability of the terminal to read the card (a terminal reading chip and magnetic stripe is chip-capable). `unknown`: unknown. `terminal_not_used`: no terminal was used. `magnetic_stripe`: magnetic stripe only. `barcode`: barcodes only. `optical_character_recognition`: optical character recognition only. `chip_or_contactless`: contact chip (and magnetic stripe), whether or not contactless too. `contactless_only`: contactless but no contact chip. `no_capability`: the terminal cannot read cards. Null when the network did not say."
  )
}).annotate({
  identifier: "CardNetworkADetails",
  description: "Fields specific to `network_a`; each is null when the network did not give it."
})
export type NetworkADetails = typeof NetworkADetails.Type

/** `network_b` sends no fields of its own. */
export const NetworkBDetails = Schema.Struct({}).annotate({
  identifier: "CardNetworkBDetails",
  description: "Fields specific to `network_b`: it sends none."
})
export type NetworkBDetails = typeof NetworkBDetails.Type

/**
 * Network-specific fields: `category` names the network, and only that
 * network's object is present (the other is null), so a union states it.
 */
export const NetworkDetails = Schema.Union([
  Schema.Struct({
    category: described(Schema.Literal("network_a"), networkCategoryDescription),
    network_a: described(
      NetworkADetails,
      "Fields specific to `network_a`; set if and only if `category` is `network_a`."
    ),
    network_b: described(Schema.Null, "Fields specific to `network_b`; null unless `category` is `network_b`.")
  }),
  Schema.Struct({
    category: described(Schema.Literal("network_b"), networkCategoryDescription),
    network_a: described(Schema.Null, "Fields specific to `network_a`; null unless `category` is `network_a`."),
    network_b: described(
      NetworkBDetails,
      "Fields specific to `network_b` (it sends none); set if and only if `category` is `network_b`."
    )
  })
]).annotate({
  identifier: "CardNetworkDetails",
  description:
    "Fields specific to the card network that processed the message: `category` names it, and only its object is set."
})
export type NetworkDetails = typeof NetworkDetails.Type

/** Identifiers the network assigns to an authorization-like message. */
export const NetworkIdentifiers = Schema.Struct({
  /** Six characters, randomly generated. */
  authorization_identification_response: described(
    Schema.NullOr(Schema.String),
    "The 6-character Authorization Identification Response code (the authorization code) sent back to the acquirer in an approval; randomly generated. Null when the message was not approved or the network gave none."
  ),
  retrieval_reference_number: described(
    Schema.NullOr(Schema.String),
    "A life-cycle identifier used across an authorization and its later messages (such as a reversal), unique per acquirer within a window of time; the sandbox draws 12 random digits. Null when the network gave none."
  ),
  trace_number: described(
    Schema.NullOr(Schema.String),
    "A counter that identifies this message, unique per acquirer within a window of time. Null when the network gave none."
  ),
  transaction_id: described(
    Schema.NullOr(Schema.String),
    "A globally unique transaction identifier from the card network, used across the life-cycle messages of one transaction. Null when the network gave none."
  )
}).annotate({
  identifier: "CardNetworkIdentifiers",
  description: "Identifiers the card network assigns to this message and its transaction."
})
export type NetworkIdentifiers = typeof NetworkIdentifiers.Type

/** Identifiers the network assigns to a clearing message (settlements and refunds). */
export const ClearingNetworkIdentifiers = Schema.Struct({
  acquirer_business_id: described(
    Schema.String,
    "The identifier the network assigned to the acquirer (the merchant's bank) that processed this transaction."
  ),
  acquirer_reference_number: described(
    Schema.String,
    "A globally unique identifier of this clearing message (23 digits), which the acquirer uses to trace it."
  ),
  authorization_identification_response: described(
    Schema.NullOr(Schema.String),
    "The 6-character Authorization Identification Response code of the authorization this message clears; null when there was none (a forced settlement or refund)."
  ),
  transaction_id: described(
    Schema.NullOr(Schema.String),
    "A globally unique transaction identifier from the card network, used across the life-cycle messages of one transaction. Null when the network gave none."
  )
}).annotate({
  identifier: "CardClearingNetworkIdentifiers",
  description: "Identifiers the card network assigns to this clearing message (a settlement or a refund)."
})
export type ClearingNetworkIdentifiers = typeof ClearingNetworkIdentifiers.Type
