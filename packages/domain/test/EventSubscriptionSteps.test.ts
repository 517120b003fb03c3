/**
 * The rules the bank's event subscription writes ask for (issue 29): which
 * writes read the active set, the secret a new subscription is signed by, the
 * status machine of updates with their side effects (pending deliveries
 * cancelled, secret rotated), and who a resend goes to.
 */
import { describe, expect } from "@effect/vitest"
import { DateTime, Duration, Result } from "effect"
import * as fc from "fast-check"
import { EventSubscriptionId } from "../src/core/Ids.js"
import {
  create,
  createAmong,
  createsActive,
  ensureMayBeActive,
  EventSubscription,
  EventSubscriptionStatus,
  joinsActiveSet,
  maxActiveSubscriptions,
  mayActivate,
  receives,
  resend,
  update,
  updateAmong
} from "../src/events/EventSubscription.js"
import {
  createdEventSubscriptionArbitrary,
  createEventSubscriptionArbitrary,
  eventCategoryArbitrary,
  eventSubscriptionIdArbitrary,
  idempotencyKeyArbitrary,
  sharedSecretArbitrary,
  timestampArbitrary,
  updateEventSubscriptionArbitrary
} from "../src/testing/Arbitraries.js"
import { prop } from "./support/Property.js"

const status = fc.constantFrom(...EventSubscriptionStatus.literals)

const subscriptionIn = fc
  .tuple(createdEventSubscriptionArbitrary, status)
  .map(([subscription, status]) => new EventSubscription({ ...subscription, status }))

/** Active subscriptions of the group, with distinct ids: sometimes none, sometimes a full set. */
const activeSet = fc.oneof(fc.constant(0), fc.constant(maxActiveSubscriptions), fc.nat(maxActiveSubscriptions)).chain(
  (count) =>
    fc.tuple(...Array.from({ length: count }, () => createdEventSubscriptionArbitrary)).map((subscriptions) =>
      subscriptions.map((subscription, index) =>
        new EventSubscription({
          ...subscription,
          id: EventSubscriptionId.make(`event_subscription_active${index}`),
          status: "active"
        })
      )
    )
)

const creationInput = fc.record({
  id: eventSubscriptionIdArbitrary,
  createdAt: timestampArbitrary,
  body: createEventSubscriptionArbitrary,
  idempotencyKey: idempotencyKeyArbitrary,
  generatedSecret: sharedSecretArbitrary
})

describe("creating an event subscription", () => {
  prop("the active set is read exactly when the new subscription is active", [creationInput], ([input]) => {
    expect(createsActive(input.body)).toBe(joinsActiveSet(create(input).next))
  })

  prop(
    "an active one must fit among the active ones; the body's secret signs it, else the generated one",
    [creationInput, activeSet],
    ([input, active]) => {
      const created = create(input)
      const decided = createAmong(input, active)
      const fits = !joinsActiveSet(created.next) || Result.isSuccess(ensureMayBeActive(created.next, active))
      expect(Result.isSuccess(decided)).toBe(fits)
      if (Result.isSuccess(decided)) {
        expect(decided.success.next).toEqual(created.next)
        expect(decided.success.events).toEqual(created.events)
        expect(decided.success.secret).toBe(input.body.shared_secret ?? input.generatedSecret)
      }
    }
  )
})

describe("updating an event subscription", () => {
  prop(
    "the active set is read exactly when the update makes the subscription active",
    [subscriptionIn, updateEventSubscriptionArbitrary],
    ([subscription, body]) => {
      const change = update(subscription, body)
      const activates = Result.isSuccess(change) && change.success.statusChanged &&
        joinsActiveSet(change.success.next)
      expect(mayActivate(subscription, body)).toBe(activates)
    }
  )

  // The status machine, a sequence of updates at a time: deleted is final; any other status goes
  // where the body says; a move to a status that is not active cancels pending deliveries; a secret
  // in the body rotates in.
  prop(
    "a sequence of updates follows the status model, with its deliveries and secret effects",
    [createdEventSubscriptionArbitrary, fc.array(fc.tuple(updateEventSubscriptionArbitrary, timestampArbitrary))],
    ([created, steps]) => {
      let subscription = created
      for (const [body, at] of steps) {
        const model = subscription.status
        const decided = updateAmong(subscription, body, [], at)
        if (model === "deleted") {
          expect(Result.isFailure(decided)).toBe(true)
          continue
        }
        if (Result.isFailure(decided)) throw new Error(`refused: ${String(decided.failure)}`)
        const { cancelsPendingDeliveries, events, next, rotation, statusChanged } = decided.success
        const expected = body.status ?? model
        expect(next.status).toBe(expected)
        expect(statusChanged).toBe(expected !== model)
        expect(cancelsPendingDeliveries).toBe(expected !== model && expected !== "active")
        expect(rotation).toEqual(
          body.shared_secret === undefined
            ? null
            : { secret: body.shared_secret, replacedSignsUntil: DateTime.addDuration(at, Duration.hours(24)) }
        )
        expect(events.length).toBe(statusChanged || rotation !== null ? 1 : 0)
        subscription = next
      }
    }
  )

  prop(
    "a subscription becoming active must fit among the active ones",
    [subscriptionIn, updateEventSubscriptionArbitrary, activeSet, timestampArbitrary],
    ([subscription, body, active, at]) => {
      const change = update(subscription, body)
      const decided = updateAmong(subscription, body, active, at)
      if (Result.isFailure(change)) {
        expect(decided).toEqual(change)
        return
      }
      const joins = change.success.statusChanged && joinsActiveSet(change.success.next)
      const fits = !joins || Result.isSuccess(ensureMayBeActive(change.success.next, active))
      expect(Result.isSuccess(decided)).toBe(fits)
    }
  )
})

describe("resending an event", () => {
  prop(
    "goes only to an active subscription that receives the event's category",
    [subscriptionIn, eventCategoryArbitrary],
    ([subscription, category]) => {
      const event = { id: "event_1", category }
      const decided = resend(subscription, event)
      expect(Result.isSuccess(decided)).toBe(subscription.status === "active" && receives(subscription, category))
      if (Result.isSuccess(decided)) expect(decided.success).toBe(event)
    }
  )
})
