/**
 * Digital wallet tokens: list, retrieve, and the sandbox's token request. A
 * card that is not active is refused (`card_not_active`) before anyone is
 * asked; otherwise the client (through a real-time decision, asked by
 * `RealTimeDecisions.askFirst` like every card event) or the service answers
 * (`CardDecision.tokenAnswer`), and an approved token may then go through the
 * wallet's one-time-passcode authentication (another real-time decision). An approved
 * request writes a token with `digital_wallet_token.created`, in one database
 * transaction; a declined one writes none (its reason is the answer).
 */
import { type Card, last4Choices, last4Of } from "@moneta/domain/Card"
import * as CardDecision from "@moneta/domain/CardDecision"
import type { SimulateDigitalWalletTokenRequest } from "@moneta/domain/CardSimulations"
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
import { CardSimulationData } from "./CardSimulationData.js"
import { Events } from "./Events.js"
import { listOwn, type ListParameters } from "./Lists.js"
import { findOwn } from "./NotFound.js"
import { spanned, spannedAsking } from "./OperationSpan.js"
import { RealTimeDecisions } from "./RealTimeDecisions.js"
import { always, runAskingStep, step } from "./Step.js"
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
    const realTimeDecisions = yield* RealTimeDecisions
    const { cardholderOf } = yield* CardSimulationData

    const retrieve = (id: DigitalWalletTokenId) => findOwn("digital_wallet_token", id, store.find)

    const list = (parameters: DigitalWalletTokenListParameters) =>
      listOwn(parameters, (tenant, request) => store.list(tenant, request, parameters))

    /**
     * What the client is asked before the token is provisioned, outside any
     * transaction, each through the one ask path (`RealTimeDecisions.askFirst`):
     * the token itself, when a subscription wants it; then the wallet's
     * one-time-passcode authentication of a token the domain would approve
     * (`CardDecision.tokenAnswer`, the same rule the step applies), at the
     * contact the client's approval or the card names.
     */
    const askAboutToken = (card: Card) =>
      Effect.gen(function*() {
        const token = yield* realTimeDecisions.askFirst({
          category: "digital_wallet_token_requested",
          eventSubscriptionId: null,
          forced: CardDecision.forcedTokenAnswer(card.status),
          request: Effect.map(store.ofCard(yield* Tenant, card.id), (tokensOfCard) => ({
            request: RealTimeDecisionRequests.tokenRequest({ card, tokensOfCard: tokensOfCard.length }),
            kept: null
          })),
          answerOf: (decision) => RealTimeDecisionOutcome.tokenAnswerOf(decision)
        })
        const contact = Option.fromNullishOr(WalletAuthentication.passcodeContactFor({
          answer: CardDecision.tokenAnswer({ cardStatus: card.status, client: token?.answer ?? null }),
          given: token?.given ?? null,
          card
        }))
        const authenticated = yield* Option.match(contact, {
          onNone: () => Effect.succeed(null),
          onSome: (contact) =>
            realTimeDecisions.askFirst({
              category: "digital_wallet_authentication_requested",
              eventSubscriptionId: null,
              // nothing forces a delivery's answer
              forced: undefined,
              request: Effect.map(passcode, (oneTimePasscode) => ({
                request: WalletAuthentication.authenticationRequest({ card, contact, oneTimePasscode }),
                kept: null
              })),
              answerOf: WalletAuthentication.resultOf
            })
        })
        return { token, authenticated }
      })

    const simulateRequest = (body: SimulateDigitalWalletTokenRequest) =>
      runAskingStep(
        Effect.flatMap(findOwn("card", body.card_id, cards.find), askAboutToken),
        ({ authenticated, token }) =>
          step({
            load: Effect.gen(function*() {
              const tenant = yield* Tenant
              yield* realTimeDecisions.markAsked(token, authenticated)
              const card = yield* findOwn("card", body.card_id, cards.find)
              const input = {
                at: yield* now,
                card,
                tokensOfCard: (yield* store.ofCard(tenant, card.id)).length,
                last4: last4Of(yield* Random.nextIntBetween(0, last4Choices, { halfOpen: true })),
                id: yield* newId("digital_wallet_token"),
                cardholder: yield* cardholderOf(card)
              }
              return { tenant, input }
            }),
            // a card that can no longer be used is refused whatever was answered while it was asked
            decide: ({ input }) =>
              always(DigitalWalletTokenLifecycle.requestWritesOf(DigitalWalletTokenLifecycle.requestToken({
                ...input,
                answer: CardDecision.tokenAnswer({ cardStatus: input.card.status, client: token?.answer ?? null }),
                approvedStatus: WalletAuthentication.approvedTokenStatus(authenticated?.answer ?? null)
              }))),
            persist: ({ events: emitted, result, tokens }, { input, tenant }) =>
              Effect.gen(function*() {
                yield* Effect.forEach(tokens, (provisioned) => store.insert(tenant, provisioned), { discard: true })
                yield* events.record(emitted, input.at)
                return result
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
      CardSimulationData.Default,
      Events.Default,
      RealTimeDecisions.Default
    ])
  )
}
