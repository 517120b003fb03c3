/**
 * Real-time decisions pause a card event until the client answers through
 * `POST /real_time_decisions/{id}/action` or until `timeout_at` passes.
 *
 * ```
 * pending ──Respond (before timeout_at)──> responded
 * pending ──TimeOut (at or after timeout_at)──> timed_out
 * ```
 *
 * Both ends are final: a second answer, or an answer after the window, is an
 * `InvalidOperationError` (409). Creating a decision emits
 * `real_time_decision.<category>`; answering and timing out emit nothing of
 * their own (the card event they unblock emits its events).
 */
import { DateTime, Duration, Result, Schema } from "effect"
import * as CardAuthentication from "./CardAuthentication.js"
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
} from "./CardNetwork.js"
import { described } from "./Described.js"
import { FieldError, InvalidOperationError, InvalidParametersError } from "./Errors.js"
import { type PendingEvent, pendingEvent } from "./Event.js"
import type { RealTimeDecisionEventCategory } from "./EventCategory.js"
import {
  AccountId,
  CardAuthorizationId,
  CardId,
  CardPaymentId,
  DigitalWalletTokenId,
  PhysicalCardId,
  RealTimeDecisionId
} from "./Ids.js"
import { Amount, CurrencyCode, PositiveAmount } from "./Money.js"
import { ShortText } from "./Text.js"
import { Timestamp } from "./Timestamp.js"

/**
 * Optional body fields are absent or a value: an explicit `undefined` is not a value
 * (and a union with it would add noise to decode errors).
 */
const optional = <S extends Schema.Top>(schema: S) => Schema.optionalKey(schema)

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

// ---------------------------------------------------------------------------
// The action body
// ---------------------------------------------------------------------------

/** One contact of the cardholder, for delivering a code. */
const Contact = ShortText

const onlyWhen = (field: string, condition: string) => ({ path: [field], issue: `is only allowed when ${condition}` })

export const CardAuthorizationAction = Schema.Struct({
  decision: described(
    AuthorizationDecision,
    "Approve or decline the authorization. `approve`: approve it (within the available balance: an approval the balance does not cover is still declined `insufficient_funds`). `decline`: decline it."
  ),
  approval: optional(
    described(
      Schema.Struct({
        /** The merchant's address answer, for the acquirer's address verification. */
        cardholder_address_verification_result: optional(
          described(
            Schema.Struct({
              line1: described(
                Schema.Literals(["match", "no_match"]),
                "Whether the address line matches. `match` or `no_match`."
              ),
              postal_code: described(
                Schema.Literals(["match", "no_match"]),
                "Whether the postal code matches. `match` or `no_match`."
              )
            }),
            "Your verdict on each part of the address the cardholder gave (the request's `verification.cardholder_address`); the network response is built from it. It is advisory to the acquiring bank, which may reverse an approval whose address does not match."
          )
        ),
        /** In settlement currency; only when the merchant supports partial approvals. */
        partial_amount: optional(
          described(
            PositiveAmount,
            "Approve this lower amount instead of all of it, in the minor unit of the settlement currency (cents for USD); only when `partial_approval_capability` is `supported`, and at most `settlement_amount` (400 otherwise). The hold is then this amount."
          )
        )
      }),
      "Details of your approval; only with `decision` `approve`."
    )
  ),
  decline: optional(
    described(
      Schema.Struct({
        reason: described(
          AuthorizationDeclineReason,
          `Why you decline; sent to the card network as a decline code (without a \`decline\` object the reason is \`other\`). ${authorizationDeclineReasonValues}`
        )
      }),
      "Details of your decline; only with `decision` `decline`."
    )
  )
}).check(
  Schema.makeFilter((action) => {
    if (action.approval !== undefined && action.decision !== "approve") {
      return onlyWhen("approval", "decision is approve")
    }
    if (action.decline !== undefined && action.decision !== "decline") {
      return onlyWhen("decline", "decision is decline")
    }
    return undefined
  })
)
export type CardAuthorizationAction = typeof CardAuthorizationAction.Type

