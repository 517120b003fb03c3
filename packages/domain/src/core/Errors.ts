/**
 * The failures a caller can act on. Each is a `Schema.TaggedError`; the api
 * package declares, once, the HTTP status and wire body of each.
 */
import { Schema } from "effect"

/** One offending field, named by its dotted path (`creditor.name`, `entries.1.amount`). */
export class FieldError extends Schema.Class<FieldError>("FieldError")({
  field: Schema.String.annotate({
    description:
      "The field's dotted path in the request body (`creditor.name`, `entries.1.amount`), or the query or path parameter's name."
  }),
  message: Schema.String.annotate({ description: "What is wrong with the value sent." })
}) {}

/** A parameter failed validation. */
export class InvalidParametersError extends Schema.TaggedError<InvalidParametersError>()("InvalidParametersError", {
  detail: Schema.NullOr(Schema.String),
  errors: Schema.Array(FieldError)
}) {
  static single(field: string, message: string): InvalidParametersError {
    return new InvalidParametersError({ detail: `${field}: ${message}`, errors: [new FieldError({ field, message })] })
  }
}

/** The body was not parseable JSON, or was too large. */
export class MalformedRequestError extends Schema.TaggedError<MalformedRequestError>()("MalformedRequestError", {
  detail: Schema.NullOr(Schema.String)
}) {}

/** The object named does not exist for this caller (another group's objects look the same). */
export class ObjectNotFoundError extends Schema.TaggedError<ObjectNotFoundError>()("ObjectNotFoundError", {
  objectType: Schema.String,
  id: Schema.String
}) {}

/** The action is not allowed in the object's current state (illegal transition, insufficient balance). */
export class InvalidOperationError extends Schema.TaggedError<InvalidOperationError>()("InvalidOperationError", {
  detail: Schema.String
}) {}

/** The idempotency key was already used with a different request. */
export class IdempotencyKeyAlreadyUsedError extends Schema.TaggedError<IdempotencyKeyAlreadyUsedError>()(
  "IdempotencyKeyAlreadyUsedError",
  { resourceId: Schema.NullOr(Schema.String), detail: Schema.NullOr(Schema.String) }
) {}

export const InvalidApiKeyReason = Schema.Literals([
  "no_header",
  "no_credential",
  "deleted_credential",
  "expired_credential",
  "ip_not_allowed",
  "no_api_access",
  "wrong_environment"
])
export type InvalidApiKeyReason = typeof InvalidApiKeyReason.Type

/** Missing, unknown or revoked API key. */
export class InvalidApiKeyError extends Schema.TaggedError<InvalidApiKeyError>()("InvalidApiKeyError", {
  reason: InvalidApiKeyReason
}) {}

/** A key of the other environment. */
export class EnvironmentMismatchError extends Schema.TaggedError<EnvironmentMismatchError>()(
  "EnvironmentMismatchError",
  { detail: Schema.NullOr(Schema.String) }
) {}

/** No such path or method. */
export class ApiMethodNotFoundError extends Schema.TaggedError<ApiMethodNotFoundError>()("ApiMethodNotFoundError", {
  detail: Schema.NullOr(Schema.String)
}) {}

/** A bug: never the caller's fault. */
export class InternalServerError extends Schema.TaggedError<InternalServerError>()("InternalServerError", {
  detail: Schema.NullOr(Schema.String)
}) {}

/** A fault that heals (the database restarting): the same request may succeed when sent again. */
export class ServiceUnavailableError extends Schema.TaggedError<ServiceUnavailableError>()("ServiceUnavailableError", {
  detail: Schema.NullOr(Schema.String)
}) {}

/** The key is valid but may not do this (an API key on the control API). */
export class InsufficientPermissionsError extends Schema.TaggedError<InsufficientPermissionsError>()(
  "InsufficientPermissionsError",
  { detail: Schema.NullOr(Schema.String) }
) {}

/** The endpoint is not enabled on this server (the control API without an admin key). */
export class PrivateFeatureError extends Schema.TaggedError<PrivateFeatureError>()("PrivateFeatureError", {
  detail: Schema.NullOr(Schema.String)
}) {}
