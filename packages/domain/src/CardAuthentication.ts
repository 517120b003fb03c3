/**
 * Card authentications (3-D Secure attempts): what the merchant's 3DS server
 * sends, the `card_authentication` element of a card payment, and the life of
 * its `status`.
 *
 * The spec lists the statuses but not the moves between them; this is the
 * graph we settled on (terminal states have no way out):
 *
 * ```
 *                      ┌─ approve ──────────> authenticated_without_challenge
 *  decision (or none) ─┼─ deny / timeout ───> denied
 *                      └─ challenge ────────> awaiting_challenge
 *
 *  awaiting_challenge ──StartChallenge────────> awaiting_challenge (challenge set, once)
 *  awaiting_challenge ──SubmitChallengeAttempt> validating_challenge (attempt recorded)
 *  validating_challenge ──CompleteValidation──> authenticated_with_challenge  (last attempt successful)
 *                                            ├> exceeded_attempt_threshold    (3rd failed attempt)
 *                                            └> awaiting_challenge            (failed, attempts left)
 *  awaiting_challenge ──Cancel────────────────> canceled                     (cardholder abandoned)
 *  awaiting_challenge ──Expire────────────────> timed_out_awaiting_challenge
 *  awaiting_challenge | validating_challenge ──Fail──> errored              (code not delivered, …)
 * ```
 *
 * The first move happens when the authentication is created (see
 * `statusAfterDecision`); every later accepted move updates the card payment
 * the authentication belongs to, so it emits `card_payment.updated`.
 */
import { Result, Schema } from "effect"
import { described } from "./Described.js"
import { InvalidOperationError } from "./Errors.js"
import { type PendingEvent, pendingEvent } from "./Event.js"
import { CardAuthenticationId, CardId, CardPaymentId, RealTimeDecisionId } from "./Ids.js"
import { Amount, CurrencyCode } from "./Money.js"
import { Timestamp } from "./Timestamp.js"

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

/** The user's answer to a `card_authentication_requested` decision. */
export const Decision = Schema.Literals(["approve", "challenge", "deny"])
export type Decision = typeof Decision.Type

export const Status = Schema.Literals([
  "denied",
  "authenticated_with_challenge",
  "authenticated_without_challenge",
  "awaiting_challenge",
  "validating_challenge",
  "canceled",
  "timed_out_awaiting_challenge",
  "errored",
  "exceeded_attempt_threshold"
])
export type Status = typeof Status.Type

/** The states with a way out; every other status is final. */
export const nonTerminalStatuses: ReadonlyArray<Status> = ["awaiting_challenge", "validating_challenge"]

export const isTerminal = (status: Status): boolean => !nonTerminalStatuses.includes(status)

export const DenyReason = Schema.Literals([
  "group_locked",
  "card_not_active",
  "entity_not_active",
  "transaction_not_allowed",
  "webhook_denied",
  "webhook_timed_out"
])
export type DenyReason = typeof DenyReason.Type

export const ChallengeAttempt = Schema.Struct({
  created_at: described(Timestamp, "When the cardholder submitted the code (ISO 8601, UTC)."),
  outcome: described(
    Schema.Literals(["successful", "failed"]),
    "Whether the submitted code was right. `successful` or `failed`."
  )
})
export type ChallengeAttempt = typeof ChallengeAttempt.Type

export const VerificationMethod = Schema.Literals(["text_message", "email", "none_available"])
export type VerificationMethod = typeof VerificationMethod.Type

export const Challenge = Schema.Struct({
  attempts: described(
    Schema.Array(ChallengeAttempt),
    "The cardholder's attempts at the code, oldest first; empty until the first. A third failed attempt ends the authentication `exceeded_attempt_threshold`."
  ),
  created_at: described(Timestamp, "When the challenge started (ISO 8601, UTC)."),
  one_time_code: described(Schema.String, "The one-time code sent to the cardholder for the challenge."),
  real_time_decision_id: described(
    Schema.NullOr(RealTimeDecisionId),
    "The real-time decision that asked you to deliver the code; null when the service delivered it itself."
  ),
  verification_method: described(
    VerificationMethod,
    "How the code was sent. `text_message`: by text message. `email`: by email. `none_available`: it could not be delivered."
  ),
  /** The phone number or email address the code was sent to. */
  verification_value: described(
    Schema.NullOr(Schema.String),
    "The phone number or email address the code was sent to; null when not known (the service delivering the code itself)."
  )
}).annotate({
  identifier: "CardAuthenticationChallenge",
  description: "A challenge: a one-time code sent to the cardholder, who enters it at the merchant."
})
export type Challenge = typeof Challenge.Type

/** The `card_authentication` element of a card payment. */
export class CardAuthentication extends Schema.Class<CardAuthentication>("CardAuthentication")({
  id: described(CardAuthenticationId, "The card authentication's identifier."),
  ...requestFields,
  card_payment_id: described(
    CardPaymentId,
    "The card payment this authentication belongs to (the authorization that follows can join it)."
  ),
  challenge: described(
    Schema.NullOr(Challenge),
    "The challenge, once one started; null before and when none was asked."
  ),
  created_at: described(Timestamp, "When the authentication was attempted (ISO 8601, UTC)."),
  deny_reason: described(
    Schema.NullOr(DenyReason),
    "Why the attempt was denied; null unless `status` is `denied`. `group_locked`: the group was locked. `card_not_active`: the card was not active. `entity_not_active`: the entity was not active. `transaction_not_allowed`: the transaction was not allowed. `webhook_denied`: you denied it through a real-time decision. `webhook_timed_out`: your application did not answer the real-time decision in time."
  ),
  real_time_decision_id: described(
    Schema.NullOr(RealTimeDecisionId),
    "The real-time decision that asked you to approve, challenge or deny the attempt; null when the service decided itself."
  ),
  status: described(
    Status,
    "Where the authentication stands. `denied`: denied (see `deny_reason`). `authenticated_with_challenge`: authenticated after the cardholder entered the code. `authenticated_without_challenge`: authenticated without a challenge. `awaiting_challenge`: waiting for the challenge to start or for the cardholder's code. `validating_challenge`: checking a submitted code. `canceled`: the cardholder abandoned it. `timed_out_awaiting_challenge`: the cardholder never entered a code. `errored`: the code could not be delivered. `exceeded_attempt_threshold`: three wrong codes."
  ),
  type: described(Schema.tag("card_authentication"), "Always `card_authentication`: the type of this object.")
}) {}

