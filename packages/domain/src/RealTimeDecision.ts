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
import { Duration, Result, Schema } from "effect"
import * as CardAuthentication from "./CardAuthentication.js"
import {
  AdditionalAmounts,
  AuthorizationDeclineReason,
  DigitalWallet,
  Direction,
  Healthcare,
  merchantFields,
  NetworkDetails,
  NetworkIdentifiers,
  NetworkRiskScore,
  PartialApprovalCapability,
  ProcessingCategory,
  Verification
} from "./CardNetwork.js"
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

export const AuthorizationDecision = Schema.Literals(["approve", "decline"])
export type AuthorizationDecision = typeof AuthorizationDecision.Type

/** Whether the request is a new authorization or an increment of an existing one. */
export const RequestDetails = Schema.Union([
  Schema.Struct({
    category: Schema.Literal("initial_authorization"),
    initial_authorization: Schema.Struct({}),
    incremental_authorization: Schema.Null
  }),
  Schema.Struct({
    category: Schema.Literal("incremental_authorization"),
    initial_authorization: Schema.Null,
    incremental_authorization: Schema.Struct({
      card_payment_id: CardPaymentId,
      original_card_authorization_id: CardAuthorizationId
    })
  })
]).annotate({ identifier: "RealTimeDecisionRequestDetails" })
export type RequestDetails = typeof RequestDetails.Type

export const CardAuthorizationDetail = Schema.Struct({
  account_id: AccountId,
  additional_amounts: AdditionalAmounts,
  /** Present if and only if `decision` is `approve`. */
  approval: Schema.NullOr(Schema.Struct({ partial_amount: Schema.NullOr(Amount) })),
  card_id: CardId,
  decision: Schema.NullOr(AuthorizationDecision),
  /** Present if and only if `decision` is `decline`. */
  decline: Schema.NullOr(Schema.Struct({ reason: AuthorizationDeclineReason })),
  digital_wallet_token_id: Schema.NullOr(DigitalWalletTokenId),
  direction: Direction,
  healthcare: Schema.NullOr(Healthcare),
  ...merchantFields,
  network_details: NetworkDetails,
  network_identifiers: NetworkIdentifiers,
  network_risk_score: Schema.NullOr(NetworkRiskScore),
  partial_approval_capability: PartialApprovalCapability,
  physical_card_id: Schema.NullOr(PhysicalCardId),
  /** In the currency the card user sees. */
  presentment_amount: Amount,
  presentment_currency: CurrencyCode,
  processing_category: ProcessingCategory,
  request_details: RequestDetails,
  /** In the account's currency. */
  settlement_amount: Amount,
  settlement_currency: CurrencyCode,
  terminal_id: Schema.NullOr(Schema.String),
  upcoming_card_payment_id: CardPaymentId,
  verification: Verification
}).annotate({ identifier: "RealTimeDecisionCardAuthorization" })
export type CardAuthorizationDetail = typeof CardAuthorizationDetail.Type

export const CardBalanceInquiryDetail = Schema.Struct({
  account_id: AccountId,
  additional_amounts: AdditionalAmounts,
  /** Present if and only if `decision` is `approve`; the balance reported. */
  approval: Schema.NullOr(Schema.Struct({ balance: Amount })),
  card_id: CardId,
  decision: Schema.NullOr(AuthorizationDecision),
  digital_wallet_token_id: Schema.NullOr(DigitalWalletTokenId),
  ...merchantFields,
  network_details: NetworkDetails,
  network_identifiers: NetworkIdentifiers,
  network_risk_score: Schema.NullOr(NetworkRiskScore),
  physical_card_id: Schema.NullOr(PhysicalCardId),
  terminal_id: Schema.NullOr(Schema.String),
  upcoming_card_payment_id: CardPaymentId,
  verification: Verification
}).annotate({ identifier: "RealTimeDecisionCardBalanceInquiry" })
export type CardBalanceInquiryDetail = typeof CardBalanceInquiryDetail.Type

export const CardAuthenticationDetail = Schema.Struct({
  ...CardAuthentication.requestFields,
  account_id: AccountId,
  /** `approve` lets the attempt through without a challenge. */
  decision: Schema.NullOr(CardAuthentication.Decision),
  upcoming_card_payment_id: CardPaymentId
}).annotate({ identifier: "RealTimeDecisionCardAuthentication" })
export type CardAuthenticationDetail = typeof CardAuthenticationDetail.Type

export const DeliveryResult = Schema.Literals(["success", "failure"])
export type DeliveryResult = typeof DeliveryResult.Type

export const CardAuthenticationChallengeDetail = Schema.Struct({
  account_id: AccountId,
  card_id: CardId,
  card_payment_id: CardPaymentId,
  /** The code the client delivers to the cardholder. */
  one_time_code: Schema.String,
  /** `success`: the code was delivered; `failure`: it was not. */
  result: Schema.NullOr(DeliveryResult)
}).annotate({ identifier: "RealTimeDecisionCardAuthenticationChallenge" })
export type CardAuthenticationChallengeDetail = typeof CardAuthenticationChallengeDetail.Type

export const DigitalWalletAuthenticationDetail = Schema.Struct({
  card_id: CardId,
  channel: Schema.Literals(["sms", "email"]),
  digital_wallet: DigitalWallet,
  /** Used when `channel` is `email`. */
  email: Schema.NullOr(Schema.String),
  one_time_passcode: Schema.String,
  /** Used when `channel` is `sms`. */
  phone: Schema.NullOr(Schema.String),
  result: Schema.NullOr(DeliveryResult)
}).annotate({ identifier: "RealTimeDecisionDigitalWalletAuthentication" })
export type DigitalWalletAuthenticationDetail = typeof DigitalWalletAuthenticationDetail.Type