export const CardBalanceInquiryAction = Schema.Struct({
  decision: described(AuthorizationDecision, "Approve or decline the balance inquiry: `approve` or `decline`."),
  /** The balance to report, in settlement currency. */
  approval: optional(
    described(
      Schema.Struct({
        balance: described(
          Amount,
          "The balance to report to the merchant, in the minor unit of the settlement currency (cents for USD)."
        )
      }),
      "Details of your approval; only with `decision` `approve`."
    )
  )
}).check(
  Schema.makeFilter((action) =>
    action.approval !== undefined && action.decision !== "approve"
      ? onlyWhen("approval", "decision is approve")
      : undefined
  )
)
export type CardBalanceInquiryAction = typeof CardBalanceInquiryAction.Type

export const CardAuthenticationAction = Schema.Struct({
  decision: described(
    CardAuthentication.Decision,
    "Your answer to the 3DS attempt. `approve`: authenticate it without a challenge. `challenge`: ask the cardholder for a one-time code first. `deny`: deny it."
  )
})
export type CardAuthenticationAction = typeof CardAuthenticationAction.Type

export const CardAuthenticationChallengeAction = Schema.Struct({
  result: described(
    DeliveryResult,
    "Whether you delivered the code to the cardholder. `success`: you did (the challenge starts). `failure`: you could not (the authentication ends `errored`)."
  ),
  /** The contact the code was delivered to. */
  success: optional(
    described(
      Schema.Struct({
        email: optional(described(Contact, "The email address you delivered the code to.")),
        phone: optional(described(Contact, "The phone number you delivered the code to by SMS."))
      }),
      "Where you delivered the code; only with `result` `success`."
    )
  )
}).check(
  Schema.makeFilter((action) =>
    action.success !== undefined && action.result !== "success" ? onlyWhen("success", "result is success") : undefined
  )
)
export type CardAuthenticationChallengeAction = typeof CardAuthenticationChallengeAction.Type

/** Exactly one of `email` and `phone`: the contact the passcode went to. */
export const DigitalWalletAuthenticationSuccess = Schema.Struct({
  email: optional(
    described(Contact, "The email address you delivered the passcode to; exactly one of `email` and `phone`.")
  ),
  phone: optional(
    described(Contact, "The phone number you delivered the passcode to by SMS; exactly one of `email` and `phone`.")
  )
}).check(
  Schema.makeFilter((success) =>
    (success.email === undefined) === (success.phone === undefined)
      ? "exactly one of email and phone must be provided"
      : undefined
  )
)

export const DigitalWalletAuthenticationAction = Schema.Struct({
  result: described(
    DeliveryResult,
    "Whether you delivered the passcode to the cardholder. `success`: you did (the token becomes `active`). `failure`: you could not (the token stays `inactive`)."
  ),
  success: optional(
    described(
      DigitalWalletAuthenticationSuccess,
      "Where you delivered the passcode (exactly one of `email` and `phone`); only with `result` `success`."
    )
  )
}).check(
  Schema.makeFilter((action) =>
    action.success !== undefined && action.result !== "success" ? onlyWhen("success", "result is success") : undefined
  )
)
export type DigitalWalletAuthenticationAction = typeof DigitalWalletAuthenticationAction.Type

/**
 * `approval` approves the provisioning, `decline` declines it: exactly one of
 * them (an empty answer would leave the token undecided).
 */
export const DigitalWalletTokenAction = Schema.Struct({
  /** Contact for one-time-passcode verification. */
  approval: optional(described(
    Schema.Struct({
      email: optional(
        described(
          Contact,
          "An email address to verify the cardholder with a one-time passcode (else the card's `digital_wallet.email`)."
        )
      ),
      phone: optional(
        described(
          Contact,
          "A phone number to verify the cardholder with a one-time passcode by SMS (else the card's `digital_wallet.phone`); preferred over `email`."
        )
      )
    }),
    "Approve adding the card to the wallet; exactly one of `approval` and `decline`."
  )),
  /** For logging only; not shown to the cardholder. */
  decline: optional(
    described(
      Schema.Struct({
        reason: optional(described(ShortText, "Why you decline, for logging only; never shown to the cardholder."))
      }),
      "Decline adding the card to the wallet: the token is `declined` `webhook_declined`; exactly one of `approval` and `decline`."
    )
  )
}).check(
  Schema.makeFilter((action) =>
    (action.approval === undefined) === (action.decline === undefined)
      ? "exactly one of approval and decline must be provided"
      : undefined
  )
)
export type DigitalWalletTokenAction = typeof DigitalWalletTokenAction.Type

