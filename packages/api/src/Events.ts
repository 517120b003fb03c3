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
import { listFields, Page } from "./Parameters.js"

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
  )
  .add(
    HttpApiEndpoint.get("retrieve", "/events/:event_id", {
      params: Schema.Struct({ event_id: EventId }),
      success: Event,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Retrieve an Event")
      .annotate(OpenApi.Description, "Returns the event with this identifier.")
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
  )
  .middleware(Authorization)
{}
