/** Free-text fields of request bodies: 1 to 200 characters unless a field says otherwise. */
import { Schema } from "effect"

export const ShortText = Schema.String.check(
  Schema.isMinLength(1, { message: "must be at least 1 character" }),
  Schema.isMaxLength(200, { message: "must be at most 200 characters" })
)

/** The `Idempotency-Key` header and the `idempotency_key` filters. */
export const IdempotencyKey = ShortText.annotate({ identifier: "IdempotencyKey" })
