/**
 * What the contract decodes and encodes, checked on its schemas (the server
 * and the typed client use these same schemas): query strings arrive as
 * strings, so timestamps, limits and `.in` lists decode from text; unknown
 * query parameters are refused; every error body round-trips between its wire
 * shape and the domain error.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Errors from "@moneta/domain/Errors"
import { Context, DateTime, Exit, Predicate, Schema, SchemaAST } from "effect"
import { HttpApi, type HttpApiEndpoint } from "effect/http-api"
import * as ApiError from "../src/ApiError.js"
import { MonetaApi } from "../src/MonetaApi.js"
import { strictParseOptions } from "../src/Parameters.js"

const endpoints: Array<HttpApiEndpoint.Top> = []
HttpApi.reflect(MonetaApi, { onGroup: () => undefined, onEndpoint: ({ endpoint }) => endpoints.push(endpoint) })

const endpoint = (method: string, path: string): HttpApiEndpoint.Top => {
  const found = endpoints.find((candidate) => candidate.method === method && candidate.path === path)
  if (found === undefined) throw new Error(`no endpoint ${method} ${path}`)
  return found
}

/**
 * Decodes a query the way the server does: strings in, the strict parse
 * options. The decoder is rebuilt from the schema's AST because reflection
 * types every endpoint's query loosely; the contract's queries are made of
 * domain schemas, which need no services (the server's layer would require
 * them otherwise).
 */
const decodeQuery = (method: string, path: string, query: Record<string, string>) => {
  const schema = endpoint(method, path).query
  if (schema === undefined) throw new Error(`${method} ${path} takes no query`)
  const decoder = Schema.make<Schema.Decoder<unknown>>(Schema.toCodecArrayFromSingle(schema).ast)
  return Exit.map(
    Schema.decodeUnknownExit(decoder, strictParseOptions)(query),
    (value): Record<string, unknown> => (Predicate.isObject(value) ? { ...value } : {})
  )
}

describe("the contract's query parameters", () => {
  it("are decoded, like bodies, with the strict parse options", () => {
    expect(Context.getOrUndefined(MonetaApi.annotations, HttpApi.QueryParseOptions)).toEqual(strictParseOptions)
    expect(Context.getOrUndefined(MonetaApi.annotations, HttpApi.PayloadParseOptions)).toEqual(strictParseOptions)
  })

  it("decode timestamps from their text", () => {
    const decoded = decodeQuery("GET", "/accounts/:account_id/balance", { at_time: "2026-11-21T22:41:05.123Z" })
    expect(decoded._tag).toBe("Success")
    if (decoded._tag !== "Success") return
    const atTime: unknown = decoded.value["at_time"]
    expect(DateTime.isDateTime(atTime) && DateTime.formatIso(atTime)).toBe("2026-11-21T22:41:05.123Z")
  })

  it("decode every list's created_at filters, limit and cursor from text", () => {
    // Lists whose other parameters are all optional (one list requires the bookkeeping account it is of).
    const lists = endpoints.filter((candidate) =>
      candidate.query !== undefined && candidate.query.ast._tag === "Objects" &&
      candidate.query.ast.propertySignatures.some((property) => property.name === "created_at.after") &&
      candidate.query.ast.propertySignatures.every((property) => SchemaAST.isOptional(property.type))
    )
    expect(lists.length).toBeGreaterThan(20)
    for (const list of lists) {
      const decoded = decodeQuery(list.method, list.path, {
        "created_at.after": "2026-01-01T00:00:00Z",
        "created_at.on_or_before": "2026-12-31T23:59:59.999+01:00",
        limit: "25",
        cursor: "abc"
      })
      expect(decoded._tag, `${list.method} ${list.path}`).toBe("Success")
      if (decoded._tag !== "Success") continue
      const after: unknown = decoded.value["created_at.after"]
      expect(DateTime.isDateTime(after) && DateTime.formatIso(after), list.path).toBe("2026-01-01T00:00:00.000Z")
      expect(decoded.value["limit"], list.path).toBe(25)
      expect(decoded.value["cursor"], list.path).toBe("abc")
    }
  })

  it("refuse a limit out of 1..100, a bare date and an unknown parameter", () => {
    expect(decodeQuery("GET", "/accounts", { limit: "0" })._tag).toBe("Failure")
    expect(decodeQuery("GET", "/accounts", { limit: "101" })._tag).toBe("Failure")
    expect(decodeQuery("GET", "/accounts", { limit: "2.5" })._tag).toBe("Failure")
    expect(decodeQuery("GET", "/accounts", { "created_at.after": "2026-01-01" })._tag).toBe("Failure")
    expect(decodeQuery("GET", "/accounts", { colour: "blue" })._tag).toBe("Failure")
  })

  it("decode a comma-separated .in filter into its values", () => {
    const decoded = decodeQuery("GET", "/accounts", { "status.in": "open,closed" })
    expect(decoded._tag).toBe("Success")
    if (decoded._tag === "Success") expect(decoded.value["status.in"]).toEqual(["open", "closed"])
    expect(decodeQuery("GET", "/accounts", { "status.in": "open,shut" })._tag).toBe("Failure")
  })
})

