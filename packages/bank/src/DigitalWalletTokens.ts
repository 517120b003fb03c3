/**
 * Digital wallet tokens: list, retrieve, and the sandbox's token request. A
 * card that is not active is refused (`card_not_active`) before anyone is
 * asked; otherwise the decider (or the client, through a real-time decision)
 * answers, and an approved token may then go through the wallet's
 * one-time-passcode authentication (another real-time decision). Either way
 * a token is written with `digital_wallet_token.created`, in one database
 * transaction.
 */
import { Caller as Tenant } from "@moneta/domain/Caller"
import type { Card } from "@moneta/domain/Card"
import * as CardDecision from "@moneta/domain/CardDecision"
import * as CardRequests from "@moneta/domain/CardRequests"
import type { SimulateDigitalWalletTokenRequest } from "@moneta/domain/CardSimulations"
import { DigitalWalletTokenRequestSimulationResult } from "@moneta/domain/CardSimulations"
import type { DigitalWalletTokenFilter } from "@moneta/domain/DigitalWalletToken"
import { type DigitalWalletTokenId } from "@moneta/domain/Ids"
import * as RealTimeDecisionOutcome from "@moneta/domain/RealTimeDecisionOutcome"
import * as RealTimeDecisionRequests from "@moneta/domain/RealTimeDecisionRequests"
import * as WalletAuthentication from "@moneta/domain/RealTimeDecisionWalletAuthentication"
import { Cards as CardStore } from "@moneta/store/Cards"
import { DigitalWalletTokens as DigitalWalletTokenStore } from "@moneta/store/DigitalWalletTokens"
import { newId } from "@moneta/store/IdGenerator"
import { Context, Effect, Layer, Option, Random } from "effect"
import { asking } from "./AskingWrite.js"
import { CardDecider, serviceDecides } from "./CardDecider.js"
import { Events } from "./Events.js"
import { type ListParameters, pageRequest, toPage } from "./Lists.js"
import { orNotFound } from "./NotFound.js"
import { RealTimeDecisions } from "./RealTimeDecisions.js"
import { now } from "./Time.js"
import { traced } from "./Traced.js"

/** A 6-digit one-time passcode. */
const passcode: Effect.Effect<string> = Effect.map(
  Effect.all(Array.from({ length: 6 }, () => Random.nextIntBetween(0, 10, { halfOpen: true }))),
  (digits) => digits.join("")
)

export type DigitalWalletTokenListParameters = ListParameters & DigitalWalletTokenFilter

export class DigitalWalletTokens extends Context.Service<DigitalWalletTokens>()("@moneta/bank/DigitalWalletTokens", {
  make: Effect.gen(function*() {
    const store = yield* DigitalWalletTokenStore
    const cards = yield* CardStore
    const events = yield* Events
    const decider = yield* CardDecider
    const realTimeDecisions = yield* RealTimeDecisions

    const retrieve = (id: DigitalWalletTokenId) =>
      Effect.flatMap(Tenant, (tenant) => orNotFound("digital_wallet_token", id)(store.find(tenant, id)))

    const list = (parameters: DigitalWalletTokenListParameters) =>
      Effect.gen(function*() {
        const request = yield* pageRequest(parameters)
        return toPage(yield* store.list(yield* Tenant, request, { cardId: parameters.card_id }))
      })

    /**
     * The token's answer, before the simulation's transaction: the client's
     * through a real-time decision when a subscription wants it (with the
     * answer as given, whose approval may name a passcode contact), else the
     * service's; null for a card refused before anyone is asked.
     */
    const decideToken = (card: Card) =>
      Effect.gen(function*() {
        if (CardDecision.forcedTokenDecline(card.status) !== undefined) return null
        if (!(yield* realTimeDecisions.clientDecides("digital_wallet_token_requested", null))) {
          const answer = yield* decider.digitalWalletToken({ card, eventSubscriptionId: null })
          return { answer, decisionId: null, given: null }
        }
        const decision = yield* realTimeDecisions.ask(RealTimeDecisionRequests.tokenRequest({ card }), null)
        return {
          answer: RealTimeDecisionOutcome.tokenAnswerOf(decision),
          decisionId: decision.id,
          given: Option.getOrNull(yield* realTimeDecisions.answerOf(decision.id))
        }
      })

    /**
     * The wallet's one-time-passcode authentication of an approved token,
     * asked of the client when a subscription wants it and a contact is known;
     * null when none is asked (the token is then provisioned active).
     */
    const authenticateWithPasscode = (card: Card, decided: Effect.Success<ReturnType<typeof decideToken>>) =>
      Effect.gen(function*() {
        if (decided === null || decided.answer._tag !== "Approve") return null
        const contact = WalletAuthentication.passcodeContact({ tokenAnswer: decided.given, card })
        if (contact === null) return null
        if (!(yield* realTimeDecisions.clientDecides("digital_wallet_authentication_requested", null))) return null
        const decision = yield* realTimeDecisions.ask(
          WalletAuthentication.authenticationRequest({ card, contact, oneTimePasscode: yield* passcode }),
          null
        )
        return { result: WalletAuthentication.resultOf(decision), decisionId: decision.id }
      })

    const simulateRequest = (body: SimulateDigitalWalletTokenRequest) =>
      asking(
        Effect.gen(function*() {
          const asked = yield* orNotFound("card", body.card_id)(cards.find(yield* Tenant, body.card_id))
          const decided = yield* decideToken(asked)
          return { decided, authenticated: yield* authenticateWithPasscode(asked, decided) }
        }),
        ({ authenticated, decided }) =>
          Effect.gen(function*() {
            const tenant = yield* Tenant
            for (const decisionId of [decided?.decisionId ?? null, authenticated?.decisionId ?? null]) {
              if (decisionId !== null) yield* realTimeDecisions.markApplied(decisionId)
            }
            const card = yield* orNotFound("card", body.card_id)(cards.find(tenant, body.card_id))
            // a card that can no longer be used is refused whatever was answered while it was asked
            const refused = CardDecision.forcedTokenDecline(card.status)
            const answer: CardDecision.TokenAnswer = refused !== undefined
              ? { _tag: "Decline", reason: refused, realTimeDecisionId: null }
              : decided?.answer ?? (yield* decider.digitalWalletToken({ card, eventSubscriptionId: null }))
            const at = yield* now
            const { events: emitted, token } = CardRequests.requestToken({
              at,
              card,
              answer,
              approvedStatus: WalletAuthentication.approvedTokenStatus(authenticated?.result ?? null),
              last4: String(yield* Random.nextIntBetween(0, 10_000, { halfOpen: true })).padStart(4, "0"),
              id: yield* newId("digital_wallet_token")
            })
            yield* store.insert(tenant, token)
            yield* events.record(emitted, at)
            return new DigitalWalletTokenRequestSimulationResult({
              digital_wallet_token_id: token.id,
              decline_reason: token.decline?.reason ?? null
            })
          })
      )

    return traced("DigitalWalletTokens", { retrieve, list, simulateRequest } as const)
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(
    Layer.provide([
      DigitalWalletTokenStore.Default,
      CardStore.Default,
      Events.Default,
      RealTimeDecisions.Default,
      serviceDecides
    ])
  )
}
