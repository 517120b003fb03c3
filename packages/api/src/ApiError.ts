/**
 * The one error body of the API (RFC 9457 style), declared once per domain
 * error: `{ type, status, title, detail, ...extra }`. Each schema decodes the
 * wire body into the domain's `Schema.TaggedError` and encodes it back, so the
 * server, the typed client and the OpenAPI document agree.
 */
import { HttpApiSchema } from "@effect/platform"
import * as Errors from "@moneta/domain/Errors"
import { Schema } from "effect"

const body = <const Type extends string, const Status extends number, Extra extends Schema.Struct.Fields>(
  type: Type,
  status: Status,
  extra: Extra
) =>
  Schema.Struct({
    type: Schema.Literal(type),
    status: Schema.Literal(status),
    title: Schema.String,
    detail: Schema.NullOr(Schema.String),
    ...extra
  })

const annotate = <A>(status: number, identifier: string, description: string) =>
  HttpApiSchema.annotations<A>({ status, identifier, description })

export const InvalidParametersError = Schema.transform(
  body("invalid_parameters_error", 400, { errors: Schema.Array(Errors.FieldError) }),
  Errors.InvalidParametersError,
  {
    strict: true,
    decode: (wire) => ({ _tag: "InvalidParametersError" as const, detail: wire.detail, errors: wire.errors }),
    encode: (error) => ({
      type: "invalid_parameters_error" as const,
      status: 400 as const,
      title: "Invalid parameters.",
      detail: error.detail,
      errors: error.errors
    })
  }
).annotations(
  annotate(
    400,
    "InvalidParametersError",
    "A parameter failed validation; `errors` names each field by its dotted path."
  )
)

export const MalformedRequestError = Schema.transform(
  body("malformed_request_error", 400, {}),
  Errors.MalformedRequestError,
  {
    strict: true,
    decode: (wire) => ({ _tag: "MalformedRequestError" as const, detail: wire.detail }),
    encode: (error) => ({
      type: "malformed_request_error" as const,
      status: 400 as const,
      title: "The request body could not be read.",
      detail: error.detail
    })
  }
).annotations(annotate(400, "MalformedRequestError", "The body is not parseable JSON or is too large."))

export const InvalidApiKeyError = Schema.transform(
  body("invalid_api_key_error", 401, { reason: Errors.InvalidApiKeyReason }),
  Errors.InvalidApiKeyError,
  {
    strict: true,
    decode: (wire) => ({ _tag: "InvalidApiKeyError" as const, reason: wire.reason }),
    encode: (error) => ({
      type: "invalid_api_key_error" as const,
      status: 401 as const,
      title: "Invalid API key.",
      detail: error.reason === "no_header"
        ? "Send your API key in the header `Authorization: Bearer <key>`."
        : "The API key is unknown or no longer valid.",
      reason: error.reason
    })
  }
).annotations(annotate(401, "InvalidApiKeyError", "Missing, unknown or revoked API key."))

export const EnvironmentMismatchError = Schema.transform(
  body("environment_mismatch_error", 403, {}),
  Errors.EnvironmentMismatchError,
  {
    strict: true,
    decode: (wire) => ({ _tag: "EnvironmentMismatchError" as const, detail: wire.detail }),
    encode: (error) => ({
      type: "environment_mismatch_error" as const,
      status: 403 as const,
      title: "The API key is for another environment.",
      detail: error.detail
    })
  }
).annotations(annotate(403, "EnvironmentMismatchError", "A live key on a sandbox server or the other way round."))

export const ApiMethodNotFoundError = Schema.transform(
  body("api_method_not_found_error", 404, {}),
  Errors.ApiMethodNotFoundError,
  {
    strict: true,
    decode: (wire) => ({ _tag: "ApiMethodNotFoundError" as const, detail: wire.detail }),
    encode: (error) => ({
      type: "api_method_not_found_error" as const,
      status: 404 as const,
      title: "No API method at this path.",
      detail: error.detail
    })
  }
).annotations(annotate(404, "ApiMethodNotFoundError", "No such path or method."))

export const ObjectNotFoundError = Schema.transform(
  body("object_not_found_error", 404, {}),
  Errors.ObjectNotFoundError,
  {
    strict: true,
    decode: (wire) => ({
      _tag: "ObjectNotFoundError" as const,
      objectType: wire.detail?.split(" ")[1] ?? "object",
      id: wire.detail?.split(" ")[2] ?? ""
    }),
    encode: (error) => ({
      type: "object_not_found_error" as const,
      status: 404 as const,
      title: "Object not found.",
      detail: `No ${error.objectType} ${error.id} was found.`
    })
  }
).annotations(annotate(404, "ObjectNotFoundError", "The object does not exist, or belongs to another group."))

export const IdempotencyKeyAlreadyUsedError = Schema.transform(
  body("idempotency_key_already_used_error", 409, { resource_id: Schema.NullOr(Schema.String) }),
  Errors.IdempotencyKeyAlreadyUsedError,
  {
    strict: true,
    decode: (wire) => ({
      _tag: "IdempotencyKeyAlreadyUsedError" as const,
      resourceId: wire.resource_id,
      detail: wire.detail
    }),
    encode: (error) => ({
      type: "idempotency_key_already_used_error" as const,
      status: 409 as const,
      title: "The idempotency key was already used.",
      detail: error.detail,
      resource_id: error.resourceId
    })
  }
).annotations(
  annotate(
    409,
    "IdempotencyKeyAlreadyUsedError",
    "The key was used with a different request; `resource_id` names its object."
  )
)

export const InvalidOperationError = Schema.transform(
  body("invalid_operation_error", 409, {}),
  Errors.InvalidOperationError,
  {
    strict: true,
    decode: (wire) => ({ _tag: "InvalidOperationError" as const, detail: wire.detail ?? "" }),
    encode: (error) => ({
      type: "invalid_operation_error" as const,
      status: 409 as const,
      title: "The operation is not allowed in the object's current state.",
      detail: error.detail
    })
  }
).annotations(annotate(409, "InvalidOperationError", "The action is not allowed now (state, balance)."))

export const InternalServerError = Schema.transform(
  body("internal_server_error", 500, {}),
  Errors.InternalServerError,
  {
    strict: true,
    decode: (wire) => ({ _tag: "InternalServerError" as const, detail: wire.detail }),
    encode: (error) => ({
      type: "internal_server_error" as const,
      status: 500 as const,
      title: "Something went wrong on our side.",
      detail: error.detail
    })
  }
).annotations(annotate(500, "InternalServerError", "A bug. Safe to retry."))
