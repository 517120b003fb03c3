import { describe, expect, it } from "@effect/vitest"
import { DateTime, Result } from "effect"
import * as fc from "fast-check"
import { Card } from "../src/cards/Card.js"
import * as CardActivity from "../src/cards/CardActivity.js"
import * as Ids from "../src/core/Ids.js"
import * as CardDecision from "../src/decisions/CardDecision.js"
import { RealTimeDecision } from "../src/decisions/RealTimeDecision.js"
import * as RealTimeDecisionOutcome from "../src/decisions/RealTimeDecisionOutcome.js"
import * as RealTimeDecisionRequests from "../src/decisions/RealTimeDecisionRequests.js"
import * as WalletAuthentication from "../src/decisions/RealTimeDecisionWalletAuthentication.js"
import * as Cards from "../src/testing/Cards.js"
import { authorizationIds } from "./support/AuthorizationIds.js"

const at = DateTime.makeUnsafe("2026-11-23T12:00:00.000Z")
const decisionId = Ids.RealTimeDecisionId.make("real_time_decision_model")

const ids = authorizationIds

const activeCardArbitrary = Cards.cardArbitrary.map((card) => new Card({ ...card, status: "active" }))

const approveFor = (partialAmount: number | null) =>
  CardDecision.AuthorizationAnswer.Approve({
    actioner: "user",
    realTimeDecisionId: decisionId,
    balance: null,
    partialAmount
  })

const authorize = (card: Card, amount: number, available: number, answer: CardDecision.AuthorizationAnswer) =>
  CardActivity.authorize({
    at,
    card,
    digitalWalletTokenId: null,
    body: { amount, card_id: card.id, partial_approval_capability: "supported" },
    available,
    answer,
    authenticatedCardPayment: null,
    reference: "123456789012",
    ids
  })

/** An amount and a partial amount no larger than it. */
const partialArbitrary = fc.integer({ min: 1, max: 100_000 }).chain((amount) =>
  fc.tuple(fc.constant(amount), fc.integer({ min: 1, max: amount }))
)

describe("partial approvals", () => {
  it("a partial approval authorizes and holds only the partial amount", () =>
    fc.assert(fc.property(fc.tuple(activeCardArbitrary, partialArbitrary), ([card, [amount, partial]]) => {
      const step = Result.getOrThrow(authorize(card, amount, partial, approveFor(partial)))
      expect(step.declinedTransaction).toBeNull()
      expect(step.effects).toEqual([expect.objectContaining({ kind: "create_pending_transaction", amount: -partial })])
      const element = step.cardPayment.elements[0]
      expect(element?.category === "card_authorization" ? element.card_authorization : undefined)
        .toMatchObject({
          amount: partial,
          presentment_amount: partial,
          actioner: "user",
          real_time_decision_id: decisionId
        })
      expect(step.cardPayment.state.authorized_amount).toBe(partial)
    })))

  it("a partial approval needs only its partial amount available; less than that declines insufficient_funds", () =>
    fc.assert(fc.property(fc.tuple(activeCardArbitrary, partialArbitrary), ([card, [amount, partial]]) => {
      const short = Result.getOrThrow(authorize(card, amount, partial - 1, approveFor(partial)))
      expect(short.effects).toEqual([])
      expect(short.declinedTransaction?.source).toMatchObject({
        card_decline: { reason: "insufficient_funds", amount }
      })
    })))

  it("approvedAmount: the partial amount when positive and no larger than asked, else all of it", () =>
    fc.assert(
      fc.property(
        fc.tuple(
          fc.integer({ min: 1, max: 100_000 }),
          fc.option(fc.integer({ min: -10, max: 200_000 }), { nil: null })
        ),
        ([requested, partial]) => {
          const expected = partial !== null && partial > 0 && partial <= requested ? partial : requested
          expect(CardDecision.approvedAmount(approveFor(partial), requested)).toBe(expected)
          expect(CardDecision.approvedAmount(CardDecision.declineByService("insufficient_funds"), requested)).toBe(
            requested
          )
        }
      )
    ))

  it("the decision's capability is the simulation's, not_supported by default; its partial amount reaches the answer", () =>
    fc.assert(
      fc.property(
        fc.tuple(
          activeCardArbitrary,
          fc.constantFrom("supported" as const, "not_supported" as const, undefined),
          partialArbitrary
        ),
        ([card, capability, [amount, partial]]) => {
          const request = RealTimeDecisionRequests.authorizationRequest({
            card,
            body: {
              amount,
              card_id: card.id,
              ...(capability === undefined ? {} : { partial_approval_capability: capability })
            },
            digitalWalletTokenId: null,
            cardPaymentId: ids.cardPayment,
            reference: "123456789012"
          })
          if (request.category !== "card_authorization_requested") {
            throw new Error("an authorization asks an authorization")
          }
          expect(request.card_authorization.partial_approval_capability).toBe(capability ?? "not_supported")
          const responded = new RealTimeDecision({
            id: decisionId,
            card_authentication: null,
            card_authentication_challenge: null,
            card_authorization: {
              ...request.card_authorization,
              decision: "approve",
              approval: { partial_amount: partial },
              decline: null
            },
            card_balance_inquiry: null,
            category: "card_authorization_requested",
            created_at: at,
            digital_wallet_authentication: null,
            digital_wallet_token: null,
            status: "responded",
            timeout_at: DateTime.add(at, { seconds: 3 })
          })
          expect(RealTimeDecisionOutcome.authorizationAnswerOf(responded)).toMatchObject({
            _tag: "Approve",
            partialAmount: partial
          })
        }
      )
    ))
})

