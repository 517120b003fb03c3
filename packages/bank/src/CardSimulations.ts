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
import { Caller as Tenant } from "@moneta/domain/Caller"
import type { Card } from "@moneta/domain/Card"
import * as CardActivity from "@moneta/domain/CardActivity"
import * as CardClearing from "@moneta/domain/CardClearing"
import * as CardDecision from "@moneta/domain/CardDecision"
import type { CardPayment } from "@moneta/domain/CardPayment"
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
import type {
  AccountId,
  CardId,
  CardPaymentId,
  DigitalWalletTokenId,
  EventSubscriptionId,
  PendingTransactionId,
  PhysicalCardId
} from "@moneta/domain/Ids"
import * as RealTimeDecisionOutcome from "@moneta/domain/RealTimeDecisionOutcome"
import * as RealTimeDecisionRequests from "@moneta/domain/RealTimeDecisionRequests"
import type { Balance } from "@moneta/store/Accounts"
import { CardPayments as CardPaymentStore } from "@moneta/store/CardPayments"
import { Cards as CardStore } from "@moneta/store/Cards"
import { DeclinedTransactions as DeclinedTransactionStore } from "@moneta/store/DeclinedTransactions"
import { DigitalWalletTokens as DigitalWalletTokenStore } from "@moneta/store/DigitalWalletTokens"
import { EventSubscriptions as EventSubscriptionStore } from "@moneta/store/EventSubscriptions"
import { newId } from "@moneta/store/IdGenerator"
import { PendingTransactions as PendingTransactionStore } from "@moneta/store/PendingTransactions"
import { Transactions as TransactionStore } from "@moneta/store/Transactions"
import { transactionally } from "@moneta/store/UnitOfWork"
import { Context, type DateTime, Effect, Layer, Random } from "effect"
import { asking } from "./AskingWrite.js"
import { answerFrom, CardDecider, serviceDecides } from "./CardDecider.js"
import { type Applied, Ledger } from "./Ledger.js"
import { notFound, orNotFound } from "./NotFound.js"
import { RealTimeDecisions } from "./RealTimeDecisions.js"
import { now } from "./Time.js"
import { traced } from "./Traced.js"

/** A random 12-digit network reference (retrieval reference number; its last six digits are the authorization code). */
const networkReference: Effect.Effect<string> = Effect.map(
  Effect.all(Array.from({ length: 12 }, () => Random.nextIntBetween(0, 10, { halfOpen: true }))),
  (digits) => digits.join("")
)

