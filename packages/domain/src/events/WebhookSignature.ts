/**
 * Webhook signatures, Standard Webhooks scheme (spec "Webhook signatures").
 *
 * Headers: `webhook-id` (the event id), `webhook-timestamp` (Unix seconds when
 * sent) and `webhook-signature`: one `v1,<base64 HMAC-SHA256>` per active secret,
 * space-separated while secrets rotate. The HMAC covers
 * `${webhook-id}.${webhook-timestamp}.${raw body}`.
 *
 * Signing keys: a subscription's `shared_secret` signs with its UTF-8 bytes,
 * whatever it looks like (decisions.md c and k: the official SDK's `unwrap`
 * verifies with exactly those bytes), see `subscriptionKey`. A verifier's
 * configured secret written `whsec_<base64>`, as Standard Webhooks libraries
 * hand them out, stands for the decoded bytes instead, so a receiver can be
 * configured either way (`signingKey`).
 *
 * Signatures are computed inside pure functions, so the HMAC is synchronous and
 * runtime-free: `@noble/hashes` (audited, pure TypeScript), not `node:crypto`
 * (the domain stays free of Node) nor WebCrypto (asynchronous only).
 */
import { hmac } from "@noble/hashes/hmac.js"
import { sha256 } from "@noble/hashes/sha2.js"
import { DateTime, Result, Schema } from "effect"
import { Base64 } from "effect/encoding"

export const idHeader = "webhook-id"
export const timestampHeader = "webhook-timestamp"
export const signatureHeader = "webhook-signature"

/** The only signature version of the symmetric scheme. */
export const signatureVersion = "v1"
/** The prefix of Standard Webhooks secrets whose rest is the base64 of the key. */
export const base64SecretPrefix = "whsec_"
/** The window the spec suggests around the receiver's clock. */
export const defaultToleranceSeconds = 300

/** A signing secret: text (see the module comment), or the key bytes themselves. */
export type Secret = string | Uint8Array
/** The raw request body, exactly as sent on the wire. */
export type Body = string | Uint8Array

const utf8 = new TextEncoder()

/** The HMAC key of a secret. */
export const signingKey = (secret: Secret): Uint8Array => {
  if (typeof secret !== "string") return secret
  if (secret.startsWith(base64SecretPrefix)) {
    const decoded = Base64.decode(secret.slice(base64SecretPrefix.length))
    // A plain shared secret may happen to start with the prefix: it then keeps its UTF-8 meaning.
    if (Result.isSuccess(decoded) && decoded.success.length > 0) return decoded.success
  }
  return utf8.encode(secret)
}

/**
 * The key a subscription's `shared_secret` signs with: its UTF-8 bytes, also
 * when it starts with `whsec_` (the SDK's `unwrap` reads it so).
 */
export const subscriptionKey = (sharedSecret: string): Uint8Array => utf8.encode(sharedSecret)

/**
 * The keys a configured secret stands for when verifying: a `whsec_` secret is
 * its decoded bytes, or, when it is a subscription's shared secret that merely
 * looks so, its UTF-8 bytes (what Moneta signs with): both are tried.
 */
const verificationKeys = (secret: Secret): ReadonlyArray<Uint8Array> => {
  const key = signingKey(secret)
  return typeof secret === "string" && secret.startsWith(base64SecretPrefix) ? [key, subscriptionKey(secret)] : [key]
}

/** `${id}.${timestamp}.` followed by the body's bytes. */
export const signedContent = (id: string, timestamp: string, body: Body): Uint8Array => {
  const prefix = utf8.encode(`${id}.${timestamp}.`)
  const bodyBytes = typeof body === "string" ? utf8.encode(body) : body
  const content = new Uint8Array(prefix.length + bodyBytes.length)
  content.set(prefix)
  content.set(bodyBytes, prefix.length)
  return content
}

/** HMAC-SHA256 of `content` under `key`. */
export type HmacSha256 = (key: Uint8Array, content: Uint8Array) => Uint8Array

/** The runtime-free HMAC (`@noble/hashes`); a signer on Node may pass `node:crypto`'s, several times faster. */
export const portableHmacSha256: HmacSha256 = (key, content) => hmac(sha256, key, content)

const base64Signature = (secret: Secret, content: Uint8Array, hmacSha256: HmacSha256 = portableHmacSha256): string =>
  Base64.encode(hmacSha256(signingKey(secret), content))

/** Unix seconds of a point in time: the `webhook-timestamp` of a delivery sent then. */
export const unixSeconds = (dateTime: DateTime.DateTime): number => Math.floor(DateTime.toEpochMillis(dateTime) / 1000)

export interface SignInput {
  readonly id: string
  /** Unix seconds. */
  readonly timestamp: number
  readonly body: Body
  /** Every active secret, newest first: each yields one signature. */
  readonly secrets: ReadonlyArray<Secret>
}

/** The `webhook-signature` header value. */
export const sign = ({ body, id, secrets, timestamp }: SignInput, hmacSha256?: HmacSha256): string => {
  const content = signedContent(id, String(timestamp), body)
  return secrets.map((secret) => `${signatureVersion},${base64Signature(secret, content, hmacSha256)}`).join(" ")
}

/** The three headers of a delivery. */
export const headers = (input: SignInput, hmacSha256?: HmacSha256): Record<string, string> => ({
  [idHeader]: input.id,
  [timestampHeader]: String(input.timestamp),
  [signatureHeader]: sign(input, hmacSha256)
})

