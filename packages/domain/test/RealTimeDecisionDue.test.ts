/**
 * The one "is due" rule of real-time decisions: when a decision may be timed
 * out and no longer answered, what a waiter does, and the bound the store's
 * query of due decisions uses (`dueCutoff`).
 */
import { describe, expect, it } from "@effect/vitest"
import { DateTime, Duration, Result } from "effect"
import * as fc from "fast-check"
import * as RealTimeDecision from "../src/decisions/RealTimeDecision.js"
import { pendingRealTimeDecisionArbitrary } from "../src/testing/RealTimeDecisions.js"
import { prop } from "./support/Property.js"

/** A pending decision and an instant up to a minute either side of its `timeout_at`. */
const decisionAndInstant = fc.tuple(pendingRealTimeDecisionArbitrary, fc.integer({ min: -60_000, max: 60_000 }))
  .map(([decision, offset]) =>
    [decision, DateTime.makeUnsafe(decision.timeout_at.epochMilliseconds + offset), offset] as const
  )

describe("when a real-time decision is due", { timeout: 30_000 }, () => {
  prop(
    "it is due from its timeout_at on, not a millisecond before",
    [decisionAndInstant],
    ([[decision, at, offset]]) => {
      expect(RealTimeDecision.isDue(decision, at)).toBe(offset >= 0)
    }
  )

  prop(
    "the store's cut-off selects exactly the due decisions",
    [decisionAndInstant],
    ([[decision, at]]) => {
      const selected = decision.timeout_at.epochMilliseconds <= RealTimeDecision.dueCutoff(at).epochMilliseconds
      expect(selected).toBe(RealTimeDecision.isDue(decision, at))
    }
  )

  prop(
    "a waiter times out a due decision, or waits until it is due",
    [decisionAndInstant],
    ([[decision, at, offset]]) => {
      const step = RealTimeDecision.waiting(decision, at)
      if (offset >= 0) {
        expect(step._tag).toBe("Due")
      } else {
        expect(step).toEqual({ _tag: "Wait", remaining: Duration.millis(-offset) })
      }
    }
  )

  prop(
    "a finished decision is never waited for nor timed out",
    [decisionAndInstant, fc.constantFrom("responded" as const, "timed_out" as const)],
    ([[pending, at], status]) => {
      const decision = new RealTimeDecision.RealTimeDecision({ ...pending, status })
      expect(RealTimeDecision.waiting(decision, at)._tag).toBe("Finished")
      expect(RealTimeDecision.timedOutIfDue(decision, at)).toBeUndefined()
    }
  )

  prop(
    "timing out and answering agree on the rule: exactly one of them is allowed",
    [decisionAndInstant],
    ([[decision, at]]) => {
      const timeOut = RealTimeDecision.transition(decision, { _tag: "TimeOut", at })
      expect(Result.isSuccess(timeOut)).toBe(RealTimeDecision.isDue(decision, at))
      expect(RealTimeDecision.timedOutIfDue(decision, at)?.status).toBe(
        RealTimeDecision.isDue(decision, at) ? "timed_out" : undefined
      )
    }
  )

  it("a decision times out its window after its creation", () => {
    const createdAt = DateTime.makeUnsafe("2026-11-27T10:00:00.000Z")
    expect(RealTimeDecision.timeoutAtOf(createdAt, Duration.seconds(3))).toEqual(
      DateTime.makeUnsafe("2026-11-27T10:00:03.000Z")
    )
  })
})