describe("the contract's error bodies", () => {
  const cases = [
    {
      schema: ApiError.InvalidParametersError,
      error: new Errors.InvalidParametersError({
        detail: "name: is required",
        errors: [new Errors.FieldError({ field: "name", message: "is required" })]
      }),
      wire: {
        type: "invalid_parameters_error",
        status: 400,
        title: "Invalid parameters.",
        detail: "name: is required",
        errors: [{ field: "name", message: "is required" }]
      }
    },
    {
      schema: ApiError.MalformedRequestError,
      error: new Errors.MalformedRequestError({ detail: "bad" }),
      wire: {
        type: "malformed_request_error",
        status: 400,
        title: "The request body could not be read.",
        detail: "bad"
      }
    },
    {
      schema: ApiError.InvalidApiKeyError,
      error: new Errors.InvalidApiKeyError({ reason: "no_header" }),
      wire: {
        type: "invalid_api_key_error",
        status: 401,
        title: "Invalid API key.",
        detail: "Send your API key in the header `Authorization: Bearer <key>`.",
        reason: "no_header"
      }
    },
    {
      schema: ApiError.EnvironmentMismatchError,
      error: new Errors.EnvironmentMismatchError({ detail: null }),
      wire: {
        type: "environment_mismatch_error",
        status: 403,
        title: "The API key is for another environment.",
        detail: null
      }
    },
    {
      schema: ApiError.ApiMethodNotFoundError,
      error: new Errors.ApiMethodNotFoundError({ detail: "No API method GET /nowhere." }),
      wire: {
        type: "api_method_not_found_error",
        status: 404,
        title: "No API method at this path.",
        detail: "No API method GET /nowhere."
      }
    },
    {
      schema: ApiError.ObjectNotFoundError,
      error: new Errors.ObjectNotFoundError({ objectType: "account", id: "account_1" }),
      wire: {
        type: "object_not_found_error",
        status: 404,
        title: "Object not found.",
        detail: "No account account_1 was found."
      }
    },
    {
      schema: ApiError.IdempotencyKeyAlreadyUsedError,
      error: new Errors.IdempotencyKeyAlreadyUsedError({ resourceId: "account_1", detail: "used" }),
      wire: {
        type: "idempotency_key_already_used_error",
        status: 409,
        title: "The idempotency key was already used.",
        detail: "used",
        resource_id: "account_1"
      }
    },
    {
      schema: ApiError.InvalidOperationError,
      error: new Errors.InvalidOperationError({ detail: "closed" }),
      wire: {
        type: "invalid_operation_error",
        status: 409,
        title: "The operation is not allowed in the object's current state.",
        detail: "closed"
      }
    },
    {
      schema: ApiError.InternalServerError,
      error: new Errors.InternalServerError({ detail: null }),
      wire: { type: "internal_server_error", status: 500, title: "Something went wrong on our side.", detail: null }
    },
    {
      schema: ApiError.ServiceUnavailableError,
      error: new Errors.ServiceUnavailableError({ detail: "The database is unavailable." }),
      wire: {
        type: "service_unavailable_error",
        status: 503,
        title: "The service is temporarily unavailable.",
        detail: "The database is unavailable."
      }
    }
  ] as const

  it("encode each domain error to its wire body and decode it back", () => {
    for (const { error, schema, wire } of cases) {
      const codec = Schema.toCodecJson(schema)
      expect(Schema.encodeUnknownSync(codec)(error), error._tag).toEqual(wire)
      const decoded = Schema.decodeUnknownSync(codec)(wire)
      expect(decoded, error._tag).toBeInstanceOf(error.constructor)
      expect(decoded, error._tag).toEqual(error)
    }
  })
})
