/**
 * Sandbox card network simulations (decisions.md d): authorizations,
 * increments, reversals, expirations, settlements, refunds, fuel
 * confirmations and balance inquiries. Each is one step (`Step.ts`): it loads
 * what it needs; where the network would ask the issuer, it first asks the
 * client through the one ask path (`RealTimeDecisions.askFirst`, outside any
 * transaction); the domain decides the answer (`CardDecision`: forced >
 * client > service) and plans the outcome (`CardActivity`, `CardClearing`,
 * `CardRequests`); and the card payment, its holds and postings, the
 * declined transaction and every event are written in one database
 * transaction. A refused simulation (409, 404, 400) writes nothing.
 *
 * Lock order: the card payment row, then the account row (read for the
 * available balance), then the holds the ledger ends or revises. Every change
 * to a card's hold happens under its card payment's lock, so reading the hold
 * after that lock sees its current state.
 */
import type { Card } from "@moneta/domain/Card"
import * as CardActivity from "@moneta/domain/CardActivity"
import * as CardClearing from "@moneta/domain/CardClearing"
import * as CardDecision from "@moneta/domain/CardDecision"
import type { Cardholder } from "@moneta/domain/Cardholder"
import { type CardPayment, outstandingAuthorization } from "@moneta/domain/CardPayment"
import * as CardRequests from "@moneta/domain/CardRequests"
import type {
  SimulateCardAuthorization,
  SimulateCardAuthorizationExpiration,
  SimulateCardBalanceInquiry,
  SimulateCardFuelConfirmation,
  SimulateCardIncrement,
  SimulateCardRefund,
  SimulateCardReversal,
  SimulateCardSettlement
} from "@moneta/domain/CardSimulations"
import { authorizationResultOf } from "@moneta/domain/CardSimulations"
import type { Step as CardStep } from "@moneta/domain/CardSteps"
import type { DigitalWalletToken } from "@moneta/domain/DigitalWalletToken"
import type { AccountId, CardPaymentId, DigitalWalletTokenId, EventSubscriptionId } from "@moneta/domain/Ids"
import type * as RealTimeDecision from "@moneta/domain/RealTimeDecision"
import * as RealTimeDecisionOutcome from "@moneta/domain/RealTimeDecisionOutcome"
import * as RealTimeDecisionRequests from "@moneta/domain/RealTimeDecisionRequests"
import { Tenant } from "@moneta/domain/Tenant"
import { AccountStore, type Balance, type LockedBalance } from "@moneta/store/Accounts"
import { CardPaymentStore } from "@moneta/store/CardPayments"
import { newId } from "@moneta/store/IdGenerator"
import { Context, type DateTime, Effect, Layer, type Result } from "effect"
import { CardSimulationData, networkReference } from "./CardSimulationData.js"
import { Ledger } from "./Ledger.js"
import { findOwn, orNotFound } from "./NotFound.js"
import { spanned, spannedAsking } from "./OperationSpan.js"
import { RealTimeDecisions } from "./RealTimeDecisions.js"
import { runAskingStep, runStep, step } from "./Step.js"
import { now } from "./Time.js"

/** What a card request's decision announces, beside the simulation's body. */
interface RequestFields {
  readonly card: Card
  readonly digitalWalletTokenId: DigitalWalletTokenId | null
  readonly cardPaymentId: CardPaymentId
  readonly reference: string
  readonly cardholder: Cardholder
}

/**
 * What an authorization-like event (an authorization, an increment, a balance
 * inquiry) meets before anyone is asked (the domain's `CardDecision.forcedDecline`).
 */
const circumstancesOf = (
  forced: CardDecision.AuthorizationCircumstances["forced"],
  card: Card,
  token: DigitalWalletToken | null,
  accountStatus: Balance["status"]
): CardDecision.AuthorizationCircumstances => ({
  forced,
  cardStatus: card.status,
  tokenStatus: token?.status ?? null,
  accountStatus
})

