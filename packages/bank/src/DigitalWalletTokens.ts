/**
 * Digital wallet tokens: list, retrieve, and the sandbox's token request. A
 * card that is not active is refused (`card_not_active`) before anyone is
 * asked; otherwise the decider answers. Either way a token is written with
 * `digital_wallet_token.created`, in one database transaction.
 */
import { Caller as Tenant } from "@moneta/domain/Caller"
import * as CardDecision from "@moneta/domain/CardDecision"
import * as CardRequests from "@moneta/domain/CardRequests"
import * as RealTimeDecisionOutcome from "@moneta/domain/RealTimeDecisionOutcome"
import * as RealTimeDecisionRequests from "@moneta/domain/RealTimeDecisionRequests"
import type { SimulateDigitalWalletTokenRequest } from "@moneta/domain/CardSimulations"
import { DigitalWalletTokenRequestSimulationResult } from "@moneta/domain/CardSimulations"
import type { DigitalWalletTokenFilter } from "@moneta/domain/DigitalWalletToken"
import { DigitalWalletTokenId } from "@moneta/domain/Ids"
import { Cards as CardStore } from "@moneta/store/Cards"
import { DigitalWalletTokens as DigitalWalletTokenStore } from "@moneta/store/DigitalWalletTokens"
import { makeId } from "@moneta/store/IdGenerator"
import { transactionally } from "@moneta/store/UnitOfWork"
import { Effect, Random } from "effect"
import { CardDecider, serviceDecides } from "./CardDecider.js"
import { RealTimeDecisions } from "./RealTimeDecisions.js"
import { Events } from "./Events.js"
import { type ListParameters, pageRequest, toPage } from "./Lists.js"
import { orNotFound } from "./NotFound.js"
import { now } from "./Time.js"
import { traced } from "./Traced.js"

export type DigitalWalletTokenListParameters = ListParameters & DigitalWalletTokenFilter

export class DigitalWalletTokens extends Effect.Service<DigitalWalletTokens>()("@moneta/bank/DigitalWalletTokens", {
  effect: Effect.gen(function*() {
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

    /** A token request asks the client, before its transaction, when a subscription wants it; null when the service decides. */
    const askAboutToken = (body: SimulateDigitalWalletTokenRequest) =>
      Effect.gen(function*() {
        const tenant = yield* Tenant
        const card = yield* orNotFound("card", body.card_id)(cards.find(tenant, body.card_id))
        if (CardDecision.forcedTokenDecline(card.status) !== undefined) return null
        if (!(yield* realTimeDecisions.clientDecides("digital_wallet_token_requested", null))) return null
        const decision = yield* realTimeDecisions.ask(RealTimeDecisionRequests.tokenRequest({ card }), null)
        return RealTimeDecisionOutcome.tokenAnswerOf(decision)
      })

    const simulateRequest = (body: SimulateDigitalWalletTokenRequest) =>
      Effect.flatMap(askAboutToken(body), (asked) =>
        transactionally(Effect.gen(function*() {
          const tenant = yield* Tenant
          const card = yield* orNotFound("card", body.card_id)(cards.find(tenant, body.card_id))
          const refused = CardDecision.forcedTokenDecline(card.status)
          const answer: CardDecision.TokenAnswer = refused !== undefined
            ? { _tag: "Decline", reason: refused, realTimeDecisionId: null }
            : asked ?? (yield* decider.digitalWalletToken({ card, eventSubscriptionId: null }))
          const at = yield* now
          const { events: emitted, token } = CardRequests.requestToken({
            at,
            card,
            answer,
            last4: String(yield* Random.nextIntBetween(0, 10_000)).padStart(4, "0"),
            id: DigitalWalletTokenId.make(yield* makeId("digital_wallet_token"))
          })
          yield* store.insert(tenant, token)
          yield* events.record(emitted, at)
          return new DigitalWalletTokenRequestSimulationResult({
            digital_wallet_token_id: token.id,
            decline_reason: token.decline?.reason ?? null
          })
        })))

    return traced("DigitalWalletTokens", { retrieve, list, simulateRequest } as const)
  }),
  dependencies: [DigitalWalletTokenStore.Default, CardStore.Default, Events.Default, RealTimeDecisions.Default, serviceDecides]
}) {}
