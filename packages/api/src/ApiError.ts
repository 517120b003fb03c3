/**
 * The one error body of the API (RFC 9457 style), declared once per domain
 * error: `{ type, status, title, detail, ...extra }`. Each schema decodes the
 * wire body into the domain's `Schema.TaggedError` and encodes it back, so the
 * server, the typed client and the OpenAPI document agree. The wire body
 * carries the identifier and description (it is what the document shows, as a
 * component); the whole schema carries the status and the description again
 * (the document describes a response by the schema the endpoint declares).
 */
import * as Errors from "@moneta/domain/Errors"
import { Schema, SchemaTransformation } from "effect"
import { HttpApiSchema } from "effect/http-api"

const body = <const Type extends string, const Status extends number, Extra extends Schema.Struct.Fields>(
  type: Type,
  status: Status,
  extra: Extra,
  documentation: { readonly identifier: string; readonly description: string }
) =>
  Schema.Struct({
    type: Schema.Literal(type),
    status: Schema.Literal(status),
    title: Schema.String,
    detail: Schema.NullOr(Schema.String),
    ...extra
  }).annotate(documentation)

const inResponse = (status: number, description: string) => <S extends Schema.Top>(schema: S) =>
  schema.pipe(HttpApiSchema.status(status)).annotate({ description })

const invalidParametersDescription = "A parameter failed validation; `errors` names each field by its dotted path."

export const InvalidParametersError = body(
  "invalid_parameters_error",
  400,
  { errors: Schema.Array(Errors.FieldError) },
  { identifier: "InvalidParametersError", description: invalidParametersDescription }
).pipe(
  Schema.decodeTo(
    Errors.InvalidParametersError,
    SchemaTransformation.transform({
      decode: (wire) => ({ _tag: "InvalidParametersError" as const, detail: wire.detail, errors: wire.errors }),
      encode: (error) => ({
        type: "invalid_parameters_error" as const,
        status: 400 as const,
        title: "Invalid parameters.",
        detail: error.detail,
        // The error arrives encoded (its fields as plain objects); the wire body holds FieldErrors.
        errors: error.errors.map((fieldError) => new Errors.FieldError(fieldError))
      })
    })
  ),
  inResponse(400, invalidParametersDescription)
)

const malformedRequestDescription = "The body is not parseable JSON or is too large."

export const MalformedRequestError = body(
  "malformed_request_error",
  400,
  {},
  { identifier: "MalformedRequestError", description: malformedRequestDescription }
).pipe(
  Schema.decodeTo(
    Errors.MalformedRequestError,
    SchemaTransformation.transform({
      decode: (wire) => ({ _tag: "MalformedRequestError" as const, detail: wire.detail }),
      encode: (error) => ({
        type: "malformed_request_error" as const,
        status: 400 as const,
        title: "The request body could not be read.",
        detail: error.detail
      })
    })
  ),
  inResponse(400, malformedRequestDescription)
)

const invalidApiKeyDescription = "Missing, unknown or revoked API key."

export const InvalidApiKeyError = body(
  "invalid_api_key_error",
  401,
  { reason: Errors.InvalidApiKeyReason },
  { identifier: "InvalidApiKeyError", description: invalidApiKeyDescription }
).pipe(
  Schema.decodeTo(
    Errors.InvalidApiKeyError,
    SchemaTransformation.transform({
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
    })
  ),
  inResponse(401, invalidApiKeyDescription)
)

const environmentMismatchDescription = "A live key on a sandbox server or the other way round."

export const EnvironmentMismatchError = body(
  "environment_mismatch_error",
  403,
  {},
  { identifier: "EnvironmentMismatchError", description: environmentMismatchDescription }
).pipe(
  Schema.decodeTo(
    Errors.EnvironmentMismatchError,
    SchemaTransformation.transform({
      decode: (wire) => ({ _tag: "EnvironmentMismatchError" as const, detail: wire.detail }),
      encode: (error) => ({
        type: "environment_mismatch_error" as const,
        status: 403 as const,
        title: "The API key is for another environment.",
        detail: error.detail
      })
    })
  ),
  inResponse(403, environmentMismatchDescription)
)

const apiMethodNotFoundDescription = "No such path or method."

export const ApiMethodNotFoundError = body(
  "api_method_not_found_error",
  404,
  {},
  { identifier: "ApiMethodNotFoundError", description: apiMethodNotFoundDescription }
).pipe(
  Schema.decodeTo(
    Errors.ApiMethodNotFoundError,
    SchemaTransformation.transform({
      decode: (wire) => ({ _tag: "ApiMethodNotFoundError" as const, detail: wire.detail }),
      encode: (error) => ({
        type: "api_method_not_found_error" as const,
        status: 404 as const,
        title: "No API method at this path.",
        detail: error.detail
      })
    })
  ),
  inResponse(404, apiMethodNotFoundDescription)
)

const objectNotFoundDescription = "The object does not exist, or belongs to another group."

export const ObjectNotFoundError = body(
  "object_not_found_error",
  404,
  {},
  { identifier: "ObjectNotFoundError", description: objectNotFoundDescription }
).pipe(
  Schema.decodeTo(
    Errors.ObjectNotFoundError,
    SchemaTransformation.transform({
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
    })
  ),
  inResponse(404, objectNotFoundDescription)
)

const idempotencyKeyAlreadyUsedDescription =
  "The key was used with a different request; `resource_id` names its object."

export const IdempotencyKeyAlreadyUsedError = body(
  "idempotency_key_already_used_error",
  409,
  { resource_id: Schema.NullOr(Schema.String) },
  { identifier: "IdempotencyKeyAlreadyUsedError", description: idempotencyKeyAlreadyUsedDescription }
).pipe(
  Schema.decodeTo(
    Errors.IdempotencyKeyAlreadyUsedError,
    SchemaTransformation.transform({
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
    })
  ),
  inResponse(409, idempotencyKeyAlreadyUsedDescription)
)

const invalidOperationDescription = "The action is not allowed now (state, balance)."

export const InvalidOperationError = body(
  "invalid_operation_error",
  409,
  {},
  { identifier: "InvalidOperationError", description: invalidOperationDescription }
).pipe(
  Schema.decodeTo(
    Errors.InvalidOperationError,
    SchemaTransformation.transform({
      decode: (wire) => ({ _tag: "InvalidOperationError" as const, detail: wire.detail ?? "" }),
      encode: (error) => ({
        type: "invalid_operation_error" as const,
        status: 409 as const,
        title: "The operation is not allowed in the object's current state.",
        detail: error.detail
      })
    })
  ),
  inResponse(409, invalidOperationDescription)
)

const internalServerDescription = "A bug. Safe to retry."

export const InternalServerError = body(
  "internal_server_error",
  500,
  {},
  { identifier: "InternalServerError", description: internalServerDescription }
).pipe(
  Schema.decodeTo(
    Errors.InternalServerError,
    SchemaTransformation.transform({
      decode: (wire) => ({ _tag: "InternalServerError" as const, detail: wire.detail }),
      encode: (error) => ({
        type: "internal_server_error" as const,
        status: 500 as const,
        title: "Something went wrong on our side.",
        detail: error.detail
      })
    })
  ),
  inResponse(500, internalServerDescription)
)
