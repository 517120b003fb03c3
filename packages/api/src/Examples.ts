/**
 * The example request and response of an operation in the API reference.
 *
 * Each is written in its wire form (the `Encoded` side of the endpoint's own
 * payload and success schemas, so the compiler checks its shape) and set on
 * the operation's media types as OpenAPI's `example`, which Scalar shows as the
 * body of its request samples and as the example response. Effect 4 has no
 * operation examples of its own (a schema's `examples` annotation holds decoded
 * values, which a class or a `DateTime` keeps out of JSON), so they are added
 * by the endpoint's `OpenApi.Transform` (an endpoint holds one, so one with
 * examples has no other). `ReferenceDescriptions.test.ts` decodes every
 * example with the contract's schemas.
 */
import type { Schema } from "effect"
import type { HttpMethod } from "effect/http"
import { type HttpApiEndpoint, OpenApi } from "effect/http-api"

/** An operation's examples, in their wire form. */
export interface Exchange<Request, Response> {
  /** The request body; only for an endpoint that takes one. */
  readonly request?: Request | undefined
  /** The body of the successful response. */
  readonly response: Response
}

type Operation = Record<string, unknown>

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** Sets `example` on every media type of `holder.content` (a request body or a response). */
const setExample = (holder: unknown, example: unknown): void => {
  const content = isRecord(holder) ? holder["content"] : undefined
  if (!isRecord(content)) return
  for (const mediaType of Object.values(content)) {
    if (isRecord(mediaType)) mediaType["example"] = example
  }
}

/** The operation with the examples on its request body and its successful (2xx) responses. */
const withExamples = (operation: Operation, exchange: Exchange<unknown, unknown>): Operation => {
  if (exchange.request !== undefined) setExample(operation["requestBody"], exchange.request)
  const responses = operation["responses"]
  for (const [status, response] of isRecord(responses) ? Object.entries(responses) : []) {
    if (/^2\d\d$/.test(status)) setExample(response, exchange.response)
  }
  return operation
}

/** `endpoint` with `exchange` as the example request and response of its operation. */
export const exchange = <
  Identifier extends string,
  Method extends HttpMethod.HttpMethod,
  Path extends string,
  Params extends Schema.Top,
  Query extends Schema.Top,
  Payload extends Schema.Top,
  Headers extends Schema.Top,
  Success extends Schema.Top,
  Error extends Schema.Top,
  Middleware,
  MiddlewareServices
>(
  endpoint: HttpApiEndpoint.HttpApiEndpoint<
    Identifier,
    Method,
    Path,
    Params,
    Query,
    Payload,
    Headers,
    Success,
    Error,
    Middleware,
    MiddlewareServices
  >,
  exchange: Exchange<Payload["Encoded"], Success["Encoded"]>
): HttpApiEndpoint.HttpApiEndpoint<
  Identifier,
  Method,
  Path,
  Params,
  Query,
  Payload,
  Headers,
  Success,
  Error,
  Middleware,
  MiddlewareServices
> => endpoint.annotate(OpenApi.Transform, (operation) => withExamples(operation, exchange))
