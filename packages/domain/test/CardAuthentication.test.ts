import { describe, expect, it } from "@effect/vitest"
import { DateTime, Result } from "effect"
import * as fc from "fast-check"
import * as CardAuthentication from "../src/cards/CardAuthentication.js"
import { CardAuthenticationWrongStatus } from "../src/core/Refusals.js"
import * as Cards from "../src/testing/Cards.js"

const now = DateTime.makeUnsafe("2026-03-01T12:00:00.000Z")

const run = (
  authentication: CardAuthentication.CardAuthentication,
  commands: ReadonlyArray<CardAuthentication.Command>
): Result.Result<CardAuthentication.CardAuthentication, CardAuthenticationWrongStatus> => {
  let current = authentication
  for (const command of commands) {
    const result = CardAuthentication.transition(current, command)
    if (Result.isFailure(result)) return Result.fail(result.failure)
    current = result.success.next
  }
  return Result.succeed(current)
}

const awaitingChallenge = Cards.decidedCardAuthenticationArbitrary.filter(
  (authentication) => authentication.status === "awaiting_challenge"
)

const startChallenge: CardAuthentication.Command = {
  _tag: "StartChallenge",
  at: now,
  one_time_code: "123456",
  verification_method: "text_message",
  verification_value: "+15551234567",
  real_time_decision_id: null
}
const attempt = (code: string): CardAuthentication.Command => ({
  _tag: "SubmitChallengeAttempt",
  at: now,
  one_time_code: code
})
const validate: CardAuthentication.Command = { _tag: "CompleteValidation" }

// property runs over large generated objects: generous time on a loaded 2-core machine
describe("card authentication status", { timeout: 30_000 }, () => {
  it(
    "moves only along its graph, terminal states stay terminal, each move emits card_payment.updated (model-based)",
    () =>
      fc.assert(
        fc.property(Cards.cardAuthenticationScenarioArbitrary, (scenario) =>
          fc.modelRun(scenario.setup, scenario.commands)),
        { numRuns: 300 }
      ),
    60_000
  )

  it("the decision sets the first status", () => {
    expect(CardAuthentication.statusAfterDecision("approve")).toEqual({
      status: "authenticated_without_challenge",
      deny_reason: null
    })
    expect(CardAuthentication.statusAfterDecision("challenge")).toEqual({
      status: "awaiting_challenge",
      deny_reason: null
    })
    expect(CardAuthentication.statusAfterDecision("deny")).toEqual({ status: "denied", deny_reason: "webhook_denied" })
    expect(CardAuthentication.statusAfterDecision("timed_out")).toEqual({
      status: "denied",
      deny_reason: "webhook_timed_out"
    })
    expect(CardAuthentication.statusAfterDecision("deny", "card_not_active")).toEqual({
      status: "denied",
      deny_reason: "card_not_active"
    })
  })

  it("the right code authenticates with challenge", () =>
    fc.assert(fc.property(awaitingChallenge, (authentication) => {
      const result = run(authentication, [startChallenge, attempt("123456"), validate])
      expect(Result.isSuccess(result) && result.success.status).toBe("authenticated_with_challenge")
      expect(Result.isSuccess(result) && result.success.challenge?.attempts.map((entry) => entry.outcome)).toEqual([
        "successful"
      ])
    })))

  it(`${CardAuthentication.maximumFailedAttempts} wrong codes exceed the attempt threshold`, () =>
    fc.assert(fc.property(awaitingChallenge, (authentication) => {
      const wrongAttempt = [attempt("000000"), validate]
      const twoWrong = run(authentication, [startChallenge, ...wrongAttempt, ...wrongAttempt])
      expect(Result.isSuccess(twoWrong) && twoWrong.success.status).toBe("awaiting_challenge")
      const threeWrong = run(authentication, [startChallenge, ...wrongAttempt, ...wrongAttempt, ...wrongAttempt])
      expect(Result.isSuccess(threeWrong) && threeWrong.success.status).toBe("exceeded_attempt_threshold")
    })))

  it("an attempt needs a started challenge", () =>
    fc.assert(fc.property(awaitingChallenge, (authentication) => {
      expect(Result.isFailure(run(authentication, [attempt("123456")]))).toBe(true)
    })))

  it("a challenge starts once", () =>
    fc.assert(fc.property(awaitingChallenge, (authentication) => {
      expect(Result.isFailure(run(authentication, [startChallenge, startChallenge]))).toBe(true)
    })))

  it("no command leaves a terminal status", () =>
    fc.assert(fc.property(
      Cards.decidedCardAuthenticationArbitrary,
      fc.constantFrom(
        "denied" as const,
        "authenticated_with_challenge" as const,
        "authenticated_without_challenge" as const,
        "canceled" as const,
        "timed_out_awaiting_challenge" as const,
        "errored" as const,
        "exceeded_attempt_threshold" as const
      ),
      fc.constantFrom<CardAuthentication.Command>(startChallenge, attempt("123456"), validate, { _tag: "Cancel" }, {
        _tag: "Expire"
      }, { _tag: "Fail" }),
      (authentication, status, command) => {
        expect(CardAuthentication.isTerminal(status)).toBe(true)
        const result = CardAuthentication.transition(
          new CardAuthentication.CardAuthentication({ ...authentication, status }),
          command
        )
        expect(Result.isFailure(result) && result.failure instanceof CardAuthenticationWrongStatus).toBe(true)
      }
    )))
})
