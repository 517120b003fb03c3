/**
 * The real-time decision resource: its categories and statuses, the detail
 * object of each category, and `RealTimeDecision` itself. Exported from
 * `RealTimeDecision` as well, which holds the decision's life.
 */
import { Duration, Schema } from "effect"
import * as CardAuthentication from "../cards/CardAuthentication.js"
import {
  AdditionalAmounts,
  AuthorizationDeclineReason,
  authorizationDeclineReasonValues,
  DigitalWallet,
  digitalWalletValues,
  Direction,
  directionDescription,
  Healthcare,
  merchantFields,
  NetworkDetails,
  NetworkIdentifiers,
  NetworkRiskScore,
  PartialApprovalCapability,
  partialApprovalCapabilityDescription,
  ProcessingCategory,
  processingCategoryDescription,
  Verification
} from "../cards/CardNetwork.js"
import { described } from "../core/Described.js"
import {
  AccountId,
  CardAuthorizationId,
  CardId,
  CardPaymentId,
  DigitalWalletTokenId,
  PhysicalCardId,
  RealTimeDecisionId
} from "../core/Ids.js"
import { Timestamp } from "../core/Timestamp.js"
import type { RealTimeDecisionEventCategory } from "../events/EventCategory.js"
import { Amount, CurrencyCode } from "../money/Money.js"

export const Category = Schema.Literals([
  "card_authorization_requested",
  "card_balance_inquiry_requested",
  "card_authentication_requested",
  "card_authentication_challenge_requested",
  "digital_wallet_token_requested",
  "digital_wallet_authentication_requested"
])
export type Category = typeof Category.Type

export const Status = Schema.Literals(["pending", "responded", "timed_out"])
export type Status = typeof Status.Type

/** The name of the detail object (and of the action body's object) for each category. */
export const detailFieldOf = {
  card_authorization_requested: "card_authorization",
  card_balance_inquiry_requested: "card_balance_inquiry",
  card_authentication_requested: "card_authentication",
  card_authentication_challenge_requested: "card_authentication_challenge",
  digital_wallet_token_requested: "digital_wallet_token",
  digital_wallet_authentication_requested: "digital_wallet_authentication"
} as const satisfies Record<Category, string>
export type DetailField = (typeof detailFieldOf)[Category]

export const detailFields: ReadonlyArray<DetailField> = Object.values(detailFieldOf)

export const eventCategoryOf = (category: Category): RealTimeDecisionEventCategory => `real_time_decision.${category}`

/**
 * How long the client has to answer (decisions.md i): about 3 seconds for
 * authorizations and balance inquiries, about 4 for the others. The bank
 * makes them configurable; these are the defaults.
 */
export const defaultTimeoutWindows: Record<Category, Duration.Duration> = {
  card_authorization_requested: Duration.seconds(3),
  card_balance_inquiry_requested: Duration.seconds(3),
  card_authentication_requested: Duration.seconds(4),
  card_authentication_challenge_requested: Duration.seconds(4),
  digital_wallet_token_requested: Duration.seconds(4),
  digital_wallet_authentication_requested: Duration.seconds(4)
}

// ---------------------------------------------------------------------------
// The detail objects
// ---------------------------------------------------------------------------

const additionalAmountsText =
  "Amounts the network itemized within the amount, such as an ATM surcharge; each null when not given."

export const AuthorizationDecision = Schema.Literals(["approve", "decline"])
export type AuthorizationDecision = typeof AuthorizationDecision.Type

/** Whether the request is a new authorization or an increment of an existing one. */
export const RequestDetails = Schema.Union([
  Schema.Struct({
    category: described(
      Schema.Literal("initial_authorization"),
      "What the authorization asks for. `initial_authorization`: a new, standalone authorization (`initial_authorization` is set). `incremental_authorization`: an increase of an existing authorization (`incremental_authorization` is set)."
    ),
    initial_authorization: described(
      Schema.Struct({}),
      "Fields of a new authorization (there are none); set if and only if `category` is `initial_authorization`."
    ),
    incremental_authorization: described(
      Schema.Null,
      "Fields of an increment; null unless `category` is `incremental_authorization`."
    )
  }),
  Schema.Struct({
    category: described(
      Schema.Literal("incremental_authorization"),
      "What the authorization asks for. `initial_authorization`: a new, standalone authorization (`initial_authorization` is set). `incremental_authorization`: an increase of an existing authorization (`incremental_authorization` is set)."
    ),
    initial_authorization: described(
      Schema.Null,
      "Fields of a new authorization (there are none); null unless `category` is `initial_authorization`."
    ),
    incremental_authorization: described(
      Schema.Struct({
        card_payment_id: described(CardPaymentId, "The card payment of the authorization and its increment."),
        original_card_authorization_id: described(
          CardAuthorizationId,
          "The card authorization the request would increment."
        )
      }),
      "Fields of an increment; set if and only if `category` is `incremental_authorization`."
    )
  })
]).annotate({
  identifier: "RealTimeDecisionRequestDetails",
  description: "Whether the authorization is a new one or an increment of an existing one."
})
export type RequestDetails = typeof RequestDetails.Type

