/**
 * One delivery attempt's request: the Event object as the body, signed with
 * the subscription's active secrets (Standard Webhooks); and what can become
 * of it (`Sent`).
 *
 * The bytes signed are the bytes sent: the body is encoded once, and both the
 * signature and the request take that same array. `webhook-timestamp` is the
 * attempt's start on the Clock. Plain functions: `Sender` calls them once per
 * delivery, outside any fiber.
 */
import { type EventFields, eventJson } from "@moneta/domain/Event"
import { isSuccessStatus, type WebhookAttemptFailureReason } from "@moneta/domain/WebhookAttempt"
import { type Reach, urlRefusal } from "@moneta/domain/WebhookDestination"
import * as WebhookSignature from "@moneta/domain/WebhookSignature"
import type { SigningSecrets } from "@moneta/store/EventSubscriptions"
import { DateTime, Duration, Option } from "effect"
import { createHmac } from "node:crypto"
import type { Post } from "./Transport.js"

/** The spec's response deadline: a delivery succeeds only with a 2xx answer within it. */
export const responseDeadline = Duration.seconds(10)

export const userAgent = "Moneta-Webhooks/1.0"

/** The request body: the Event object as JSON, as the API shows it. */
export const bodyOf = (event: EventFields): Uint8Array => Buffer.from(eventJson(event), "utf8")

/** The secrets that sign at `at`, newest first: the current one, and the previous one during its overlap. */
export const activeSecrets = (secrets: SigningSecrets, at: DateTime.Utc): ReadonlyArray<string> =>
  Option.match(secrets.previous, {
    onNone: () => [secrets.current],
    onSome: (previous) =>
      DateTime.isLessThan(at, previous.expiresAt) ? [secrets.current, previous.secret] : [secrets.current]
  })

/**
 * The `webhook-signature` header, as `WebhookSignature.sign` writes it (tested equal, and the
 * Standard Webhooks and svix verifiers check every test delivery): one `v1,<base64 HMAC>` per
 * secret, keyed by the secret's UTF-8 bytes (`subscriptionKey`), over `${id}.${timestamp}.`
 * and the body. `node:crypto` hashes the parts and writes the base64 itself, with no joined
 * copy of the content: a third of the portable signer's cost, once per delivery.
 */
export const signatureOf = (
  id: string,
  timestamp: string,
  body: Uint8Array,
  secrets: ReadonlyArray<string>
): string => {
  const prefix = `${id}.${timestamp}.`
  let header = ""
  for (const secret of secrets) {
    const signature = createHmac("sha256", secret).update(prefix, "utf8").update(body).digest("base64")
    header += `${header === "" ? "" : " "}${WebhookSignature.signatureVersion},${signature}`
  }
  return header
}

export interface Target {
  readonly url: string
  readonly event: EventFields
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

/** Whom the rule lets receive: the server's reach (its environment, where it listens) and the operator's allowed hosts. */
export interface DestinationRule {
  readonly reach: Reach
  readonly allowedHosts: ReadonlyArray<string>
}

/** A destination as its URL text is judged: where to connect, or why not to. */
export type Destination = { readonly url: URL } | { readonly refusal: string }

/** Parses and judges a URL's text (the addresses it resolves to are judged at each connection, `Destinations`). */
export const destinationOf = (rule: DestinationRule, text: string): Destination => {
  const url = new URL(text)
  const refusal = urlRefusal(rule.reach, rule.allowedHosts, url)
  return refusal === undefined ? { url } : { refusal }
}

/** The signed POST of `target` to `url`, started at `startedAt`. */
export const requestOf = (target: Target, url: URL, startedAt: DateTime.Utc): Post => {
  const body = bodyOf(target.event)
  const timestamp = String(WebhookSignature.unixSeconds(startedAt))
  return {
    url,
    headers: {
      [WebhookSignature.idHeader]: target.event.id,
      [WebhookSignature.timestampHeader]: timestamp,
      [WebhookSignature.signatureHeader]: signatureOf(
        target.event.id,
        timestamp,
        body,
        activeSecrets(target.secrets, startedAt)
      ),
      "user-agent": userAgent,
      "content-type": "application/json"
    },
    body
  }
}

/** Not contacted: the rule refuses the destination. */
export const refused = (startedAt: DateTime.Utc, reason: string): Sent => ({
  startedAt,
  durationMs: 0,
  statusCode: Option.none(),
  responseBody: Option.none(),
  failureReason: Option.some("destination_refused"),
  refusal: Option.some(reason)
})

/** No answer: the connection failed or the deadline passed first. */
export const unanswered = (
  startedAt: DateTime.Utc,
  durationMs: number,
  reason: "connection_failed" | "timed_out"
): Sent => ({
  startedAt,
  durationMs,
  statusCode: Option.none(),
  responseBody: Option.none(),
  failureReason: Option.some(reason),
  refusal: Option.none()
})

/** An answer: its status decides; the excerpt is there when the body was read in time. */
export const answered = (
  startedAt: DateTime.Utc,
  durationMs: number,
  status: number,
  excerpt: Option.Option<string>
): Sent => ({
  startedAt,
  durationMs,
  statusCode: Option.some(status),
  responseBody: excerpt,
  failureReason: isSuccessStatus(status) ? Option.none() : Option.some("non_2xx_response"),
  refusal: Option.none()
})
