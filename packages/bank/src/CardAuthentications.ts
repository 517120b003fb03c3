/**
 * Sandbox 3-D Secure simulations: an authentication attempt opens a card
 * payment with its `card_authentication` element in the status the decider's
 * answer gives; a challenge sends a one-time code; attempts validate it. Each
 * writes the card payment and `card_payment.created` / `.updated` in one
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
import { transactionally } from "@moneta/store/UnitOfWork"
import { Context, type DateTime, Effect, Layer, Random } from "effect"
import { asking } from "./AskingWrite.js"
import { answerFrom, CardDecider, serviceDecides } from "./CardDecider.js"
import { Events } from "./Events.js"
import { findOwn } from "./NotFound.js"
import { spanned, spannedAsking } from "./OperationSpan.js"
import { RealTimeDecisions } from "./RealTimeDecisions.js"
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
    const decider = yield* CardDecider
    const realTimeDecisions = yield* RealTimeDecisions

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

    /**
     * A 3DS attempt asks the client, before its transaction, when a
     * subscription wants it; null when the service decides.
     */
    const askAboutAuthentication = (body: SimulateCardAuthentication) =>
      Effect.gen(function*() {
        const card = yield* findOwn("card", body.card_id, cards.find)
        const forced = CardDecision.forcedAuthenticationDenial(card.status)
        if (!(yield* realTimeDecisions.asksClient("card_authentication_requested", null, forced))) return null
        const cardPaymentId = yield* newId("card_payment")
        const reference = yield* digits(12)
        const decision = yield* realTimeDecisions.ask(
          RealTimeDecisionRequests.authenticationRequest({
            card,
            body,
            cardPaymentId,
            reference,
            priorAuthenticated: yield* priorAuthenticated(card)
          }),
          null
        )
        return {
          answer: RealTimeDecisionOutcome.authenticationAnswerOf(decision),
          decisionId: decision.id,
          // a retried request reuses its first decision, and the payment that decision announced
          cardPaymentId: decision.card_authentication?.upcoming_card_payment_id ?? cardPaymentId,
          reference
        }
      })

    const authenticate = (body: SimulateCardAuthentication) =>
      asking(askAboutAuthentication(body), (asked) =>
        Effect.gen(function*() {
          if (asked !== null) yield* realTimeDecisions.markApplied(asked.decisionId)
          const card = yield* findOwn("card", body.card_id, cards.find)
          const cardPaymentId = asked?.cardPaymentId ?? (yield* newId("card_payment"))
          const answer = yield* answerFrom(
            CardDecision.answerSource(CardDecision.forcedAuthenticationDenial(card.status), asked?.answer),
            decider.authentication({ card, cardPaymentId, eventSubscriptionId: null })
          )
          const at = yield* now
          const step = yield* Effect.fromResult(CardRequests.authenticate({
            at,
            card,
            body,
            answer,
            reference: asked?.reference ?? (yield* digits(12)),
            priorAuthenticated: yield* priorAuthenticated(card),
            ids: { cardPayment: cardPaymentId, cardAuthentication: yield* newId("card_authentication") }
          }))
          return yield* persist(step, at)
        }))

    /**
     * A challenge's code is delivered by the client, asked before the
     * transaction when a subscription wants it; null when the service delivers it.
     */
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
        // nothing forces a delivery's answer
        if (!(yield* realTimeDecisions.asksClient("card_authentication_challenge_requested", null, undefined))) {
          return null
        }
        const card = yield* findOwn("card", cardPayment.card_id, cards.find)
        const oneTimeCode = yield* digits(6)
        const decision = yield* realTimeDecisions.ask(
          RealTimeDecisionRequests.challengeRequest({ card, cardPaymentId, oneTimeCode }),
          null
        )
        return {
          delivery: RealTimeDecisionOutcome.challengeDeliveryAnswerOf(decision),
          decisionId: decision.id,
          oneTimeCode: decision.card_authentication_challenge?.one_time_code ?? oneTimeCode
        }
      })

    const challenge = (cardPaymentId: CardPaymentId) =>
      asking(askAboutChallengeDelivery(cardPaymentId), (asked) =>
        Effect.gen(function*() {
          if (asked !== null) yield* realTimeDecisions.markApplied(asked.decisionId)
          const cardPayment = yield* lockPayment(cardPaymentId)
          const card = yield* findOwn("card", cardPayment.card_id, cards.find)
          const delivery = yield* answerFrom(
            CardDecision.answerSource(undefined, asked?.delivery),
            decider.challengeDelivery({ card, cardPaymentId, eventSubscriptionId: null })
          )
          const at = yield* now
          const step = yield* Effect.fromResult(CardRequests.startChallenge({
            at,
            cardPayment,
            oneTimeCode: asked?.oneTimeCode ?? (yield* digits(6)),
            delivery,
            phone: card.digital_wallet?.phone ?? null
          }))
          return yield* persist(step, at)
        }))

    const attemptChallenge = (cardPaymentId: CardPaymentId, body: SimulateCardAuthenticationChallengeAttempt) =>
      transactionally(Effect.gen(function*() {
        const cardPayment = yield* lockPayment(cardPaymentId)
        const at = yield* now
        const step = yield* Effect.fromResult(
          CardRequests.attemptChallenge({ at, cardPayment, oneTimeCode: body.one_time_code })
        )
        return yield* persist(step, at)
      }))

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
      Events.Default,
      RealTimeDecisions.Default,
      serviceDecides
    ])
  )
}