export const CardAuthorizationDetail = Schema.Struct({
  account_id: described(AccountId, "The account the card draws on."),
  additional_amounts: described(AdditionalAmounts, additionalAmountsText),
  /** Present if and only if `decision` is `approve`. */
  approval: described(
    Schema.NullOr(
      Schema.Struct({
        partial_amount: described(
          Schema.NullOr(Amount),
          "The amount you approved when you approved only part of the request, in the minor unit of the settlement currency (cents for USD); null when you approved it all."
        )
      })
    ),
    "Your approval; set if and only if `decision` is `approve`."
  ),
  card_id: described(CardId, "The card being authorized."),
  decision: described(
    Schema.NullOr(AuthorizationDecision),
    "Your answer, once you responded: `approve` or `decline`; null while the decision is pending or when it timed out."
  ),
  /** Present if and only if `decision` is `decline`. */
  decline: described(
    Schema.NullOr(
      Schema.Struct({
        reason: described(
          AuthorizationDeclineReason,
          `Why you declined the authorization. ${authorizationDeclineReasonValues}`
        )
      })
    ),
    "Your decline; set if and only if `decision` is `decline`."
  ),
  digital_wallet_token_id: described(
    Schema.NullOr(DigitalWalletTokenId),
    "The digital wallet token the card is used through (a wallet purchase); null when the card itself is used."
  ),
  direction: described(Direction, directionDescription),
  healthcare: described(
    Schema.NullOr(Healthcare),
    "Healthcare fields of the authorization, only for specific programs; null otherwise."
  ),
  ...merchantFields,
  network_details: described(NetworkDetails, "Fields specific to the card network that sent the authorization."),
  network_identifiers: described(NetworkIdentifiers, "Identifiers the card network assigned to the authorization."),
  network_risk_score: described(
    Schema.NullOr(NetworkRiskScore),
    "The network's risk score: on `network_a` from 0 to 99, on `network_b` from 0 to 999, the higher the riskier. Null when the network gave none."
  ),
  partial_approval_capability: described(PartialApprovalCapability, partialApprovalCapabilityDescription),
  physical_card_id: described(
    Schema.NullOr(PhysicalCardId),
    "The physical card used in person; always null: the service issues no physical cards."
  ),
  /** In the currency the card user sees. */
  presentment_amount: described(
    Amount,
    "The amount of the attempted authorization in the currency the cardholder sees, in the minor unit of that currency (cents for USD)."
  ),
  presentment_currency: described(
    CurrencyCode,
    "The ISO 4217 code of the currency the cardholder sees (for example `USD`)."
  ),
  processing_category: described(ProcessingCategory, processingCategoryDescription),
  request_details: described(RequestDetails, "Whether this is a new authorization or an increment of an existing one."),
  /** In the account's currency. */
  settlement_amount: described(
    Amount,
    "The amount of the attempted authorization in the currency it will settle in, the account's (cents for USD). A partial approval may approve less, when `partial_approval_capability` is `supported`."
  ),
  settlement_currency: described(
    CurrencyCode,
    "The ISO 4217 code of the currency the authorization will settle in, the account's (`USD`)."
  ),
  terminal_id: described(
    Schema.NullOr(Schema.String),
    "The terminal identifier (TID) of the terminal the card is used at; null when the network did not give it."
  ),
  upcoming_card_payment_id: described(
    CardPaymentId,
    "The card payment the request will belong to once it is done (readable through the API then)."
  ),
  verification: described(Verification, "How the values the cardholder gave compared with those on file.")
}).annotate({
  identifier: "RealTimeDecisionCardAuthorization",
  description: "A card authorization waiting for your approval or decline."
})
export type CardAuthorizationDetail = typeof CardAuthorizationDetail.Type

