/**
 * The sandbox clock (docs/workbench.md, "Clock"): each group's sandbox time is
 * real time plus an offset its sandbox key advances, never moved back. What a
 * duration may be, how far the clock may go, and the clock's objects.
 */
import { Context, DateTime, Result, Schema } from "effect"
import { described } from "../core/Described.js"
import { type Environment, sandboxOnly as sandboxKeyOnly } from "../core/Environment.js"
import type { InsufficientPermissionsError } from "../core/Errors.js"
import { EventSubscriptionId, GroupId } from "../core/Ids.js"
import { Timestamp } from "../core/Timestamp.js"

/**
 * The offset, in milliseconds, of the clock of the tenant being served: 0 for
 * live requests and wherever no tenant is served (the server's own work).
 */
export const ClockOffset = Context.Reference<number>("@moneta/domain/SandboxClock/ClockOffset", {
  defaultValue: () => 0
})

const second = 1_000
const minute = 60 * second
const hour = 60 * minute
const day = 24 * hour
const week = 7 * day

/** How far ahead of real time a clock may be, in total: ten years. */
export const maxOffsetMillis = 3_650 * day

/** The time on a clock `offsetMillis` ahead of `real`. */
export const timeAt = (real: DateTime.Utc, offsetMillis: number): DateTime.Utc =>
  offsetMillis === 0 ? real : DateTime.add(real, { milliseconds: offsetMillis })

const unitMillis: Record<string, number> = { w: week, d: day, h: hour, m: minute, s: second, ms: 1 }

// `1d12h`, `90m`, `1.5h`: one or more number-unit pairs, largest first or not.
const shorthand = /^(?:\d+(?:\.\d+)?(?:ms|w|d|h|m|s))+$/
const shorthandPart = /(\d+(?:\.\d+)?)(ms|w|d|h|m|s)/g
// ISO 8601 durations without years and months (their length depends on the date).
const iso =
  /^P(?:(\d+(?:\.\d+)?)W)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/

const durationForms =
  "a number of seconds, a duration such as `2h`, `90m`, `7d` or `1d12h` (units w, d, h, m, s, ms), or ISO 8601 such as `P7D` or `PT2H30M`"

const withinBounds = (millis: number): Result.Result<number, string> =>
  !Number.isFinite(millis)
    ? Result.fail(`must be ${durationForms}`)
    : millis < 0
    ? Result.fail("must not be negative: the clock only moves forward")
    : millis > maxOffsetMillis
    ? Result.fail("must be at most 10 years (3650d)")
    : Result.succeed(Math.round(millis))

/** A duration to advance by, in milliseconds: a number of seconds or a string (see `durationForms`). */
export const parseDuration = (input: string | number): Result.Result<number, string> => {
  if (typeof input === "number") return withinBounds(input * second)
  const text = input.trim()
  if (text.length === 0) return Result.fail(`must be ${durationForms}; it is empty`)
  if (text.startsWith("-")) return Result.fail("must not be negative: the clock only moves forward")
  if (/^\d+(?:\.\d+)?$/.test(text)) return withinBounds(Number(text) * second)
  const lower = text.toLowerCase()
  if (shorthand.test(lower)) {
    let total = 0
    for (const [, amount, unit] of lower.matchAll(shorthandPart)) {
      total += Number(amount) * (unitMillis[unit ?? ""] ?? Number.NaN)
    }
    return withinBounds(total)
  }
  const upper = text.toUpperCase()
  if (/^P\d+(?:\.\d+)?[YM]/.test(upper) || /^P[^T]*\d[YM]/.test(upper)) {
    return Result.fail("years and months have no fixed length: give days instead (`P30D`, `365d`)")
  }
  const matched = upper !== "P" && !upper.endsWith("T") ? iso.exec(upper) : null
  if (matched === null) return Result.fail(`must be ${durationForms}; got ${JSON.stringify(text)}`)
  const [, weeks, days, hours, minutes, seconds] = matched
  const part = (value: string | undefined, unit: number) => value === undefined ? 0 : Number(value) * unit
  return withinBounds(
    part(weeks, week) + part(days, day) + part(hours, hour) + part(minutes, minute) + part(seconds, second)
  )
}

/** The offset after advancing `current` by `byMillis`; refused past `maxOffsetMillis` in total. */
export const advancedOffset = (current: number, byMillis: number): Result.Result<number, string> =>
  current + byMillis > maxOffsetMillis
    ? Result.fail(
      `would put the clock more than 10 years ahead of real time (it is ${formatOffset(current)} ahead)`
    )
    : Result.succeed(current + byMillis)

