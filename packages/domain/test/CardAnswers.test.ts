/**
 * The answer each card event takes (`CardDecision.authorizationAnswer`,
 * `balanceInquiryAnswer`, `authenticationAnswer`, `challengeDeliveryAnswer`,
 * `tokenAnswer`): the forced one, else the client's, else the service's. The
 * service's rule is asked only when it is its turn. A closed account declines
 * an authorization `account_closed` before anyone is asked.
 */
import { describe, expect, it } from "@effect/vitest"
import * as fc from "fast-check"
import type { Status as CardStatus } from "../src/cards/Card.js"
import type { CardDeclineReason } from "../src/cards/CardNetwork.js"
import type { Status as TokenStatus } from "../src/cards/DigitalWalletToken.js"
import { RealTimeDecisionId } from "../src/core/Ids.js"
import * as CardDecision from "../src/decisions/CardDecision.js"
import { prop } from "./support/Property.js"

const cardStatus = fc.constantFrom<CardStatus>("active", "disabled", "canceled")
const tokenStatus = fc.constantFrom<TokenStatus | null>(null, "active", "inactive", "suspended", "deactivated")
const accountStatus = fc.constantFrom<"open" | "closed" | undefined>(undefined, "open", "closed")
const forcedReason = fc.constantFrom<CardDeclineReason | undefined>(undefined, "card_not_active", "breaches_limit")
const decisionId = RealTimeDecisionId.make("real_time_decision_answers_test")
const clientApproval = CardDecision.AuthorizationAnswer.Approve({
  actioner: "user",
  realTimeDecisionId: decisionId,
  balance: null,
  partialAmount: null
})
const question = fc.record({
  amount: fc.integer({ min: 1, max: 10_000 }),
  direction: fc.constantFrom<"settlement" | "refund">("settlement", "refund"),
  available: fc.integer({ min: -10_000, max: 10_000 })
})

describe("the answer a card event takes", () => {
  it("the service's rule runs only when it is its turn", () => {
    let asked = 0
    const service = () => {
      asked++
      return "service"
    }
    expect(CardDecision.answer("forced", "client", service)).toBe("forced")
    expect(CardDecision.answer(undefined, "client", service)).toBe("client")
    expect(asked).toBe(0)
    expect(CardDecision.answer(undefined, null, service)).toBe("service")
    expect(asked).toBe(1)
  })

  prop(
    "an authorization: forced decline > client's answer > the service's decision on the locked balance",
    [forcedReason, cardStatus, tokenStatus, accountStatus, fc.boolean(), question],
    ([forced, card, token, account, clientAnswered, asked]) => {
      const circumstances = { forced, cardStatus: card, tokenStatus: token, accountStatus: account }
      const answer = CardDecision.authorizationAnswer({
        ...circumstances,
        client: clientAnswered ? clientApproval : null,
        question: asked
      })
      const forcedAnswer = CardDecision.forcedAuthorizationAnswer(circumstances)
      if (forcedAnswer !== undefined) expect(answer).toEqual(forcedAnswer)
      else if (clientAnswered) expect(answer).toEqual(clientApproval)
      else expect(answer).toEqual(CardDecision.serviceAuthorizationDecision(asked))
    }
  )

  prop(
    "a closed account declines account_closed, after a decline the simulation forces and before the card's own",
    [forcedReason, cardStatus, tokenStatus],
    ([forced, card, token]) => {
      const reason = CardDecision.forcedDecline({
        forced,
        cardStatus: card,
        tokenStatus: token,
        accountStatus: "closed"
      })
      expect(reason).toBe(forced ?? "account_closed")
      // an open account, or one the event does not look at, leaves the rule as it was
      for (const accountStatus of ["open", undefined] as const) {
        expect(CardDecision.forcedDecline({ forced, cardStatus: card, tokenStatus: token, accountStatus })).toBe(
          CardDecision.forcedDecline({ forced, cardStatus: card, tokenStatus: token })
        )
      }
    }
  )

  it("an authorization on a closed account is declined by the service, whatever the client answered", () => {
    expect(CardDecision.authorizationAnswer({
      forced: undefined,
      cardStatus: "active",
      tokenStatus: null,
      accountStatus: "closed",
      client: clientApproval,
      question: { amount: 100, direction: "settlement", available: 1_000 }
    })).toEqual(CardDecision.declineByService("account_closed"))
  })

  prop(
    "a balance inquiry, a 3DS attempt, a challenge delivery and a token request follow the same precedence",
    [cardStatus, fc.boolean()],
    ([card, clientAnswered]) => {
      const active = card === "active"
      expect(CardDecision.balanceInquiryAnswer({
        forced: undefined,
        cardStatus: card,
        tokenStatus: null,
        client: clientAnswered ? clientApproval : null
      })).toEqual(
        !active
          ? CardDecision.forcedAuthorizationAnswer({ forced: undefined, cardStatus: card, tokenStatus: null })
          : clientAnswered
          ? clientApproval
          : CardDecision.serviceBalanceInquiryDecision
      )

      const frictionless = { decision: "approve", denyReason: null, realTimeDecisionId: decisionId } as const
      expect(CardDecision.authenticationAnswer({ cardStatus: card, client: clientAnswered ? frictionless : null }))
        .toEqual(
          !active
            ? { decision: "deny", denyReason: "card_not_active", realTimeDecisionId: null }
            : clientAnswered
            ? frictionless
            : CardDecision.serviceAuthenticationDecision(card)
        )

      const failed = { result: "failure", realTimeDecisionId: decisionId } as const
      expect(CardDecision.challengeDeliveryAnswer(clientAnswered ? failed : null)).toEqual(
        clientAnswered ? failed : CardDecision.serviceChallengeDelivery
      )

      const declined = { _tag: "Decline", reason: "webhook_declined", realTimeDecisionId: decisionId } as const
      expect(CardDecision.tokenAnswer({ cardStatus: card, client: clientAnswered ? declined : null })).toEqual(
        !active
          ? { _tag: "Decline", reason: "card_not_active", realTimeDecisionId: null }
          : clientAnswered
          ? declined
          : CardDecision.serviceTokenDecision
      )
    }
  )
})