/**
 * The body of `POST /real_time_decisions/{id}/action`: the object matching the
 * decision's category (`validateAction` checks that against the decision).
 */
export const RealTimeDecisionAction = Schema.Struct({
  card_authentication: optional(
    described(
      CardAuthenticationAction,
      "Your answer to a `card_authentication_requested` decision: approve, challenge or deny the 3DS attempt. Give only the object of the decision's category (400 otherwise)."
    )
  ),
  card_authentication_challenge: optional(
    described(
      CardAuthenticationChallengeAction,
      "Your answer to a `card_authentication_challenge_requested` decision: whether you delivered the challenge code. Give only the object of the decision's category (400 otherwise)."
    )
  ),
  card_authorization: optional(
    described(
      CardAuthorizationAction,
      "Your answer to a `card_authorization_requested` decision: approve or decline the authorization. Give only the object of the decision's category (400 otherwise)."
    )
  ),
  card_balance_inquiry: optional(
    described(
      CardBalanceInquiryAction,
      "Your answer to a `card_balance_inquiry_requested` decision: approve or decline the balance inquiry. Give only the object of the decision's category (400 otherwise)."
    )
  ),
  digital_wallet_authentication: optional(
    described(
      DigitalWalletAuthenticationAction,
      "Your answer to a `digital_wallet_authentication_requested` decision: whether you delivered the wallet's passcode. Give only the object of the decision's category (400 otherwise)."
    )
  ),
  digital_wallet_token: optional(
    described(
      DigitalWalletTokenAction,
      "Your answer to a `digital_wallet_token_requested` decision: approve or decline adding the card to the wallet. Give only the object of the decision's category (400 otherwise)."
    )
  )
}).annotate({
  identifier: "RealTimeDecisionAction",
  description: "Your answer to a pending real-time decision: the one object matching its category."
})
export type RealTimeDecisionAction = typeof RealTimeDecisionAction.Type

/**
 * The rules of an action body that need the decision: the object given is the
 * one of the decision's category (and no other), and `partial_amount` only
 * when the merchant supports partial approvals and no more than requested.
 */
export const validateAction = (
  decision: RealTimeDecision,
  action: RealTimeDecisionAction
): Result.Result<RealTimeDecisionAction, InvalidParametersError> => {
  const errors: Array<FieldError> = []
  const expected = detailFieldOf[decision.category]
  for (const field of detailFields) {
    if (field === expected && action[field] === undefined) {
      errors.push(new FieldError({ field, message: `is required to answer a ${decision.category} decision` }))
    }
    if (field !== expected && action[field] !== undefined) {
      errors.push(new FieldError({ field, message: `cannot answer a ${decision.category} decision` }))
    }
  }
  const partialAmount = action.card_authorization?.approval?.partial_amount
  const authorization = decision.card_authorization
  if (partialAmount !== undefined && authorization !== null) {
    const field = "card_authorization.approval.partial_amount"
    if (authorization.partial_approval_capability !== "supported") {
      errors.push(new FieldError({ field, message: "is only allowed when partial_approval_capability is supported" }))
    } else if (partialAmount > authorization.settlement_amount) {
      errors.push(
        new FieldError({ field, message: `must not exceed the settlement amount (${authorization.settlement_amount})` })
      )
    }
  }
  return errors.length === 0
    ? Result.succeed(action)
    : Result.fail(
      new InvalidParametersError({
        detail: errors.map((error) => `${error.field}: ${error.message}`).join("; "),
        errors
      })
    )
}

// ---------------------------------------------------------------------------
// The life of a decision
// ---------------------------------------------------------------------------