export const CardBalanceInquiryDetail = Schema.Struct({
  account_id: described(AccountId, "The account the card draws on."),
  additional_amounts: described(AdditionalAmounts, additionalAmountsText),
  /** Present if and only if `decision` is `approve`; the balance reported. */
  approval: described(
    Schema.NullOr(
      Schema.Struct({
        balance: described(
          Amount,
          "The balance you reported, in the minor unit of the settlement currency (cents for USD)."
        )
      })
    ),
    "Your approval; set if and only if `decision` is `approve`."
  ),
  card_id: described(CardId, "The card whose balance is asked for."),
  decision: described(
    Schema.NullOr(AuthorizationDecision),
    "Your answer, once you responded: `approve` or `decline`; null while the decision is pending or when it timed out."
  ),
  digital_wallet_token_id: described(
    Schema.NullOr(DigitalWalletTokenId),
    "The digital wallet token the card is used through (a wallet purchase); null when the card itself is used."
  ),
  ...merchantFields,
  network_details: described(NetworkDetails, "Fields specific to the card network that sent the inquiry."),
  network_identifiers: described(NetworkIdentifiers, "Identifiers the card network assigned to the inquiry."),
  network_risk_score: described(
    Schema.NullOr(NetworkRiskScore),
    "The network's risk score: on `network_a` from 0 to 99, on `network_b` from 0 to 999, the higher the riskier. Null when the network gave none."
  ),
  physical_card_id: described(
    Schema.NullOr(PhysicalCardId),
    "The physical card used in person; always null: the service issues no physical cards."
  ),
  terminal_id: described(
    Schema.NullOr(Schema.String),
    "The terminal identifier (TID) of the terminal the card is used at; null when the network did not give it."
  ),
  upcoming_card_payment_id: described(
    CardPaymentId,
    "The card payment the request will belong to once it is done (readable through the API then)."
  ),
  verification: described(Verification, "How the values the cardholder gave compared with those on file.")
}).annotate({
  identifier: "RealTimeDecisionCardBalanceInquiry",
  description: "A balance inquiry waiting for your approval (with the balance to report) or decline."
})
export type CardBalanceInquiryDetail = typeof CardBalanceInquiryDetail.Type

export const CardAuthenticationDetail = Schema.Struct({
  ...CardAuthentication.requestFields,
  account_id: described(AccountId, "The account the card belongs to."),
  /** `approve` lets the attempt through without a challenge. */
  decision: described(
    Schema.NullOr(CardAuthentication.Decision),
    "Your answer, once you responded; null while the decision is pending or when it timed out. `approve`: authenticate without a challenge. `challenge`: ask the cardholder for a one-time code first. `deny`: deny the attempt."
  ),
  upcoming_card_payment_id: described(
    CardPaymentId,
    "The card payment the authentication will belong to once it is done (readable through the API then)."
  )
}).annotate({
  identifier: "RealTimeDecisionCardAuthentication",
  description: "A 3DS authentication attempt waiting for you to approve, challenge or deny it."
})
export type CardAuthenticationDetail = typeof CardAuthenticationDetail.Type

export const DeliveryResult = Schema.Literals(["success", "failure"])
export type DeliveryResult = typeof DeliveryResult.Type

export const CardAuthenticationChallengeDetail = Schema.Struct({
  account_id: described(AccountId, "The account the card belongs to."),
  card_id: described(CardId, "The card being authenticated."),
  card_payment_id: described(CardPaymentId, "The card payment of the authentication the challenge belongs to."),
  /** The code the client delivers to the cardholder. */
  one_time_code: described(Schema.String, "The one-time code to deliver to the cardholder."),
  /** `success`: the code was delivered; `failure`: it was not. */
  result: described(
    Schema.NullOr(DeliveryResult),
    "Whether you delivered the code, once you responded; null while pending or when timed out. `success`: you delivered it (the challenge starts). `failure`: you could not (the authentication ends `errored`)."
  )
}).annotate({
  identifier: "RealTimeDecisionCardAuthenticationChallenge",
  description: "A 3DS challenge code for you to deliver to the cardholder."
})
export type CardAuthenticationChallengeDetail = typeof CardAuthenticationChallengeDetail.Type

export const DigitalWalletAuthenticationDetail = Schema.Struct({
  card_id: described(CardId, "The card being added to the wallet."),
  channel: described(
    Schema.Literals(["sms", "email"]),
    "How to send the cardholder the one-time passcode. `sms`: by text message to `phone`. `email`: by email to `email`."
  ),
  digital_wallet: described(DigitalWallet, `The digital wallet adding the card: ${digitalWalletValues}`),
  /** Used when `channel` is `email`. */
  email: described(
    Schema.NullOr(Schema.String),
    "The email address to send the passcode to; set when `channel` is `email`, null otherwise."
  ),
  one_time_passcode: described(Schema.String, "The one-time passcode (six digits) to send the cardholder."),
  /** Used when `channel` is `sms`. */
  phone: described(
    Schema.NullOr(Schema.String),
    "The phone number to send the passcode to; set when `channel` is `sms`, null otherwise."
  ),
  result: described(
    Schema.NullOr(DeliveryResult),
    "Whether you delivered the passcode, once you responded; null while pending or when timed out. `success`: you delivered it (the token becomes `active`). `failure`: you could not (the token stays `inactive`)."
  )
}).annotate({
  identifier: "RealTimeDecisionDigitalWalletAuthentication",
  description: "A wallet's one-time passcode for you to deliver to the cardholder."
})
export type DigitalWalletAuthenticationDetail = typeof DigitalWalletAuthenticationDetail.Type

