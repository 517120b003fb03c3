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
 * `RealTimeDecisionNotAnswerable` (409). Creating a decision emits
 * `real_time_decision.<category>`; answering and timing out emit nothing of
 * their own (the card event they unblock emits its events).
 */
import { DateTime, type Duration, Result } from "effect"
import { type RealTimeDecisionId } from "../core/Ids.js"
import { type RealTimeDecisionActionInvalid, RealTimeDecisionNotAnswerable } from "../core/Refusals.js"
import { type Timestamp } from "../core/Timestamp.js"
import { type PendingEvent, pendingEvent } from "../events/Event.js"
import { type RealTimeDecisionAction, validateAction } from "./RealTimeDecisionAction.js"
import {
  type CardAuthenticationChallengeDetail,
  type CardAuthenticationDetail,
  type CardAuthorizationDetail,
  type CardBalanceInquiryDetail,
  type DigitalWalletAuthenticationDetail,
  type DigitalWalletTokenDetail,
  eventCategoryOf,
  RealTimeDecision
} from "./RealTimeDecisionResource.js"

export * from "./RealTimeDecisionAction.js"
export * from "./RealTimeDecisionResource.js"

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

const refuse = (detail: string): Result.Result<never, RealTimeDecisionNotAnswerable> =>
  Result.fail(new RealTimeDecisionNotAnswerable({ detail }))

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
): Result.Result<Transition, RealTimeDecisionNotAnswerable> => {
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
): Result.Result<Transition, RealTimeDecisionActionInvalid | RealTimeDecisionNotAnswerable> =>
  Result.flatMap(
    validateAction(decision, action),
    (valid) => transition(decision, { _tag: "Respond", action: valid, at })
  )