describe("the wallet's one-time-passcode authentication", () => {
  const card = (email: string | null, phone: string | null) => ({
    id: Ids.CardId.make("card_model"),
    digital_wallet: email === null && phone === null ? null : { digital_card_profile_id: null, email, phone }
  })

  it("the token approval's contact wins over the card's; without either, no passcode is sent", () => {
    const approval = { digital_wallet_token: { approval: { email: "holder@example.com" } } }
    expect(WalletAuthentication.passcodeContact({ tokenAnswer: approval, card: card(null, "+15555550100") }))
      .toEqual({ email: "holder@example.com", phone: null })
    expect(WalletAuthentication.passcodeContact({ tokenAnswer: null, card: card(null, "+15555550100") }))
      .toEqual({ email: null, phone: "+15555550100" })
    expect(
      WalletAuthentication.passcodeContact({
        tokenAnswer: { digital_wallet_token: { approval: {} } },
        card: card(null, null)
      })
    )
      .toBeNull()
  })

  it("a phone is reached by sms, else the email; the other contact field stays null", () =>
    fc.assert(
      fc.property(
        fc.tuple(
          fc.option(fc.emailAddress(), { nil: null }),
          fc.option(fc.stringMatching(/^\+1\d{10}$/), { nil: null })
        ),
        ([email, phone]) => {
          fc.pre(email !== null || phone !== null)
          const request = WalletAuthentication.authenticationRequest({
            card: card(null, null),
            contact: { email, phone },
            oneTimePasscode: "123456"
          })
          if (request.category !== "digital_wallet_authentication_requested") throw new Error("a wallet authentication")
          const detail = request.digital_wallet_authentication
          expect(detail).toMatchObject({ one_time_passcode: "123456", result: null, digital_wallet: "wallet_a" })
          if (phone !== null) expect(detail).toMatchObject({ channel: "sms", phone, email: null })
          else expect(detail).toMatchObject({ channel: "email", email, phone: null })
        }
      )
    ))

  it("success activates the token; failure or a timeout leaves it inactive; no authentication leaves it active", () => {
    const decision = (status: "responded" | "timed_out", result: "success" | "failure" | null) =>
      new RealTimeDecision({
        id: decisionId,
        card_authentication: null,
        card_authentication_challenge: null,
        card_authorization: null,
        card_balance_inquiry: null,
        category: "digital_wallet_authentication_requested",
        created_at: at,
        digital_wallet_authentication: {
          card_id: Ids.CardId.make("card_model"),
          channel: "sms",
          digital_wallet: "wallet_a",
          email: null,
          one_time_passcode: "123456",
          phone: "+15555550100",
          result
        },
        digital_wallet_token: null,
        status,
        timeout_at: DateTime.add(at, { seconds: 4 })
      })
    expect(WalletAuthentication.resultOf(decision("responded", "success"))).toBe("success")
    expect(WalletAuthentication.resultOf(decision("responded", "failure"))).toBe("failure")
    expect(WalletAuthentication.resultOf(decision("timed_out", null))).toBe("failure")
    expect(WalletAuthentication.approvedTokenStatus("success")).toBe("active")
    expect(WalletAuthentication.approvedTokenStatus("failure")).toBe("inactive")
    expect(WalletAuthentication.approvedTokenStatus(null)).toBe("active")
  })
})