/** What a new decision asks: its category and the matching detail (with its answer fields still null). */
export type Request =
  | { readonly category: "card_authorization_requested"; readonly card_authorization: CardAuthorizationDetail }
  | { readonly category: "card_balance_inquiry_requested"; readonly card_balance_inquiry: CardBalanceInquiryDetail }
  | { readonly category: "card_authentication_requested"; readonly card_authentication: CardAuthenticationDetail }
  | {
    readonly category: "card_authentication_challenge_requested"
    readonly card_authentication_challenge: CardAuthenticationChallengeDetail
  }
  | { readonly category: "digital_wallet_token_requested"; readonly digital_wallet_token: DigitalWalletTokenDetail }
  | {
    readonly category: "digital_wallet_authentication_requested"
    readonly digital_wallet_authentication: DigitalWalletAuthenticationDetail
  }

export interface Transition {
  readonly next: RealTimeDecision
  readonly events: ReadonlyArray<PendingEvent>
}

const noDetails = {
  card_authentication: null,
  card_authentication_challenge: null,
  card_authorization: null,
  card_balance_inquiry: null,
  digital_wallet_authentication: null,
  digital_wallet_token: null
} as const

const detailsOf = (request: Request) => {
  switch (request.category) {
    case "card_authorization_requested":
      return { ...noDetails, card_authorization: request.card_authorization }
    case "card_balance_inquiry_requested":
      return { ...noDetails, card_balance_inquiry: request.card_balance_inquiry }
    case "card_authentication_requested":
      return { ...noDetails, card_authentication: request.card_authentication }
    case "card_authentication_challenge_requested":
      return { ...noDetails, card_authentication_challenge: request.card_authentication_challenge }
    case "digital_wallet_token_requested":
      return { ...noDetails, digital_wallet_token: request.digital_wallet_token }
    case "digital_wallet_authentication_requested":
      return { ...noDetails, digital_wallet_authentication: request.digital_wallet_authentication }
  }
}

/** When a decision created at `createdAt` with this answer window times out. */
export const timeoutAtOf = (createdAt: Timestamp, window: Duration.Duration): Timestamp =>
  DateTime.addDuration(createdAt, window)

/** A new pending decision; emits `real_time_decision.<category>`. */
export const create = (
  fields: { readonly id: RealTimeDecisionId; readonly created_at: Timestamp; readonly timeout_at: Timestamp },
  request: Request
): Transition => ({
  next: new RealTimeDecision({ ...fields, ...detailsOf(request), category: request.category, status: "pending" }),
  events: [pendingEvent(eventCategoryOf(request.category), "real_time_decision", fields.id)]
})

export type Command =
  | { readonly _tag: "Respond"; readonly action: RealTimeDecisionAction; readonly at: Timestamp }
  | { readonly _tag: "TimeOut"; readonly at: Timestamp }

const refuse = (detail: string): Result.Result<never, InvalidOperationError> =>
  Result.fail(new InvalidOperationError({ detail }))

const notPending = (decision: RealTimeDecision): string =>
  decision.status === "responded"
    ? "This real-time decision has already been responded to."
    : "This real-time decision timed out; it can no longer be responded to."

/**
 * The latest `timeout_at` of a decision due at `at`: a decision is due (its
 * window has passed: it may be timed out, and no longer answered) once `at`
 * reaches its `timeout_at`. The store selects due decisions with this bound.
 */
export const dueCutoff = (at: Timestamp): Timestamp => at

/** Whether the decision's window has passed at `at` (`dueCutoff`). */
export const isDue = (decision: Pick<RealTimeDecision, "timeout_at">, at: Timestamp): boolean =>
  decision.timeout_at.epochMilliseconds <= dueCutoff(at).epochMilliseconds

/** A decision is finished once it left `pending` (answered or timed out). */
export const isFinished = (decision: Pick<RealTimeDecision, "status">): boolean => decision.status !== "pending"

/**
 * What a waiter for the decision does at `at`: return it (finished), time it
 * out (due), or wait at most `remaining` (until it is due) for an answer.
 */
export type Waiting =
  | { readonly _tag: "Finished" }
  | { readonly _tag: "Due" }
  | { readonly _tag: "Wait"; readonly remaining: Duration.Duration }

export const waiting = (decision: RealTimeDecision, at: Timestamp): Waiting =>
  isFinished(decision)
    ? { _tag: "Finished" }
    : isDue(decision, at)
    ? { _tag: "Due" }
    : { _tag: "Wait", remaining: DateTime.distance(dueCutoff(at), decision.timeout_at) }

