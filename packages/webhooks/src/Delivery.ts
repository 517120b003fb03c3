/**
 * One delivery attempt: the Event object as the body, signed with the
 * subscription's active secrets (Standard Webhooks), POSTed with a deadline.
 *
 * The bytes signed are the bytes sent: the body is encoded once, and both the
 * signature and the request take that same array. `webhook-timestamp` is read
 * from the Clock just before the request goes out.
 */
import type { Environment } from "@moneta/domain/Environment"
import { Event } from "@moneta/domain/Event"
import { isSuccessStatus, type WebhookAttemptFailureReason } from "@moneta/domain/WebhookAttempt"
import { urlRefusal } from "@moneta/domain/WebhookDestination"
import * as WebhookSignature from "@moneta/domain/WebhookSignature"
import type { SigningSecrets } from "@moneta/store/EventSubscriptions"
import { Clock, DateTime, Duration, Effect, Either, Option, Schema } from "effect"
import { refusalIn } from "./Destinations.js"
import type { DeliveryTransport } from "./Transport.js"

/** The spec's response deadline: a delivery succeeds only with a 2xx answer within it. */
export const responseDeadline = Duration.seconds(10)

export const userAgent = "Moneta-Webhooks/1.0"

const utf8Encoder = new TextEncoder()
const encodeEvent = Schema.encodeSync(Event)

/** The request body: the Event object as JSON, as the API shows it. */
export const bodyOf = (event: Event): Uint8Array => utf8Encoder.encode(JSON.stringify(encodeEvent(event)))

/** The secrets that sign at `at`, newest first: the current one, and the previous one during its overlap. */
export const activeSecrets = (secrets: SigningSecrets, at: DateTime.Utc): ReadonlyArray<string> =>
  Option.match(secrets.previous, {
    onNone: () => [secrets.current],
    onSome: (previous) =>
      DateTime.lessThan(at, previous.expiresAt) ? [secrets.current, previous.secret] : [secrets.current]
  })

export interface Target {
  readonly url: string
  readonly event: Event
  readonly secrets: SigningSecrets
}

/** What happened to one POST. */
export interface Sent {
  readonly startedAt: DateTime.Utc
  readonly durationMs: number
  readonly statusCode: Option.Option<number>
  /** The first bytes of the answer, as text. */
  readonly responseBody: Option.Option<string>
  readonly failureReason: Option.Option<WebhookAttemptFailureReason>
  /** Why the destination was refused, when it was (for the log; never sent to anyone). */
  readonly refusal: Option.Option<string>
}

/** Whom the rule lets receive: the delivery's environment and the operator's allowed hosts. */
export interface DestinationRule {
  readonly environment: Environment
  readonly allowedHosts: ReadonlyArray<string>
}

const elapsedMillis = (startNanos: bigint) =>
  Effect.map(Clock.currentTimeNanos, (now) => Number((now - startNanos) / 1_000_000n))

/**
 * POSTs the event to the target. Never fails: every outcome is a `Sent`. A URL
 * the rule refuses on its text is not contacted; a host that resolves to a
 * refused address is refused by the client's connection (`Destinations`).
 */
export const send = (
  transport: DeliveryTransport["Type"],
  target: Target,
  rule: DestinationRule,
  deadline: Duration.Duration = responseDeadline
): Effect.Effect<Sent> =>
  Effect.gen(function*() {
    const body = bodyOf(target.event)
    const startedAt = yield* DateTime.now
    const startNanos = yield* Clock.currentTimeNanos
    const refused = (reason: string): Sent => ({
      startedAt,
      durationMs: 0,
      statusCode: Option.none(),
      responseBody: Option.none(),
      failureReason: Option.some("destination_refused"),
      refusal: Option.some(reason)
    })
    const url = new URL(target.url)
    const textRefusal = urlRefusal(rule.environment, rule.allowedHosts, url)
    if (textRefusal !== undefined) return refused(textRefusal)
    const headers = WebhookSignature.headers({
      id: target.event.id,
      timestamp: WebhookSignature.unixSeconds(startedAt),
      body,
      secrets: activeSecrets(target.secrets, startedAt).map(WebhookSignature.subscriptionKey)
    })
    const answer = yield* transport.post({
      url,
      headers: { ...headers, "user-agent": userAgent, "content-type": "application/json" },
      body
    }).pipe(
      Effect.timeoutFail({ duration: deadline, onTimeout: () => "timed_out" as const }),
      Effect.either
    )
    if (Either.isLeft(answer)) {
      const refusal = answer.left === "timed_out" ? undefined : refusalIn(answer.left.cause)
      if (refusal !== undefined) return refused(refusal.reason)
      const failureReason: WebhookAttemptFailureReason = answer.left === "timed_out" ? "timed_out" : "connection_failed"
      return {
        startedAt,
        durationMs: yield* elapsedMillis(startNanos),
        statusCode: Option.none(),
        responseBody: Option.none(),
        failureReason: Option.some(failureReason),
        refusal: Option.none()
      } satisfies Sent
    }
    const response = answer.right
    // The status decides the outcome; the excerpt is best effort within what is left of the deadline.
    const remaining = Duration.subtract(deadline, Duration.millis(yield* elapsedMillis(startNanos)))
    const responseBody = yield* response.excerpt.pipe(
      Effect.timeoutOption(Duration.max(remaining, Duration.zero)),
      Effect.orElseSucceed(() => Option.none<string>())
    )
    return {
      startedAt,
      durationMs: yield* elapsedMillis(startNanos),
      statusCode: Option.some(response.status),
      responseBody,
      failureReason: isSuccessStatus(response.status) ? Option.none() : Option.some("non_2xx_response" as const),
      refusal: Option.none()
    } satisfies Sent
  })
