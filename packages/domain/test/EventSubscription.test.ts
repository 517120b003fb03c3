import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import * as fc from "fast-check"
import * as EventCategory from "../src/events/EventCategory.js"
import * as EventSubscription from "../src/events/EventSubscription.js"
import {
  createdEventSubscriptionArbitrary,
  createEventSubscriptionArbitrary,
  eventSubscriptionIdArbitrary,
  knownEventCategoryArbitrary,
  timestampArbitrary,
  updateEventSubscriptionArbitrary
} from "../src/testing/Arbitraries.js"
import { prop } from "./support/Property.js"
import { errorPaths } from "./support/Violations.js"

const realTimeCategory = fc.constantFrom(...EventCategory.RealTimeDecisionEventCategory.literals)
const ordinaryCategory = knownEventCategoryArbitrary.filter((category) =>
  !EventCategory.isRealTimeDecisionCategory(category)
)

describe("event subscription bodies", () => {
  prop("the two selection forms cannot be combined", [knownEventCategoryArbitrary], ([category]) => {
    const body = {
      url: "https://example.com/hooks",
      selected_event_category: category,
      selected_event_categories: [{ event_category: category }]
    }
    expect(errorPaths(EventSubscription.CreateEventSubscription, body)).toContain("selected_event_category")
  })

  prop("url must be an absolute http(s) URL", [
    fc.oneof(
      fc.constant(""),
      fc.constant("/relative"),
      fc.constant("ftp://example.com"),
      fc.string().filter((text) => !URL.canParse(text))
    )
  ], ([url]) => {
    expect(errorPaths(EventSubscription.CreateEventSubscription, { url })).toContain("url")
  })

  prop("selected categories must be known ones", [
    fc.string().filter((text) => !EventCategory.isKnownEventCategory(text))
  ], ([category]) => {
    const body = { url: "https://example.com/hooks", selected_event_categories: [{ event_category: category }] }
    expect(errorPaths(EventSubscription.CreateEventSubscription, body)).toContain(
      "selected_event_categories.0.event_category"
    )
  })

  prop("status on update is active, disabled or deleted", [
    fc.string().filter((status) => !["active", "disabled", "deleted"].includes(status))
  ], ([status]) => {
    expect(errorPaths(EventSubscription.UpdateEventSubscription, { status })).toContain("status")
  })

  it("urls need https; a reach that includes loopback also takes http to loopback", () => {
    expect(Result.isSuccess(EventSubscription.checkUrl("https://example.com/hooks", "public"))).toBe(true)
    expect(Result.isFailure(EventSubscription.checkUrl("http://localhost:3000/hooks", "public"))).toBe(true)
    expect(Result.isFailure(EventSubscription.checkUrl("https://localhost:3000/hooks", "public"))).toBe(true)
    expect(Result.isSuccess(EventSubscription.checkUrl("http://localhost:3000/hooks", "public_and_loopback"))).toBe(
      true
    )
    expect(Result.isSuccess(EventSubscription.checkUrl("http://127.0.0.1:3000/hooks", "public_and_loopback"))).toBe(
      true
    )
    expect(Result.isFailure(EventSubscription.checkUrl("http://example.com/hooks", "public_and_loopback"))).toBe(true)
  })
})

describe("creating event subscriptions", () => {
  prop("both selection forms are echoed; no selection means all categories", [
    eventSubscriptionIdArbitrary,
    timestampArbitrary,
    createEventSubscriptionArbitrary
  ], ([id, createdAt, body]) => {
    const { events, next } = EventSubscription.create({ id, createdAt, body, idempotencyKey: null })
    expect(events).toEqual([{
      category: "event_subscription.created",
      associatedObjectType: "event_subscription",
      associatedObjectId: id
    }])
    expect(next.status).toBe(body.status ?? "active")
    expect(next).not.toHaveProperty("shared_secret")
    const selected = body.selected_event_categories?.map(({ event_category }) => event_category) ??
      (body.selected_event_category === undefined ? null : [body.selected_event_category])
    expect(EventSubscription.selectedCategories(next)).toEqual(selected)
    expect(next.selected_event_category).toBe(selected?.length === 1 ? selected[0] : null)
  })
})

describe("who receives what", () => {
  prop("only active subscriptions receive; real-time decisions only when selected", [
    createdEventSubscriptionArbitrary,
    fc.oneof(ordinaryCategory, realTimeCategory)
  ], ([subscription, category]) => {
    const selected = EventSubscription.selectedCategories(subscription)
    const expected = subscription.status === "active" &&
      (selected === null ? !EventCategory.isRealTimeDecisionCategory(category) : selected.includes(category))
    expect(EventSubscription.receives(subscription, category)).toBe(expected)
  })

  prop("an active real-time category claimed by another active subscription conflicts", [
    eventSubscriptionIdArbitrary,
    eventSubscriptionIdArbitrary,
    timestampArbitrary,
    realTimeCategory
  ], ([firstId, secondId, createdAt, category]) => {
    fc.pre(firstId !== secondId)
    const body = { url: "https://example.com/hooks", selected_event_category: category }
    const first = EventSubscription.create({ id: firstId, createdAt, body, idempotencyKey: null }).next
    const second = EventSubscription.create({ id: secondId, createdAt, body, idempotencyKey: null }).next
    expect(EventSubscription.conflictingRealTimeDecisionCategories(second, [first])).toEqual([category])
    const disabled = Result.getOrThrow(EventSubscription.update(first, { status: "disabled" })).next
    expect(EventSubscription.conflictingRealTimeDecisionCategories(second, [disabled])).toEqual([])
  })
})

// ---------------------------------------------------------------------------
// Statuses against a plain model
// ---------------------------------------------------------------------------

interface Model {
  status: EventSubscription.EventSubscriptionStatus
}

class Update implements fc.Command<Model, { subscription: EventSubscription.EventSubscription }> {
  constructor(readonly body: EventSubscription.UpdateEventSubscription) {}
  check = () => true
  run(model: Model, real: { subscription: EventSubscription.EventSubscription }) {
    const result = EventSubscription.update(real.subscription, this.body)
    if (model.status === "deleted") {
      expect(Result.isFailure(result)).toBe(true)
      return
    }
    const status = this.body.status ?? model.status
    const { events, next } = Result.getOrThrow(result)
    expect(next.status).toBe(status)
    expect(events).toEqual(
      // A status change or a rotated secret is an update; a no-op PATCH emits nothing.
      status === model.status && this.body.shared_secret === undefined
        ? []
        : [{
          category: "event_subscription.updated",
          associatedObjectType: "event_subscription",
          associatedObjectId: next.id
        }]
    )
    model.status = status
    real.subscription = next
  }
  toString = () => `Update(${this.body.status ?? "-"}${this.body.shared_secret === undefined ? "" : ", new secret"})`
}

describe("event subscription statuses", () => {
  prop(
    "active ⇄ disabled, either → deleted, deleted is terminal; a change or a new secret emits event_subscription.updated",
    [
      createdEventSubscriptionArbitrary,
      fc.commands([updateEventSubscriptionArbitrary.map((body) => new Update(body))], { maxCommands: 10 })
    ],
    ([subscription, commands]) => {
      fc.modelRun(() => ({ model: { status: subscription.status }, real: { subscription } }), commands)
    },
    { numRuns: 300 }
  )
})
