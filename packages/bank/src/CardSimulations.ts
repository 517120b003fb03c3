/**
 * Sandbox card network simulations (decisions.md d): authorizations,
 * increments, reversals, expirations, settlements, refunds, fuel
 * confirmations and balance inquiries. Each loads what it needs, asks the decider where the network
 * would ask the issuer, lets the domain's planner (`CardActivity`) decide the
 * outcome, and writes the card payment, its holds and postings, the declined
 * transaction and every event in one database transaction; a refused
 * simulation (409, 404, 400) writes nothing.
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
import { approvedAuthorization, declinedAuthorization } from "@moneta/domain/CardSimulations"
import type { Step } from "@moneta/domain/CardSteps"
import type { AccountId, CardPaymentId } from "@moneta/domain/Ids"
import * as RealTimeDecisionOutcome from "@moneta/domain/RealTimeDecisionOutcome"
import * as RealTimeDecisionRequests from "@moneta/domain/RealTimeDecisionRequests"
import type { Balance } from "@moneta/store/Accounts"
import { CardPaymentStore } from "@moneta/store/CardPayments"
import { newId } from "@moneta/store/IdGenerator"
import { transactionally } from "@moneta/store/UnitOfWork"
import { Context, type DateTime, Effect, Layer, Option } from "effect"
import { asking } from "./AskingWrite.js"
import { answerFrom, CardDecider, serviceDecides } from "./CardDecider.js"
import { CardSimulationData, networkReference } from "./CardSimulationData.js"
import { Ledger } from "./Ledger.js"
import { findOwn } from "./NotFound.js"
import { spanned, spannedAsking } from "./OperationSpan.js"
import { RealTimeDecisions } from "./RealTimeDecisions.js"
import { now } from "./Time.js"

export class CardSimulations extends Context.Service<CardSimulations>()("@moneta/bank/CardSimulations", {
  make: Effect.gen(function*() {
    const cardPayments = yield* CardPaymentStore
    const ledger = yield* Ledger
    const decider = yield* CardDecider
    const realTimeDecisions = yield* RealTimeDecisions
    const {
      findCard,
      lockPayment,
      persist,
      subscriptionOf,
      cardOf,
      loadAuthorization,
      loadPayment,
      authorizedPaymentOf,
      postedOf,
      refundTarget
    } = yield* CardSimulationData

    /**
     * Asks the client through a real-time decision when a subscription wants
     * it, before the simulation's transaction (nothing is held while it
     * waits); null when the service decides.
     */
    const askAboutAuthorization = (body: SimulateCardAuthorization) =>
      Effect.gen(function*() {
        const loaded = yield* loadAuthorization(body, false)
        const asks = yield* realTimeDecisions.asksClient(
          "card_authorization_requested",
          loaded.eventSubscriptionId,
          loaded.forced
        )
        if (!asks) return null
        const cardPaymentId = loaded.authenticated?.id ?? (yield* newId("card_payment"))
        const reference = yield* networkReference
        const decision = yield* realTimeDecisions.ask(
          RealTimeDecisionRequests.authorizationRequest({
            card: loaded.card,
            body,
            digitalWalletTokenId: loaded.token?.id ?? null,
            cardPaymentId,
            reference
          }),
          loaded.eventSubscriptionId
        )
        return {
          answer: RealTimeDecisionOutcome.authorizationAnswerOf(
            decision,
            Option.getOrNull(yield* realTimeDecisions.answerOf(decision.id))
          ),
          decisionId: decision.id,
          // a retried request reuses its first decision, and the payment that decision announced
          cardPaymentId: decision.card_authorization?.upcoming_card_payment_id ?? cardPaymentId,
          reference
        }
      })

    const authorize = (body: SimulateCardAuthorization) =>
      asking(askAboutAuthorization(body), (asked) =>
        Effect.gen(function*() {
          if (asked !== null) yield* realTimeDecisions.markApplied(asked.decisionId)
          const { card, token, authenticated, eventSubscriptionId, forced } = yield* loadAuthorization(body, true)
          const balance = yield* ledger.lockAccount(card.account_id)
          const cardPaymentId = asked?.cardPaymentId ?? authenticated?.id ??
            (yield* newId("card_payment"))
          const question = CardActivity.authorizationQuestion({ body, available: balance.available })
          // a decline nobody can overrule wins over the client's answer (the card may have changed while it was asked)
          const answer = yield* answerFrom(
            CardDecision.answerSource(forced, asked?.answer),
            decider.authorization({ card, cardPaymentId, eventSubscriptionId }, { ...question, incremental: false })
          )
          const at = yield* now
          const step = yield* Effect.fromResult(CardActivity.authorize({
            at,
            card,
            digitalWalletTokenId: token?.id ?? null,
            body,
            available: balance.available,
            answer,
            authenticatedCardPayment: authenticated,
            reference: asked?.reference ?? (yield* networkReference),
            ids: {
              cardPayment: cardPaymentId,
              cardAuthorization: yield* newId("card_authorization"),
              cardDecline: yield* newId("card_decline"),
              pendingTransaction: yield* newId("pending_transaction"),
              declinedTransaction: yield* newId("declined_transaction")
            }
          }))
          const applied = yield* persist(step, at, new Map([[card.account_id, balance]]))
          const hold = applied.createdHolds[0]
          if (hold !== undefined) return approvedAuthorization(hold)
          if (step.declinedTransaction !== null) return declinedAuthorization(step.declinedTransaction)
          return yield* Effect.die(new Error("an authorization step neither held money nor declined"))
        }))

    /** An increment asks the client, before its transaction, when a subscription wants it; null when the service decides. */
    const askAboutIncrement = (body: SimulateCardIncrement) =>
      Effect.gen(function*() {
        const cardPayment = yield* findOwn("card_payment", body.card_payment_id, cardPayments.find)
        const card = yield* findCard(cardPayment.card_id)
        const eventSubscriptionId = yield* subscriptionOf(body.event_subscription_id)
        const authorization = yield* Effect.fromResult(CardActivity.openAuthorization(cardPayment))
        const forced = CardDecision.forcedAuthorizationAnswer({
          forced: undefined,
          cardStatus: card.status,
          tokenStatus: null
        })
        if (!(yield* realTimeDecisions.asksClient("card_authorization_requested", eventSubscriptionId, forced))) {
          return null
        }
        const reference = yield* networkReference
        const decision = yield* realTimeDecisions.ask(
          RealTimeDecisionRequests.incrementRequest({
            card,
            cardPaymentId: cardPayment.id,
            outstanding: outstandingAuthorization(cardPayment),
            authorization,
            amount: body.amount,
            reference
          }),
          eventSubscriptionId
        )
        return { answer: RealTimeDecisionOutcome.authorizationAnswerOf(decision), decisionId: decision.id, reference }
      })

    const increment = (body: SimulateCardIncrement) =>
      asking(askAboutIncrement(body), (asked) =>
        Effect.gen(function*() {
          if (asked !== null) yield* realTimeDecisions.markApplied(asked.decisionId)
          const { card, cardPayment } = yield* loadPayment(body.card_payment_id)
          const eventSubscriptionId = yield* subscriptionOf(body.event_subscription_id)
          // refuse an increment of an authorization that is not open before anyone is asked about it
          yield* Effect.fromResult(CardActivity.openAuthorization(cardPayment))
          const balance = yield* ledger.lockAccount(card.account_id)
          const forced = CardDecision.forcedAuthorizationAnswer({
            forced: undefined,
            cardStatus: card.status,
            tokenStatus: null
          })
          const answer = yield* answerFrom(
            CardDecision.answerSource(forced, asked?.answer),
            decider.authorization(
              { card, cardPaymentId: cardPayment.id, eventSubscriptionId },
              { amount: body.amount, direction: "settlement", available: balance.available, incremental: true }
            )
          )
          const at = yield* now
          const step = yield* Effect.fromResult(CardActivity.increment({
            at,
            card,
            cardPayment,
            amount: body.amount,
            available: balance.available,
            answer,
            reference: asked?.reference ?? (yield* networkReference),
            ids: {
              cardIncrement: yield* newId("card_increment"),
              cardDecline: yield* newId("card_decline"),
              declinedTransaction: yield* newId("declined_transaction")
            }
          }))
          yield* persist(step, at, new Map([[card.account_id, balance]]))
          return step.cardPayment
        }))

    /** Locks the payment and applies one planned change to it (reversal, expiration, fuel confirmation). */
    const changePayment = <E>(
      id: CardPaymentId,
      plan: (cardPayment: CardPayment, at: DateTime.Utc) => Effect.Effect<Step, E>
    ) =>
      transactionally(Effect.gen(function*() {
        const cardPayment = yield* lockPayment(id)
        const at = yield* now
        const step = yield* plan(cardPayment, at)
        yield* persist(step, at)
        return step.cardPayment
      }))

    const reverse = (body: SimulateCardReversal) =>
      changePayment(body.card_payment_id, (cardPayment, at) =>
        Effect.gen(function*() {
          return yield* Effect.fromResult(CardActivity.reverse({
            at,
            cardPayment,
            amount: body.amount,
            reference: yield* networkReference,
            id: yield* newId("card_reversal")
          }))
        }))

    const expire = (body: SimulateCardAuthorizationExpiration) =>
      changePayment(body.card_payment_id, (cardPayment, at) =>
        Effect.gen(function*() {
          return yield* Effect.fromResult(CardActivity.expire({
            at,
            cardPayment,
            id: yield* newId("card_authorization_expiration")
          }))
        }))

    const confirmFuel = (body: SimulateCardFuelConfirmation) =>
      changePayment(body.card_payment_id, (cardPayment, at) =>
        Effect.gen(function*() {
          return yield* Effect.fromResult(CardActivity.confirmFuel({
            at,
            cardPayment,
            amount: body.amount,
            reference: yield* networkReference,
            id: yield* newId("card_fuel_confirmation")
          }))
        }))

    const settle = (body: SimulateCardSettlement) =>
      transactionally(Effect.gen(function*() {
        const card = yield* findCard(body.card_id)
        const authorized = body.pending_transaction_id === undefined
          ? null
          : yield* authorizedPaymentOf(body.pending_transaction_id)
        const locked = authorized === null
          ? new Map([[card.account_id, yield* ledger.lockAccount(card.account_id)]])
          : new Map<AccountId, Balance>()
        const at = yield* now
        const step = yield* Effect.fromResult(CardClearing.settle({
          at,
          card,
          authorized,
          amount: body.amount,
          reference: yield* networkReference,
          ids: {
            cardPayment: yield* newId("card_payment"),
            cardSettlement: yield* newId("card_settlement"),
            transaction: yield* newId("transaction")
          }
        }))
        return yield* postedOf(yield* persist(step, at, locked))
      }))

    const refund = (body: SimulateCardRefund) =>
      transactionally(Effect.gen(function*() {
        const target = yield* refundTarget(body)
        const card: Pick<Card, "id" | "account_id"> = {
          id: target.cardPayment.card_id,
          account_id: target.cardPayment.account_id
        }
        const at = yield* now
        const step = yield* Effect.fromResult(CardClearing.refund({
          at,
          card,
          cardPayment: target.cardPayment,
          of: target.of,
          amount: body.amount,
          reference: yield* networkReference,
          ids: {
            cardRefund: yield* newId("card_refund"),
            transaction: yield* newId("transaction")
          }
        }))
        return yield* postedOf(yield* persist(step, at))
      }))

    /** A balance inquiry asks the client, before its transaction, when a subscription wants it; null when the service decides. */
    const askAboutBalanceInquiry = (body: SimulateCardBalanceInquiry) =>
      Effect.gen(function*() {
        const { card, token } = yield* cardOf(body)
        const eventSubscriptionId = yield* subscriptionOf(body.event_subscription_id)
        const forced = CardDecision.forcedAuthorizationAnswer({
          forced: body.decline_reason,
          cardStatus: card.status,
          tokenStatus: token?.status ?? null
        })
        if (!(yield* realTimeDecisions.asksClient("card_balance_inquiry_requested", eventSubscriptionId, forced))) {
          return null
        }
        const cardPaymentId = yield* newId("card_payment")
        const reference = yield* networkReference
        const decision = yield* realTimeDecisions.ask(
          RealTimeDecisionRequests.balanceInquiryRequest({
            card,
            body,
            digitalWalletTokenId: token?.id ?? null,
            cardPaymentId,
            reference
          }),
          eventSubscriptionId
        )
        return {
          answer: RealTimeDecisionOutcome.authorizationAnswerOf(decision),
          decisionId: decision.id,
          cardPaymentId: decision.card_balance_inquiry?.upcoming_card_payment_id ?? cardPaymentId,
          reference
        }
      })

    const inquireBalance = (body: SimulateCardBalanceInquiry) =>
      asking(askAboutBalanceInquiry(body), (asked) =>
        Effect.gen(function*() {
          if (asked !== null) yield* realTimeDecisions.markApplied(asked.decisionId)
          const { card, token } = yield* cardOf(body)
          const eventSubscriptionId = yield* subscriptionOf(body.event_subscription_id)
          const balance = yield* ledger.lockAccount(card.account_id)
          const cardPaymentId = asked?.cardPaymentId ?? (yield* newId("card_payment"))
          const forced = CardDecision.forcedAuthorizationAnswer({
            forced: body.decline_reason,
            cardStatus: card.status,
            tokenStatus: token?.status ?? null
          })
          const answer = yield* answerFrom(
            CardDecision.answerSource(forced, asked?.answer),
            decider.balanceInquiry({ card, cardPaymentId, eventSubscriptionId }, { available: balance.available })
          )
          const at = yield* now
          const step = yield* Effect.fromResult(CardRequests.inquireBalance({
            at,
            card,
            digitalWalletTokenId: token?.id ?? null,
            body,
            available: balance.available,
            answer,
            reference: asked?.reference ?? (yield* networkReference),
            ids: {
              cardPayment: cardPaymentId,
              cardBalanceInquiry: yield* newId("card_balance_inquiry"),
              cardDecline: yield* newId("card_decline"),
              declinedTransaction: yield* newId("declined_transaction")
            }
          }))
          yield* persist(step, at, new Map([[card.account_id, balance]]))
          return step.cardPayment
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
      Ledger.Default,
      RealTimeDecisions.Default,
      serviceDecides
    ])
  )
}
