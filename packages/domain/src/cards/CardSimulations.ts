/**
 * The sandbox's card simulations (decisions.md d): the request bodies of
 * `POST /simulations/card_*` and `/simulations/digital_wallet_token_requests`,
 * and the results that are not plain resources. Card authorizations, balance
 * inquiries, increments, token requests and 3DS authentications may ask the
 * client through a real-time decision before they complete.
 */
import { Schema } from "effect"
import { described } from "../core/Described.js"
import {
  CardId,
  CardPaymentId,
  DigitalWalletTokenId,
  EventSubscriptionId,
  PendingTransactionId,
  PhysicalCardId,
  TransactionId
} from "../core/Ids.js"
import { ShortText } from "../core/Text.js"
import { Amount, PositiveAmount } from "../money/Money.js"
import * as CardAuthentication from "./CardAuthentication.js"
import {
  CardDeclineReason,
  cardDeclineReasonValues,
  ElectronicCommerceIndicator,
  NetworkRiskScore,
  PartialApprovalCapability,
  partialApprovalCapabilityDescription,
  PointOfServiceEntryMode,
  processingCategoryValues,
  StandInProcessingReason,
  TerminalEntryCapability
} from "./CardNetwork.js"

export * from "./CardSimulationResults.js"

/**
 * Optional body fields are absent or a value: an explicit `undefined` is not a value
 * (and a union with it would add noise to decode errors).
 */
const optional = <S extends Schema.Top>(schema: S) => Schema.optionalKey(schema)

/**
 * A rule that exactly one of some optional fields is given. The error names
 * the first field when none is given, and the second one given otherwise.
 */
const exactlyOneOf =
  <const Field extends string>(fields: readonly [Field, ...Array<Field>]) =>
  (body: { readonly [K in Field]?: unknown }) => {
    const given = fields.filter((field) => body[field] !== undefined)
    if (given.length === 1) return undefined
    return {
      path: [given[1] ?? fields[0]],
      issue: `exactly one of ${fields.join(", ")} must be provided`
    }
  }

const cardSelectors = ["card_id", "digital_wallet_token_id", "physical_card_id"] as const

/** The merchant fields a simulation may set; the sandbox fills in the others. */
const merchantInputFields = {
  merchant_acceptor_id: optional(
    described(
      ShortText,
      "The merchant identifier (MID) of the simulated merchant (1 to 200 characters); `5665270011000168` when absent."
    )
  ),
  merchant_category_code: optional(
    described(
      Schema.String.check(Schema.isPattern(/^\d{4}$/u, { message: "must be a 4-digit merchant category code" })),
      "The Merchant Category Code (MCC) of the simulated merchant, four digits; `5734` when absent."
    )
  ),
  merchant_city: optional(described(ShortText, "The city of the simulated merchant; `New York` when absent.")),
  merchant_country: optional(
    described(
      Schema.String.check(Schema.isPattern(/^[A-Z]{2}$/u, { message: "must be a 2-letter country code" })),
      "The country of the simulated merchant, as an ISO 3166-1 alpha-2 code (two capital letters); `US` when absent. A simulation that names the merchant's city, state or country gets no default state or ZIP code."
    )
  ),
  merchant_descriptor: optional(
    described(
      ShortText,
      "The descriptor of the simulated merchant (its name on statements); `SANDBOX MERCHANT` when absent."
    )
  ),
  merchant_state: optional(
    described(
      ShortText,
      "The state of the simulated merchant; `NY` when absent (unless the simulation names the city or country)."
    )
  )
}

/** The processing categories a simulation may ask for (`unknown` is only ever reported). */
export const SimulatedProcessingCategory = Schema.Literals([
  "account_funding",
  "automatic_fuel_dispenser",
  "bill_payment",
  "original_credit",
  "purchase",
  "quasi_cash",
  "refund",
  "cash_disbursement",
  "cash_deposit",
  "balance_inquiry"
])