/** A signature header is missing or not of the scheme's shape. */
export class MalformedSignatureHeadersError extends Schema.TaggedError<MalformedSignatureHeadersError>()(
  "MalformedSignatureHeadersError",
  { header: Schema.Literals([idHeader, timestampHeader, signatureHeader]), detail: Schema.String }
) {}

/** The timestamp is older than the tolerance: possibly a replayed delivery. */
export class TimestampTooOldError extends Schema.TaggedError<TimestampTooOldError>()("TimestampTooOldError", {
  timestamp: Schema.Number,
  now: Schema.Number,
  toleranceSeconds: Schema.Number
}) {}

/** The timestamp is further in the future than the tolerance allows. */
export class TimestampTooNewError extends Schema.TaggedError<TimestampTooNewError>()("TimestampTooNewError", {
  timestamp: Schema.Number,
  now: Schema.Number,
  toleranceSeconds: Schema.Number
}) {}

/** No listed signature matches any of the secrets. */
export class InvalidSignatureError extends Schema.TaggedError<InvalidSignatureError>()("InvalidSignatureError", {
  detail: Schema.String
}) {}

export type VerificationError =
  | MalformedSignatureHeadersError
  | TimestampTooOldError
  | TimestampTooNewError
  | InvalidSignatureError

export interface VerifyInput {
  /** The `webhook-id` header. */
  readonly id: string
  /** The `webhook-timestamp` header (or its value in Unix seconds). */
  readonly timestamp: string | number
  /** The raw body as received: verify before parsing, a re-serialized body does not match. */
  readonly body: Body
  /** The `webhook-signature` header. */
  readonly signatureHeader: string
  /** Every secret currently accepted (old and new during a rotation). */
  readonly secrets: ReadonlyArray<Secret>
  readonly now: DateTime.DateTime
  readonly toleranceSeconds?: number
}

/** Compares in time that depends only on the lengths, not on where the strings differ. */
export const constantTimeEqual = (left: string, right: string): boolean => {
  if (left.length !== right.length) return false
  let difference = 0
  for (let index = 0; index < left.length; index++) {
    difference |= left.charCodeAt(index) ^ right.charCodeAt(index)
  }
  return difference === 0
}

const parseTimestamp = (timestamp: string | number): Result.Result<number, MalformedSignatureHeadersError> => {
  const text = String(timestamp)
  const seconds = Number(text)
  // Digits only: the timestamp is signed as written, so "+1e3" and "1000" must not both be accepted.
  return /^\d+$/.test(text) && Number.isSafeInteger(seconds)
    ? Result.succeed(seconds)
    : Result.fail(
      new MalformedSignatureHeadersError({ header: timestampHeader, detail: "must be Unix time in whole seconds" })
    )
}

/** The base64 signatures of the `v1` entries of a `webhook-signature` header. */
export const parseSignatureHeader = (header: string): Result.Result<Array<string>, MalformedSignatureHeadersError> => {
  const entries = header.split(" ").filter((entry) => entry.length > 0)
  if (entries.length === 0) {
    return Result.fail(new MalformedSignatureHeadersError({ header: signatureHeader, detail: "is empty" }))
  }
  const signatures: Array<string> = []
  for (const entry of entries) {
    const comma = entry.indexOf(",")
    if (comma <= 0 || comma === entry.length - 1) {
      return Result.fail(
        new MalformedSignatureHeadersError({
          header: signatureHeader,
          detail: "each entry must be <version>,<signature>"
        })
      )
    }
    // Other versions (v1a is the asymmetric scheme) are skipped, as Standard Webhooks prescribes.
    if (entry.slice(0, comma) === signatureVersion) signatures.push(entry.slice(comma + 1))
  }
  return Result.succeed(signatures)
}

/**
 * Checks the headers of a delivery: shape, then the timestamp window (both
 * directions), then that one listed signature matches one secret.
 */
export const verify = (input: VerifyInput): Result.Result<void, VerificationError> =>
  Result.gen(function*() {
    const toleranceSeconds = input.toleranceSeconds ?? defaultToleranceSeconds
    if (input.id.length === 0) {
      return yield* Result.fail(new MalformedSignatureHeadersError({ header: idHeader, detail: "is empty" }))
    }
    const timestamp = yield* parseTimestamp(input.timestamp)
    const signatures = yield* parseSignatureHeader(input.signatureHeader)
    const now = unixSeconds(input.now)
    if (now - timestamp > toleranceSeconds) {
      return yield* Result.fail(new TimestampTooOldError({ timestamp, now, toleranceSeconds }))
    }
    if (timestamp - now > toleranceSeconds) {
      return yield* Result.fail(new TimestampTooNewError({ timestamp, now, toleranceSeconds }))
    }
    const content = signedContent(input.id, String(input.timestamp), input.body)
    const expected = input.secrets.flatMap(verificationKeys).map((key) => base64Signature(key, content))
    // Every pair is compared, so the time taken does not reveal which secret or entry matched.
    let matched = false
    for (const candidate of expected) {
      for (const signature of signatures) {
        matched = constantTimeEqual(candidate, signature) || matched
      }
    }
    if (!matched) {
      return yield* Result.fail(new InvalidSignatureError({ detail: "no signature matches the accepted secrets" }))
    }
  })
