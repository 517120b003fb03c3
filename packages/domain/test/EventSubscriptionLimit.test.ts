/**
 * Issue 28: a group has at most `maxActiveSubscriptions` active event
 * subscriptions in an environment. Disabled and deleted ones do not count; a
 * subscription already active (an update that keeps it so) is not counted twice.
 */
import { describe, expect } from "@effect/vitest"
import { Result } from "effect"
import * as fc from "fast-check"
import { EventSubscriptionId } from "../src/core/Ids.js"
import {
  ensureMayBeActive,
  ensureRoomForActive,
  EventSubscription,
  EventSubscriptionStatus,
  maxActiveSubscriptions
} from "../src/events/EventSubscription.js"
import { createdEventSubscriptionArbitrary } from "../src/testing/Arbitraries.js"
import { prop } from "./support/Property.js"

const status = fc.constantFrom(...EventSubscriptionStatus.literals)

/** Subscriptions of one group with distinct ids and the given statuses, no real-time decision categories. */
const others = fc.array(status, { maxLength: maxActiveSubscriptions + 5 }).chain((statuses) =>
  fc.tuple(...statuses.map(() => createdEventSubscriptionArbitrary)).map((subscriptions) =>
    subscriptions.map((subscription, index) =>
      new EventSubscription({
        ...subscription,
        id: EventSubscriptionId.make(`event_subscription_other${index}`),
        selected_event_categories: null,
        selected_event_category: null,
        status: statuses[index] ?? "active"
      })
    )
  )
)

const activeCount = (subscriptions: ReadonlyArray<EventSubscription>) =>
  subscriptions.filter((subscription) => subscription.status === "active").length

describe("the cap on active event subscriptions", () => {
  prop("an active candidate fits only while fewer than the cap are active; others always", [
    createdEventSubscriptionArbitrary,
    status,
    others
  ], ([created, candidateStatus, existing]) => {
    const candidate = new EventSubscription({ ...created, selected_event_categories: null, status: candidateStatus })
    const result = ensureRoomForActive(candidate, existing)
    const fits = candidateStatus !== "active" || activeCount(existing) < maxActiveSubscriptions
    expect(Result.isSuccess(result)).toBe(fits)
    if (Result.isFailure(result)) {
      expect(result.failure._tag).toBe("TooManyActiveSubscriptions")
      expect(result.failure.detail).toContain(`at most ${maxActiveSubscriptions} active event subscriptions`)
    }
    // The same rule is part of what an active subscription must pass.
    if (!fits) expect(Result.isFailure(ensureMayBeActive(candidate, existing))).toBe(true)
  }, { numRuns: 50 })

  prop("a subscription already among the active ones is not counted against itself", [others], ([existing]) => {
    const active = existing.filter((subscription) => subscription.status === "active")
    const [first] = active
    if (first === undefined) return
    expect(Result.isSuccess(ensureRoomForActive(first, existing))).toBe(active.length <= maxActiveSubscriptions)
  }, { numRuns: 50 })
})