/** The decision timed out, when it is pending and due at `at`; undefined when there is nothing to time out. */
export const timedOutIfDue = (decision: RealTimeDecision, at: Timestamp): RealTimeDecision | undefined =>
  waiting(decision, at)._tag === "Due" ? new RealTimeDecision({ ...decision, status: "timed_out" }) : undefined

/** The decision with the client's answer written into its detail object. */
const answered = (decision: RealTimeDecision, action: RealTimeDecisionAction): RealTimeDecision | undefined => {
  const responded = { ...decision, status: "responded" as const }
  switch (decision.category) {
    case "card_authorization_requested": {
      const detail = decision.card_authorization
      const answer = action.card_authorization
      if (detail === null || answer === undefined) return undefined
      return new RealTimeDecision({
        ...responded,
        card_authorization: {
          ...detail,
          decision: answer.decision,
          approval: answer.decision === "approve" ? { partial_amount: answer.approval?.partial_amount ?? null } : null,
          // a decline without a reason is reported to the network as `other`
          decline: answer.decision === "decline" ? { reason: answer.decline?.reason ?? "other" } : null
        }
      })
    }
    case "card_balance_inquiry_requested": {
      const detail = decision.card_balance_inquiry
      const answer = action.card_balance_inquiry
      if (detail === null || answer === undefined) return undefined
      return new RealTimeDecision({
        ...responded,
        card_balance_inquiry: {
          ...detail,
          decision: answer.decision,
          // without a balance in the answer the bank reports the account's available balance
          approval: answer.decision === "approve" && answer.approval !== undefined ? answer.approval : null
        }
      })
    }
    case "card_authentication_requested": {
      const detail = decision.card_authentication
      const answer = action.card_authentication
      if (detail === null || answer === undefined) return undefined
      return new RealTimeDecision({ ...responded, card_authentication: { ...detail, decision: answer.decision } })
    }
    case "card_authentication_challenge_requested": {
      const detail = decision.card_authentication_challenge
      const answer = action.card_authentication_challenge
      if (detail === null || answer === undefined) return undefined
      return new RealTimeDecision({ ...responded, card_authentication_challenge: { ...detail, result: answer.result } })
    }
    case "digital_wallet_authentication_requested": {
      const detail = decision.digital_wallet_authentication
      const answer = action.digital_wallet_authentication
      if (detail === null || answer === undefined) return undefined
      return new RealTimeDecision({ ...responded, digital_wallet_authentication: { ...detail, result: answer.result } })
    }
    case "digital_wallet_token_requested": {
      const detail = decision.digital_wallet_token
      const answer = action.digital_wallet_token
      if (detail === null || answer === undefined) return undefined
      return new RealTimeDecision({
        ...responded,
        digital_wallet_token: { ...detail, decision: answer.approval !== undefined ? "approve" : "decline" }
      })
    }
  }
}

/**
 * Applies a command to a decision. `Respond` expects an action that
 * `validateAction` accepted for this decision (`respond` does both).
 */
export const transition = (
  decision: RealTimeDecision,
  command: Command
): Result.Result<Transition, InvalidOperationError> => {
  if (decision.status !== "pending") return refuse(notPending(decision))
  switch (command._tag) {
    case "Respond": {
      if (isDue(decision, command.at)) {
        return refuse("This real-time decision timed out; it can no longer be responded to.")
      }
      const next = answered(decision, command.action)
      return next === undefined
        ? refuse(`The action does not answer a ${decision.category} decision.`)
        : Result.succeed({ next, events: [] })
    }
    case "TimeOut": {
      const next = timedOutIfDue(decision, command.at)
      return next === undefined
        ? refuse("This real-time decision's window has not passed yet.")
        : Result.succeed({ next, events: [] })
    }
  }
}

/** The action endpoint's rule: a valid answer (400 otherwise) to a decision still pending (409 otherwise). */
export const respond = (
  decision: RealTimeDecision,
  action: RealTimeDecisionAction,
  at: Timestamp
): Result.Result<Transition, InvalidParametersError | InvalidOperationError> =>
  Result.flatMap(
    validateAction(decision, action),
    (valid) => transition(decision, { _tag: "Respond", action: valid, at })
  )
