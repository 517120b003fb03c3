/**
 * What a merchant's 3DS server sends when it starts a card authentication:
 * the browser or app, the message category, the requestor's indicators and
 * the purchase (`requestFields`, shared by the real-time decision's
 * `card_authentication` detail and the card payment's element).
 */
import { Schema } from "effect"
import { described } from "../core/Described.js"
import { CardId, CardPaymentId } from "../core/Ids.js"
import { Amount, CurrencyCode } from "../money/Money.js"

export const JavascriptEnabled = Schema.Literals(["enabled", "disabled"])

export const Browser = Schema.Struct({
  accept_header: described(
    Schema.NullOr(Schema.String),
    "The Accept header of the cardholder's browser; null when the 3DS requestor did not send it."
  ),
  ip_address: described(
    Schema.NullOr(Schema.String),
    "The IP address of the cardholder's browser; null when the 3DS requestor did not send it."
  ),
  javascript_enabled: described(
    Schema.NullOr(JavascriptEnabled),
    "Whether JavaScript is enabled in the cardholder's browser. `enabled` or `disabled`; null when the 3DS requestor did not send it."
  ),
  language: described(
    Schema.NullOr(Schema.String),
    "The language of the cardholder's browser; null when the 3DS requestor did not send it."
  ),
  user_agent: described(
    Schema.NullOr(Schema.String),
    "The user agent of the cardholder's browser; null when the 3DS requestor did not send it."
  )
})
export type Browser = typeof Browser.Type

export const MerchantInitiatedIndicator = Schema.Literals([
  "recurring_transaction",
  "installment_transaction",
  "add_card",
  "maintain_card_information",
  "account_verification",
  "split_delayed_shipment",
  "top_up",
  "mail_order",
  "telephone_order",
  "whitelist_status_check",
  "other_payment",
  "billing_agreement",
  "device_binding_status_check",
  "card_security_code_status_check",
  "delayed_shipment",
  "split_payment",
  "fido_credential_deletion",
  "fido_credential_registration",
  "decoupled_authentication_fallback"
])
export type MerchantInitiatedIndicator = typeof MerchantInitiatedIndicator.Type

export const DeviceChannelCategory = Schema.Literals(["app", "browser", "three_ds_requestor_initiated"])
export type DeviceChannelCategory = typeof DeviceChannelCategory.Type

/**
 * Where the authentication was started. `browser` is present only for the
 * browser channel and `merchant_initiated` only for requestor-initiated
 * attempts; a union states it.
 */
export const DeviceChannel = Schema.Union([
  Schema.Struct({
    category: described(
      Schema.Literal("app"),
      "Where the authentication was started. `app`: from an app. `browser`: from a browser (`browser` is set). `three_ds_requestor_initiated`: by the 3DS requestor itself, without the cardholder (`merchant_initiated` is set)."
    ),
    browser: described(Schema.Null, "Fields of the browser channel; null unless `category` is `browser`."),
    merchant_initiated: described(
      Schema.Null,
      "Fields of an attempt the 3DS requestor initiated; null unless `category` is `three_ds_requestor_initiated`."
    )
  }),
  Schema.Struct({
    category: described(
      Schema.Literal("browser"),
      "Where the authentication was started. `app`: from an app. `browser`: from a browser (`browser` is set). `three_ds_requestor_initiated`: by the 3DS requestor itself, without the cardholder (`merchant_initiated` is set)."
    ),
    browser: described(Browser, "Fields of the browser channel; set if and only if `category` is `browser`."),
    merchant_initiated: described(
      Schema.Null,
      "Fields of an attempt the 3DS requestor initiated; null unless `category` is `three_ds_requestor_initiated`."
    )
  }),
  Schema.Struct({
    category: described(
      Schema.Literal("three_ds_requestor_initiated"),
      "Where the authentication was started. `app`: from an app. `browser`: from a browser (`browser` is set). `three_ds_requestor_initiated`: by the 3DS requestor itself, without the cardholder (`merchant_initiated` is set)."
    ),
    browser: described(Schema.Null, "Fields of the browser channel; null unless `category` is `browser`."),
    merchant_initiated: described(
      Schema.Struct({
        indicator: described(
          MerchantInitiatedIndicator,
          "Why the 3DS requestor initiated the attempt: `recurring_transaction`, `installment_transaction`, `add_card`, `maintain_card_information`, `account_verification`, `split_delayed_shipment`, `top_up`, `mail_order`, `telephone_order`, `whitelist_status_check`, `other_payment`, `billing_agreement`, `device_binding_status_check`, `card_security_code_status_check`, `delayed_shipment`, `split_payment`, `fido_credential_deletion`, `fido_credential_registration` or `decoupled_authentication_fallback`."
        )
      }),
      "Fields of an attempt the 3DS requestor initiated; set if and only if `category` is `three_ds_requestor_initiated`."
    )
  })
]).annotate({
  identifier: "CardAuthenticationDeviceChannel",
  description: "The channel the authentication was started from: `category` names it, with the fields of that channel."
})
export type DeviceChannel = typeof DeviceChannel.Type