export class CardSimulations extends Context.Service<CardSimulations>()("@moneta/bank/CardSimulations", {
  make: Effect.gen(function*() {
    const cardPayments = yield* CardPaymentStore
    const accounts = yield* AccountStore
    const ledger = yield* Ledger
    const realTimeDecisions = yield* RealTimeDecisions
    const {
      findCard,
      lockPayment,
      cardholderOf,
      persist,
      subscriptionOf,
      cardOf,
      loadAuthorization,
      loadPayment,
      authorizedPaymentOf,
      postedOf,
      refundTarget
    } = yield* CardSimulationData

    /** The card's account as it is now (not locked: read to know, before asking, whether it is closed). */
    const accountOf = (card: Card) =>
      Effect.flatMap(
        Tenant,
        (tenant) => accounts.balance(tenant, card.account_id).pipe(orNotFound("account", card.account_id))
      )

    /**
     * The client's answer to a new request on a card (an authorization, a
     * balance inquiry), when a subscription wants it: unless a decline nobody
     * can overrule answers first, the decision announces the card payment
     * (`cardPaymentId`, else a new one) and the network reference the write
     * then keeps.
     */
    const askAboutCardRequest = (question: {
      readonly category: RealTimeDecision.Category
      readonly eventSubscriptionId: EventSubscriptionId | null
      readonly card: Card
      readonly token: DigitalWalletToken | null
      readonly declineReason: CardDecision.AuthorizationCircumstances["forced"]
      readonly cardPaymentId: CardPaymentId | undefined
      readonly requestOf: (announced: RequestFields) => RealTimeDecision.Request
    }) =>
      Effect.flatMap(accountOf(question.card), (account) =>
        realTimeDecisions.askFirst({
          category: question.category,
          eventSubscriptionId: question.eventSubscriptionId,
          forced: CardDecision.forcedAuthorizationAnswer(
            circumstancesOf(question.declineReason, question.card, question.token, account.status)
          ),
          request: Effect.gen(function*() {
            const cardPaymentId = question.cardPaymentId ?? (yield* newId("card_payment"))
            const reference = yield* networkReference
            const cardholder = yield* cardholderOf(question.card)
            return {
              request: question.requestOf({
                card: question.card,
                digitalWalletTokenId: question.token?.id ?? null,
                cardPaymentId,
                reference,
                cardholder
              }),
              kept: { cardPaymentId, reference }
            }
          }),
          // The action as given carries an authorization's address verdict (a balance inquiry has none).
          answerOf: RealTimeDecisionOutcome.authorizationAnswerOf
        }))

    /** The client's answer to an authorization, when a subscription wants it. */
    const askAboutAuthorization = (body: SimulateCardAuthorization) =>
      Effect.flatMap(
        loadAuthorization(body, false),
        ({ authenticated, card, eventSubscriptionId, token }) =>
          askAboutCardRequest({
            category: "card_authorization_requested",
            eventSubscriptionId,
            card,
            token,
            declineReason: body.decline_reason,
            cardPaymentId: authenticated?.id,
            requestOf: (announced) => RealTimeDecisionRequests.authorizationRequest({ ...announced, body })
          })
      )

    const authorize = (body: SimulateCardAuthorization) =>
      runAskingStep(askAboutAuthorization(body), (asked) =>
        step({
          load: Effect.gen(function*() {
            yield* realTimeDecisions.markAsked(asked)
            const { authenticated, card, token } = yield* loadAuthorization(body, true)
            const balance = yield* ledger.lockAccount(card.account_id)
            // a retried request reuses its first decision, and the payment that decision announced
            const cardPaymentId = asked?.decision.card_authorization?.upcoming_card_payment_id ??
              asked?.kept.cardPaymentId ?? authenticated?.id ?? (yield* newId("card_payment"))
            const input = {
              at: yield* now,
              card,
              digitalWalletTokenId: token?.id ?? null,
              body,
              available: balance.available,
              authenticatedCardPayment: authenticated,
              reference: asked?.kept.reference ?? (yield* networkReference),
              cardholder: yield* cardholderOf(card),
              ids: {
                cardPayment: cardPaymentId,
                cardAuthorization: yield* newId("card_authorization"),
                cardDecline: yield* newId("card_decline"),
                pendingTransaction: yield* newId("pending_transaction"),
                declinedTransaction: yield* newId("declined_transaction")
              }
            }
            return { balance, input, circumstances: circumstancesOf(body.decline_reason, card, token, balance.status) }
          }),
          // the answer is taken again under the locks: a decline nobody can overrule (the card or account
          // may have changed while the client was asked) wins over the client's answer
          decide: ({ circumstances, input }) =>
            CardActivity.authorize({
              ...input,
              answer: CardDecision.authorizationAnswer({
                ...circumstances,
                client: asked?.answer ?? null,
                question: CardActivity.authorizationQuestion(input)
              })
            }),
          persist: (step, { balance, input }) =>
            Effect.flatMap(
              persist(step, input.at, new Map([[input.card.account_id, balance]])),
              ({ createdHolds }) =>
                Effect.orDie(
                  Effect.fromResult(
                    authorizationResultOf({ createdHolds, declinedTransaction: step.declinedTransaction })
                  )
                )
            )
        }))

    /** The client's answer to an increment, when a subscription wants it. */
    const askAboutIncrement = (body: SimulateCardIncrement) =>
      Effect.gen(function*() {
        const cardPayment = yield* findOwn("card_payment", body.card_payment_id, cardPayments.find)
        const card = yield* findCard(cardPayment.card_id)
        const eventSubscriptionId = yield* subscriptionOf(body.event_subscription_id)
        // refuse an increment of an authorization that is not open before anyone is asked about it
        const authorization = yield* Effect.fromResult(CardActivity.openAuthorization(cardPayment))
        const account = yield* accountOf(card)
        return yield* realTimeDecisions.askFirst({
          category: "card_authorization_requested",
          eventSubscriptionId,
          forced: CardDecision.forcedAuthorizationAnswer(circumstancesOf(undefined, card, null, account.status)),
          request: Effect.map(networkReference, (reference) => ({
            request: RealTimeDecisionRequests.incrementRequest({
              card,
              cardPaymentId: cardPayment.id,
              outstanding: outstandingAuthorization(cardPayment),
              authorization,
              amount: body.amount,
              reference
            }),
            kept: { reference }
          })),
          answerOf: (decision) => RealTimeDecisionOutcome.authorizationAnswerOf(decision)
        })
      })

    const increment = (body: SimulateCardIncrement) =>
      runAskingStep(askAboutIncrement(body), (asked) =>
        step({
          load: Effect.gen(function*() {
            yield* realTimeDecisions.markAsked(asked)
            const { card, cardPayment } = yield* loadPayment(body.card_payment_id)
            yield* subscriptionOf(body.event_subscription_id)
            // refuse an increment of an authorization that is not open before the account is locked
            yield* Effect.fromResult(CardActivity.openAuthorization(cardPayment))
            const balance = yield* ledger.lockAccount(card.account_id)
            const input = {
              at: yield* now,
              card,
              cardPayment,
              amount: body.amount,
              available: balance.available,
              reference: asked?.kept.reference ?? (yield* networkReference),
              ids: {
                cardIncrement: yield* newId("card_increment"),
                cardDecline: yield* newId("card_decline"),
                declinedTransaction: yield* newId("declined_transaction")
              }
            }
            return { balance, input }
          }),
          // a closed account declines the increment account_closed (a card_decline naming the authorization)
          decide: ({ balance, input }) =>
            CardActivity.increment({
              ...input,
              answer: CardDecision.authorizationAnswer({
                ...circumstancesOf(undefined, input.card, null, balance.status),
                client: asked?.answer ?? null,
                question: { amount: input.amount, direction: "settlement", available: input.available }
              })
            }),
          persist: (step, { balance, input }) =>
            Effect.as(persist(step, input.at, new Map([[input.card.account_id, balance]])), step.cardPayment)
        }))

    /** Locks the payment and applies one planned change to it (reversal, expiration, fuel confirmation). */
    const changePayment = <Prepared, E>(
      id: CardPaymentId,
      prepare: Effect.Effect<Prepared>,
      plan: (cardPayment: CardPayment, at: DateTime.Utc, prepared: Prepared) => Result.Result<CardStep, E>
    ) =>
      runStep({
        load: Effect.gen(function*() {
          const cardPayment = yield* lockPayment(id)
          return { cardPayment, at: yield* now, prepared: yield* prepare }
        }),
        decide: ({ at, cardPayment, prepared }) => plan(cardPayment, at, prepared),
        persist: (step, { at }) => Effect.as(persist(step, at), step.cardPayment)
      })

    const reverse = (body: SimulateCardReversal) =>
      changePayment(
        body.card_payment_id,
        Effect.all({ reference: networkReference, id: newId("card_reversal") }),
        (cardPayment, at, prepared) => CardActivity.reverse({ at, cardPayment, amount: body.amount, ...prepared })
      )

    const expire = (body: SimulateCardAuthorizationExpiration) =>
      changePayment(
        body.card_payment_id,
        newId("card_authorization_expiration"),
        (cardPayment, at, id) => CardActivity.expire({ at, cardPayment, id })
      )

    const confirmFuel = (body: SimulateCardFuelConfirmation) =>
      changePayment(
        body.card_payment_id,
        Effect.all({ reference: networkReference, id: newId("card_fuel_confirmation") }),
        (cardPayment, at, prepared) => CardActivity.confirmFuel({ at, cardPayment, amount: body.amount, ...prepared })
      )

    const settle = (body: SimulateCardSettlement) =>
      runStep({
        load: Effect.gen(function*() {
          const card = yield* findCard(body.card_id)
          const authorized = body.pending_transaction_id === undefined
            ? null
            : yield* authorizedPaymentOf(body.pending_transaction_id)
          // a settlement without an authorization draws on the account directly: its row is locked here
          const locked = authorized === null
            ? new Map([[card.account_id, yield* ledger.lockAccount(card.account_id)]])
            : new Map<AccountId, LockedBalance>()
          const input = {
            at: yield* now,
            card,
            authorized,
            amount: body.amount,
            reference: yield* networkReference,
            cardholder: yield* cardholderOf(card),
            ids: {
              cardPayment: yield* newId("card_payment"),
              cardSettlement: yield* newId("card_settlement"),
              transaction: yield* newId("transaction")
            }
          }
          return { input, locked }
        }),
        decide: ({ input }) => CardClearing.settle(input),
        persist: (step, { input, locked }) => Effect.flatMap(persist(step, input.at, locked), postedOf)
      })

    const refund = (body: SimulateCardRefund) =>
      runStep({
        load: Effect.gen(function*() {
          const target = yield* refundTarget(body)
          const card: Pick<Card, "id" | "account_id"> = {
            id: target.cardPayment.card_id,
            account_id: target.cardPayment.account_id
          }
          // the renter or passenger is the card's holder as it is now (the payment names the card, not its entity)
          const cardholder = yield* Effect.flatMap(findCard(target.cardPayment.card_id), cardholderOf)
          return {
            cardholder,
            at: yield* now,
            card,
            cardPayment: target.cardPayment,
            of: target.of,
            amount: body.amount,
            reference: yield* networkReference,
            ids: { cardRefund: yield* newId("card_refund"), transaction: yield* newId("transaction") }
          }
        }),
        decide: CardClearing.refund,
        persist: (step, { at }) => Effect.flatMap(persist(step, at), postedOf)
      })

    /** The client's answer to a balance inquiry, when a subscription wants it. */
    const askAboutBalanceInquiry = (body: SimulateCardBalanceInquiry) =>
      Effect.gen(function*() {
        const { card, token } = yield* cardOf(body)
        return yield* askAboutCardRequest({
          category: "card_balance_inquiry_requested",
          eventSubscriptionId: yield* subscriptionOf(body.event_subscription_id),
          card,
          token,
          declineReason: body.decline_reason,
          cardPaymentId: undefined,
          requestOf: (announced) => RealTimeDecisionRequests.balanceInquiryRequest({ ...announced, body })
        })
      })

    const inquireBalance = (body: SimulateCardBalanceInquiry) =>
      runAskingStep(askAboutBalanceInquiry(body), (asked) =>
        step({
          load: Effect.gen(function*() {
            yield* realTimeDecisions.markAsked(asked)
            const { card, token } = yield* cardOf(body)
            yield* subscriptionOf(body.event_subscription_id)
            const balance = yield* ledger.lockAccount(card.account_id)
            const cardPaymentId = asked?.decision.card_balance_inquiry?.upcoming_card_payment_id ??
              asked?.kept.cardPaymentId ?? (yield* newId("card_payment"))
            const input = {
              at: yield* now,
              card,
              digitalWalletTokenId: token?.id ?? null,
              body,
              available: balance.available,
              reference: asked?.kept.reference ?? (yield* networkReference),
              cardholder: yield* cardholderOf(card),
              ids: {
                cardPayment: cardPaymentId,
                cardBalanceInquiry: yield* newId("card_balance_inquiry"),
                cardDecline: yield* newId("card_decline"),
                declinedTransaction: yield* newId("declined_transaction")
              }
            }
            return {
              balance,
              input,
              circumstances: circumstancesOf(body.decline_reason, card, token, balance.status)
            }
          }),
          decide: ({ circumstances, input }) =>
            CardRequests.inquireBalance({
              ...input,
              answer: CardDecision.balanceInquiryAnswer({ ...circumstances, client: asked?.answer ?? null })
            }),
          persist: (step, { balance, input }) =>
            Effect.as(persist(step, input.at, new Map([[input.card.account_id, balance]])), step.cardPayment)
        }))

    return {
      authorize: spannedAsking(
        "bank.CardSimulations.authorize",
        authorize,
        (body) => ({
          "moneta.card_id": body.card_id,
          "moneta.digital_wallet_token_id": body.digital_wallet_token_id,
          "moneta.amount": body.amount
        })
      ),
      increment: spannedAsking(
        "bank.CardSimulations.increment",
        increment,
        (body) => ({ "moneta.card_payment_id": body.card_payment_id, "moneta.amount": body.amount })
      ),
      reverse: spanned(
        "bank.CardSimulations.reverse",
        reverse,
        (body) => ({ "moneta.card_payment_id": body.card_payment_id, "moneta.amount": body.amount })
      ),
      expire: spanned(
        "bank.CardSimulations.expire",
        expire,
        (body) => ({ "moneta.card_payment_id": body.card_payment_id })
      ),
      confirmFuel: spanned(
        "bank.CardSimulations.confirmFuel",
        confirmFuel,
        (body) => ({ "moneta.card_payment_id": body.card_payment_id, "moneta.amount": body.amount })
      ),
      settle: spanned(
        "bank.CardSimulations.settle",
        settle,
        (body) => ({
          "moneta.card_id": body.card_id,
          "moneta.pending_transaction_id": body.pending_transaction_id,
          "moneta.amount": body.amount
        })
      ),
      refund: spanned(
        "bank.CardSimulations.refund",
        refund,
        (body) => ({
          "moneta.transaction_id": body.transaction_id,
          "moneta.pending_transaction_id": body.pending_transaction_id,
          "moneta.amount": body.amount
        })
      ),
      inquireBalance: spannedAsking(
        "bank.CardSimulations.inquireBalance",
        inquireBalance,
        (body) => ({ "moneta.card_id": body.card_id, "moneta.digital_wallet_token_id": body.digital_wallet_token_id })
      )
    } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(
    Layer.provide([
      CardSimulationData.Default,
      CardPaymentStore.Default,
      AccountStore.Default,
      Ledger.Default,
      RealTimeDecisions.Default
    ])
  )
}