export const DigitalWalletTokenDetail = Schema.Struct({
  card_id: described(CardId, "The card being added to the wallet."),
  /** Null until the decision is responded to. */
  decision: described(
    Schema.NullOr(AuthorizationDecision),
    "Your answer, once you responded: `approve` or `decline`; null while the decision is pending or when it timed out."
  ),
  /** `identifier`: the device's id assigned by the wallet provider. */
  device: described(
    Schema.Struct({
      identifier: described(
        Schema.NullOr(Schema.String),
        "The identifier the wallet provider assigned to the device; null when it gave none."
      )
    }),
    "The device the card is being added on."
  ),
  digital_wallet: described(DigitalWallet, `The digital wallet adding the card: ${digitalWalletValues}`)
}).annotate({
  identifier: "RealTimeDecisionDigitalWalletToken",
  description: "A request to add a card to a digital wallet, waiting for your approval or decline."
})
export type DigitalWalletTokenDetail = typeof DigitalWalletTokenDetail.Type

/**
 * The decision. Only the detail object named after `category` is populated;
 * the others are null (`create` builds it that way).
 */
export class RealTimeDecision extends Schema.Class<RealTimeDecision>("RealTimeDecision")({
  id: described(RealTimeDecisionId, "The real-time decision's identifier."),
  card_authentication: described(
    Schema.NullOr(CardAuthenticationDetail),
    "The 3DS authentication attempt to approve, challenge or deny; set if and only if `category` is `card_authentication_requested`; null otherwise."
  ),
  card_authentication_challenge: described(
    Schema.NullOr(CardAuthenticationChallengeDetail),
    "The 3DS challenge code to deliver to the cardholder; set if and only if `category` is `card_authentication_challenge_requested`; null otherwise."
  ),
  card_authorization: described(
    Schema.NullOr(CardAuthorizationDetail),
    "The card authorization to approve or decline; set if and only if `category` is `card_authorization_requested`; null otherwise."
  ),
  card_balance_inquiry: described(
    Schema.NullOr(CardBalanceInquiryDetail),
    "The balance inquiry to approve or decline; set if and only if `category` is `card_balance_inquiry_requested`; null otherwise."
  ),
  category: described(
    Category,
    "What is asked. `card_authorization_requested`: a card is being authorized. `card_balance_inquiry_requested`: a balance inquiry is made on a card. `card_authentication_requested`: a 3DS authentication is requested. `card_authentication_challenge_requested`: a 3DS challenge code must be delivered to the cardholder. `digital_wallet_token_requested`: a card is being added to a digital wallet. `digital_wallet_authentication_requested`: a card being added to a wallet needs the cardholder's one-time passcode delivered. The detail object named after the category (without `_requested`) is the one set."
  ),
  created_at: described(Timestamp, "When the decision was created (ISO 8601, UTC)."),
  digital_wallet_authentication: described(
    Schema.NullOr(DigitalWalletAuthenticationDetail),
    "The wallet's one-time passcode to deliver to the cardholder; set if and only if `category` is `digital_wallet_authentication_requested`; null otherwise."
  ),
  digital_wallet_token: described(
    Schema.NullOr(DigitalWalletTokenDetail),
    "The request to add the card to a digital wallet; set if and only if `category` is `digital_wallet_token_requested`; null otherwise."
  ),
  status: described(
    Status,
    "Where the decision stands. `pending`: waiting for your answer through the action endpoint. `responded`: you answered; the answer was applied to the card event. `timed_out`: `timeout_at` passed without an answer; the service decided (a card authorization or balance inquiry is declined `webhook_timed_out`)."
  ),
  /** After this time the client can no longer respond. */
  timeout_at: described(
    Timestamp,
    "When you can no longer respond (ISO 8601, UTC): a few seconds after `created_at` (3 for authorizations and balance inquiries, 4 for the others). An answer at or after it is a 409."
  ),
  type: described(Schema.tag("real_time_decision"), "Always `real_time_decision`: the type of this object.")
}) {}
