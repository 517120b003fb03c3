/**
 * Event subscriptions (decisions.md c) and the webhook tools a Stripe or Svix
 * user expects beside them:
 *
 * - `POST/GET/PATCH /event_subscriptions…`: the subscription; `shared_secret`
 *   is write-only. PATCH with `shared_secret` rotates the signing secret (the
 *   old one keeps signing beside it for 24 hours).
 * - `GET /event_subscriptions/{id}/attempts`: the subscription's delivery log,
 *   newest first (an event's is `GET /events/{id}/attempts`, in `Events`).
 * - `POST /event_subscriptions/{id}/resend`: sends one event again.
 * - `POST /event_subscriptions/{id}/heartbeat`: sends a `group.heartbeat` event
 *   to this subscription only, to test its endpoint.
 */
import { described } from "@moneta/domain/Described"
import { Event } from "@moneta/domain/Event"
import { CreateEventSubscription, EventSubscription, UpdateEventSubscription } from "@moneta/domain/EventSubscription"
import { EventId, EventSubscriptionId } from "@moneta/domain/Ids"
import { WebhookAttempt, WebhookAttemptFilter } from "@moneta/domain/WebhookAttempt"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import { exampleAttempt, exampleEvent } from "./Events.js"
import * as Examples from "./Examples.js"
import { IdempotencyKeyFilter, listFields, Page } from "./Parameters.js"

const subscriptionPath = Schema.Struct({ event_subscription_id: EventSubscriptionId })

export const ResendEvent = Schema.Struct({
  event_id: described(EventId, "The identifier of the Event to send again.")
}).annotate({ identifier: "ResendEvent" })

const subscription = {
  id: "event_subscription_a1nzc5u9d5jvfsy2d9q3",
  created_at: "2026-11-21T22:41:05.123Z",
  idempotency_key: null,
  oauth_connection_id: null,
  selected_event_categories: [{ event_category: "account.created" }, { event_category: "transaction.created" }],
  selected_event_category: null,
  status: "active",
  url: "https://example.com/webhooks",
  type: "event_subscription"
} satisfies typeof EventSubscription.Encoded

export class EventSubscriptions extends HttpApiGroup.make("eventSubscriptions")
  .annotateMerge(OpenApi.annotations({
    title: "Event Subscriptions",
    description:
      "Webhooks are event notifications Moneta sends to your URL, signed with the Standard Webhooks scheme. An Event Subscription names the URL and the event categories to send; its delivery log shows every attempt."
  }))
  .add(
    HttpApiEndpoint.post("create", "/event_subscriptions", {
      payload: CreateEventSubscription,
      success: EventSubscription,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Create an Event Subscription")
      .annotate(
        OpenApi.Description,
        "Creates a subscription. Without `shared_secret` a random one is made; the secret is never returned. Moneta makes no OAuth connections, so an `oauth_connection_id` names none of yours (404)."
      )
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          request: {
            url: "https://example.com/webhooks",
            shared_secret: "a secret of your own",
            selected_event_categories: [{ event_category: "account.created" }, {
              event_category: "transaction.created"
            }]
          },
          response: subscription
        })
      )
  )
  .add(
    HttpApiEndpoint.get("list", "/event_subscriptions", {
      query: { ...listFields, ...IdempotencyKeyFilter.fields },
      success: Page(EventSubscription)
    })
      .annotate(OpenApi.Summary, "List Event Subscriptions")
      .annotate(OpenApi.Description, "Lists your event subscriptions, newest first.")
      .pipe((endpoint) => Examples.exchange(endpoint, { response: { data: [subscription], next_cursor: null } }))
  )
  .add(
    HttpApiEndpoint.get("retrieve", "/event_subscriptions/:event_subscription_id", {
      params: subscriptionPath,
      success: EventSubscription,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Retrieve an Event Subscription")
      .annotate(OpenApi.Description, "Returns the event subscription with this identifier (never its shared secret).")
      .pipe((endpoint) => Examples.exchange(endpoint, { response: subscription }))
  )
  .add(
    HttpApiEndpoint.patch("update", "/event_subscriptions/:event_subscription_id", {
      params: subscriptionPath,
      payload: UpdateEventSubscription,
      success: EventSubscription,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Update an Event Subscription")
      .annotate(
        OpenApi.Description,
        "Changes the status (a deleted subscription can no longer change) and/or rotates the signing secret."
      )
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          request: { status: "disabled" },
          response: { ...subscription, status: "disabled" }
        })
      )
  )
  .add(
    HttpApiEndpoint.get("listAttempts", "/event_subscriptions/:event_subscription_id/attempts", {
      params: subscriptionPath,
      query: { ...listFields, event_id: WebhookAttemptFilter.fields.event_id },
      success: Page(WebhookAttempt),
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "List an Event Subscription's delivery attempts")
      .annotate(
        OpenApi.Description,
        "The delivery log of a subscription: every POST of an event to its URL, newest first."
      )
      .pipe((endpoint) => Examples.exchange(endpoint, { response: { data: [exampleAttempt], next_cursor: null } }))
  )
  .add(
    HttpApiEndpoint.post("resend", "/event_subscriptions/:event_subscription_id/resend", {
      params: subscriptionPath,
      payload: ResendEvent,
      success: Event,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Resend an Event")
      .annotate(
        OpenApi.Description,
        "Sends an event to an active subscription once more (one attempt, no retries). Returns the event."
      )
      .pipe((endpoint) =>
        Examples.exchange(endpoint, { request: { event_id: exampleEvent.id }, response: exampleEvent })
      )
  )
  .add(
    HttpApiEndpoint.post("heartbeat", "/event_subscriptions/:event_subscription_id/heartbeat", {
      params: subscriptionPath,
      success: Event,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Send a heartbeat Event")
      .annotate(
        OpenApi.Description,
        "Sends a `group.heartbeat` event to this active subscription only (one attempt), to test its endpoint. Returns the event."
      )
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          response: {
            ...exampleEvent,
            id: "event_p5kx3m9q2w7d4b1jhy6n",
            category: "group.heartbeat",
            associated_object_type: "group",
            associated_object_id: "group_1g4mhziu6kvrs3vz35um"
          }
        })
      )
  )
  .middleware(Authorization)
{}
