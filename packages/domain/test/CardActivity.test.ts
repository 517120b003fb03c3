import { describe, expect, it } from "@effect/vitest"
import { DateTime, Result } from "effect"
import * as fc from "fast-check"
import { Card } from "../src/cards/Card.js"
import * as CardActivity from "../src/cards/CardActivity.js"
import * as CardClearing from "../src/cards/CardClearing.js"
import type { CardPayment } from "../src/cards/CardPayment.js"
import * as Ids from "../src/core/Ids.js"
import * as CardDecision from "../src/decisions/CardDecision.js"
import { PendingTransaction } from "../src/money/PendingTransaction.js"
import * as Cards from "../src/testing/Cards.js"
import { authorizationIds } from "./support/AuthorizationIds.js"

const at = DateTime.makeUnsafe("2026-11-23T12:00:00.000Z")

const ids = authorizationIds

const activeCardArbitrary = Cards.cardArbitrary.map((card) => new Card({ ...card, status: "active" }))

const authorize = (card: Card, amount: number, available: number, answer?: CardDecision.AuthorizationAnswer) =>
  CardActivity.authorize({
    at,
    card,
    digitalWalletTokenId: null,
    body: { amount, card_id: card.id },
    available,
    answer: answer ?? CardDecision.serviceAuthorizationDecision({ amount, direction: "settlement", available }),
    authenticatedCardPayment: null,
    reference: "123456789012",
    ids
  })

const approvedPayment = (card: Card, amount: number): CardPayment => {
  const step = authorize(card, amount, amount)
  if (Result.isFailure(step)) throw step.failure
  return step.success.cardPayment
}

const amountArbitrary = fc.integer({ min: 1, max: 100_000 })

