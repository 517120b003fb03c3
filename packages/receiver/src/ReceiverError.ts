/**
 * Every way a delivery can end other than being acknowledged, each a typed
 * error with the HTTP status the adapters answer with. Rejections (4xx) never
 * reach a handler and retrying them cannot help; failures (5xx) tell the
 * sender to try again later.
 */
import {
  InvalidSignatureError,
  MalformedSignatureHeadersError,
  TimestampTooNewError,
  TimestampTooOldError
} from "@moneta/domain/WebhookSignature"
import { Schema } from "effect"

export { InvalidSignatureError, MalformedSignatureHeadersError, TimestampTooNewError, TimestampTooOldError }

/** The body could not be read (the sender went away, or the stream broke). */
export class UnreadableBodyError extends Schema.TaggedError<UnreadableBodyError>()("UnreadableBodyError", {
  detail: Schema.String
}) {}

/** The body is larger than the receiver accepts; events are a few hundred bytes. */
export class BodyTooLargeError extends Schema.TaggedError<BodyTooLargeError>()("BodyTooLargeError", {
  maxBytes: Schema.Number
}) {}

/** The signature is valid but the body is not an Event (not JSON, or a field of the wrong shape). */
export class MalformedEventError extends Schema.TaggedError<MalformedEventError>()("MalformedEventError", {
  webhookId: Schema.String,
  detail: Schema.String
}) {}

/** A handler failed or died: the delivery is not acknowledged, so the sender retries it. */
export class HandlerFailedError extends Schema.TaggedError<HandlerFailedError>()("HandlerFailedError", {
  webhookId: Schema.String,
  category: Schema.String,
  /** The handler's failure, as `Cause.pretty` renders it. */
  detail: Schema.String
}) {}

/** The deduplication store failed, so whether the delivery is new is unknown: the sender retries. */
export class DeduplicationError extends Schema.TaggedError<DeduplicationError>()("DeduplicationError", {
  webhookId: Schema.String,
  detail: Schema.String
}) {}

/** A delivery refused before any handler ran. */
export type Rejection =
  | UnreadableBodyError
  | BodyTooLargeError
  | MalformedSignatureHeadersError
  | TimestampTooOldError
  | TimestampTooNewError
  | InvalidSignatureError
  | MalformedEventError

/** Everything `Receiver.receive` can fail with. */
export type ReceiverError = Rejection | HandlerFailedError | DeduplicationError

/**
 * The status the adapters answer with: 400 for what is not a delivery, 401 for
 * what is not authentic (or not fresh), 413 for oversized bodies, 500 when the
 * handler failed, 503 when the store cannot tell whether the delivery is new.
 */
export const statusOf = (error: ReceiverError): number => {
  switch (error._tag) {
    case "UnreadableBodyError":
    case "MalformedSignatureHeadersError":
    case "MalformedEventError":
      return 400
    case "TimestampTooOldError":
    case "TimestampTooNewError":
    case "InvalidSignatureError":
      return 401
    case "BodyTooLargeError":
      return 413
    case "HandlerFailedError":
      return 500
    case "DeduplicationError":
      return 503
  }
}

/** A sentence for logs and the response body; never contains a secret. */
export const describe = (error: ReceiverError): string => {
  switch (error._tag) {
    case "UnreadableBodyError":
      return `The request body could not be read: ${error.detail}`
    case "BodyTooLargeError":
      return `The request body is larger than ${error.maxBytes} bytes.`
    case "MalformedSignatureHeadersError":
      return `The ${error.header} header ${error.detail}.`
    case "TimestampTooOldError":
      return `The webhook-timestamp is more than ${error.toleranceSeconds} s in the past.`
    case "TimestampTooNewError":
      return `The webhook-timestamp is more than ${error.toleranceSeconds} s in the future.`
    case "InvalidSignatureError":
      return "No signature matches the accepted secrets."
    case "MalformedEventError":
      return `The body is not an event: ${error.detail}`
    case "HandlerFailedError":
      return "The handler failed; the delivery was not processed."
    case "DeduplicationError":
      return "Could not tell whether the delivery was already processed."
  }
}
