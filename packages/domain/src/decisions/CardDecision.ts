/**
 * Who decides a card event, and what they may answer. A card event first meets
 * the declines nobody can overrule (`forcedDecline`: the simulation forces one,
 * the card or token cannot be used); otherwise the bank asks its decider and
 * the card activity planners apply the answer. In this version the decider is
 * the service itself (the `service…` functions below); real-time decisions let
 * the client answer instead, through the same answer types.
 */
import { Data } from "effect"
import type { AccountStatus } from "../accounts/Account.js"
import type * as Card from "../cards/Card.js"
import type { Decision as AuthenticationDecision, DenyReason } from "../cards/CardAuthentication.js"
import type { AddressVerdict } from "../cards/CardDetail.js"
import type { Actioner, AuthorizationDeclineReason, CardDeclineReason, Direction } from "../cards/CardNetwork.js"
import type { DeclineReason as TokenDeclineReason, Status as TokenStatus } from "../cards/DigitalWalletToken.js"
import type { RealTimeDecisionId } from "../core/Ids.js"

/** The answer to an authorization, an increment or a balance inquiry. */
export type AuthorizationAnswer = Data.TaggedEnum<{
  Approve: {
    readonly actioner: Actioner
    readonly realTimeDecisionId: RealTimeDecisionId | null
    /** For balance inquiries: the balance to report (the available balance when null). */
    readonly balance: number | null
    /** A partial approval: the amount approved, less than asked (the whole amount when null). */
    readonly partialAmount: number | null
    /** The client's verdict on the cardholder's address (its approval's `cardholder_address_verification_result`). */
    readonly addressVerdict?: AddressVerdict | null | undefined
  }
  Decline: {
    readonly actioner: Actioner
    readonly reason: CardDeclineReason
    readonly realTimeDecisionId: RealTimeDecisionId | null
    /** The reason the user gave through a real-time decision. */
    readonly realTimeDecisionReason: AuthorizationDeclineReason | null
  }
}>
export const AuthorizationAnswer = Data.taggedEnum<AuthorizationAnswer>()

/** What a decider is asked about an authorization-like event. */
export interface AuthorizationQuestion {
  readonly amount: number
  readonly direction: Direction
  /** The account's available balance, read under its row lock. */
  readonly available: number
}

/** A decline by the service itself (the simulation forced it, the card cannot be used, the money is not there). */
export const declineByService = (reason: CardDeclineReason): AuthorizationAnswer =>
  AuthorizationAnswer.Decline({ actioner: "increase", reason, realTimeDecisionId: null, realTimeDecisionReason: null })

/** What an authorization-like event meets before anyone is asked about it. */
export interface AuthorizationCircumstances {
  /** The `decline_reason` the simulation forces, if any. */
  readonly forced: CardDeclineReason | undefined
  readonly cardStatus: Card.Status
  readonly tokenStatus: TokenStatus | null
  /**
   * The status of the card's account, read under its row lock. Every
   * authorization-like event gives it (an authorization, an increment, a
   * balance inquiry): each is declined `account_closed` on a closed account.
   */
  readonly accountStatus?: AccountStatus | undefined
}

/**
 * Declines that come before anyone is asked: a `decline_reason` the
 * simulation forces, a closed account (`account_closed`, as Increase
 * declines it: for an increment a `card_decline` naming the incremented
 * authorization, for a balance inquiry a zero `card_decline`), a card that is
 * not active, a wallet token that is not active.
 */
export const forcedDecline = (input: AuthorizationCircumstances): CardDeclineReason | undefined => {
  if (input.forced !== undefined) return input.forced
  if (input.accountStatus === "closed") return "account_closed"
  if (input.cardStatus === "canceled") return "card_canceled"
  if (input.cardStatus !== "active") return "card_not_active"
  if (input.tokenStatus !== null && input.tokenStatus !== "active") return "transaction_not_allowed"
  return undefined
}

