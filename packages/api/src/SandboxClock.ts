/**
 * The sandbox clock, a Moneta extension (docs/workbench.md, "Clock"): a
 * sandbox key reads and advances its group's clock. A live key is refused:
 * live time is real time.
 */
import { EventSubscriptionId } from "@moneta/domain/Ids"
import {
  AdvanceSandboxClock,
  EventSubscriptionRetrySchedule,
  SandboxClock,
  SandboxClockAdvance,
  SetWebhookRetrySchedule
} from "@moneta/domain/SandboxClock"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { InsufficientPermissionsError, ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import * as Examples from "./Examples.js"

const clock = {
  group_id: "group_k3x9dz0q7mmsv1w5rn2c",
  current_time: "2026-11-29T10:00:00.000Z",
  real_time: "2026-11-22T10:00:00.000Z",
  offset_ms: 604_800_000
} as const

export class SandboxClocks extends HttpApiGroup.make("sandboxClock")
  .annotateMerge(OpenApi.annotations({
    title: "Moneta: Clock",
    description:
      "A Moneta extension, not part of Increase's API: each group's sandbox clock, real time plus an offset that only moves forward. Everything that reads time for the group reads it: `created_at` of new objects, real-time decision `timeout_at`, the 7-day authorization expiry, webhook retry times, the 30-day event retention. Authenticated with a sandbox API key of the group; a live key is refused with 403."
  }))
  .add(
    HttpApiEndpoint.get("showClock", "/moneta/clock", { success: SandboxClock, error: InsufficientPermissionsError })
      .annotate(OpenApi.Summary, "Show the sandbox clock")
      .annotate(OpenApi.Description, "The group's sandbox time, the server's real time, and the offset between them.")
      .pipe((endpoint) => Examples.exchange(endpoint, { response: { ...clock, type: "sandbox_clock" } }))
  )
  .add(
    HttpApiEndpoint.post("advanceClock", "/moneta/clock/advance", {
      payload: AdvanceSandboxClock,
      success: SandboxClockAdvance,
      error: InsufficientPermissionsError
    })
      .annotate(OpenApi.Summary, "Advance the sandbox clock")
      .annotate(
        OpenApi.Description,
        "Moves the group's sandbox clock forward by `duration` (never back; at most 10 years ahead of real time in total), then makes what fell due happen before answering: pending real-time decisions past their `timeout_at` time out, card authorizations past their `expires_at` expire, check deposits' inbound funds holds past their `automatically_releases_at` are released, and the webhook deliveries that came due are attempted. Every server on the database sees the new time at once. A bad duration is a 400 naming `duration`."
      )
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          request: { duration: "7d" },
          response: {
            ...clock,
            advanced_by_ms: 604_800_000,
            fired: {
              real_time_decisions_timed_out: 0,
              card_authorizations_expired: 1,
              inbound_funds_holds_released: 0,
              webhook_deliveries_attempted: 2
            },
            type: "sandbox_clock_advance"
          }
        })
      )
  )
  .add(
    HttpApiEndpoint.post(
      "setRetrySchedule",
      "/moneta/event_subscriptions/:event_subscription_id/retry_schedule",
      {
        params: Schema.Struct({ event_subscription_id: EventSubscriptionId }),
        payload: SetWebhookRetrySchedule,
        success: EventSubscriptionRetrySchedule,
        error: [InsufficientPermissionsError, ObjectNotFoundError]
      }
    )
      .annotate(OpenApi.Summary, "Set a subscription's retry schedule")
      .annotate(
        OpenApi.Description,
        "Sandbox only. The sandbox makes one attempt per delivery; `live` gives this subscription's deliveries the live schedule (8 attempts, from 1 minute to 3 days after the event), to test a receiver's retry handling by advancing the clock."
      )
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          request: { schedule: "live" },
          response: {
            event_subscription_id: "event_subscription_a1nzc5u9d5jvfsy2d9q3",
            schedule: "live",
            type: "event_subscription_retry_schedule"
          }
        })
      )
  )
  .middleware(Authorization)
{}
