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
import { described } from "../core/Described.js"
import { Timestamp } from "../core/Timestamp.js"
import { Amount, CurrencyCode } from "../money/Money.js"

export * from "./CardNetworkDetails.js"

/** The card networks. */
export const Network = Schema.Literals(["network_a", "network_b"])
export type Network = typeof Network.Type

/** What the reference says of a `network` field. */
export const networkDescription = "The card network that processed the message. `network_a` or `network_b` " +
  "(neutral names for the card networks); the sandbox's network is `network_a`."

/** The digital wallets a token can belong to. */
export const DigitalWallet = Schema.Literals(["wallet_a", "wallet_b", "wallet_c", "unknown"])
export type DigitalWallet = typeof DigitalWallet.Type

/** The values of a `digital_wallet` field, for the reference. */
export const digitalWalletValues = "`wallet_a`, `wallet_b`, `wallet_c` (neutral names for the digital wallets), " +
  "or `unknown` when the wallet is not recognized."

/** Who decided an authorization: the user through a real-time decision, the service itself, or the network standing in. */
export const Actioner = Schema.Literals(["user", "increase", "network"])
export type Actioner = typeof Actioner.Type

/** What the reference says of an `actioner` field. */
export const actionerDescription = "Who approved or declined the message. `user`: you, through a real-time " +
  "decision (`real_time_decision_id` names it). `increase`: this service itself, without your intervention " +
  "(also when a decision timed out). `network`: the card network, through stand-in processing."

/** `settlement` debits the cardholder, `refund` credits them. */
export const Direction = Schema.Literals(["settlement", "refund"])
export type Direction = typeof Direction.Type

/** What the reference says of a `direction` field. */
export const directionDescription = "The direction the funds move. `settlement`: a regular authorization; funds " +
  "are debited from the cardholder. `refund`: a refund authorization (a credit voucher); funds are credited to the cardholder."

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

/** The meanings of the processing categories, for the reference. */
export const processingCategoryValues = "`account_funding`: funding an account or moving funds between accounts. " +
  "`automatic_fuel_dispenser`: a fuel pump, before the final amount is known (a fuel confirmation follows). " +
  "`bill_payment`: paying a bill. `original_credit`: sending money to the cardholder. `purchase`: a regular purchase. " +
  "`quasi_cash`: buying items convertible to cash. `refund`: a refund authorization, crediting the cardholder. " +
  "`cash_disbursement`: withdrawing cash at an ATM or a point of sale. `cash_deposit`: depositing cash at an ATM " +
  "or a point of sale. `balance_inquiry`: checking the balance of the card's account. `unknown`: not known."

/** What the reference says of a `processing_category` field. */
export const processingCategoryDescription = `The intent behind the authorization. ${processingCategoryValues}`

/** Whether the merchant accepts an approval for less than the requested amount. */
export const PartialApprovalCapability = Schema.Literals(["supported", "not_supported"])
export type PartialApprovalCapability = typeof PartialApprovalCapability.Type

/** What the reference says of a `partial_approval_capability` field. */
export const partialApprovalCapabilityDescription = "Whether the merchant accepts an approval for less than the " +
  "requested amount. `supported`: a real-time decision may approve a `partial_amount`. `not_supported`: only the full amount can be approved."

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

/** The meanings of the decline reasons a real-time decision may give, for the reference. */
export const authorizationDeclineReasonValues = "`insufficient_funds`: the cardholder's funds do not cover the " +
  "transaction; the merchant may retry. `transaction_never_allowed`: this kind of transaction is not allowed for " +
  "the card; it should not be retried. `exceeds_approval_limit`: the amount exceeds the cardholder's approval limit; " +
  "the merchant may retry. `card_temporarily_disabled`: the card is temporarily disabled or not yet activated; the " +
  "merchant may retry. `suspected_fraud`: the transaction looks fraudulent; the merchant may retry. `other`: " +
  "another reason; the merchant may retry. Each is sent to the network as its own decline code."

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

/** The meanings of the decline reasons, for the reference. */
export const cardDeclineReasonValues =
  "`account_closed`: the account is closed. `card_not_active`: the card was not active (disabled). `card_canceled`: the card is canceled. " +
  "`physical_card_not_active`: the physical card was not active. `entity_not_active`: the account's entity was not " +
  "active. `group_locked`: the account was inactive. `insufficient_funds`: the account's available balance did not " +
  "cover the amount. `cvv2_mismatch`: the CVV2 did not match the card's. `pin_mismatch`: the PIN did not match. " +
  "`card_expiration_mismatch`: the expiration date did not match (checked only with a CVV2). " +
  "`transaction_not_allowed`: this kind of transaction is not allowed (a wallet token that is not active). " +
  "`breaches_limit`: blocked by a limit or an authorization control. `webhook_declined`: you declined it through a " +
  "real-time decision (`real_time_decision_reason` says why). `webhook_timed_out`: your application did not answer " +
  "the real-time decision in time. `declined_by_stand_in_processing`: declined by the network standing in. " +
  "`invalid_physical_card`: the card read had an invalid CVV or dCVV. `missing_original_authorization`: the " +
  "authorization this increment raises does not exist. `invalid_cryptogram`: the authorization request cryptogram " +
  "was invalid. `failed_3ds_authentication`: the 3DS authentication failed. `suspected_card_testing`: the " +
  "transaction looked like card testing. `suspected_fraud`: the transaction looked fraudulent."

