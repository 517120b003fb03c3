/**
 * The receiver: what happens to one delivery, whatever server it arrived on.
 *
 *   raw body + headers
 *     → verify webhook-id / webhook-timestamp / webhook-signature (any accepted secret,
 *       timestamp window in both directions, constant-time comparison)   else 400 / 401
 *     → decode the Event (domain schema; unknown categories decode)       else 400
 *     → the handlers of its category, once per webhook-id                 failure: 500
 *     → acknowledged (2xx): handled, duplicate, or ignored (no handler)
 *
 * The adapters (`PlatformAdapter`, `NodeAdapter`, `FetchAdapter`) read the
 * request, call `receive` and answer with `Reply`.
 */
import { Event } from "@moneta/domain/Event"
import * as WebhookSignature from "@moneta/domain/WebhookSignature"
import { Cause, DateTime, Effect, Option, Redacted, Result, Schema } from "effect"
import type { NonEmptyReadonlyArray } from "effect/Array"
import { Deduplication } from "./Deduplication.js"
import * as Handlers from "./Handlers.js"
import { HandlerFailedError, MalformedEventError, MalformedSignatureHeadersError } from "./ReceiverError.js"
import type { ReceiverError } from "./ReceiverError.js"

/**
 * A signing secret: an event subscription's `shared_secret` (its UTF-8 bytes
 * sign), a Standard Webhooks `whsec_<base64>` secret, or the key bytes.
 * Wrap it in `Redacted` to keep it out of logs.
 */
export type Secret = WebhookSignature.Secret | Redacted.Redacted<string>

export interface Options<E, R> {
  /** Every secret accepted now: during a rotation, the old and the new one. */
  readonly secrets: NonEmptyReadonlyArray<Secret>
  readonly handlers: Handlers.Handlers<E, R>
  /** How far `webhook-timestamp` may be from this clock, either way; 300 s by default. */
  readonly toleranceSeconds?: number
  /** The largest body accepted; 64 KiB by default (an event is a few hundred bytes). */
  readonly maxBodyBytes?: number
}

export const defaultMaxBodyBytes = 64 * 1024

/** The request as the adapters read it. */
export interface Delivery {
  /** A header's value; names are lower case. */
  readonly header: (name: string) => string | undefined
  /** The raw body, exactly as received: the signature covers these bytes. */
  readonly body: Uint8Array
}

export interface Receipt {
  /** `handled`: the handlers ran and succeeded; `duplicate`: they already had; `ignored`: no handler matches. */
  readonly outcome: "handled" | "duplicate" | "ignored"
  readonly webhookId: string
  readonly event: Event
}

export interface Receiver<R> {
  readonly maxBodyBytes: number
  readonly receive: (delivery: Delivery) => Effect.Effect<Receipt, ReceiverError, R>
}

const decodeEvent = Schema.decodeUnknownResult(Schema.fromJsonString(Event))
const utf8 = new TextDecoder("utf-8", { fatal: true })

const secretValue = (secret: Secret): WebhookSignature.Secret =>
  Redacted.isRedacted(secret) ? Redacted.value(secret) : secret

const requireHeader = (delivery: Delivery, name: MalformedSignatureHeadersError["header"]) => {
  const value = delivery.header(name)
  return value === undefined || value.length === 0
    ? Result.fail(new MalformedSignatureHeadersError({ header: name, detail: "is missing" }))
    : Result.succeed(value)
}

/** A receiver over the current deduplication store. */
export const make = <E, R>(options: Options<E, R>): Effect.Effect<Receiver<R>, never, Deduplication> =>
  Effect.gen(function*() {
    const deduplication = yield* Deduplication
    const secrets = options.secrets.map(secretValue)
    const toleranceSeconds = options.toleranceSeconds ?? WebhookSignature.defaultToleranceSeconds

    const verify = (delivery: Delivery, now: DateTime.Utc) =>
      Result.gen(function*() {
        const id = yield* requireHeader(delivery, WebhookSignature.idHeader)
        const timestamp = yield* requireHeader(delivery, WebhookSignature.timestampHeader)
        const signatureHeader = yield* requireHeader(delivery, WebhookSignature.signatureHeader)
        yield* WebhookSignature.verify({
          id,
          timestamp,
          signatureHeader,
          body: delivery.body,
          secrets,
          now,
          toleranceSeconds
        })
        return id
      })

    const decodeText = (webhookId: string, body: Uint8Array): Result.Result<string, MalformedEventError> => {
      try {
        return Result.succeed(utf8.decode(body))
      } catch {
        return Result.fail(new MalformedEventError({ webhookId, detail: "the body is not UTF-8" }))
      }
    }

    const decode = (webhookId: string, body: Uint8Array) =>
      decodeText(webhookId, body).pipe(
        Result.flatMap((text) =>
          Result.mapError(decodeEvent(text), (error) => new MalformedEventError({ webhookId, detail: error.message }))
        )
      )

    const handle = (webhookId: string, event: Event, handling: Effect.Effect<void, E, R>) =>
      deduplication.once(
        webhookId,
        // Failures and defects alike leave the delivery unacknowledged; interruption stays interruption.
        Effect.catchCause(handling, (cause) =>
          Cause.hasInterruptsOnly(cause)
            ? Effect.interrupt
            : Effect.fail(
              new HandlerFailedError({ webhookId, category: event.category, detail: Cause.pretty(cause) })
            ))
      )

    const receive = (delivery: Delivery): Effect.Effect<Receipt, ReceiverError, R> =>
      Effect.gen(function*() {
        const webhookId = yield* Effect.fromResult(verify(delivery, yield* DateTime.now))
        const event = yield* Effect.fromResult(decode(webhookId, delivery.body))
        const handling = Handlers.route(options.handlers, event)
        if (Option.isNone(handling)) return { outcome: "ignored", webhookId, event } satisfies Receipt
        const handled = yield* handle(webhookId, event, handling.value)
        return { outcome: Option.isSome(handled) ? "handled" : "duplicate", webhookId, event } satisfies Receipt
      })

    return { maxBodyBytes: options.maxBodyBytes ?? defaultMaxBodyBytes, receive }
  })