/** The forced declines of `forcedDecline` as the answer they give. */
export const forcedAuthorizationAnswer = (
  input: Parameters<typeof forcedDecline>[0]
): AuthorizationAnswer | undefined => {
  const reason = forcedDecline(input)
  return reason === undefined ? undefined : declineByService(reason)
}

/**
 * Who answers a card event, first to last: an answer nobody can overrule
 * (`Forced`: the simulation forces a decline, the card or token cannot be
 * used), then the client's (`Client`, through a real-time decision), then the
 * service's own decider (`Service`: the bank asks it).
 */
export type AnswerSource<A> =
  | { readonly _tag: "Forced"; readonly answer: A }
  | { readonly _tag: "Client"; readonly answer: A }
  | { readonly _tag: "Service" }

/** The precedence of answers: forced > client > service (see `AnswerSource`). */
export const answerSource = <A>(forced: A | undefined, client: A | null | undefined): AnswerSource<A> =>
  forced !== undefined
    ? { _tag: "Forced", answer: forced }
    : client !== undefined && client !== null
    ? { _tag: "Client", answer: client }
    : { _tag: "Service" }

/**
 * The answer to a card event, by the precedence of `answerSource`: the forced
 * one, else the client's, else the service's own (`service`, called only then).
 * Every card event takes its answer here (the functions below).
 */
export const answer = <A>(forced: A | undefined, client: A | null, service: () => A): A => {
  const source = answerSource(forced, client)
  return source._tag === "Service" ? service() : source.answer
}

/**
 * Whether the client is asked about a card event: nothing forced its answer
 * (`forced` undefined), and the client decides its category: the simulation
 * named a subscription, or an active subscription selects the category.
 */
export const asksClient = (input: {
  readonly forced: unknown
  readonly namedSubscription: string | null
  readonly subscribed: boolean
}): boolean =>
  answerSource(input.forced, undefined)._tag === "Service" &&
  (input.namedSubscription !== null || input.subscribed)

/**
 * The service's own decision: a debit is approved within the available
 * balance, otherwise declined `insufficient_funds`; a refund (a credit) is
 * always approved.
 */
export const serviceAuthorizationDecision = (question: AuthorizationQuestion): AuthorizationAnswer =>
  question.direction === "refund" || question.available >= question.amount
    ? AuthorizationAnswer.Approve({
      actioner: "increase",
      realTimeDecisionId: null,
      balance: null,
      partialAmount: null
    })
    : declineByService("insufficient_funds")

/** The service answers every balance inquiry with an approval that reports the available balance. */
export const serviceBalanceInquiryDecision: AuthorizationAnswer = AuthorizationAnswer.Approve({
  actioner: "increase",
  realTimeDecisionId: null,
  balance: null,
  partialAmount: null
})

/**
 * The amount an answer approves out of `requested`: the partial amount of a
 * partial approval when it is a positive amount no larger than asked (the
 * action's rules allow no other), else all of it.
 */
export const approvedAmount = (answer: AuthorizationAnswer, requested: number): number =>
  answer._tag === "Approve" && answer.partialAmount !== null && answer.partialAmount > 0 &&
    answer.partialAmount <= requested
    ? answer.partialAmount
    : requested

/**
 * The rule every answer meets: an approval that the available balance does
 * not cover is declined `insufficient_funds` (the service never overdraws an
 * account, whoever approved). A partial approval needs only its partial amount.
 */
export const withinAvailableBalance = (
  answer: AuthorizationAnswer,
  question: AuthorizationQuestion
): AuthorizationAnswer =>
  answer._tag === "Approve" && question.direction === "settlement" &&
    question.available < approvedAmount(answer, question.amount)
    ? declineByService("insufficient_funds")
    : answer

/** The answer to a 3DS authentication: its decision, and the deny reason when denied. */
export interface AuthenticationAnswer {
  readonly decision: AuthenticationDecision
  readonly denyReason: DenyReason | null
  readonly realTimeDecisionId: RealTimeDecisionId | null
}

