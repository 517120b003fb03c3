import { describe, expect, it } from "@effect/vitest"
import { DateTime, Result } from "effect"
import * as fc from "fast-check"
import { Card } from "../src/cards/Card.js"
import * as CardActivity from "../src/cards/CardActivity.js"
import { authorizationResultOf } from "../src/cards/CardSimulationResults.js"
import * as CardDecision from "../src/decisions/CardDecision.js"
import * as Ledger from "../src/money/Ledger.js"
import * as Cards from "../src/testing/Cards.js"
import { authorizationIds } from "./support/AuthorizationIds.js"

const at = DateTime.makeUnsafe("2026-11-23T12:00:00.000Z")

const activeCardArbitrary = Cards.cardArbitrary.map((card) => new Card({ ...card, status: "active" }))

/** An authorization planned and its money movements planned as the ledger would write them. */
const authorizeAndPlan = (card: Card, amount: number, available: number) => {
  const step = Result.getOrThrow(CardActivity.authorize({
    at,
    card,
    digitalWalletTokenId: null,
    body: { amount, card_id: card.id },
    available,
    answer: CardDecision.serviceAuthorizationDecision({ amount, direction: "settlement", available }),
    authenticatedCardPayment: null,
    reference: "123456789012",
    ids: authorizationIds
  }))
  const plan = Result.getOrThrow(Ledger.plan(Result.getOrThrow(Ledger.resolve(step.effects, new Map())), at))
  return { step, createdHolds: plan.createdHolds }
}

describe("the simulated authorization's result", () => {
  it("is the hold the step opened when approved, the declined transaction otherwise; never both", () =>
    fc.assert(fc.property(
      activeCardArbitrary,
      fc.integer({ min: 1, max: 100_000 }),
      fc.integer({ min: 0, max: 100_000 }),
      (card, amount, available) => {
        const { createdHolds, step } = authorizeAndPlan(card, amount, available)
        const result = Result.getOrThrow(
          authorizationResultOf({ createdHolds, declinedTransaction: step.declinedTransaction })
        )
        if (amount <= available) {
          expect(result.pending_transaction).toEqual(createdHolds[0])
          expect(result.pending_transaction?.id).toBe(authorizationIds.pendingTransaction)
          expect(result.declined_transaction).toBeNull()
        } else {
          expect(result.pending_transaction).toBeNull()
          expect(result.declined_transaction).toEqual(step.declinedTransaction)
          expect(result.declined_transaction?.id).toBe(authorizationIds.declinedTransaction)
        }
      }
    )))

  it("is a failure (a defect for the caller) when the step neither held money nor declined", () => {
    const result = authorizationResultOf({ createdHolds: [], declinedTransaction: null })
    expect(Result.isFailure(result)).toBe(true)
  })
})
