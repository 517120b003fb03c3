/**
 * Digital wallet tokens: list, retrieve, and the sandbox's token request. A
 * card that is not active is refused (`card_not_active`) before anyone is
 * asked; otherwise the decider (or the client, through a real-time decision)
 * answers, and an approved token may then go through the wallet's
 * one-time-passcode authentication (another real-time decision). An approved
 * request writes a token with `digital_wallet_token.created`, in one database
 * transaction; a declined one writes none (its reason is the answer).
 */
import { type Card, last4Choices, last4Of } from "@moneta/domain/Card"
import * as CardDecision from "@moneta/domain/CardDecision"
import type { SimulateDigitalWalletTokenRequest } from "@moneta/domain/CardSimulations"
import { DigitalWalletTokenRequestSimulationResult } from "@moneta/domain/CardSimulations"
import type { DigitalWalletTokenFilter } from "@moneta/domain/DigitalWalletToken"
import * as DigitalWalletTokenLifecycle from "@moneta/domain/DigitalWalletTokenLifecycle"
import { type DigitalWalletTokenId } from "@moneta/domain/Ids"
import * as RealTimeDecisionOutcome from "@moneta/domain/RealTimeDecisionOutcome"
import * as RealTimeDecisionRequests from "@moneta/domain/RealTimeDecisionRequests"
import * as WalletAuthentication from "@moneta/domain/RealTimeDecisionWalletAuthentication"
import { Tenant } from "@moneta/domain/Tenant"
import { CardStore } from "@moneta/store/Cards"
import { DigitalWalletTokenStore } from "@moneta/store/DigitalWalletTokens"
import { newId } from "@moneta/store/IdGenerator"
import { Context, Effect, Layer, Option, Random } from "effect"
import { asking } from "./AskingWrite.js"
import { answerFrom, CardDecider, serviceDecides } from "./CardDecider.js"
import { Events } from "./Events.js"
import { listOwn, type ListParameters } from "./Lists.js"
import { findOwn } from "./NotFound.js"
import { spanned, spannedAsking } from "./OperationSpan.js"
import { RealTimeDecisions } from "./RealTimeDecisions.js"
import { now } from "./Time.js"

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

    const retrieve = (id: DigitalWalletTokenId) => findOwn("digital_wallet_token", id, store.find)

    const list = (parameters: DigitalWalletTokenListParameters) =>
      listOwn(parameters, (tenant, request) => store.list(tenant, request, parameters))

    /**
     * The token's answer, before the simulation's transaction, by the domain's
     * precedence (`CardDecision.answerSource`: forced > client > service): the
     * client's through a real-time decision when a subscription wants it (with
     * the answer as given, whose approval may name a passcode contact), else
     * the service's; null when it is forced (the apply step decides that again
     * under its transaction: the card may change meanwhile). Unlike the card
     * simulations, the service's decider is asked here, outside the
     * transaction: whether the token is approved decides whether the wallet's
     * passcode authentication is asked, and that question waits outside any
     * transaction.
     */
    const decideToken = (card: Card) =>
      Effect.gen(function*() {
        const forced = CardDecision.forcedTokenAnswer(card.status)
        const asked = (yield* realTimeDecisions.asksClient("digital_wallet_token_requested", null, forced))
          ? yield* askAboutToken(card)
          : null
        const source = CardDecision.answerSource(forced, asked?.answer)
        if (source._tag === "Forced") return null
        return asked ?? {
          answer: yield* answerFrom(source, decider.digitalWalletToken({ card, eventSubscriptionId: null })),
          decisionId: null,
          given: null
        }
      })

    /** Asks the client about the token; the answer as given, too (an approval may name a passcode contact). */
    const askAboutToken = (card: Card) =>
      Effect.gen(function*() {
        const tokensOfCard = (yield* store.ofCard(yield* Tenant, card.id)).length
        const decision = yield* realTimeDecisions.ask(
          RealTimeDecisionRequests.tokenRequest({ card, tokensOfCard }),
          null
        )
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
        const contact = WalletAuthentication.passcodeContactFor({
          answer: decided?.answer ?? null,
          given: decided?.given ?? null,
          card
        })
        if (contact === null) return null
        if (!(yield* realTimeDecisions.asksClient("digital_wallet_authentication_requested", null, undefined))) {
          return null
        }
        const decision = yield* realTimeDecisions.ask(
          WalletAuthentication.authenticationRequest({ card, contact, oneTimePasscode: yield* passcode }),
          null
        )
        return { result: WalletAuthentication.resultOf(decision), decisionId: decision.id }
      })

    const simulateRequest = (body: SimulateDigitalWalletTokenRequest) =>
      asking(
        Effect.gen(function*() {
          const asked = yield* findOwn("card", body.card_id, cards.find)
          const decided = yield* decideToken(asked)
          return { decided, authenticated: yield* authenticateWithPasscode(asked, decided) }
        }),
        ({ authenticated, decided }) =>
          Effect.gen(function*() {
            const tenant = yield* Tenant
            for (const decisionId of [decided?.decisionId ?? null, authenticated?.decisionId ?? null]) {
              if (decisionId !== null) yield* realTimeDecisions.markApplied(decisionId)
            }
            const card = yield* findOwn("card", body.card_id, cards.find)
            // a card that can no longer be used is refused whatever was answered while it was asked
            const answer = yield* answerFrom(
              CardDecision.answerSource(CardDecision.forcedTokenAnswer(card.status), decided?.answer),
              decider.digitalWalletToken({ card, eventSubscriptionId: null })
            )
            const at = yield* now
            const outcome = DigitalWalletTokenLifecycle.requestToken({
              at,
              card,
              answer,
              approvedStatus: WalletAuthentication.approvedTokenStatus(authenticated?.result ?? null),
              tokensOfCard: (yield* store.ofCard(tenant, card.id)).length,
              last4: last4Of(yield* Random.nextIntBetween(0, last4Choices, { halfOpen: true })),
              id: yield* newId("digital_wallet_token")
            })
            if (outcome._tag === "Declined") {
              return new DigitalWalletTokenRequestSimulationResult({
                digital_wallet_token_id: null,
                decline_reason: outcome.reason
              })
            }
            yield* store.insert(tenant, outcome.token)
            yield* events.record(outcome.events, at)
            return new DigitalWalletTokenRequestSimulationResult({
              digital_wallet_token_id: outcome.token.id,
              decline_reason: null
            })
          })
      )

    return {
      retrieve: spanned(
        "bank.DigitalWalletTokens.retrieve",
        retrieve,
        (id) => ({ "moneta.digital_wallet_token_id": id })
      ),

      list: spanned("bank.DigitalWalletTokens.list", list),

      simulateRequest: spannedAsking(
        "bank.DigitalWalletTokens.simulateRequest",
        simulateRequest,
        (body) => ({ "moneta.card_id": body.card_id })
      )
    } as const
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
