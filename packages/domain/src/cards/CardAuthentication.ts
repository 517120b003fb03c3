/**
 * Card authentications (3-D Secure attempts): the `card_authentication`
 * element of a card payment and the life of its `status`; what the merchant's
 * 3DS server sends is in `CardAuthenticationRequest` (exported here too).
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
import { described } from "../core/Described.js"
import { CardAuthenticationId, CardPaymentId, RealTimeDecisionId } from "../core/Ids.js"
import { CardAuthenticationWrongStatus } from "../core/Refusals.js"
import { Timestamp } from "../core/Timestamp.js"
import { type PendingEvent, pendingEvent } from "../events/Event.js"
import { requestFields } from "./CardAuthenticationRequest.js"

export * from "./CardAuthenticationRequest.js"

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

const refuse = (detail: string): Result.Result<Transition, CardAuthenticationWrongStatus> =>
  Result.fail(new CardAuthenticationWrongStatus({ detail }))

const accept = (
  authentication: CardAuthentication,
  changes: Partial<Pick<CardAuthentication, "status" | "challenge">>
): Result.Result<Transition, CardAuthenticationWrongStatus> =>
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
): Result.Result<Transition, CardAuthenticationWrongStatus> => {
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