/** `POST /simulations/card_authorizations`. */
export const SimulateCardAuthorization = Schema.Struct({
  amount: described(
    PositiveAmount,
    "The amount to authorize, in the minor unit of the currency (cents for USD); a positive integer."
  ),
  /** A card payment with a `card_authentication`, to simulate an authenticated authorization. */
  authenticated_card_payment_id: optional(
    described(
      CardPaymentId,
      "A card payment with a `card_authentication` (of the same card), to simulate an authorization authenticated by that 3DS attempt: the authorization joins that card payment."
    )
  ),
  card_id: optional(
    described(
      CardId,
      "The card to authorize; exactly one of `card_id`, `digital_wallet_token_id` and `physical_card_id` is required."
    )
  ),
  /** Forces a decline with this reason; no real-time decision is sent. */
  decline_reason: optional(
    described(
      CardDeclineReason,
      "Forces a decline with this reason; no real-time decision is sent. " + cardDeclineReasonValues
    )
  ),
  digital_wallet_token_id: optional(
    described(
      DigitalWalletTokenId,
      "The digital wallet token (a wallet purchase) to authorize; exactly one of `card_id`, `digital_wallet_token_id` and `physical_card_id` is required."
    )
  ),
  /** Routes the real-time decision to this subscription instead of the default one. */
  event_subscription_id: optional(
    described(
      EventSubscriptionId,
      "The event subscription to send the real-time decision to, instead of the subscriptions that select its category; naming one asks you even when none selects it."
    )
  ),
  ...merchantInputFields,
  network_details: optional(
    described(
      Schema.Struct({
        network_a: described(
          Schema.Struct({
            electronic_commerce_indicator: optional(
              described(
                ElectronicCommerceIndicator,
                "For electronic commerce, the level of security used to obtain the payment credential; for mail or telephone orders, the kind of order (see the card authorization's `network_details`)."
              )
            ),
            point_of_service_entry_mode: optional(
              described(
                PointOfServiceEntryMode,
                "How the card number was entered (see the card authorization's `network_details`)."
              )
            ),
            stand_in_processing_reason: optional(
              described(
                StandInProcessingReason,
                "Why the network stood in for the issuer (see the card authorization's `network_details`)."
              )
            ),
            terminal_entry_capability: optional(
              described(
                TerminalEntryCapability,
                "How the terminal can read cards (see the card authorization's `network_details`)."
              )
            )
          }),
          "Fields specific to `network_a`."
        )
      }),
      "Fields specific to the card network; the sandbox's network is `network_a`."
    )
  ),
  network_risk_score: optional(
    described(
      NetworkRiskScore,
      "The network's risk score to report, 0 to 999 (`network_a` uses 0 to 99; the higher the riskier); none when absent."
    )
  ),
  /**
   * Whether the simulated merchant accepts a partial approval (default:
   * `CardDetail.partialApprovalCapabilityOf`); a real-time decision may then approve less than asked.
   */
  partial_approval_capability: optional(
    described(
      PartialApprovalCapability,
      `${partialApprovalCapabilityDescription} Default \`supported\` at an automatic fuel dispenser (\`processing_category\` \`automatic_fuel_dispenser\` or merchant category 5542) and a grocery store (5411), \`not_supported\` elsewhere. (A field of this service: the official SDK has none.)`
    )
  ),
  physical_card_id: optional(
    described(
      PhysicalCardId,
      "The physical card to authorize; exactly one of `card_id`, `digital_wallet_token_id` and `physical_card_id` is required. The service issues no physical cards, so any value is 404."
    )
  ),
  processing_category: optional(
    described(
      Schema.Struct({
        category: described(
          SimulatedProcessingCategory,
          `The intent behind the authorization (\`unknown\` is only reported, never simulated). ${processingCategoryValues}`
        ),
        /** For refund authorizations: the card payment the refund belongs to. */
        refund: optional(
          described(
            Schema.Struct({
              original_card_payment_id: optional(
                described(CardPaymentId, "The card payment the refund belongs to; the refund authorization joins it.")
              )
            }),
            "Details of a refund authorization; only with `category` `refund`."
          )
        )
      }).check(
        Schema.makeFilter((processing) =>
          processing.refund !== undefined && processing.category !== "refund"
            ? { path: ["refund"], issue: "is only allowed when category is refund" }
            : undefined
        )
      ),
      "The kind of authorization, such as an automatic fuel dispenser or a refund authorization; a `purchase` when absent."
    )
  ),
  terminal_id: optional(
    described(
      ShortText,
      "The terminal identifier (TID) of the simulated terminal (1 to 200 characters); none when absent."
    )
  )
}).check(Schema.makeFilter(exactlyOneOf(cardSelectors))).annotate({ identifier: "SimulateCardAuthorization" })
export type SimulateCardAuthorization = typeof SimulateCardAuthorization.Type

/** `POST /simulations/card_authorization_expirations`: expires the payment's authorization now. */
export const SimulateCardAuthorizationExpiration = Schema.Struct({
  card_payment_id: described(CardPaymentId, "The card payment whose authorization expires now: its hold is released.")
}).annotate({ identifier: "SimulateCardAuthorizationExpiration" })
export type SimulateCardAuthorizationExpiration = typeof SimulateCardAuthorizationExpiration.Type

