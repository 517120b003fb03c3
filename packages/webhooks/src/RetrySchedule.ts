/**
 * When a delivery's attempts happen (spec "Webhook delivery" 4, decisions k).
 *
 * Attempts are timed from the event, not from each other: the first at once,
 * then about 1 minute, 10 minutes, 1 hour, 4 hours, 12 hours, 24 hours and 72
 * hours after the event; none after the eighth. An attempt is never made
 * sooner than `minimumSpacing` after the previous one started, so a dispatcher
 * that was down and catches up does not fire a burst of overdue retries.
 *
 * The sandbox makes one attempt. So does a resend or a heartbeat requested
 * through the API: the caller is watching and can ask again.
 */
import type { Environment } from "@moneta/domain/Environment"
import type { WebhookAttemptTrigger } from "@moneta/domain/WebhookAttempt"
import { DateTime, Duration, Option } from "effect"

/** Offsets from the event's creation, attempt 1 first. */
export const attemptOffsets: ReadonlyArray<Duration.Duration> = [
  Duration.zero,
  Duration.minutes(1),
  Duration.minutes(10),
  Duration.hours(1),
  Duration.hours(4),
  Duration.hours(12),
  Duration.hours(24),
  Duration.hours(72)
]

export const minimumSpacing = Duration.minutes(1)

/** How many attempts a delivery gets. */
export const attemptsAllowed = (environment: Environment, trigger: WebhookAttemptTrigger): number =>
  environment === "sandbox" || trigger !== "event" ? 1 : attemptOffsets.length

export interface AttemptMade {
  readonly environment: Environment
  readonly trigger: WebhookAttemptTrigger
  readonly eventCreatedAt: DateTime.Utc
  /** 1-based number of the attempt just made. */
  readonly attemptNumber: number
  readonly startedAt: DateTime.Utc
  readonly succeeded: boolean
}

/** When the next attempt is due, or `None` when the delivery is finished. */
export const nextAttemptAt = (attempt: AttemptMade): Option.Option<DateTime.Utc> => {
  if (attempt.succeeded || attempt.attemptNumber >= attemptsAllowed(attempt.environment, attempt.trigger)) {
    return Option.none()
  }
  return Option.map(Option.fromNullishOr(attemptOffsets[attempt.attemptNumber]), (offset) =>
    DateTime.max(
      DateTime.addDuration(attempt.eventCreatedAt, offset),
      DateTime.addDuration(attempt.startedAt, minimumSpacing)
    ))
}
