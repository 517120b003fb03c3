/** Free-text fields of request bodies: 1 to 200 characters unless a field says otherwise. */
import { Schema } from "effect"

export const ShortText = Schema.String.check(
  Schema.isMinLength(1, { message: "must be at least 1 character" }),
  Schema.isMaxLength(200, { message: "must be at most 200 characters" })
)

/** The `Idempotency-Key` header and the `idempotency_key` filters. */
export const IdempotencyKey = ShortText.annotate({
  identifier: "IdempotencyKey",
  description:
    "A key you choose, unique across the service, so that a request is processed once (see the `Idempotency-Key` header)."
})

/** What the reference says of an object's `idempotency_key` (spec convention 7). */
export const idempotencyKeyFieldDescription =
  "The idempotency key you chose for this object (the `Idempotency-Key` header of the request that created it), unique across the service; null when it was created without one."