/** What the reference says of a card decline's `reason`. */
export const cardDeclineReasonDescription = `Why the transaction was declined. ${cardDeclineReasonValues}`

/** An amount in minor units together with the ISO 4217 code of its currency. */
export const AmountWithCurrency = Schema.Struct({
  /** Positive if added to the transaction, negative if subtracted. */
  amount: described(
    Amount,
    "The amount in the minor unit of `currency` (cents for USD): positive if added to the transaction's amount " +
      "(such as an ATM surcharge), negative if subtracted (such as a discount)."
  ),
  currency: described(CurrencyCode, "The ISO 4217 code of the amount's currency (for example `USD`).")
})
export type AmountWithCurrency = typeof AmountWithCurrency.Type

/** Amounts the network itemizes within an authorization; each is null when not given. */
export const AdditionalAmounts = Schema.Struct({
  clinic: described(
    Schema.NullOr(AmountWithCurrency),
    "The part of the amount that was for clinic-related services; null when the network did not itemize it."
  ),
  dental: described(
    Schema.NullOr(AmountWithCurrency),
    "The part of the amount that was for dental-related services; null when the network did not itemize it."
  ),
  /** The original pre-authorized amount. */
  original: described(
    Schema.NullOr(AmountWithCurrency),
    "The original pre-authorized amount; null when the network did not give it."
  ),
  prescription: described(
    Schema.NullOr(AmountWithCurrency),
    "The part of the amount that was for healthcare prescriptions; null when the network did not itemize it."
  ),
  surcharge: described(
    Schema.NullOr(AmountWithCurrency),
    "The surcharge the merchant charged for this transaction (such as an ATM fee); null when none was itemized."
  ),
  total_cumulative: described(
    Schema.NullOr(AmountWithCurrency),
    "The total amount of a series of incremental authorizations; null when the network did not give it."
  ),
  total_healthcare: described(
    Schema.NullOr(AmountWithCurrency),
    "The total of the healthcare-related additional amounts; null when the network did not give it."
  ),
  transit: described(
    Schema.NullOr(AmountWithCurrency),
    "The part of the amount that was for transit-related services; null when the network did not itemize it."
  ),
  unknown: described(
    Schema.NullOr(AmountWithCurrency),
    "An additional amount of unknown kind; null when there is none."
  ),
  vision: described(
    Schema.NullOr(AmountWithCurrency),
    "The part of the amount that was for vision-related services; null when the network did not itemize it."
  )
}).annotate({
  identifier: "CardAdditionalAmounts",
  description:
    "Amounts the network itemizes within the transaction's amount, such as an ATM surcharge, usually a part of it; each is null when not given."
})
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
  merchant_ninety_percent_eligibility: described(
    Schema.Literals(["eligible", "not_eligible"]),
    "The merchant's eligibility under the Internal Revenue Service's 90% Rule for Flexible Spending Account (FSA) and Health Savings Account (HSA) eligible products, from the list of merchants kept by the Special Interest Group for IIAS Standards (SIGIS). `eligible`: the merchant is eligible for treatment under the 90% rule. `not_eligible`: it is not."
  )
})
export type Healthcare = typeof Healthcare.Type

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
  card_verification_code: described(
    Schema.Struct({
      result: described(
        CardVerificationCodeResult,
        "The result of checking the Card Verification Code. `not_checked`: the request carried none (a card read at a terminal, a stored credential). `match`: it matched the one on file. `no_match`: it did not."
      )
    }),
    "The check of the Card Verification Code, the 3-digit code on the back of the card."
  ),
  cardholder_address: described(
    Schema.Struct({
      actual_line1: described(
        Schema.NullOr(Schema.String),
        "Line 1 of the cardholder's address on file; null when none was compared."
      ),
      actual_postal_code: described(
        Schema.NullOr(Schema.String),
        "The postal code of the cardholder's address on file; null when none was compared."
      ),
      provided_line1: described(
        Schema.NullOr(Schema.String),
        "The address line 1 given for verification in the request; null when none was given."
      ),
      provided_postal_code: described(
        Schema.NullOr(Schema.String),
        "The postal code given for verification in the request; null when none was given."
      ),
      result: described(
        CardholderAddressResult,
        "The address verification result returned to the network. `not_checked`: the request carried no address. `postal_code_match_address_no_match`: the postal code matches, the street address does not or was not given. `postal_code_no_match_address_match`: the postal code does not match, the street address matches or was not given. `match`: both match. `no_match`: neither matches. `postal_code_match_address_not_checked` (deprecated): the postal code matches, the street address was not checked."
      )
    }),
    "The cardholder address given in the request and the address on file it was checked against."
  ),
  cardholder_name: described(
    Schema.NullOr(
      Schema.Struct({
        provided_first_name: described(
          Schema.NullOr(Schema.String),
          "The first name given for verification in the request; null when none was given."
        ),
        provided_last_name: described(
          Schema.NullOr(Schema.String),
          "The last name given for verification in the request; null when none was given."
        ),
        provided_middle_name: described(
          Schema.NullOr(Schema.String),
          "The middle name given for verification in the request; null when none was given."
        )
      })
    ),
    "The cardholder name given in the request; null when none was given."
  )
}).annotate({
  identifier: "CardVerification",
  description:
    "How the values the cardholder gave (the card verification code, the address, the name) compared with those on file. In the sandbox a card-not-present message carries all three (docs/decisions.md, \"Card detail and token rules\")."
})
export type Verification = typeof Verification.Type