/** Failed attempts allowed before the authentication ends in `exceeded_attempt_threshold`. */
export const maximumFailedAttempts = 3

/**
 * The first status of an authentication, from the user's decision, from the
 * decision window passing (`timed_out`), or from the service deciding itself
 * when no decision was asked for (a deny then names its own reason).
 */
export const statusAfterDecision = (
  decision: Decision | "timed_out",
  denyReason: DenyReason = "webhook_denied"
): { readonly status: Status; readonly deny_reason: DenyReason | null } => {
  switch (decision) {
    case "approve":
      return { status: "authenticated_without_challenge", deny_reason: null }
    case "challenge":
      return { status: "awaiting_challenge", deny_reason: null }
    case "deny":
      return { status: "denied", deny_reason: denyReason }
    case "timed_out":
      return { status: "denied", deny_reason: "webhook_timed_out" }
  }
}

export type Command =
  | {
    readonly _tag: "StartChallenge"
    readonly at: Timestamp
    readonly one_time_code: string
    readonly verification_method: VerificationMethod
    readonly verification_value: string | null
    readonly real_time_decision_id: RealTimeDecisionId | null
  }
  | { readonly _tag: "SubmitChallengeAttempt"; readonly at: Timestamp; readonly one_time_code: string }
  | { readonly _tag: "CompleteValidation" }
  | { readonly _tag: "Cancel" }
  | { readonly _tag: "Expire" }
  | { readonly _tag: "Fail" }

export interface Transition {
  readonly next: CardAuthentication
  readonly events: ReadonlyArray<PendingEvent>
}

const refuse = (detail: string): Result.Result<Transition, InvalidOperationError> =>
  Result.fail(new InvalidOperationError({ detail }))

const accept = (
  authentication: CardAuthentication,
  changes: Partial<Pick<CardAuthentication, "status" | "challenge">>
): Result.Result<Transition, InvalidOperationError> =>
  Result.succeed({
    next: new CardAuthentication({ ...authentication, ...changes }),
    events: [pendingEvent("card_payment.updated", "card_payment", authentication.card_payment_id)]
  })

const failedAttempts = (challenge: Challenge): number =>
  challenge.attempts.filter((attempt) => attempt.outcome === "failed").length

/** Applies a command to an authentication, or says why it cannot happen now. */
export const transition = (
  authentication: CardAuthentication,
  command: Command
): Result.Result<Transition, InvalidOperationError> => {
  const { status, challenge } = authentication
  switch (command._tag) {
    case "StartChallenge": {
      if (status !== "awaiting_challenge") {
        return refuse(`A challenge cannot be started for a card authentication that is ${status}.`)
      }
      if (challenge !== null) return refuse("A challenge was already started for this card authentication.")
      return accept(authentication, {
        challenge: {
          attempts: [],
          created_at: command.at,
          one_time_code: command.one_time_code,
          real_time_decision_id: command.real_time_decision_id,
          verification_method: command.verification_method,
          verification_value: command.verification_value
        }
      })
    }
    case "SubmitChallengeAttempt": {
      if (status !== "awaiting_challenge") {
        return refuse(`A challenge attempt cannot be made on a card authentication that is ${status}.`)
      }
      if (challenge === null) return refuse("No challenge was started for this card authentication.")
      const attempt: ChallengeAttempt = {
        created_at: command.at,
        outcome: command.one_time_code === challenge.one_time_code ? "successful" : "failed"
      }
      return accept(authentication, {
        status: "validating_challenge",
        challenge: { ...challenge, attempts: [...challenge.attempts, attempt] }
      })
    }
    case "CompleteValidation": {
      if (status !== "validating_challenge" || challenge === null) {
        return refuse(`A card authentication that is ${status} has no challenge attempt to validate.`)
      }
      const last = challenge.attempts[challenge.attempts.length - 1]
      if (last?.outcome === "successful") return accept(authentication, { status: "authenticated_with_challenge" })
      return accept(authentication, {
        status: failedAttempts(challenge) >= maximumFailedAttempts ? "exceeded_attempt_threshold" : "awaiting_challenge"
      })
    }
    case "Cancel":
      return status === "awaiting_challenge"
        ? accept(authentication, { status: "canceled" })
        : refuse(`A card authentication that is ${status} cannot be canceled.`)
    case "Expire":
      return status === "awaiting_challenge"
        ? accept(authentication, { status: "timed_out_awaiting_challenge" })
        : refuse(`A card authentication that is ${status} is not awaiting a challenge.`)
    case "Fail":
      return isTerminal(status)
        ? refuse(`A card authentication that is ${status} is already final.`)
        : accept(authentication, { status: "errored" })
  }
}
