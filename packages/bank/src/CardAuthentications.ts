/**
 * Sandbox 3-D Secure simulations, each one step (`Step.ts`): an
 * authentication attempt opens a card payment with its `card_authentication`
 * element in the status the domain's answer gives (`CardDecision`: forced >
 * client, asked through `RealTimeDecisions.askFirst` > service); a challenge
 * sends a one-time code; attempts validate it. Each writes the card payment and `card_payment.created` / `.updated` in one
 * database transaction; a move the status graph refuses is 409 and writes nothing.
 */
import type { Card } from "@moneta/domain/Card"
import * as CardAuthenticationDetail from "@moneta/domain/CardAuthenticationDetail"
import * as CardDecision from "@moneta/domain/CardDecision"
import * as CardRequests from "@moneta/domain/CardRequests"
import type {
  SimulateCardAuthentication,
  SimulateCardAuthenticationChallengeAttempt
} from "@moneta/domain/CardSimulations"
import type { Step } from "@moneta/domain/CardSteps"
import { type CardPaymentId } from "@moneta/domain/Ids"
import * as RealTimeDecisionOutcome from "@moneta/domain/RealTimeDecisionOutcome"
import * as RealTimeDecisionRequests from "@moneta/domain/RealTimeDecisionRequests"
import { Tenant } from "@moneta/domain/Tenant"
import { CardPaymentStore } from "@moneta/store/CardPayments"
import { CardStore } from "@moneta/store/Cards"
import { newId } from "@moneta/store/IdGenerator"
import { Context, type DateTime, Effect, Layer, Random } from "effect"
import { CardSimulationData } from "./CardSimulationData.js"
import { Events } from "./Events.js"
import { findOwn } from "./NotFound.js"
import { spanned, spannedAsking } from "./OperationSpan.js"
import { RealTimeDecisions } from "./RealTimeDecisions.js"
import { runAskingStep, runStep, step } from "./Step.js"
import { now } from "./Time.js"

const digits = (length: number): Effect.Effect<string> =>
  Effect.map(
    Effect.all(Array.from({ length }, () => Random.nextIntBetween(0, 10, { halfOpen: true }))),
    (drawn) => drawn.join("")
  )

