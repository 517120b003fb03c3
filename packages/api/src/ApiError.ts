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

/** What one error's body states and how the document names and describes it. */
interface ErrorDocumentation<Type extends string, Status extends number, Tag extends string> {
  readonly type: Type
  readonly status: Status
  readonly title: string
  /** The body's component name in the document: the domain error's tag. */
  readonly identifier: Tag
  readonly description: string
}

const body = <const Type extends string, const Status extends number, Extra extends Schema.Struct.Fields>(
  type: Type,
  status: Status,
  extra: Extra,
  documentation: { readonly identifier: string; readonly description: string }
) =>
  Schema.Struct({
    type: Schema.Literal(type).annotate({
      description: "What kind of error this is: a stable identifier to match on (the title and detail may change)."
    }),
    status: Schema.Literal(status).annotate({ description: "The HTTP status code of the response, repeated." }),
    title: Schema.String.annotate({ description: "A short summary of the error, for a person to read." }),
    detail: Schema.NullOr(Schema.String).annotate({
      description: "What went wrong in this request, for a person to read; null when there is nothing to add."
    }),
    ...extra
  }).annotate(documentation)

type Body<Type extends string, Status extends number, Extra extends Schema.Struct.Fields> = ReturnType<
  typeof body<Type, Status, Extra>
>["Type"]

const inResponse = (status: number, description: string) => <S extends Schema.Top>(schema: S) =>
  schema.pipe(HttpApiSchema.status(status)).annotate({ description })

/**
 * The error `error` on the wire, its body `{ type, status, title, detail }`
 * and the `extra` fields. `decode` reads the domain error (encoded) from the
 * body; `encode` writes the body from it, given the fields every body of this
 * error has (`fixed`: its type, status and title).
 */
const apiError = <
  const Type extends string,
  const Status extends number,
  const Tag extends string,
  Extra extends Schema.Struct.Fields,
  E,
  Encoded extends { readonly _tag: Tag }
>(
  documentation: ErrorDocumentation<Type, Status, Tag>,
  extra: Extra,
  error: Schema.Codec<E, Encoded>,
  mapping: {
    readonly decode: (wire: Body<Type, Status, Extra>) => Encoded
    readonly encode: (
      error: Encoded,
      fixed: { readonly type: Type; readonly status: Status; readonly title: string }
    ) => Body<Type, Status, Extra>
  }
) => {
  const { description, identifier, status, title, type } = documentation
  return body(type, status, extra, { identifier, description }).pipe(
    Schema.decodeTo(
      error,
      SchemaTransformation.transform({
        decode: mapping.decode,
        encode: (decoded) => mapping.encode(decoded, { type, status, title })
      })
    ),
    inResponse(status, description)
  )
}

/** An error whose body holds nothing but its `detail`, as the domain error does. */
const detailError = <const Type extends string, const Status extends number, const Tag extends string, E>(
  documentation: ErrorDocumentation<Type, Status, Tag>,
  error: Schema.Codec<E, { readonly _tag: Tag; readonly detail: string | null }>
) =>
  apiError(documentation, {}, error, {
    decode: (wire) => ({ _tag: documentation.identifier, detail: wire.detail }),
    encode: (decoded, fixed) => ({ ...fixed, detail: decoded.detail })
  })

export const InvalidParametersError = apiError(
  {
    type: "invalid_parameters_error",
    status: 400,
    title: "Invalid parameters.",
    identifier: "InvalidParametersError",
    description: "A parameter failed validation; `errors` names each field by its dotted path."
  },
  {
    errors: Schema.Array(Errors.FieldError).annotate({
      description: "Each field or parameter that failed validation, with what is wrong with it."
    })
  },
  Errors.InvalidParametersError,
  {
    decode: (wire) => ({ _tag: "InvalidParametersError", detail: wire.detail, errors: wire.errors }),
    encode: (error, fixed) => ({
      ...fixed,
      detail: error.detail,
      // The error arrives encoded (its fields as plain objects); the wire body holds FieldErrors.
      errors: error.errors.map((fieldError) => new Errors.FieldError(fieldError))
    })
  }
)

export const MalformedRequestError = detailError({
  type: "malformed_request_error",
  status: 400,
  title: "The request body could not be read.",
  identifier: "MalformedRequestError",
  description: "The body is not parseable JSON or is too large."
}, Errors.MalformedRequestError)