export const TransactionType = Schema.Literals([
  "goods_service_purchase",
  "check_acceptance",
  "account_funding",
  "quasi_cash_transaction",
  "prepaid_activation_and_load"
])
export type TransactionType = typeof TransactionType.Type

export const PaymentMessage = Schema.Struct({
  purchase_amount: described(Amount, "The purchase amount in the minor unit of `purchase_currency` (cents for USD)."),
  purchase_amount_cardholder_estimated: described(
    Schema.NullOr(Amount),
    "The purchase amount in the cardholder's currency (USD), estimated with the card network's daily conversion rates; null when the purchase is in USD or the network gave no estimate."
  ),
  purchase_currency: described(CurrencyCode, "The ISO 4217 code of the purchase's currency (for example `USD`)."),
  transaction_type: described(
    Schema.NullOr(TransactionType),
    "The kind of transaction being authenticated. `goods_service_purchase`: a purchase of goods or services. `check_acceptance`: check acceptance. `account_funding`: account funding. `quasi_cash_transaction`: a quasi-cash transaction. `prepaid_activation_and_load`: prepaid activation and load. Null when the requestor did not say."
  )
})
export type PaymentMessage = typeof PaymentMessage.Type

export const MessageCategoryName = Schema.Literals(["payment_authentication", "non_payment_authentication"])
export type MessageCategoryName = typeof MessageCategoryName.Type

/** Whether the authentication is for a payment (with its amount) or not (adding a card, …). */
export const MessageCategory = Schema.Union([
  Schema.Struct({
    category: described(
      Schema.Literal("payment_authentication"),
      "Whether the attempt is for a payment. `payment_authentication`: for a payment (`payment` is set). `non_payment_authentication`: not for a payment, such as adding the card to a merchant's account (`non_payment` is set)."
    ),
    payment: described(
      PaymentMessage,
      "Fields of a payment authentication; set if and only if `category` is `payment_authentication`."
    ),
    non_payment: described(
      Schema.Null,
      "Fields of a non-payment authentication (there are none); null unless `category` is `non_payment_authentication`."
    )
  }),
  Schema.Struct({
    category: described(
      Schema.Literal("non_payment_authentication"),
      "Whether the attempt is for a payment. `payment_authentication`: for a payment (`payment` is set). `non_payment_authentication`: not for a payment, such as adding the card to a merchant's account (`non_payment` is set)."
    ),
    payment: described(
      Schema.Null,
      "Fields of a payment authentication; null unless `category` is `payment_authentication`."
    ),
    non_payment: described(
      Schema.Struct({}),
      "Fields of a non-payment authentication (there are none); set if and only if `category` is `non_payment_authentication`."
    )
  })
]).annotate({
  identifier: "CardAuthenticationMessageCategory",
  description:
    "Whether the authentication is for a payment (with its amount) or not (adding a card to a merchant's account, …)."
})
export type MessageCategory = typeof MessageCategory.Type

export const RequestorAuthenticationIndicator = Schema.Literals([
  "payment_transaction",
  "recurring_transaction",
  "installment_transaction",
  "add_card",
  "maintain_card",
  "emv_token_cardholder_verification",
  "billing_agreement"
])
export type RequestorAuthenticationIndicator = typeof RequestorAuthenticationIndicator.Type

export const RequestorChallengeIndicator = Schema.Literals([
  "no_preference",
  "no_challenge_requested",
  "challenge_requested_3ds_requestor_preference",
  "challenge_requested_mandate",
  "no_challenge_requested_transactional_risk_analysis_already_performed",
  "no_challenge_requested_data_share_only",
  "no_challenge_requested_strong_consumer_authentication_already_performed",
  "no_challenge_requested_utilize_whitelist_exemption_if_no_challenge_required",
  "challenge_requested_whitelist_prompt_requested_if_challenge_required"
])
export type RequestorChallengeIndicator = typeof RequestorChallengeIndicator.Type

/**
 * What the 3DS requestor sent: shared by the real-time decision's
 * `card_authentication` detail and the card payment's element. Spread into
 * the field lists of both.
 */
