/**
 * The hand-written encoders and guards the webhook dispatcher uses per
 * delivery give exactly what the Schemas give: the same JSON text for an
 * event, the same encoded attempt (keys in the same order), the same category
 * for any text, known or not.
 */
import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import * as fc from "fast-check"
import { Event, eventJson } from "../src/events/Event.js"
import {
  EventCategory,
  eventCategoryOf,
  isKnownEventCategory,
  isRealTimeDecisionCategory,
  KnownEventCategory,
  RealTimeDecisionEventCategory
} from "../src/events/EventCategory.js"
import { encodeWebhookAttempt, WebhookAttempt } from "../src/events/WebhookAttempt.js"
import { eventCategoryArbitrary, knownEventCategoryArbitrary } from "../src/testing/Arbitraries.js"
import { fromSchema } from "../src/testing/FromSchema.js"
import { prop } from "./support/Property.js"

const categoryText = fc.oneof(knownEventCategoryArbitrary, eventCategoryArbitrary, fc.string())

describe("hand-written encoders", () => {
  prop("eventJson is the Schema's encoding as JSON text", [fromSchema(Event)], ([event]) => {
    expect(eventJson(event)).toBe(JSON.stringify(Schema.encodeSync(Event)(event)))
  })

  prop("encodeWebhookAttempt is the Schema's encoding", [fromSchema(WebhookAttempt)], ([attempt]) => {
    const encoded = encodeWebhookAttempt(attempt)
    expect(JSON.stringify(encoded)).toBe(JSON.stringify(Schema.encodeSync(WebhookAttempt)(attempt)))
  })

  prop("category guards and eventCategoryOf agree with the Schemas", [categoryText], ([text]) => {
    expect(isKnownEventCategory(text)).toBe(Schema.is(KnownEventCategory)(text))
    expect(isRealTimeDecisionCategory(text)).toBe(Schema.is(RealTimeDecisionEventCategory)(text))
    expect(eventCategoryOf(text)).toBe(Schema.decodeUnknownSync(EventCategory)(text))
  })

  it("guards refuse what is not a string", () => {
    for (const value of [undefined, null, 1, {}, ["account.created"]]) {
      expect(isKnownEventCategory(value)).toBe(false)
      expect(isRealTimeDecisionCategory(value)).toBe(false)
    }
  })
})
