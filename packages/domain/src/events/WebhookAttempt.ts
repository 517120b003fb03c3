/**
 * The delivery log: one attempt per HTTP POST of an event to a subscription's
 * URL (spec "Webhook delivery"). Only a 2xx answer within the deadline is a
 * success; a non-2xx status, a connection failure and a timeout are failures
 * alike. The log keeps the first bytes of the answer, for debugging a receiver.
 */
import { DateTime, Schema } from "effect"
import { described } from "../core/Described.js"
import { EventId, EventSubscriptionId, WebhookAttemptId } from "../core/Ids.js"
import { Timestamp } from "../core/Timestamp.js"
import { EventCategory } from "./EventCategory.js"

export { WebhookAttemptId } from "../core/Ids.js"

/** Why the POST was made: the event itself, a resend requested through the API, or a test heartbeat. */
export const WebhookAttemptTrigger = Schema.Literals(["event", "resend", "heartbeat"])
export type WebhookAttemptTrigger = typeof WebhookAttemptTrigger.Type

export const WebhookAttemptStatus = Schema.Literals(["succeeded", "failed"])
export type WebhookAttemptStatus = typeof WebhookAttemptStatus.Type

/**
 * The class of a failure: the endpoint answered outside 2xx, did not answer in
 * time, could not be reached, or was not contacted because its address may not
 * receive webhooks (`WebhookDestination`).
 */
export const WebhookAttemptFailureReason = Schema.Literals([
  "non_2xx_response",
  "timed_out",
  "connection_failed",
  "destination_refused"
])
export type WebhookAttemptFailureReason = typeof WebhookAttemptFailureReason.Type

/**
 * Delivery-log filters: a subscription's attempts narrow to one event
 * (`event_id`), an event's to one subscription (`event_subscription_id`).
 */
export const WebhookAttemptFilter = Schema.Struct({
  event_id: Schema.optional(EventId).annotateKey({ description: "Return only the attempts to deliver this Event." }),
  event_subscription_id: Schema.optional(EventSubscriptionId).annotateKey({
    description: "Return only the attempts to deliver to this Event Subscription."
  })
})
export type WebhookAttemptFilter = typeof WebhookAttemptFilter.Type

/** How much of the endpoint's answer the log keeps. */
export const responseExcerptBytes = 1024

export class WebhookAttempt extends Schema.Class<WebhookAttempt>("WebhookAttempt")({
  id: described(WebhookAttemptId, "The Webhook Attempt identifier."),
  /** When the request was sent (its `webhook-timestamp`, with milliseconds). */
  created_at: described(
    Timestamp,
    "When the request was sent (ISO 8601, UTC; its `webhook-timestamp` header, in seconds)."
  ),
  event_id: described(EventId, "The identifier of the Event delivered (the request's `webhook-id` header)."),
  event_category: described(EventCategory, "The category of the Event delivered."),
  event_subscription_id: described(EventSubscriptionId, "The identifier of the Event Subscription delivered to."),
  url: described(Schema.String, "The URL the request was sent to (the subscription's at the time)."),
  trigger: described(
    WebhookAttemptTrigger,
    "Why the request was sent. `event`: the Event happened (or a retry of that delivery). `resend`: you asked for it to be sent again. `heartbeat`: you asked for a test `group.heartbeat` Event."
  ),
  /** 1 for the first attempt of a delivery, up to 8 for the last retry. */
  attempt_number: described(
    Schema.Int,
    "Which attempt of the delivery this is: 1 for the first, up to 8 for the last retry (the sandbox makes one)."
  ),
  status: described(
    WebhookAttemptStatus,
    "The outcome. `succeeded`: the endpoint answered with a 2xx status within 10 seconds. `failed`: it did not (see `failure_reason`)."
  ),
  failure_reason: described(
    Schema.NullOr(WebhookAttemptFailureReason),
    "Why the attempt failed. `non_2xx_response`: the endpoint answered with another status. `timed_out`: it did not answer within 10 seconds. `connection_failed`: it could not be reached. `destination_refused`: its address may not receive webhooks, so it was not contacted. Null when the attempt succeeded."
  ),
  response_status_code: described(
    Schema.NullOr(Schema.Int),
    "The HTTP status the endpoint answered with; null when it gave no answer."
  ),
  /** The first bytes of the answer (at most `responseExcerptBytes`), as UTF-8 text. */
  response_body: described(
    Schema.NullOr(Schema.String),
    "The first 1,024 bytes of the endpoint's answer, as UTF-8 text, for debugging your receiver; null when it gave no answer."
  ),
  /** From sending the request to the end of the answer's first bytes. */
  duration_ms: described(
    Schema.Int,
    "How long the attempt took, in milliseconds: from sending the request to the end of the first bytes of the answer."
  ),
  /** When the next attempt of this delivery is due; null when none will follow. */
  next_attempt_at: described(
    Schema.NullOr(Timestamp),
    "When the next attempt of this delivery is due (ISO 8601, UTC); null when none will follow (it succeeded, or the retries are spent)."
  ),
  type: described(Schema.tag("webhook_attempt"), "Always `webhook_attempt`: the type of this object."),
  /** Present only on attempts a sandbox fault shaped (`WebhookFault`). */
  injected_fault: Schema.optionalKey(described(
    Schema.String,
    "A Moneta extension, present only on attempts that a sandbox webhook fault shaped (`POST /moneta/event_subscriptions/{id}/faults`): which one, e.g. `status 500`, `timeout`, `delay 5s`, `duplicate`, `reorder`. An attempt of a `status` or `timeout` fault never reached the endpoint; its `response_body` reads `moneta: injected …`."
  ))
}) {}

/** An attempt's fields: a `WebhookAttempt`, or the dispatcher's own value of one (built from checked values, not re-checked). */
export type WebhookAttemptFields = Pick<WebhookAttempt, keyof typeof WebhookAttempt.fields>

/**
 * The attempt as `Schema.encodeSync(WebhookAttempt)` gives it (same keys in the same order;
 * tested against it for generated attempts), without the Schema work: the dispatcher records
 * one per delivery, and encoding through the Schema costs about 30 µs (mostly the category union).
 */
export const encodeWebhookAttempt = (attempt: WebhookAttemptFields): typeof WebhookAttempt.Encoded => ({
  id: attempt.id,
  created_at: DateTime.formatIso(attempt.created_at),
  event_id: attempt.event_id,
  event_category: attempt.event_category,
  event_subscription_id: attempt.event_subscription_id,
  url: attempt.url,
  trigger: attempt.trigger,
  attempt_number: attempt.attempt_number,
  status: attempt.status,
  failure_reason: attempt.failure_reason,
  response_status_code: attempt.response_status_code,
  response_body: attempt.response_body,
  duration_ms: attempt.duration_ms,
  next_attempt_at: attempt.next_attempt_at === null ? null : DateTime.formatIso(attempt.next_attempt_at),
  type: attempt.type,
  ...(attempt.injected_fault === undefined ? {} : { injected_fault: attempt.injected_fault })
})

/** Whether an answer with this status delivers the event. */
export const isSuccessStatus = (statusCode: number): boolean => statusCode >= 200 && statusCode < 300