export const DigitalWalletTokenDetail = Schema.Struct({
  card_id: CardId,
  /** Null until the decision is responded to. */
  decision: Schema.NullOr(AuthorizationDecision),
  /** `identifier`: the device's id assigned by the wallet provider. */
  device: Schema.Struct({ identifier: Schema.NullOr(Schema.String) }),
  digital_wallet: DigitalWallet
}).annotate({ identifier: "RealTimeDecisionDigitalWalletToken" })
export type DigitalWalletTokenDetail = typeof DigitalWalletTokenDetail.Type

/**
 * The decision. Only the detail object named after `category` is populated;
 * the others are null (`create` builds it that way).
 */
export class RealTimeDecision extends Schema.Class<RealTimeDecision>("RealTimeDecision")({
  id: RealTimeDecisionId,
  card_authentication: Schema.NullOr(CardAuthenticationDetail),
  card_authentication_challenge: Schema.NullOr(CardAuthenticationChallengeDetail),
  card_authorization: Schema.NullOr(CardAuthorizationDetail),
  card_balance_inquiry: Schema.NullOr(CardBalanceInquiryDetail),
  category: Category,
  created_at: Timestamp,
  digital_wallet_authentication: Schema.NullOr(DigitalWalletAuthenticationDetail),
  digital_wallet_token: Schema.NullOr(DigitalWalletTokenDetail),
  status: Status,
  /** After this time the client can no longer respond. */
  timeout_at: Timestamp,
  type: Schema.tag("real_time_decision")
}) {}

// ---------------------------------------------------------------------------
// The action body
// ---------------------------------------------------------------------------

/** One contact of the cardholder, for delivering a code. */
const Contact = ShortText

const onlyWhen = (field: string, condition: string) => ({ path: [field], issue: `is only allowed when ${condition}` })

export const CardAuthorizationAction = Schema.Struct({
  decision: AuthorizationDecision,
  approval: optional(
    Schema.Struct({
      /** The merchant's address answer, for the acquirer's address verification. */
      cardholder_address_verification_result: optional(
        Schema.Struct({
          line1: Schema.Literals(["match", "no_match"]),
          postal_code: Schema.Literals(["match", "no_match"])
        })
      ),
      /** In settlement currency; only when the merchant supports partial approvals. */
      partial_amount: optional(PositiveAmount)
    })
  ),
  decline: optional(Schema.Struct({ reason: AuthorizationDeclineReason }))
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
  decision: AuthorizationDecision,
  /** The balance to report, in settlement currency. */
  approval: optional(Schema.Struct({ balance: Amount }))
}).check(
  Schema.makeFilter((action) =>
    action.approval !== undefined && action.decision !== "approve"
      ? onlyWhen("approval", "decision is approve")
      : undefined
  )
)
export type CardBalanceInquiryAction = typeof CardBalanceInquiryAction.Type

export const CardAuthenticationAction = Schema.Struct({ decision: CardAuthentication.Decision })
export type CardAuthenticationAction = typeof CardAuthenticationAction.Type

export const CardAuthenticationChallengeAction = Schema.Struct({
  result: DeliveryResult,
  /** The contact the code was delivered to. */
  success: optional(Schema.Struct({ email: optional(Contact), phone: optional(Contact) }))
}).check(
  Schema.makeFilter((action) =>
    action.success !== undefined && action.result !== "success" ? onlyWhen("success", "result is success") : undefined
  )
)
export type CardAuthenticationChallengeAction = typeof CardAuthenticationChallengeAction.Type

/** Exactly one of `email` and `phone`: the contact the passcode went to. */
export const DigitalWalletAuthenticationSuccess = Schema.Struct({
  email: optional(Contact),
  phone: optional(Contact)
}).check(
  Schema.makeFilter((success) =>
    (success.email === undefined) === (success.phone === undefined)
      ? "exactly one of email and phone must be provided"
      : undefined
  )
)

export const DigitalWalletAuthenticationAction = Schema.Struct({
  result: DeliveryResult,
  success: optional(DigitalWalletAuthenticationSuccess)
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
  approval: optional(Schema.Struct({ email: optional(Contact), phone: optional(Contact) })),
  /** For logging only; not shown to the cardholder. */
  decline: optional(Schema.Struct({ reason: optional(ShortText) }))
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
  card_authentication: optional(CardAuthenticationAction),
  card_authentication_challenge: optional(CardAuthenticationChallengeAction),
  card_authorization: optional(CardAuthorizationAction),
  card_balance_inquiry: optional(CardBalanceInquiryAction),
  digital_wallet_authentication: optional(DigitalWalletAuthenticationAction),
  digital_wallet_token: optional(DigitalWalletTokenAction)
}).annotate({ identifier: "RealTimeDecisionAction" })
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

const isDue = (decision: RealTimeDecision, at: Timestamp): boolean =>
  at.epochMilliseconds >= decision.timeout_at.epochMilliseconds

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
    case "TimeOut":
      return isDue(decision, command.at)
        ? Result.succeed({ next: new RealTimeDecision({ ...decision, status: "timed_out" }), events: [] })
        : refuse("This real-time decision's window has not passed yet.")
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