/** `POST /simulations/card_settlements`: without `pending_transaction_id` the settlement is forced without authorization. */
export const SimulateCardSettlement = Schema.Struct({
  card_id: described(CardId, "The card the settlement is on."),
  /** Defaults to the outstanding amount of the authorization settled. */
  amount: optional(
    described(
      PositiveAmount,
      "The amount to settle, in the minor unit of the currency (cents for USD): at most what the authorization still holds, and that amount when absent. Required for a forced settlement (without `pending_transaction_id`)."
    )
  ),
  pending_transaction_id: optional(
    described(
      PendingTransactionId,
      "The pending transaction of the card authorization to settle (it must be one of `card_id`'s). Without it the settlement is forced: a new card payment with only the settlement, covered by the available balance."
    )
  )
}).annotate({ identifier: "SimulateCardSettlement" })
export type SimulateCardSettlement = typeof SimulateCardSettlement.Type

/** `POST /simulations/card_reversals`: partial reversals may repeat up to the outstanding amount. */
export const SimulateCardReversal = Schema.Struct({
  card_payment_id: described(CardPaymentId, "The card payment whose authorization is reversed."),
  /** Defaults to the whole outstanding amount. */
  amount: optional(
    described(
      PositiveAmount,
      "The amount to reverse, in the minor unit of the currency (cents for USD): at most what the authorization still holds, all of it when absent. Partial reversals may repeat."
    )
  )
}).annotate({ identifier: "SimulateCardReversal" })
export type SimulateCardReversal = typeof SimulateCardReversal.Type

/** `POST /simulations/card_increments`: may ask the client through a real-time decision. */
export const SimulateCardIncrement = Schema.Struct({
  amount: described(
    PositiveAmount,
    "The amount to add to the authorization, in the minor unit of the currency (cents for USD)."
  ),
  card_payment_id: described(CardPaymentId, "The card payment whose authorization is incremented."),
  event_subscription_id: optional(
    described(
      EventSubscriptionId,
      "The event subscription to send the real-time decision to, instead of the subscriptions that select its category; naming one asks you even when none selects it."
    )
  )
}).annotate({ identifier: "SimulateCardIncrement" })
export type SimulateCardIncrement = typeof SimulateCardIncrement.Type

/**
 * `POST /simulations/card_refunds`: refunds a settlement (`transaction_id`) or
 * completes a refund authorization (`pending_transaction_id`), exactly one.
 */
export const SimulateCardRefund = Schema.Struct({
  /** Defaults to the amount of the settlement or of the refund authorization. */
  amount: optional(
    described(
      PositiveAmount,
      "The amount to refund, in the minor unit of the currency (cents for USD); when absent, what is still refundable of the settlement, or the refund authorization's amount."
    )
  ),
  pending_transaction_id: optional(
    described(
      PendingTransactionId,
      "The pending transaction of a refund authorization to complete; exactly one of `transaction_id` and `pending_transaction_id` is required."
    )
  ),
  transaction_id: optional(
    described(
      TransactionId,
      "The transaction of the settlement to refund (its source is a `card_settlement`); exactly one of `transaction_id` and `pending_transaction_id` is required."
    )
  )
}).check(Schema.makeFilter(exactlyOneOf(["transaction_id", "pending_transaction_id"]))).annotate({
  identifier: "SimulateCardRefund"
})
export type SimulateCardRefund = typeof SimulateCardRefund.Type

/** `POST /simulations/card_fuel_confirmations`: once per authorization. */
export const SimulateCardFuelConfirmation = Schema.Struct({
  amount: described(
    PositiveAmount,
    "The amount the fuel dispenser actually dispensed, in the minor unit of the currency (cents for USD): at most what the authorization still holds."
  ),
  card_payment_id: described(
    CardPaymentId,
    "The card payment whose authorization (at a fuel pump) is confirmed; once per authorization."
  )
}).annotate({ identifier: "SimulateCardFuelConfirmation" })
export type SimulateCardFuelConfirmation = typeof SimulateCardFuelConfirmation.Type