/** An offset as people read it: `7d 2h`, `0s`. */
export const formatOffset = (millis: number): string => {
  const parts: Array<string> = []
  let rest = millis
  for (const [unit, size] of [["d", day], ["h", hour], ["m", minute], ["s", second], ["ms", 1]] as const) {
    const count = Math.floor(rest / size)
    if (count > 0) parts.push(`${count}${unit}`)
    rest -= count * size
  }
  return parts.length === 0 ? "0s" : parts.join(" ")
}

/** `POST /moneta/clock/advance`'s body. */
export const AdvanceSandboxClock = Schema.Struct({
  duration: described(
    Schema.Union([Schema.String, Schema.Number]),
    `How far to move the clock forward: ${durationForms}. At most 10 years ahead of real time in total.`
  )
})
export type AdvanceSandboxClock = typeof AdvanceSandboxClock.Type

const clockFields = {
  group_id: described(GroupId, "The Group whose clock this is."),
  current_time: described(
    Timestamp,
    "The time on the group's sandbox clock: what `created_at` of a new object says (ISO 8601, UTC)."
  ),
  real_time: described(Timestamp, "The server's real time (ISO 8601, UTC)."),
  offset_ms: described(Schema.Int, "How far the clock is ahead of real time, in milliseconds.")
}

/** A group's sandbox clock. */
export class SandboxClock extends Schema.Class<SandboxClock>("SandboxClock")({
  ...clockFields,
  type: described(Schema.tag("sandbox_clock"), "Always `sandbox_clock`: the type of this object.")
}) {}

/** What an advance made happen before it answered. */
export class SandboxClockFired extends Schema.Class<SandboxClockFired>("SandboxClockFired")({
  real_time_decisions_timed_out: described(
    Schema.Int,
    "Pending real-time decisions whose `timeout_at` was passed, now timed out."
  ),
  card_authorizations_expired: described(
    Schema.Int,
    "Card authorizations whose `expires_at` was passed, now expired (their holds released)."
  ),
  inbound_funds_holds_released: described(
    Schema.Int,
    "Check deposits' inbound funds holds whose `automatically_releases_at` was passed, now released."
  ),
  webhook_deliveries_attempted: described(
    Schema.Int,
    "Webhook deliveries of the group (first attempts and retries) that fell due and were attempted."
  )
}) {}

/** `POST /moneta/clock/advance`'s answer: the clock, and what fell due. */
export class SandboxClockAdvance extends Schema.Class<SandboxClockAdvance>("SandboxClockAdvance")({
  ...clockFields,
  advanced_by_ms: described(Schema.Int, "How far this call moved the clock, in milliseconds."),
  fired: described(SandboxClockFired, "What fell due on the way, in the order it was done."),
  type: described(Schema.tag("sandbox_clock_advance"), "Always `sandbox_clock_advance`: the type of this object.")
}) {}

/**
 * The retry schedule of a sandbox subscription's deliveries: `sandbox`, one
 * attempt (the default), or `live`, the 8 attempts of the live environment
 * over three days, to test retries by advancing the clock.
 */
export const WebhookRetrySchedule = Schema.Literals(["sandbox", "live"])
export type WebhookRetrySchedule = typeof WebhookRetrySchedule.Type

/** `POST /moneta/event_subscriptions/{id}/retry_schedule`'s body. */
export const SetWebhookRetrySchedule = Schema.Struct({
  schedule: described(
    WebhookRetrySchedule,
    "`live`: failed deliveries are retried as live ones are (8 attempts over 3 days). `sandbox`: one attempt (the default)."
  )
})
export type SetWebhookRetrySchedule = typeof SetWebhookRetrySchedule.Type

/** A subscription's retry schedule. */
export class EventSubscriptionRetrySchedule
  extends Schema.Class<EventSubscriptionRetrySchedule>("EventSubscriptionRetrySchedule")({
    event_subscription_id: described(EventSubscriptionId, "The Event Subscription."),
    schedule: described(WebhookRetrySchedule, "The retry schedule its deliveries now follow."),
    type: described(
      Schema.tag("event_subscription_retry_schedule"),
      "Always `event_subscription_retry_schedule`: the type of this object."
    )
  })
{}

/** What a live key calling the clock is told (403): live time is real time. */
export const liveKeyRefused = "Only the sandbox has a clock: use a sandbox key of the group. Live time is real time."

/** The clock is a sandbox key's only (403 for a live one). */
export const sandboxOnly = (environment: Environment): Result.Result<void, InsufficientPermissionsError> =>
  sandboxKeyOnly(environment, liveKeyRefused)
