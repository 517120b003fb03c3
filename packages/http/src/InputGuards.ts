/**
 * Input refused before routing and decoding, each as a clear 4xx (decisions,
 * "Errors"): text Postgres cannot store (NUL, lone surrogates), bodies that
 * are not JSON (another Content-Type, invalid UTF-8, nesting past
 * `maxDepth`, duplicate keys), and URL shapes the router would otherwise
 * bend (a trailing slash, `;` parameters, a query string sent to an endpoint
 * that takes none). The body is read once, as bytes, and handed on to the
 * decoder as the text checked here.
 */
import { ApiMethodNotFoundError, InvalidParametersError, MalformedRequestError } from "@moneta/domain/Errors"
import { Effect, Option, Result } from "effect"
import { HttpServerRequest } from "effect/http"
import { acceptsMediaType, mediaTypesOf, takesNoBody, takesNoQuery } from "./EndpointShapes.js"
import { duplicateKeyPath, findUnstorable, maxDepth, nestingDepth, unstorable } from "./JsonStructure.js"

const fieldOf = (path: ReadonlyArray<string>) => path.length === 0 ? "body" : path.join(".")

const decodedOrRaw = (text: string) => Result.getOrElse(Result.try(() => decodeURIComponent(text)), () => text)

const queryPairs = (query: string) =>
  query.split("&").filter((pair) => pair.length > 0).map((pair) => {
    const [name = "", value = ""] = pair.split("=", 2)
    return { name: decodedOrRaw(name.replace(/\+/g, " ")), value: decodedOrRaw(value.replace(/\+/g, " ")) }
  })

const urlRefusal = (
  method: string,
  url: string
): InvalidParametersError | ApiMethodNotFoundError | undefined => {
  const queryStart = url.indexOf("?")
  const path = queryStart === -1 ? url : url.slice(0, queryStart)
  const query = queryStart === -1 ? "" : url.slice(queryStart + 1)
  const inPath = unstorable(decodedOrRaw(path))
  if (Option.isSome(inPath)) return InvalidParametersError.single("path", inPath.value)
  // The router drops `;…` from a segment and ignores a trailing slash; neither names a method of this API.
  if (path.includes(";")) return InvalidParametersError.single("path", "must not contain ';'")
  if (path.length > 1 && path.endsWith("/")) {
    return new ApiMethodNotFoundError({ detail: `No API method ${method} ${path} (no trailing slash).` })
  }
  const pairs = queryPairs(query)
  for (const { name, value } of pairs) {
    const inPair = Option.orElse(unstorable(name), () => unstorable(value))
    if (Option.isSome(inPair)) return InvalidParametersError.single(name, inPair.value)
  }
  const [first] = pairs
  if (first !== undefined && takesNoQuery(method, path)) {
    return InvalidParametersError.single(first.name, "is not a query parameter of this endpoint")
  }
  return undefined
}

const hasBody = (request: HttpServerRequest.HttpServerRequest) =>
  request.headers["transfer-encoding"] !== undefined || Number(request.headers["content-length"] ?? 0) > 0

const mediaTypeOf = (contentType: string | undefined) => (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? ""

const jsonType = "application/json"

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true })

/** A body's text, and its value when the text is JSON (None when empty or not JSON). */
interface CheckedBody {
  readonly text: string
  readonly json: Option.Option<unknown>
}

/** The checked text of a JSON body, or the 400 it deserves. */
const checkBody = (bytes: ArrayBuffer): Result.Result<CheckedBody, InvalidParametersError | MalformedRequestError> => {
  const decoded = Result.try(() => strictUtf8.decode(bytes))
  if (Result.isFailure(decoded)) {
    return Result.fail(new MalformedRequestError({ detail: "The request body is not valid UTF-8." }))
  }
  const text = decoded.success
  if (text.trim().length === 0) return Result.succeed({ text, json: Option.none() })
  if (nestingDepth(text) > maxDepth) {
    return Result.fail(new MalformedRequestError({ detail: `The request body nests deeper than ${maxDepth} levels.` }))
  }
  const parsed = Result.try((): unknown => JSON.parse(text))
  // Not JSON: refused below, as malformed, where the endpoint takes JSON.
  if (Result.isFailure(parsed)) return Result.succeed({ text, json: Option.none() })
  const duplicate = duplicateKeyPath(text)
  if (Option.isSome(duplicate)) {
    return Result.fail(InvalidParametersError.single(fieldOf(duplicate.value), "appears more than once in the object"))
  }
  // Only a `\u` escape can put NUL or a lone surrogate in a string: the strict decoding above
  // refuses encoded surrogates, and JSON.parse refuses a raw NUL.
  const found = text.includes("\\u") ? findUnstorable(parsed.success) : Option.none()
  if (Option.isSome(found)) {
    return Result.fail(InvalidParametersError.single(fieldOf(found.value.path), found.value.message))
  }
  return Result.succeed({ text, json: Option.some(parsed.success) })
}