/**
 * The merchant as an authorization-like message describes it. Spread into the
 * field lists of the objects that carry it.
 */
export const merchantFields = {
  merchant_acceptor_id: described(
    Schema.String,
    "The merchant identifier (MID) of the merchant the card is transacting with. The sandbox's default merchant is `5665270011000168`."
  ),
  merchant_category_code: described(
    Schema.String,
    "The Merchant Category Code (MCC) of the merchant: four digits naming its line of business (the sandbox's default is `5734`, computer software stores)."
  ),
  merchant_city: described(
    Schema.NullOr(Schema.String),
    "The city the merchant resides in; null when the network did not give it."
  ),
  merchant_country: described(
    Schema.String,
    "The country the merchant resides in, as an ISO 3166-1 alpha-2 code (for example `US`)."
  ),
  merchant_descriptor: described(
    Schema.String,
    "The merchant descriptor: the merchant's name as it appears on statements (the sandbox's default is `SANDBOX MERCHANT`)."
  ),
  /** US: 5 or 9 digit ZIP, with a dash between the first 5 and the last 4. */
  merchant_postal_code: described(
    Schema.NullOr(Schema.String),
    "The merchant's postal code; for US merchants a 5-digit or 9-digit ZIP code, the first 5 and last 4 digits separated by a dash. Null when the network did not give it."
  ),
  merchant_state: described(
    Schema.NullOr(Schema.String),
    "The state the merchant resides in; null when the network did not give it."
  )
}

/** A decimal number carried as a string so that no precision is lost (`"0.1375"`, `"-12"`). */
export const DecimalString = Schema.String.check(
  Schema.isPattern(/^-?\d+(\.\d+)?$/u, { message: "must be a decimal number" })
).annotate({
  identifier: "DecimalString",
  description: "A decimal number carried as a string so that no precision is lost (`\"0.1375\"`, `\"-12\"`)."
})
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
  amount: described(
    DecimalString,
    "The fee amount, as a string holding a decimal number in major units of `currency` (dollars, for example `0.10`)."
  ),
  created_at: described(Timestamp, "When the fee was assessed (ISO 8601, UTC)."),
  currency: described(Schema.Literal("USD"), "The ISO 4217 code of the fee's currency. Always `USD`."),
  fee_type: described(
    SchemeFeeType,
    "The kind of fee the network assesses, such as `network_a_authorization_domestic_point_of_sale` (processing a domestic point-of-sale authorization), `network_a_international_service_assessment_single_currency` or `_cross_currency` (cross-border transactions), `network_a_purchase_domestic` (processing a purchase) or `network_b_switch_fee` (processing on `network_b`). New values can appear over time; tolerate unknown ones."
  ),
  fixed_component: described(
    Schema.NullOr(DecimalString),
    "The fixed component of the fee in major units of `currency`, as a decimal string; null when the fee has none."
  ),
  variable_rate: described(
    Schema.NullOr(DecimalString),
    "The variable rate component of the fee, as a decimal (`0.015` for 1.5%); null when the fee has none."
  )
}).annotate({
  identifier: "CardSchemeFee",
  description: "A fee the card network assesses for a message."
})
export type SchemeFee = typeof SchemeFee.Type
