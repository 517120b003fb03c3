/**
 * The seam where a card event is decided. The card simulations ask the
 * decider once the declines nobody can overrule are ruled out, and apply its
 * answer through the domain's planners. `serviceDecides` is the service
 * deciding itself (approve within the available balance, challenge every 3DS
 * attempt, provision every token of an active card). When the client decides
 * (a subscription selects the real-time decision's category), the simulation
 * asks it through `RealTimeDecisions` before its transaction and this decider
 * is not asked (docs/decisions.md, "Real-time decisions").
 */
import type { Card } from "@moneta/domain/Card"
import * as CardDecision from "@moneta/domain/CardDecision"
import type { CardPaymentId, EventSubscriptionId } from "@moneta/domain/Ids"
import { Context, Effect, Layer } from "effect"

/** Where a question comes from: the card, the payment it will belong to, the subscription the simulation named. */
export interface CardEventContext {
  readonly card: Card
  readonly cardPaymentId: CardPaymentId
  readonly eventSubscriptionId: EventSubscriptionId | null
}

export interface CardDeciderShape {
  /** An initial or incremental authorization (the question says which direction and amount). */
  readonly authorization: (
    context: CardEventContext,
    question: CardDecision.AuthorizationQuestion & { readonly incremental: boolean }
  ) => Effect.Effect<CardDecision.AuthorizationAnswer>
  readonly balanceInquiry: (
    context: CardEventContext,
    question: { readonly available: number }
  ) => Effect.Effect<CardDecision.AuthorizationAnswer>
  readonly authentication: (context: CardEventContext) => Effect.Effect<CardDecision.AuthenticationAnswer>
  readonly challengeDelivery: (context: CardEventContext) => Effect.Effect<CardDecision.ChallengeDeliveryAnswer>
  readonly digitalWalletToken: (
    context: Omit<CardEventContext, "cardPaymentId">
  ) => Effect.Effect<CardDecision.TokenAnswer>
}

export class CardDecider extends Context.Service<CardDecider, CardDeciderShape>()("@moneta/bank/CardDecider") {}

/** The service decides every card event itself. */
export const serviceDecides = Layer.succeed(CardDecider, {
  authorization: (_context, question) => Effect.succeed(CardDecision.serviceAuthorizationDecision(question)),
  balanceInquiry: () => Effect.succeed(CardDecision.serviceBalanceInquiryDecision),
  authentication: (context) => Effect.succeed(CardDecision.serviceAuthenticationDecision(context.card.status)),
  challengeDelivery: () => Effect.succeed(CardDecision.serviceChallengeDelivery),
  digitalWalletToken: () => Effect.succeed(CardDecision.serviceTokenDecision)
})

/**
 * The answer the domain's precedence (`CardDecision.answerSource`: forced >
 * client > service) picks; `service` (the decider's) runs only when it is the
 * service's turn.
 */
export const answerFrom = <A, E, R>(
  source: CardDecision.AnswerSource<A>,
  service: Effect.Effect<A, E, R>
): Effect.Effect<A, E, R> => source._tag === "Service" ? service : Effect.succeed(source.answer)
