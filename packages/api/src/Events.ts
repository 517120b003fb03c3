/**
 * Events: list (newest first by default; poll with `order_by.direction=ascending`
 * and keep `next_cursor`, which is never null when ascending), retrieve, and
 * an event's delivery log (`GET /events/{id}/attempts`).
 */
import { Event, EventFilter } from "@moneta/domain/Event"
import { EventId } from "@moneta/domain/Ids"
import { WebhookAttempt, WebhookAttemptFilter } from "@moneta/domain/WebhookAttempt"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import * as Examples from "./Examples.js"
import { listFields, Page } from "./Parameters.js"

/** An Event as the reference shows it (also in the Event Subscriptions examples). */
export const exampleEvent = {
  id: "event_k3ny7m0x8m2s1fvz5tqc",
  created_at: "2026-11-21T22:41:05.123Z",
  category: "account.created",
  associated_object_type: "account",
  associated_object_id: "account_in71c4amph0vgo2qllky",
  type: "event"
} satisfies typeof Event.Encoded

/** One delivery of `exampleEvent`, as its delivery log shows it. */
export const exampleAttempt = {
  id: "webhook_attempt_b2n6w0qgz1m8c4rjtv7s",
  created_at: "2026-11-21T22:41:05.456Z",
  event_id: exampleEvent.id,
  event_category: "account.created",
  event_subscription_id: "event_subscription_a1nzc5u9d5jvfsy2d9q3",
  url: "https://example.com/webhooks",
  trigger: "event",
  attempt_number: 1,
  status: "succeeded",
  failure_reason: null,
  response_status_code: 200,
  response_body: "ok",
  duration_ms: 42,
  next_attempt_at: null,
  type: "webhook_attempt"
} satisfies typeof WebhookAttempt.Encoded

export class Events extends HttpApiGroup.make("events")
  .annotateMerge(OpenApi.annotations({
    title: "Events",
    description:
      "Events are records of things that happened to objects. They can be listed by polling, or pushed to your URL as signed webhooks by an Event Subscription."
  }))
  .add(
    HttpApiEndpoint.get("list", "/events", { query: { ...listFields, ...EventFilter.fields }, success: Page(Event) })
      .annotate(OpenApi.Summary, "List Events")
      .annotate(
        OpenApi.Description,
        "Lists events, newest first by default. To poll, list with `order_by.direction=ascending` and keep `next_cursor`: when ascending it is never null, and the next call returns only newer events."
      )
      .pipe((endpoint) =>
        Examples.exchange(endpoint, { response: { data: [exampleEvent], next_cursor: "ZXZlbnRfMDAxZHp6MHIyMA" } })
      )
  )
  .add(
    HttpApiEndpoint.get("retrieve", "/events/:event_id", {
      params: Schema.Struct({ event_id: EventId }),
      success: Event,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Retrieve an Event")
      .annotate(OpenApi.Description, "Returns the event with this identifier.")
      .pipe((endpoint) => Examples.exchange(endpoint, { response: exampleEvent }))
  )
  .add(
    HttpApiEndpoint.get("listAttempts", "/events/:event_id/attempts", {
      params: Schema.Struct({ event_id: EventId }),
      query: { ...listFields, event_subscription_id: WebhookAttemptFilter.fields.event_subscription_id },
      success: Page(WebhookAttempt),
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "List an Event's delivery attempts")
      .annotate(
        OpenApi.Description,
        "The delivery log of an event: every POST of it to any subscription, newest first."
      )
      .pipe((endpoint) => Examples.exchange(endpoint, { response: { data: [exampleAttempt], next_cursor: null } }))
  )
  .middleware(Authorization)
{}