export const requestFields = {
  access_control_server_transaction_identifier: described(
    Schema.String,
    "The identifier the Access Control Server (this service, as the card's issuer) assigned to the attempt."
  ),
  billing_address_city: described(
    Schema.NullOr(Schema.String),
    "The city of the cardholder's billing address as the 3DS requestor sent it; null when the 3DS requestor did not send it."
  ),
  billing_address_country: described(
    Schema.NullOr(Schema.String),
    "The country of the cardholder's billing address as the 3DS requestor sent it; null when the 3DS requestor did not send it."
  ),
  billing_address_line1: described(
    Schema.NullOr(Schema.String),
    "The first line of the cardholder's billing address as the 3DS requestor sent it; null when the 3DS requestor did not send it."
  ),
  billing_address_line2: described(
    Schema.NullOr(Schema.String),
    "The second line of the cardholder's billing address as the 3DS requestor sent it; null when the 3DS requestor did not send it."
  ),
  billing_address_line3: described(
    Schema.NullOr(Schema.String),
    "The third line of the cardholder's billing address as the 3DS requestor sent it; null when the 3DS requestor did not send it."
  ),
  billing_address_postal_code: described(
    Schema.NullOr(Schema.String),
    "The postal code of the cardholder's billing address as the 3DS requestor sent it; null when the 3DS requestor did not send it."
  ),
  billing_address_state: described(
    Schema.NullOr(Schema.String),
    "The US state of the cardholder's billing address as the 3DS requestor sent it; null when the 3DS requestor did not send it."
  ),
  card_id: described(CardId, "The card being authenticated."),
  cardholder_email: described(
    Schema.NullOr(Schema.String),
    "The cardholder's email address; null when the 3DS requestor did not send it."
  ),
  cardholder_name: described(
    Schema.NullOr(Schema.String),
    "The cardholder's name; null when the 3DS requestor did not send it."
  ),
  device_channel: described(DeviceChannel, "The channel the authentication was started from."),
  directory_server_transaction_identifier: described(
    Schema.String,
    "The identifier the Directory Server (the card network) assigned to the attempt."
  ),
  merchant_acceptor_id: described(
    Schema.NullOr(Schema.String),
    "The merchant identifier (MID) of the merchant; null when the 3DS requestor did not send it."
  ),
  merchant_category_code: described(
    Schema.NullOr(Schema.String),
    "The Merchant Category Code (MCC) of the merchant; null when the 3DS requestor did not send it."
  ),
  merchant_country: described(
    Schema.NullOr(Schema.String),
    "The country the merchant resides in, as an ISO 3166-1 alpha-2 code; null when the 3DS requestor did not send it."
  ),
  merchant_name: described(
    Schema.NullOr(Schema.String),
    "The merchant's name; null when the 3DS requestor did not send it."
  ),
  message_category: described(MessageCategory, "Whether the attempt is for a payment, and if so its amount."),
  prior_authenticated_card_payment_id: described(
    Schema.NullOr(CardPaymentId),
    "The card payment of an earlier authentication the requestor relied on to authenticate this cardholder before; null when none."
  ),
  requestor_authentication_indicator: described(
    Schema.NullOr(RequestorAuthenticationIndicator),
    "Why the 3DS requestor performs the authentication. `payment_transaction`: a payment. `recurring_transaction`: a recurring transaction. `installment_transaction`: an installment transaction. `add_card`: adding a card. `maintain_card`: maintaining a card. `emv_token_cardholder_verification`: EMV token cardholder verification. `billing_agreement`: a billing agreement. Null when the requestor did not say."
  ),
  requestor_challenge_indicator: described(
    Schema.NullOr(RequestorChallengeIndicator),
    "Whether the 3DS requestor asks for a challenge: `no_preference`, `no_challenge_requested`, `challenge_requested_3ds_requestor_preference`, `challenge_requested_mandate`, `no_challenge_requested_transactional_risk_analysis_already_performed`, `no_challenge_requested_data_share_only`, `no_challenge_requested_strong_consumer_authentication_already_performed`, `no_challenge_requested_utilize_whitelist_exemption_if_no_challenge_required` or `challenge_requested_whitelist_prompt_requested_if_challenge_required`. Null when the requestor did not say."
  ),
  requestor_name: described(Schema.String, "The name of the 3DS requestor (the merchant)."),
  requestor_url: described(Schema.String, "The URL of the 3DS requestor."),
  shipping_address_city: described(
    Schema.NullOr(Schema.String),
    "The city of the purchase's shipping address; null when the 3DS requestor did not send it."
  ),
  shipping_address_country: described(
    Schema.NullOr(Schema.String),
    "The country of the purchase's shipping address; null when the 3DS requestor did not send it."
  ),
  shipping_address_line1: described(
    Schema.NullOr(Schema.String),
    "The first line of the purchase's shipping address; null when the 3DS requestor did not send it."
  ),
  shipping_address_line2: described(
    Schema.NullOr(Schema.String),
    "The second line of the purchase's shipping address; null when the 3DS requestor did not send it."
  ),
  shipping_address_line3: described(
    Schema.NullOr(Schema.String),
    "The third line of the purchase's shipping address; null when the 3DS requestor did not send it."
  ),
  shipping_address_postal_code: described(
    Schema.NullOr(Schema.String),
    "The postal code of the purchase's shipping address; null when the 3DS requestor did not send it."
  ),
  shipping_address_state: described(
    Schema.NullOr(Schema.String),
    "The US state of the purchase's shipping address; null when the 3DS requestor did not send it."
  ),
  three_d_secure_server_transaction_identifier: described(
    Schema.String,
    "The identifier the 3DS Server that started the attempt assigned to it."
  )
}