export class CardAuthentications extends Context.Service<CardAuthentications>()("@moneta/bank/CardAuthentications", {
  make: Effect.gen(function*() {
    const cards = yield* CardStore
    const cardPayments = yield* CardPaymentStore
    const events = yield* Events
    const realTimeDecisions = yield* RealTimeDecisions
    // who holds the card, as the merchant's 3DS server names them: the one rule every card message uses
    const { cardholderOf: cardholder } = yield* CardSimulationData

    const persist = (step: Step, at: DateTime.Utc) =>
      Effect.gen(function*() {
        const tenant = yield* Tenant
        // The card payment's row is written by its events' statement.
        const payment = step.isNew
          ? yield* cardPayments.insertWrite(tenant, step.cardPayment)
          : yield* cardPayments.updateWrite(tenant, step.cardPayment)
        yield* events.record(step.events, at, [payment])
        return step.cardPayment
      })

    const lockPayment = (id: CardPaymentId) => findOwn("card_payment", id, cardPayments.lock)

    /** The card's earlier authenticated 3DS attempt, among its newest card payments. */
    const priorAuthenticated = (card: Card) =>
      Effect.map(
        Effect.flatMap(Tenant, (tenant) => cardPayments.list(tenant, { limit: 100 }, { card_id: card.id })),
        (page) => CardAuthenticationDetail.priorAuthenticatedOf(page.data)
      )

    /** The client's answer to a 3DS attempt, when a subscription wants it. */
    const askAboutAuthentication = (body: SimulateCardAuthentication) =>
      Effect.gen(function*() {
        const card = yield* findOwn("card", body.card_id, cards.find)
        return yield* realTimeDecisions.askFirst({
          category: "card_authentication_requested",
          eventSubscriptionId: null,
          forced: CardDecision.forcedAuthenticationDenial(card.status),
          request: Effect.gen(function*() {
            const cardPaymentId = yield* newId("card_payment")
            const reference = yield* digits(12)
            return {
              request: RealTimeDecisionRequests.authenticationRequest({
                card,
                body,
                cardPaymentId,
                reference,
                priorAuthenticated: yield* priorAuthenticated(card),
                cardholder: yield* cardholder(card)
              }),
              kept: { cardPaymentId, reference }
            }
          }),
          answerOf: RealTimeDecisionOutcome.authenticationAnswerOf
        })
      })

    const authenticate = (body: SimulateCardAuthentication) =>
      runAskingStep(askAboutAuthentication(body), (asked) =>
        step({
          load: Effect.gen(function*() {
            yield* realTimeDecisions.markAsked(asked)
            const card = yield* findOwn("card", body.card_id, cards.find)
            // a retried request reuses its first decision, and the payment that decision announced
            const cardPaymentId = asked?.decision.card_authentication?.upcoming_card_payment_id ??
              asked?.kept.cardPaymentId ?? (yield* newId("card_payment"))
            return {
              at: yield* now,
              card,
              body,
              reference: asked?.kept.reference ?? (yield* digits(12)),
              priorAuthenticated: yield* priorAuthenticated(card),
              cardholder: yield* cardholder(card),
              ids: { cardPayment: cardPaymentId, cardAuthentication: yield* newId("card_authentication") }
            }
          }),
          decide: (input) =>
            CardRequests.authenticate({
              ...input,
              answer: CardDecision.authenticationAnswer({
                cardStatus: input.card.status,
                client: asked?.answer ?? null
              })
            }),
          persist: (planned, { at }) => persist(planned, at)
        }))

    /** The client's delivery of a challenge's code, when a subscription wants it. */
    const askAboutChallengeDelivery = (cardPaymentId: CardPaymentId) =>
      Effect.gen(function*() {
        const cardPayment = yield* findOwn("card_payment", cardPaymentId, cardPayments.find)
        // refuse a challenge the authentication does not allow before anyone is asked about it
        yield* Effect.fromResult(CardRequests.startChallenge({
          at: yield* now,
          cardPayment,
          oneTimeCode: "000000",
          delivery: CardDecision.serviceChallengeDelivery
        }))
        return yield* realTimeDecisions.askFirst({
          category: "card_authentication_challenge_requested",
          eventSubscriptionId: null,
          // nothing forces a delivery's answer
          forced: undefined,
          request: Effect.gen(function*() {
            const card = yield* findOwn("card", cardPayment.card_id, cards.find)
            const oneTimeCode = yield* digits(6)
            return {
              request: RealTimeDecisionRequests.challengeRequest({ card, cardPaymentId, oneTimeCode }),
              kept: { oneTimeCode }
            }
          }),
          answerOf: RealTimeDecisionOutcome.challengeDeliveryAnswerOf
        })
      })

    const challenge = (cardPaymentId: CardPaymentId) =>
      runAskingStep(askAboutChallengeDelivery(cardPaymentId), (asked) =>
        step({
          load: Effect.gen(function*() {
            yield* realTimeDecisions.markAsked(asked)
            const cardPayment = yield* lockPayment(cardPaymentId)
            const card = yield* findOwn("card", cardPayment.card_id, cards.find)
            return {
              at: yield* now,
              cardPayment,
              oneTimeCode: asked?.decision.card_authentication_challenge?.one_time_code ?? asked?.kept.oneTimeCode ??
                (yield* digits(6)),
              phone: card.digital_wallet?.phone ?? null
            }
          }),
          decide: (input) =>
            CardRequests.startChallenge({
              ...input,
              delivery: CardDecision.challengeDeliveryAnswer(asked?.answer ?? null)
            }),
          persist: (planned, { at }) => persist(planned, at)
        }))

    const attemptChallenge = (cardPaymentId: CardPaymentId, body: SimulateCardAuthenticationChallengeAttempt) =>
      runStep({
        load: Effect.gen(function*() {
          return { cardPayment: yield* lockPayment(cardPaymentId), at: yield* now, oneTimeCode: body.one_time_code }
        }),
        decide: CardRequests.attemptChallenge,
        persist: (planned, { at }) => persist(planned, at)
      })

    return {
      authenticate: spannedAsking(
        "bank.CardAuthentications.authenticate",
        authenticate,
        (body) => ({ "moneta.card_id": body.card_id, "moneta.amount": body.purchase_amount })
      ),
      challenge: spannedAsking(
        "bank.CardAuthentications.challenge",
        challenge,
        (cardPaymentId) => ({ "moneta.card_payment_id": cardPaymentId })
      ),
      attemptChallenge: spanned(
        "bank.CardAuthentications.attemptChallenge",
        attemptChallenge,
        (cardPaymentId) => ({ "moneta.card_payment_id": cardPaymentId })
      )
    } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(
    Layer.provide([
      CardStore.Default,
      CardPaymentStore.Default,
      CardSimulationData.Default,
      Events.Default,
      RealTimeDecisions.Default
    ])
  )
}