export class CardSimulations extends Context.Service<CardSimulations>()("@moneta/bank/CardSimulations", {
  make: Effect.gen(function*() {
    const cards = yield* CardStore
    const cardPayments = yield* CardPaymentStore
    const declinedTransactions = yield* DeclinedTransactionStore
    const tokens = yield* DigitalWalletTokenStore
    const holds = yield* PendingTransactionStore
    const transactions = yield* TransactionStore
    const ledger = yield* Ledger
    const decider = yield* CardDecider
    const subscriptions = yield* EventSubscriptionStore
    const realTimeDecisions = yield* RealTimeDecisions

    const findCard = (id: CardId) => Effect.flatMap(Tenant, (tenant) => orNotFound("card", id)(cards.find(tenant, id)))

    const lockPayment = (id: CardPaymentId) =>
      Effect.flatMap(Tenant, (tenant) => orNotFound("card_payment", id)(cardPayments.lock(tenant, id)))

    /**
     * Writes a step: its money movements first (they lock the account; a 409
     * there leaves nothing written), then the card payment and the declined
     * transaction with the events, the ledger's and the step's, in one statement.
     */
    const persist = (step: Step, at: DateTime.Utc, locked: ReadonlyMap<AccountId, Balance> = new Map()) =>
      Effect.gen(function*() {
        const tenant = yield* Tenant
        const payment = step.isNew
          ? yield* cardPayments.insertWrite(tenant, step.cardPayment)
          : yield* cardPayments.updateWrite(tenant, step.cardPayment)
        const declined = step.declinedTransaction === null
          ? []
          : [yield* declinedTransactions.insertWrite(tenant, step.declinedTransaction)]
        return yield* ledger.apply(step.effects, at, locked, { writes: [payment, ...declined], events: step.events })
      })

    /** A subscription a simulation routes its real-time decision to must be the caller's (404 otherwise). */
    const subscriptionOf = (id: EventSubscriptionId | undefined) =>
      id === undefined
        ? Effect.succeed(null)
        : Effect.flatMap(Tenant, (tenant) =>
          Effect.as(orNotFound("event_subscription", id)(subscriptions.find(tenant, id)), id))

    /**
     * The card an authorization names: by card, or through a wallet token (which must be the caller's).
     * The body's schema requires exactly one of the three selectors.
     */
    const cardOf = (body: {
      readonly card_id?: CardId | undefined
      readonly digital_wallet_token_id?: DigitalWalletTokenId | undefined
      readonly physical_card_id?: PhysicalCardId | undefined
    }) =>
      Effect.gen(function*() {
        const tenant = yield* Tenant
        if (body.physical_card_id !== undefined) {
          // this service issues no physical cards: such an id names nothing of the caller's
          return yield* Effect.fail(notFound("physical_card", body.physical_card_id))
        }
        if (body.digital_wallet_token_id !== undefined) {
          const token = yield* orNotFound("digital_wallet_token", body.digital_wallet_token_id)(
            tokens.find(tenant, body.digital_wallet_token_id)
          )
          return { card: yield* findCard(token.card_id), token }
        }
        if (body.card_id !== undefined) return { card: yield* findCard(body.card_id), token: null }
        return yield* Effect.die(new Error("the body names no card: its schema requires one selector"))
      })

    /**
     * What an authorization names, checked before anyone is asked: its card
     * (and token), the authenticated payment it joins (locked inside the
     * simulation's transaction), the subscription it routes its decision to,
     * the payment a refund authorization refers to.
     */
    const loadAuthorization = (body: SimulateCardAuthorization, lock: boolean) =>
      Effect.gen(function*() {
        const tenant = yield* Tenant
        const { card, token } = yield* cardOf(body)
        const authenticatedId = body.authenticated_card_payment_id
        const authenticated = authenticatedId === undefined
          ? null
          : yield* Effect.flatMap(
            lock
              ? lockPayment(authenticatedId)
              : orNotFound("card_payment", authenticatedId)(cardPayments.find(tenant, authenticatedId)),
            (payment) => Effect.fromResult(CardActivity.requireSameCard(payment, card))
          )
        const eventSubscriptionId = yield* subscriptionOf(body.event_subscription_id)
        const original = body.processing_category?.refund?.original_card_payment_id
        if (original !== undefined) {
          yield* orNotFound("card_payment", original)(cardPayments.find(tenant, original))
        }
        const forced = CardDecision.forcedAuthorizationAnswer({
          forced: body.decline_reason,
          cardStatus: card.status,
          tokenStatus: token?.status ?? null
        })
        return { card, token, authenticated, eventSubscriptionId, forced }
      })

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
          answer: RealTimeDecisionOutcome.authorizationAnswerOf(decision),
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

    /** Locks the payment and its card, for the steps that change an existing payment. */
    const loadPayment = (id: CardPaymentId) =>
      Effect.gen(function*() {
        const cardPayment = yield* lockPayment(id)
        return { cardPayment, card: yield* findCard(cardPayment.card_id) }
      })

    /** An increment asks the client, before its transaction, when a subscription wants it; null when the service decides. */
    const askAboutIncrement = (body: SimulateCardIncrement) =>
      Effect.gen(function*() {
        const tenant = yield* Tenant
        const cardPayment = yield* orNotFound("card_payment", body.card_payment_id)(
          cardPayments.find(tenant, body.card_payment_id)
        )
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

    /** The authorization a `card_authorization` hold belongs to, its card payment locked. */
    const authorizedPaymentOf = (pendingTransactionId: PendingTransactionId) =>
      Effect.gen(function*() {
        const tenant = yield* Tenant
        const found = yield* orNotFound("pending_transaction", pendingTransactionId)(
          holds.find(tenant, pendingTransactionId)
        )
        const authorization = yield* Effect.fromResult(CardClearing.requireAuthorizationHold(found))
        const cardPayment = yield* lockPayment(authorization.card_payment_id)
        // read again under the payment's lock: every change to the hold happens under it
        const hold = yield* orNotFound("pending_transaction", pendingTransactionId)(
          holds.find(tenant, pendingTransactionId)
        )
        return { cardPayment, hold }
      })

    /** The posted transaction of the step (settlements and refunds post exactly one). */
    const postedOf = (applied: Applied) => {
      const transaction = applied.transactions[0]
      return transaction === undefined
        ? Effect.die(new Error("a clearing step posted no transaction"))
        : Effect.succeed(transaction)
    }

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

    /** What a refund names: a settlement's transaction, or a refund authorization's hold; with its payment locked. */
    const refundTarget = (body: SimulateCardRefund) =>
      Effect.gen(function*() {
        const tenant = yield* Tenant
        if (body.pending_transaction_id !== undefined) {
          const { cardPayment, hold } = yield* authorizedPaymentOf(body.pending_transaction_id)
          return { cardPayment, of: { _tag: "RefundAuthorization", hold } as const }
        }
        const transactionId = body.transaction_id
        // the body's schema requires exactly one of pending_transaction_id and transaction_id
        if (transactionId === undefined) {
          return yield* Effect.die(new Error("the refund names neither a hold nor a settlement"))
        }
        const transaction = yield* orNotFound("transaction", transactionId)(transactions.find(tenant, transactionId))
        const settlement = yield* Effect.fromResult(CardClearing.requireSettlement(transaction))
        const cardPayment: CardPayment = yield* lockPayment(settlement.card_payment_id)
        return { cardPayment, of: { _tag: "Settlement", transaction } as const }
      })

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

    return traced(
      "CardSimulations",
      { authorize, increment, reverse, expire, confirmFuel, settle, refund, inquireBalance } as const
    )
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(
    Layer.provide([
      CardStore.Default,
      CardPaymentStore.Default,
      DeclinedTransactionStore.Default,
      DigitalWalletTokenStore.Default,
      PendingTransactionStore.Default,
      TransactionStore.Default,
      Ledger.Default,
      EventSubscriptionStore.Default,
      RealTimeDecisions.Default,
      serviceDecides
    ])
  )
}
