/**
 * Webhook fault injection (docs/workbench.md, "Webhook faults"): a sandbox
 * subscription's next deliveries answered as if its endpoint failed, late,
 * twice or out of order, so a receiver's retry, dedup and ordering code can be
 * tested. Each fault covers the next `count` deliveries of its subscription;
 * faults are used up in the order they were added, one delivery each, and the
 * attempt a fault shaped says so (`injected_fault`).
 *
 * - `status`: the attempt is recorded as if the endpoint answered `status`
 *   (the endpoint is not called); a non-2xx status is retried as usual.
 * - `timeout`: recorded as if the endpoint did not answer within the deadline.
 * - `delay`: sent `seconds` later (at most `maxDelaySeconds`).
 * - `duplicate`: sent twice, with the same `webhook-id`.
 * - `reorder`: held back until the subscription's next delivery has been sent
 *   (at most `reorderHoldSeconds`), then sent.
 */
import { Result, Schema } from "effect"
import { described } from "../core/Described.js"
import { type Environment, sandboxOnly as sandboxKeyOnly } from "../core/Environment.js"
import { type InsufficientPermissionsError } from "../core/Errors.js"
import { EventSubscriptionId } from "../core/Ids.js"
import { TooManyWebhookFaults } from "../core/Refusals.js"
import { Timestamp } from "../core/Timestamp.js"

/** Faults a subscription may hold at once (each covering up to `maxFaultCount` deliveries). */
export const maxPendingFaults = 20
export const maxFaultCount = 100
export const maxDelaySeconds = 30
/** How long a held-back delivery waits for the next one before it is sent anyway. */
export const reorderHoldSeconds = 30

export const WebhookFaultKind = Schema.Literals(["status", "timeout", "delay", "duplicate", "reorder"])
export type WebhookFaultKind = typeof WebhookFaultKind.Type

const FaultCount = described(
  Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: maxFaultCount })),
  `How many of the subscription's next deliveries the fault covers, 1 to ${maxFaultCount}.`
)

const count = Schema.optionalKey(FaultCount)

/** `POST /moneta/event_subscriptions/{id}/faults`: one fault, by `kind`. */
export const CreateWebhookFault = Schema.Union([
  Schema.Struct({
    kind: described(Schema.Literal("status"), "Answer as if the endpoint returned `status`, without calling it."),
    status: described(
      Schema.Int.check(Schema.isBetween({ minimum: 100, maximum: 599 })),
      "The HTTP status to record, 100 to 599."
    ),
    count
  }),
  Schema.Struct({
    kind: described(Schema.Literal("timeout"), "Answer as if the endpoint did not answer within the deadline."),
    count
  }),
  Schema.Struct({
    kind: described(Schema.Literal("delay"), "Send each covered delivery `seconds` later."),
    seconds: described(
      Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: maxDelaySeconds })),
      `The delay, 1 to ${maxDelaySeconds} seconds.`
    ),
    count
  }),
  Schema.Struct({
    kind: described(Schema.Literal("duplicate"), "Send each covered delivery twice, with the same `webhook-id`."),
    count
  }),
  Schema.Struct({
    kind: described(
      Schema.Literal("reorder"),
      "Hold each covered delivery back until the subscription's next delivery has gone."
    ),
    count
  })
]).annotate({ identifier: "CreateWebhookFault" })
export type CreateWebhookFault = typeof CreateWebhookFault.Type

export class WebhookFault extends Schema.Class<WebhookFault>("WebhookFault")({
  event_subscription_id: described(EventSubscriptionId, "The Event Subscription whose deliveries the fault shapes."),
  kind: described(WebhookFaultKind, "What the fault does to a delivery (see the request's `kind`)."),
  status: described(Schema.NullOr(Schema.Int), "The status a `status` fault records; null for other kinds."),
  seconds: described(Schema.NullOr(Schema.Int), "The delay of a `delay` fault, in seconds; null for other kinds."),
  remaining: described(Schema.Int, "How many more deliveries the fault covers."),
  created_at: described(Timestamp, "When the fault was added (ISO 8601, UTC)."),
  type: described(Schema.tag("webhook_fault"), "Always `webhook_fault`: the type of this object.")
}) {}

/** A fault as the dispatcher uses it: what to do to one delivery. */
export interface FaultToApply {
  readonly kind: WebhookFaultKind
  readonly status: number | null
  readonly seconds: number | null
}

/** The fault's fields as stored: the kind's own parameter, null for the others; one delivery when no count. */
export const faultFields = (request: CreateWebhookFault): FaultToApply & { readonly count: number } => ({
  kind: request.kind,
  status: request.kind === "status" ? request.status : null,
  seconds: request.kind === "delay" ? request.seconds : null,
  count: request.count ?? 1
})

/** Whether a subscription holding `pending` faults may take one more. */
export const faultAllowed = (pending: number): Result.Result<void, TooManyWebhookFaults> =>
  pending < maxPendingFaults
    ? Result.succeed(undefined)
    : Result.fail(
      new TooManyWebhookFaults({
        detail:
          `The subscription already holds ${maxPendingFaults} faults, the most it may hold: clear them (DELETE /moneta/event_subscriptions/{id}/faults) first.`
      })
    )

/** How an attempt shaped by the fault names it in the delivery log (`injected_fault`). */
export const injectedFaultLabel = (fault: FaultToApply): string => {
  switch (fault.kind) {
    case "status":
      return `status ${fault.status ?? 0}`
    case "delay":
      return `delay ${fault.seconds ?? 0}s`
    default:
      return fault.kind
  }
}

/** The response excerpt of an attempt the endpoint never saw (a `status` or `timeout` fault). */
export const injectedExcerpt = (fault: FaultToApply): string => `moneta: injected ${injectedFaultLabel(fault)}`

/** A fault added to a subscription holding `pending` ones (`faultAllowed`): its fields as stored (`faultFields`). */
export const add = (
  pending: number,
  request: CreateWebhookFault
): Result.Result<FaultToApply & { readonly count: number }, TooManyWebhookFaults> =>
  Result.map(faultAllowed(pending), () => faultFields(request))

export const liveKeyRefused =
  "Webhook faults are injected in the sandbox only: use a sandbox API key of the group (a live key may not)."

/** Faults are injected for a sandbox key only (403 for a live one). */
export const sandboxOnly = (environment: Environment): Result.Result<void, InsufficientPermissionsError> =>
  sandboxKeyOnly(environment, liveKeyRefused)
