/**
 * Who answers a card event: a forced answer, then the client's, then the
 * service's (`answerSource`), and when the client is asked at all (`asksClient`).
 */
import { describe, expect, it } from "@effect/vitest"
import * as fc from "fast-check"
import * as CardDecision from "../src/decisions/CardDecision.js"
import { prop } from "./support/Property.js"

const answer = fc.option(fc.string(), { nil: undefined })

describe("the precedence of card answers", () => {
  prop("forced > client > service", [answer, fc.option(fc.string(), { nil: null })], ([forced, client]) => {
    const source = CardDecision.answerSource(forced, client)
    if (forced !== undefined) expect(source).toEqual({ _tag: "Forced", answer: forced })
    else if (client !== null) expect(source).toEqual({ _tag: "Client", answer: client })
    else expect(source).toEqual({ _tag: "Service" })
  })

  prop(
    "the client is asked only when nothing is forced and it decides the category",
    [answer, fc.option(fc.constant("event_subscription_named"), { nil: null }), fc.boolean()],
    ([forced, namedSubscription, subscribed]) => {
      expect(CardDecision.asksClient({ forced, namedSubscription, subscribed })).toBe(
        forced === undefined && (namedSubscription !== null || subscribed)
      )
    }
  )

  it("a card that cannot be used forces a decline, whatever the client answered", () => {
    const client = CardDecision.serviceAuthorizationDecision({ amount: 1, direction: "settlement", available: 10 })
    const forced = CardDecision.forcedAuthorizationAnswer({
      forced: undefined,
      cardStatus: "disabled",
      tokenStatus: null
    })
    expect(CardDecision.answerSource(forced, client)).toEqual({
      _tag: "Forced",
      answer: CardDecision.declineByService("card_not_active")
    })
    expect(CardDecision.forcedTokenAnswer("canceled")).toEqual({
      _tag: "Decline",
      reason: "card_not_active",
      realTimeDecisionId: null
    })
    expect(CardDecision.forcedTokenAnswer("active")).toBeUndefined()
  })

  it("the service approves a balance inquiry, reporting the available balance", () => {
    expect(CardDecision.serviceBalanceInquiryDecision).toEqual(
      CardDecision.AuthorizationAnswer.Approve({
        actioner: "increase",
        realTimeDecisionId: null,
        balance: null,
        partialAmount: null
      })
    )
  })
})