/** A 3DS attempt on a card that is not active is denied `card_not_active` before anyone is asked. */
export const forcedAuthenticationDenial = (cardStatus: Card.Status): AuthenticationAnswer | undefined =>
  cardStatus === "active" ? undefined : { decision: "deny", denyReason: "card_not_active", realTimeDecisionId: null }

/**
 * The service's own 3DS decision: a card that is not active is denied
 * `card_not_active`; otherwise the cardholder is challenged (a one-time code),
 * the step-up every sandbox flow can then drive through `/challenges` and
 * `/challenge_attempts`.
 */
export const serviceAuthenticationDecision = (cardStatus: Card.Status): AuthenticationAnswer =>
  forcedAuthenticationDenial(cardStatus) ?? { decision: "challenge", denyReason: null, realTimeDecisionId: null }

/** The answer to a challenge delivery: the code reached the cardholder or not. */
export interface ChallengeDeliveryAnswer {
  readonly result: "success" | "failure"
  readonly realTimeDecisionId: RealTimeDecisionId | null
}

/** The service delivers every code itself. */
export const serviceChallengeDelivery: ChallengeDeliveryAnswer = { result: "success", realTimeDecisionId: null }

/** The answer to a wallet token request: provision it, or decline with a reason. */
export type TokenAnswer =
  | { readonly _tag: "Approve"; readonly realTimeDecisionId: RealTimeDecisionId | null }
  | {
    readonly _tag: "Decline"
    readonly reason: TokenDeclineReason
    readonly realTimeDecisionId: RealTimeDecisionId | null
  }

/** Tokens are refused for a card that is not active; the service provisions the others. */
export const forcedTokenDecline = (cardStatus: Card.Status): TokenDeclineReason | undefined =>
  cardStatus === "active" ? undefined : "card_not_active"

/** The forced decline of `forcedTokenDecline` as the answer it gives. */
export const forcedTokenAnswer = (cardStatus: Card.Status): TokenAnswer | undefined => {
  const reason = forcedTokenDecline(cardStatus)
  return reason === undefined ? undefined : { _tag: "Decline", reason, realTimeDecisionId: null }
}

export const serviceTokenDecision: TokenAnswer = { _tag: "Approve", realTimeDecisionId: null }

/**
 * The answer to an initial or incremental authorization: forced
 * (`forcedAuthorizationAnswer`), else the client's, else the service's
 * (`serviceAuthorizationDecision` on the balance read under the account's lock).
 */
export const authorizationAnswer = (
  input: AuthorizationCircumstances & {
    readonly client: AuthorizationAnswer | null
    readonly question: AuthorizationQuestion
  }
): AuthorizationAnswer =>
  answer(forcedAuthorizationAnswer(input), input.client, () => serviceAuthorizationDecision(input.question))

/** The answer to a balance inquiry: forced, else the client's, else the service's approval. */
export const balanceInquiryAnswer = (
  input: AuthorizationCircumstances & { readonly client: AuthorizationAnswer | null }
): AuthorizationAnswer => answer(forcedAuthorizationAnswer(input), input.client, () => serviceBalanceInquiryDecision)

/** The answer to a 3DS attempt: denied for a card that is not active, else the client's, else the service's. */
export const authenticationAnswer = (input: {
  readonly cardStatus: Card.Status
  readonly client: AuthenticationAnswer | null
}): AuthenticationAnswer =>
  answer(
    forcedAuthenticationDenial(input.cardStatus),
    input.client,
    () => serviceAuthenticationDecision(input.cardStatus)
  )

/** The delivery of a challenge code: nothing forces it; the client's result, else the service delivers it. */
export const challengeDeliveryAnswer = (client: ChallengeDeliveryAnswer | null): ChallengeDeliveryAnswer =>
  answer(undefined, client, () => serviceChallengeDelivery)

/** The answer to a wallet token request: declined for a card that is not active, else the client's, else approved. */
export const tokenAnswer = (input: {
  readonly cardStatus: Card.Status
  readonly client: TokenAnswer | null
}): TokenAnswer => answer(forcedTokenAnswer(input.cardStatus), input.client, () => serviceTokenDecision)
