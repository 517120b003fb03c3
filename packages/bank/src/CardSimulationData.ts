/**
 * The loads and the write the card simulations share (`CardSimulations`).
 */
import type { Card } from "@moneta/domain/Card"
import * as CardActivity from "@moneta/domain/CardActivity"
import * as CardClearing from "@moneta/domain/CardClearing"
import { cardholderOf as cardholderOfEntity } from "@moneta/domain/Cardholder"
import type { CardPayment } from "@moneta/domain/CardPayment"
import type { SimulateCardAuthorization, SimulateCardRefund } from "@moneta/domain/CardSimulations"
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
import { Tenant } from "@moneta/domain/Tenant"
import type { LockedBalance } from "@moneta/store/Accounts"
import { CardPaymentStore } from "@moneta/store/CardPayments"
import { CardStore } from "@moneta/store/Cards"
import { DeclinedTransactionStore } from "@moneta/store/DeclinedTransactions"
import { DigitalWalletTokenStore } from "@moneta/store/DigitalWalletTokens"
import { EntityStore } from "@moneta/store/Entities"
import { EventSubscriptionStore } from "@moneta/store/EventSubscriptions"
import { PendingTransactionStore } from "@moneta/store/PendingTransactions"
import { TransactionStore } from "@moneta/store/Transactions"
import { Context, type DateTime, Effect, Layer, Option, Random } from "effect"
import { type Applied, Ledger } from "./Ledger.js"
import { findOwn, notFound } from "./NotFound.js"

/** A random 12-digit network reference (retrieval reference number; its last six digits are the authorization code). */
export const networkReference: Effect.Effect<string> = Effect.map(
  Effect.all(Array.from({ length: 12 }, () => Random.nextIntBetween(0, 10, { halfOpen: true }))),
  (digits) => digits.join("")
)

/**
 * What the card simulations read, lock and write: the card and payment a
 * simulation names (404 when not the caller's), the holds and transactions it
 * clears, and the write of a planned step. Their operations are in
 * `CardSimulations`.
 */
export class CardSimulationData extends Context.Service<CardSimulationData>()("@moneta/bank/CardSimulationData", {
  make: Effect.gen(function*() {
    const cards = yield* CardStore
    const cardPayments = yield* CardPaymentStore
    const declinedTransactions = yield* DeclinedTransactionStore
    const tokens = yield* DigitalWalletTokenStore
    const holds = yield* PendingTransactionStore
    const transactions = yield* TransactionStore
    const ledger = yield* Ledger
    const subscriptions = yield* EventSubscriptionStore
    const entities = yield* EntityStore

    const findCard = (id: CardId) => findOwn("card", id, cards.find)

    const lockPayment = (id: CardPaymentId) => findOwn("card_payment", id, cardPayments.lock)

    /**
     * Who holds the card (domain `Cardholder`, of the card's entity): the one
     * name its authorizations, balance inquiries, settlements, 3DS attempts and
     * wallet tokens give. A card without an entity is the sandbox's cardholder's.
     */
    const cardholderOf = (card: Pick<Card, "entity_id">) =>
      Effect.map(
        Effect.flatMap(Tenant, (tenant) =>
          Option.match(Option.fromNullishOr(card.entity_id), {
            onNone: () => Effect.succeedNone,
            onSome: (entityId) => entities.find(tenant, entityId)
          })),
        (entity) => cardholderOfEntity(Option.getOrNull(entity))
      )

    /**
     * Writes a step: its money movements first (they lock the account; a 409
     * there leaves nothing written), then the card payment and the declined
     * transaction with the events, the ledger's and the step's, in one statement.
     */
    const persist = (step: Step, at: DateTime.Utc, locked: ReadonlyMap<AccountId, LockedBalance> = new Map()) =>
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
        : Effect.as(findOwn("event_subscription", id, subscriptions.find), id)

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
        if (body.physical_card_id !== undefined) {
          // this service issues no physical cards: such an id names nothing of the caller's
          return yield* Effect.fail(notFound("physical_card", body.physical_card_id))
        }
        if (body.digital_wallet_token_id !== undefined) {
          const token = yield* findOwn("digital_wallet_token", body.digital_wallet_token_id, tokens.find)
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
        const { card, token } = yield* cardOf(body)
        const authenticatedId = body.authenticated_card_payment_id
        const authenticated = authenticatedId === undefined
          ? null
          : yield* Effect.flatMap(
            lock
              ? lockPayment(authenticatedId)
              : findOwn("card_payment", authenticatedId, cardPayments.find),
            (payment) => Effect.fromResult(CardActivity.requireSameCard(payment, card))
          )
        const eventSubscriptionId = yield* subscriptionOf(body.event_subscription_id)
        const original = body.processing_category?.refund?.original_card_payment_id
        if (original !== undefined) {
          yield* findOwn("card_payment", original, cardPayments.find)
        }
        return { card, token, authenticated, eventSubscriptionId }
      })

    /** Locks the payment and its card, for the steps that change an existing payment. */
    const loadPayment = (id: CardPaymentId) =>
      Effect.gen(function*() {
        const cardPayment = yield* lockPayment(id)
        return { cardPayment, card: yield* findCard(cardPayment.card_id) }
      })

    /** The authorization a `card_authorization` hold belongs to, its card payment locked. */
    const authorizedPaymentOf = (pendingTransactionId: PendingTransactionId) =>
      Effect.gen(function*() {
        const found = yield* findOwn("pending_transaction", pendingTransactionId, holds.find)
        const authorization = yield* Effect.fromResult(CardClearing.requireAuthorizationHold(found))
        const cardPayment = yield* lockPayment(authorization.card_payment_id)
        // read again under the payment's lock: every change to the hold happens under it
        const hold = yield* findOwn("pending_transaction", pendingTransactionId, holds.find)
        return { cardPayment, hold }
      })

    /** The posted transaction of the step (settlements and refunds post exactly one). */
    const postedOf = (applied: Applied) => {
      const transaction = applied.transactions[0]
      return transaction === undefined
        ? Effect.die(new Error("a clearing step posted no transaction"))
        : Effect.succeed(transaction)
    }

    /** What a refund names: a settlement's transaction, or a refund authorization's hold; with its payment locked. */
    const refundTarget = (body: SimulateCardRefund) =>
      Effect.gen(function*() {
        if (body.pending_transaction_id !== undefined) {
          const { cardPayment, hold } = yield* authorizedPaymentOf(body.pending_transaction_id)
          return { cardPayment, of: { _tag: "RefundAuthorization", hold } as const }
        }
        const transactionId = body.transaction_id
        // the body's schema requires exactly one of pending_transaction_id and transaction_id
        if (transactionId === undefined) {
          return yield* Effect.die(new Error("the refund names neither a hold nor a settlement"))
        }
        const transaction = yield* findOwn("transaction", transactionId, transactions.find)
        const settlement = yield* Effect.fromResult(CardClearing.requireSettlement(transaction))
        const cardPayment: CardPayment = yield* lockPayment(settlement.card_payment_id)
        return { cardPayment, of: { _tag: "Settlement", transaction } as const }
      })

    return {
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
    } as const
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
      EntityStore.Default
    ])
  )
}