describe("card activity", () => {
  it("the service approves exactly what the available balance covers, and holds it through the card", () =>
    fc.assert(fc.property(activeCardArbitrary, amountArbitrary, fc.integer({ min: 0, max: 100_000 }), (
      card,
      amount,
      available
    ) => {
      const step = Result.getOrThrow(authorize(card, amount, available))
      expect(step.isNew).toBe(true)
      if (amount <= available) {
        expect(step.declinedTransaction).toBeNull()
        expect(step.effects).toEqual([expect.objectContaining({
          kind: "create_pending_transaction",
          amount: -amount,
          accountId: card.account_id,
          route: { id: card.id, type: "card" },
          requiresAvailableBalance: true
        })])
        expect(step.cardPayment.state.authorized_amount).toBe(amount)
      } else {
        expect(step.effects).toEqual([])
        expect(step.declinedTransaction).toMatchObject({ amount: -amount, route_id: card.id })
        expect(step.declinedTransaction?.source).toMatchObject({ card_decline: { reason: "insufficient_funds" } })
        expect(step.cardPayment.state.authorized_amount).toBe(0)
      }
      expect(step.events.map((event) => event.category)).toEqual(
        amount <= available ? ["card_payment.created"] : ["card_payment.created", "declined_transaction.created"]
      )
    })))

  it("a user's approval beyond the available balance is still declined insufficient_funds", () =>
    fc.assert(fc.property(activeCardArbitrary, amountArbitrary, (card, amount) => {
      const approval = CardDecision.AuthorizationAnswer.Approve({
        actioner: "user",
        realTimeDecisionId: null,
        balance: null,
        partialAmount: null
      })
      const step = Result.getOrThrow(authorize(card, amount, amount - 1, approval))
      expect(step.declinedTransaction?.source).toMatchObject({
        card_decline: { reason: "insufficient_funds", actioner: "increase" }
      })
    })))

  it("declines nobody can overrule: the forced reason first, then the card, then the token", () => {
    expect(CardDecision.forcedDecline({ forced: "suspected_fraud", cardStatus: "disabled", tokenStatus: "suspended" }))
      .toBe("suspected_fraud")
    expect(CardDecision.forcedDecline({ forced: undefined, cardStatus: "disabled", tokenStatus: null })).toBe(
      "card_not_active"
    )
    expect(CardDecision.forcedDecline({ forced: undefined, cardStatus: "canceled", tokenStatus: null })).toBe(
      "card_canceled"
    )
    expect(CardDecision.forcedDecline({ forced: undefined, cardStatus: "active", tokenStatus: "suspended" }))
      .toBe("transaction_not_allowed")
    expect(CardDecision.forcedDecline({ forced: undefined, cardStatus: "active", tokenStatus: "active" }))
      .toBeUndefined()
  })

  it("the hold follows the outstanding authorization through increments and reversals", () =>
    fc.assert(fc.property(
      activeCardArbitrary,
      amountArbitrary,
      fc.array(fc.tuple(fc.boolean(), amountArbitrary), { maxLength: 12 }),
      (card, amount, changes) => {
        let payment = approvedPayment(card, amount)
        let outstanding = amount
        for (const [grows, change] of changes) {
          const step = grows
            ? CardActivity.increment({
              at,
              card,
              cardPayment: payment,
              amount: change,
              available: change,
              answer: CardDecision.serviceAuthorizationDecision({
                amount: change,
                direction: "settlement",
                available: change
              }),
              reference: "123456789012",
              ids: {
                cardIncrement: Ids.CardIncrementId.make("card_increment_model"),
                cardDecline: ids.cardDecline,
                declinedTransaction: ids.declinedTransaction
              }
            })
            : CardActivity.reverse({
              at,
              cardPayment: payment,
              amount: change,
              reference: "123456789012",
              id: Ids.CardReversalId.make("card_reversal_model")
            })
          const open = outstanding > 0
          const allowed = open && (grows || change <= outstanding)
          expect(Result.isSuccess(step)).toBe(allowed)
          if (Result.isFailure(step)) continue
          outstanding = grows ? outstanding + change : outstanding - change
          expect(step.success.effects).toEqual([
            outstanding === 0
              ? { kind: "complete_pending_transaction", pendingTransactionId: ids.pendingTransaction }
              : expect.objectContaining({
                kind: "revise_pending_transaction",
                amount: -outstanding,
                requiresAvailableBalance: grows
              })
          ])
          payment = step.success.cardPayment
        }
      }
    )))

  it("a settlement of an authorization completes its hold and posts at most what it held", () =>
    fc.assert(fc.property(
      activeCardArbitrary,
      amountArbitrary,
      fc.option(amountArbitrary, { nil: undefined }),
      (card, amount, settled) => {
        const authorized = Result.getOrThrow(authorize(card, amount, amount))
        const opened = authorized.effects[0]
        if (opened?.kind !== "create_pending_transaction") throw new Error("the authorization opened no hold")
        const hold = new PendingTransaction({
          id: opened.pendingTransactionId,
          account_id: opened.accountId,
          amount: opened.amount,
          completed_at: null,
          created_at: at,
          currency: "USD",
          description: opened.description,
          held_amount: opened.amount,
          route_id: card.id,
          route_type: "card",
          source: opened.source,
          status: "pending"
        })
        const step = CardClearing.settle({
          at,
          card,
          authorized: { cardPayment: authorized.cardPayment, hold },
          amount: settled,
          reference: "123456789012",
          ids: {
            cardPayment: ids.cardPayment,
            cardSettlement: Ids.CardSettlementId.make("card_settlement_model"),
            transaction: Ids.TransactionId.make("transaction_model")
          }
        })
        const posted = settled ?? amount
        expect(Result.isSuccess(step)).toBe(posted <= amount)
        if (Result.isFailure(step)) return
        expect(step.success.effects).toEqual([
          { kind: "complete_pending_transaction", pendingTransactionId: hold.id },
          expect.objectContaining({ kind: "post_transaction", amount: -posted, requiresAvailableBalance: false })
        ])
        expect(step.success.cardPayment.state.settled_amount).toBe(posted)
      }
    )))

  it("a forced settlement needs an amount and must be covered by the available balance", () =>
    fc.assert(fc.property(activeCardArbitrary, amountArbitrary, (card, amount) => {
      const settle = (forced: number | undefined) =>
        CardClearing.settle({
          at,
          card,
          authorized: null,
          amount: forced,
          reference: "123456789012",
          ids: {
            cardPayment: ids.cardPayment,
            cardSettlement: Ids.CardSettlementId.make("card_settlement_model"),
            transaction: Ids.TransactionId.make("transaction_model")
          }
        })
      expect(Result.flip(settle(undefined)).pipe(Result.map((error) => error._tag))).toEqual(
        Result.succeed("SettlementAmountMissing")
      )
      const step = Result.getOrThrow(settle(amount))
      expect(step.isNew).toBe(true)
      expect(step.effects).toEqual([
        expect.objectContaining({ kind: "post_transaction", amount: -amount, requiresAvailableBalance: true })
      ])
    })))
})