/** The request with its body replaced by `text` (the stream is consumed once, here). */
const withBodyText = (
  request: HttpServerRequest.HttpServerRequest,
  text: string
): HttpServerRequest.HttpServerRequest =>
  new Proxy(request, {
    get: (target, property, receiver) =>
      property === "text" ? Effect.succeed(text) : Reflect.get(target, property, receiver)
  })

/** For an endpoint that takes no body: nothing, or `{}`, is accepted; a field is refused by name. */
const refuseBodyFields = (
  { json, text }: CheckedBody
): Effect.Effect<void, InvalidParametersError | MalformedRequestError> => {
  if (text.trim().length === 0) return Effect.void
  if (Option.isNone(json)) {
    return Effect.fail(new MalformedRequestError({ detail: "The request body could not be read as JSON." }))
  }
  const body = json.value
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return Effect.fail(InvalidParametersError.single("body", "this endpoint takes no body (send none, or {})"))
  }
  const [first] = Object.keys(body)
  return first === undefined
    ? Effect.void
    : Effect.fail(InvalidParametersError.single(first, "is not a field of this endpoint (it takes no body)"))
}

/** Fails with 400 naming `field` when `value` is text Postgres cannot store: for bodies left to their handler. */
export const refuseNulIn = (field: string, value: string) =>
  Option.match(unstorable(value), {
    onNone: () => Effect.void,
    onSome: (message) => Effect.fail(InvalidParametersError.single(field, message))
  })

/** The refusal of a body of a type the endpoint does not take: JSON, unless it declares only others (uploads). */
const wrongMediaType = (method: string, path: string): string => {
  const declared = mediaTypesOf(method, path)
  return declared.length > 0 && !declared.includes(jsonType)
    ? `This request takes a body of type ${declared.join(" or ")}.`
    : "A request body must be JSON, sent with Content-Type: application/json."
}

/** Runs `app` once the URL and body pass every check above. */
export const guardInput = <A, E, R>(app: Effect.Effect<A, E, R>) =>
  // Combinators rather than Effect.gen: every request passes here (docs/benchmarks.md).
  Effect.flatMap(HttpServerRequest.HttpServerRequest, (
    request
  ): Effect.Effect<A, E | InvalidParametersError | ApiMethodNotFoundError | MalformedRequestError, R> => {
    const refused = urlRefusal(request.method, request.url)
    if (refused !== undefined) return Effect.fail(refused)
    if (request.method === "GET" || request.method === "HEAD") return app
    return Effect.flatMap(
      checkedBodyText(request),
      (text) =>
        text === undefined
          ? app
          : Effect.provideService(app, HttpServerRequest.HttpServerRequest, withBodyText(request, text))
    )
  })

/**
 * The body of a request that may carry one, checked: its text, to be read by
 * the endpoint in its place; undefined for a body of another declared media
 * type (a file upload), which its handler reads and checks itself.
 */
const checkedBodyText = (request: HttpServerRequest.HttpServerRequest) =>
  Effect.gen(function*() {
    const path = request.url.split("?", 1)[0] ?? ""
    const mediaType = mediaTypeOf(request.headers["content-type"])
    if (hasBody(request) && mediaType !== jsonType) {
      // A body the contract declares in another type (file uploads) is read once, by its handler, which checks its fields.
      if (acceptsMediaType(request.method, path, mediaType)) return undefined
      return yield* Effect.fail(new MalformedRequestError({ detail: wrongMediaType(request.method, path) }))
    }
    const bytes = yield* Effect.mapError(
      request.arrayBuffer,
      () => new MalformedRequestError({ detail: "The request body could not be read (at most 1 MiB)." })
    )
    const body = yield* Effect.fromResult(checkBody(bytes))
    if (takesNoBody(request.method, path)) yield* refuseBodyFields(body)
    if (Option.isNone(body.json) && body.text.trim().length > 0 && acceptsMediaType(request.method, path, jsonType)) {
      return yield* Effect.fail(
        new MalformedRequestError({ detail: "The request body could not be read as JSON (at most 1 MiB)." })
      )
    }
    return body.text
  })