/** `POST /simulations/card_balance_inquiries`: may ask the client through a real-time decision. */
export const SimulateCardBalanceInquiry = Schema.Struct({
  /** The balance to report; the account's available balance when absent. */
  balance: optional(
    described(
      Amount,
      "The balance to report, in the minor unit of the currency (cents for USD); the account's available balance when absent. A real-time decision's `approval.balance` wins over it."
    )
  ),
  card_id: optional(
    described(
      CardId,
      "The card of the inquiry; exactly one of `card_id`, `digital_wallet_token_id` and `physical_card_id` is required."
    )
  ),
  decline_reason: optional(
    described(
      CardDeclineReason,
      "Forces a decline with this reason; no real-time decision is sent. " + cardDeclineReasonValues
    )
  ),
  digital_wallet_token_id: optional(
    described(
      DigitalWalletTokenId,
      "The digital wallet token of the inquiry; exactly one of `card_id`, `digital_wallet_token_id` and `physical_card_id` is required."
    )
  ),
  event_subscription_id: optional(
    described(
      EventSubscriptionId,
      "The event subscription to send the real-time decision to, instead of the subscriptions that select its category; naming one asks you even when none selects it."
    )
  ),
  ...merchantInputFields,
  network_details: optional(
    described(
      Schema.Struct({
        network_a: described(
          Schema.Struct({
            stand_in_processing_reason: optional(
              described(
                StandInProcessingReason,
                "Why the network stood in for the issuer (see the card authorization's `network_details`)."
              )
            )
          }),
          "Fields specific to `network_a`."
        )
      }),
      "Fields specific to the card network; the sandbox's network is `network_a`."
    )
  ),
  network_risk_score: optional(
    described(
      NetworkRiskScore,
      "The network's risk score to report, 0 to 999 (`network_a` uses 0 to 99; the higher the riskier); none when absent."
    )
  ),
  physical_card_id: optional(
    described(
      PhysicalCardId,
      "The physical card of the inquiry; exactly one of `card_id`, `digital_wallet_token_id` and `physical_card_id` is required. The service issues no physical cards, so any value is 404."
    )
  ),
  terminal_id: optional(
    described(
      ShortText,
      "The terminal identifier (TID) of the simulated terminal (1 to 200 characters); none when absent."
    )
  )
}).check(Schema.makeFilter(exactlyOneOf(cardSelectors))).annotate({ identifier: "SimulateCardBalanceInquiry" })
export type SimulateCardBalanceInquiry = typeof SimulateCardBalanceInquiry.Type

/** `POST /simulations/card_authentications`: a 3DS attempt; returns the new card payment. */
export const SimulateCardAuthentication = Schema.Struct({
  card_id: described(CardId, "The card to authenticate."),
  category: optional(
    described(
      CardAuthentication.MessageCategoryName,
      "Whether the attempt is for a payment. `payment_authentication` (the default): for a payment of `purchase_amount`. `non_payment_authentication`: not for a payment, such as adding the card to a merchant's account."
    )
  ),
  device_channel: optional(
    described(
      CardAuthentication.DeviceChannelCategory,
      "Where the attempt was started. `app`, `browser` (the default) or `three_ds_requestor_initiated` (by the merchant, without the cardholder)."
    )
  ),
  merchant_acceptor_id: optional(
    described(ShortText, "The merchant identifier (MID) of the merchant (1 to 200 characters); none when absent.")
  ),
  merchant_category_code: merchantInputFields.merchant_category_code,
  merchant_country: merchantInputFields.merchant_country,
  merchant_name: optional(
    described(
      ShortText,
      "The merchant's name (1 to 200 characters); also the 3DS requestor's name (`Sandbox Merchant` when absent)."
    )
  ),
  /** Only meaningful for payment authentications. */
  purchase_amount: optional(
    described(
      PositiveAmount,
      "The purchase amount, in the minor unit of the currency (cents for USD); only for `payment_authentication` (0 when absent)."
    )
  )
}).check(
  Schema.makeFilter((body) =>
    body.purchase_amount !== undefined && body.category === "non_payment_authentication"
      ? { path: ["purchase_amount"], issue: "is only allowed for payment_authentication" }
      : undefined
  )
).annotate({ identifier: "SimulateCardAuthentication" })
export type SimulateCardAuthentication = typeof SimulateCardAuthentication.Type

/** `POST /simulations/card_authentications/{card_payment_id}/challenge_attempts`. */
export const SimulateCardAuthenticationChallengeAttempt = Schema.Struct({
  one_time_code: described(
    ShortText,
    "The code the cardholder entered (1 to 200 characters). The right one (the challenge's `one_time_code`) authenticates; a third wrong one ends the authentication `exceeded_attempt_threshold`. Sandbox words instead of a code: `CANCEL` (the cardholder canceled: `canceled`) and `TIMEOUT` (the cardholder never answered: `timed_out_awaiting_challenge`); both only while the authentication is `awaiting_challenge`."
  )
}).annotate({ identifier: "SimulateCardAuthenticationChallengeAttempt" })
export type SimulateCardAuthenticationChallengeAttempt = typeof SimulateCardAuthenticationChallengeAttempt.Type

/** `POST /simulations/digital_wallet_token_requests`. */
export const SimulateDigitalWalletTokenRequest = Schema.Struct({
  card_id: described(CardId, "The card a wallet asks to add.")
}).annotate({ identifier: "SimulateDigitalWalletTokenRequest" })
export type SimulateDigitalWalletTokenRequest = typeof SimulateDigitalWalletTokenRequest.Type
