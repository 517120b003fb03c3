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
import { InvalidOperationError } from "./Errors.js"
import { type PendingEvent, pendingEvent } from "./Event.js"
import { CardAuthenticationId, CardId, CardPaymentId, RealTimeDecisionId } from "./Ids.js"
import { Amount, CurrencyCode } from "./Money.js"
import { Timestamp } from "./Timestamp.js"

export const JavascriptEnabled = Schema.Literals(["enabled", "disabled"])

export const Browser = Schema.Struct({
  accept_header: Schema.NullOr(Schema.String),
  ip_address: Schema.NullOr(Schema.String),
  javascript_enabled: Schema.NullOr(JavascriptEnabled),
  language: Schema.NullOr(Schema.String),
  user_agent: Schema.NullOr(Schema.String)
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
  Schema.Struct({ category: Schema.Literal("app"), browser: Schema.Null, merchant_initiated: Schema.Null }),
  Schema.Struct({ category: Schema.Literal("browser"), browser: Browser, merchant_initiated: Schema.Null }),
  Schema.Struct({
    category: Schema.Literal("three_ds_requestor_initiated"),
    browser: Schema.Null,
    merchant_initiated: Schema.Struct({ indicator: MerchantInitiatedIndicator })
  })
]).annotate({ identifier: "CardAuthenticationDeviceChannel" })
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
  purchase_amount: Amount,
  purchase_amount_cardholder_estimated: Schema.NullOr(Amount),
  purchase_currency: CurrencyCode,
  transaction_type: Schema.NullOr(TransactionType)
})
export type PaymentMessage = typeof PaymentMessage.Type

export const MessageCategoryName = Schema.Literals(["payment_authentication", "non_payment_authentication"])
export type MessageCategoryName = typeof MessageCategoryName.Type

/** Whether the authentication is for a payment (with its amount) or not (adding a card, …). */
export const MessageCategory = Schema.Union([
  Schema.Struct({
    category: Schema.Literal("payment_authentication"),
    payment: PaymentMessage,
    non_payment: Schema.Null
  }),
  Schema.Struct({
    category: Schema.Literal("non_payment_authentication"),
    payment: Schema.Null,
    non_payment: Schema.Struct({})
  })
]).annotate({ identifier: "CardAuthenticationMessageCategory" })
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
  access_control_server_transaction_identifier: Schema.String,
  billing_address_city: Schema.NullOr(Schema.String),
  billing_address_country: Schema.NullOr(Schema.String),
  billing_address_line1: Schema.NullOr(Schema.String),
  billing_address_line2: Schema.NullOr(Schema.String),
  billing_address_line3: Schema.NullOr(Schema.String),
  billing_address_postal_code: Schema.NullOr(Schema.String),
  billing_address_state: Schema.NullOr(Schema.String),
  card_id: CardId,
  cardholder_email: Schema.NullOr(Schema.String),
  cardholder_name: Schema.NullOr(Schema.String),
  device_channel: DeviceChannel,
  directory_server_transaction_identifier: Schema.String,
  merchant_acceptor_id: Schema.NullOr(Schema.String),
  merchant_category_code: Schema.NullOr(Schema.String),
  merchant_country: Schema.NullOr(Schema.String),
  merchant_name: Schema.NullOr(Schema.String),
  message_category: MessageCategory,
  prior_authenticated_card_payment_id: Schema.NullOr(CardPaymentId),
  requestor_authentication_indicator: Schema.NullOr(RequestorAuthenticationIndicator),
  requestor_challenge_indicator: Schema.NullOr(RequestorChallengeIndicator),
  requestor_name: Schema.String,
  requestor_url: Schema.String,
  shipping_address_city: Schema.NullOr(Schema.String),
  shipping_address_country: Schema.NullOr(Schema.String),
  shipping_address_line1: Schema.NullOr(Schema.String),
  shipping_address_line2: Schema.NullOr(Schema.String),
  shipping_address_line3: Schema.NullOr(Schema.String),
  shipping_address_postal_code: Schema.NullOr(Schema.String),
  shipping_address_state: Schema.NullOr(Schema.String),
  three_d_secure_server_transaction_identifier: Schema.String
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
  created_at: Timestamp,
  outcome: Schema.Literals(["successful", "failed"])
})
export type ChallengeAttempt = typeof ChallengeAttempt.Type

export const VerificationMethod = Schema.Literals(["text_message", "email", "none_available"])
export type VerificationMethod = typeof VerificationMethod.Type

export const Challenge = Schema.Struct({
  attempts: Schema.Array(ChallengeAttempt),
  created_at: Timestamp,
  one_time_code: Schema.String,
  real_time_decision_id: Schema.NullOr(RealTimeDecisionId),
  verification_method: VerificationMethod,
  /** The phone number or email address the code was sent to. */
  verification_value: Schema.NullOr(Schema.String)
}).annotate({ identifier: "CardAuthenticationChallenge" })
export type Challenge = typeof Challenge.Type

/** The `card_authentication` element of a card payment. */
export class CardAuthentication extends Schema.Class<CardAuthentication>("CardAuthentication")({
  id: CardAuthenticationId,
  ...requestFields,
  card_payment_id: CardPaymentId,
  challenge: Schema.NullOr(Challenge),
  created_at: Timestamp,
  deny_reason: Schema.NullOr(DenyReason),
  real_time_decision_id: Schema.NullOr(RealTimeDecisionId),
  status: Status,
  type: Schema.tag("card_authentication")
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