export const InvalidApiKeyError = apiError(
  {
    type: "invalid_api_key_error",
    status: 401,
    title: "Invalid API key.",
    identifier: "InvalidApiKeyError",
    description: "Missing, unknown or revoked API key."
  },
  {
    reason: Errors.InvalidApiKeyReason.annotate({
      description:
        "Why the key was refused. `no_header`: the request has no `Authorization: Bearer` header. `no_credential`: no such key. `deleted_credential`: the key was deleted. `expired_credential`: the key has expired. `ip_not_allowed`: the key may not be used from this address. `no_api_access`: the key may not use the API. `wrong_environment`: the key belongs to the other environment."
    })
  },
  Errors.InvalidApiKeyError,
  {
    decode: (wire) => ({ _tag: "InvalidApiKeyError", reason: wire.reason }),
    encode: (error, fixed) => ({
      ...fixed,
      detail: error.reason === "no_header"
        ? "Send your API key in the header `Authorization: Bearer <key>`."
        : "The API key is unknown or no longer valid.",
      reason: error.reason
    })
  }
)

export const EnvironmentMismatchError = detailError({
  type: "environment_mismatch_error",
  status: 403,
  title: "The API key is for another environment.",
  identifier: "EnvironmentMismatchError",
  description: "A live key on a sandbox server or the other way round."
}, Errors.EnvironmentMismatchError)

export const ApiMethodNotFoundError = detailError({
  type: "api_method_not_found_error",
  status: 404,
  title: "No API method at this path.",
  identifier: "ApiMethodNotFoundError",
  description: "No such path or method."
}, Errors.ApiMethodNotFoundError)

export const ObjectNotFoundError = apiError(
  {
    type: "object_not_found_error",
    status: 404,
    title: "Object not found.",
    identifier: "ObjectNotFoundError",
    description: "The object does not exist, or belongs to another group."
  },
  {},
  Errors.ObjectNotFoundError,
  {
    decode: (wire) => ({
      _tag: "ObjectNotFoundError",
      objectType: wire.detail?.split(" ")[1] ?? "object",
      id: wire.detail?.split(" ")[2] ?? ""
    }),
    encode: (error, fixed) => ({ ...fixed, detail: `No ${error.objectType} ${error.id} was found.` })
  }
)

export const IdempotencyKeyAlreadyUsedError = apiError(
  {
    type: "idempotency_key_already_used_error",
    status: 409,
    title: "The idempotency key was already used.",
    identifier: "IdempotencyKeyAlreadyUsedError",
    description: "The key was used with a different request; `resource_id` names its object."
  },
  {
    resource_id: Schema.NullOr(Schema.String).annotate({
      description:
        "The identifier of the object the first request with this key created; null when that request created none."
    })
  },
  Errors.IdempotencyKeyAlreadyUsedError,
  {
    decode: (wire) => ({ _tag: "IdempotencyKeyAlreadyUsedError", resourceId: wire.resource_id, detail: wire.detail }),
    encode: (error, fixed) => ({ ...fixed, detail: error.detail, resource_id: error.resourceId })
  }
)

export const InvalidOperationError = apiError(
  {
    type: "invalid_operation_error",
    status: 409,
    title: "The operation is not allowed in the object's current state.",
    identifier: "InvalidOperationError",
    description: "The action is not allowed now (state, balance)."
  },
  {},
  Errors.InvalidOperationError,
  {
    // The domain error always has a detail; a body without one decodes to an empty one.
    decode: (wire) => ({ _tag: "InvalidOperationError", detail: wire.detail ?? "" }),
    encode: (error, fixed) => ({ ...fixed, detail: error.detail })
  }
)

export const InternalServerError = detailError({
  type: "internal_server_error",
  status: 500,
  title: "Something went wrong on our side.",
  identifier: "InternalServerError",
  description: "A bug. Safe to retry."
}, Errors.InternalServerError)

export const ServiceUnavailableError = detailError({
  type: "service_unavailable_error",
  status: 503,
  title: "The service is temporarily unavailable.",
  identifier: "ServiceUnavailableError",
  description: "A fault that heals, such as the database restarting. Retry the same request (same `Idempotency-Key`)."
}, Errors.ServiceUnavailableError)

export const InsufficientPermissionsError = detailError({
  type: "insufficient_permissions_error",
  status: 403,
  title: "The credential may not do this.",
  identifier: "InsufficientPermissionsError",
  description: "The credential is valid but not allowed this action (an API key on the control API)."
}, Errors.InsufficientPermissionsError)

export const PrivateFeatureError = detailError({
  type: "private_feature_error",
  status: 403,
  title: "This endpoint is not enabled.",
  identifier: "PrivateFeatureError",
  description: "The endpoint is not enabled on this server (the control API while no admin key is set)."
}, Errors.PrivateFeatureError)
