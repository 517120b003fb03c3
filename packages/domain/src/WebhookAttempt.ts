/**
 * The delivery log: one attempt per HTTP POST of an event to a subscription's
 * URL (spec "Webhook delivery"). Only a 2xx answer within the deadline is a
 * success; a non-2xx status, a connection failure and a timeout are failures
 * alike. The log keeps the first bytes of the answer, for debugging a receiver.
 */
import { DateTime, Schema } from "effect"
import { EventCategory } from "./EventCategory.js"
import { EventId, EventSubscriptionId, WebhookAttemptId } from "./Ids.js"
import { Timestamp } from "./Timestamp.js"

export { WebhookAttemptId } from "./Ids.js"

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
  event_id: Schema.optional(EventId),
  event_subscription_id: Schema.optional(EventSubscriptionId)
})
export type WebhookAttemptFilter = typeof WebhookAttemptFilter.Type

/** How much of the endpoint's answer the log keeps. */
export const responseExcerptBytes = 1024

export class WebhookAttempt extends Schema.Class<WebhookAttempt>("WebhookAttempt")({
  id: WebhookAttemptId,
  /** When the request was sent (its `webhook-timestamp`, with milliseconds). */
  created_at: Timestamp,
  event_id: EventId,
  event_category: EventCategory,
  event_subscription_id: EventSubscriptionId,
  url: Schema.String,
  trigger: WebhookAttemptTrigger,
  /** 1 for the first attempt of a delivery, up to 8 for the last retry. */
  attempt_number: Schema.Int,
  status: WebhookAttemptStatus,
  failure_reason: Schema.NullOr(WebhookAttemptFailureReason),
  response_status_code: Schema.NullOr(Schema.Int),
  /** The first bytes of the answer (at most `responseExcerptBytes`), as UTF-8 text. */
  response_body: Schema.NullOr(Schema.String),
  /** From sending the request to the end of the answer's first bytes. */
  duration_ms: Schema.Int,
  /** When the next attempt of this delivery is due; null when none will follow. */
  next_attempt_at: Schema.NullOr(Timestamp),
  type: Schema.tag("webhook_attempt")
}) {}

/**
 * The attempt as `Schema.encodeSync(WebhookAttempt)` gives it (same keys in the same order;
 * tested against it for generated attempts), without the Schema work: the dispatcher records
 * one per delivery, and encoding through the Schema costs about 30 µs (mostly the category union).
 */
export const encodeWebhookAttempt = (attempt: WebhookAttempt): typeof WebhookAttempt.Encoded => ({
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
  type: attempt.type
})

/** Whether an answer with this status delivers the event. */
export const isSuccessStatus = (statusCode: number): boolean => statusCode >= 200 && statusCode < 300
