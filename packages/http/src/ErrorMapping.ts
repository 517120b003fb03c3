/**
 * One error body everywhere. Failures that do not come from an operation
 * (undecodable parameters, unknown routes, unreadable bodies, defects) are
 * turned into the contract's errors here, before the contract encodes them;
 * every 4xx also tells the official SDK not to retry.
 */
import {
  FileSystem,
  HttpApiBuilder,
  HttpApiError,
  HttpApp,
  HttpIncomingMessage,
  HttpServerError,
  HttpServerRequest,
  HttpServerResponse
} from "@effect/platform"
import { MonetaApi } from "@moneta/api/MonetaApi"
import {
  ApiMethodNotFoundError,
  FieldError,
  InternalServerError,
  InvalidParametersError,
  MalformedRequestError
} from "@moneta/domain/Errors"
import { Cause, Effect, Option } from "effect"
import { guardInput } from "./InputGuards.js"

/**
 * The dotted path of an issue. A comma-separated `.in` filter is one query
 * parameter: a bad value in it is reported on the parameter (`status.in`), not
 * on the position the list was split into.
 */
const fieldOf = (path: ReadonlyArray<PropertyKey>) => {
  if (path.length === 0) return "body"
  const [first, second] = path
  if (typeof first === "string" && first.endsWith(".in") && typeof second === "number") return first
  return path.map(String).join(".")
}

/** An optional field's "or undefined" alternative says nothing useful once the field has a real issue. */
const isUndefinedAlternative = (message: string) => message.startsWith("Expected undefined, actual")

const expectedPattern = /^Expected (.+), actual (.+)$/s

const maxListedAlternatives = 20

/**
 * "Expected { readonly name: minLength(1) … }, actual null" spells out the
 * schema; a client needs the kind of value that was due.
 */
const inWords = (message: string): string => {
  const match = expectedPattern.exec(message)
  if (match === null) return message
  const [, expected = "", actual = ""] = match
  if (expected.startsWith("{")) return `must be an object, actual ${actual}`
  if (/^(ReadonlyArray<|readonly \[)/.test(expected)) return `must be an array, actual ${actual}`
  // A long enum (event categories) is documented, not recited: the value refused is what helps.
  const alternatives = expected.split(" | ").length
  if (alternatives > maxListedAlternatives) return `must be one of ${alternatives} documented values, actual ${actual}`
  return message
}

/** Whether `field` is `ancestor` itself or lies inside it. */
const isWithin = (field: string, ancestor: string) => field === ancestor || field.startsWith(`${ancestor}.`)

/**
 * One issue per field: a literal union fails once per allowed value
 * ("Expected \"a\", actual \"x\"", "Expected \"b\", …"); those read better as one
 * "Expected \"a\" | \"b\", actual \"x\"".
 */
const mergeAlternatives = (issues: ReadonlyArray<FieldError>): ReadonlyArray<FieldError> => {
  const byField = new Map<string, Array<string>>()
  for (const issue of issues) byField.set(issue.field, [...(byField.get(issue.field) ?? []), issue.message])
  return Array.from(byField, ([field, messages]) => {
    const matches = messages.map((message) => expectedPattern.exec(message))
    const actuals = new Set(matches.map((match) => match?.[2]))
    const merged = messages.length > 1 && matches.every((match) => match !== null) && actuals.size === 1
      ? `Expected ${matches.map((match) => match?.[1]).join(" | ")}, actual ${[...actuals][0]}`
      : Array.from(new Set(messages)).join("; ")
    return new FieldError({ field, message: merged })
  })
}

export const invalidParameters = (error: HttpApiError.HttpApiDecodeError): InvalidParametersError => {
  // An optional field's "or undefined" goes once the field, or anything inside it, has a real issue.
  const issues = error.issues.filter((issue, _index, all) =>
    !isUndefinedAlternative(issue.message) ||
    !all.some((other) =>
      other !== issue && isWithin(fieldOf(other.path), fieldOf(issue.path)) && !isUndefinedAlternative(other.message)
    )
  )
  const errors = mergeAlternatives(
    issues.map((issue) => new FieldError({ field: fieldOf(issue.path), message: issue.message }))
  ).map((fieldError) => new FieldError({ field: fieldError.field, message: inWords(fieldError.message) }))
  return new InvalidParametersError({
    detail: errors.map((fieldError) => `${fieldError.field}: ${fieldError.message}`).join("; ") || error.message,
    errors
  })
}

const doNotRetryClientErrors = HttpApp.appendPreResponseHandler((_request, response) =>
  Effect.succeed(
    response.status >= 400 && response.status < 500
      ? HttpServerResponse.setHeader(response, "x-should-retry", "false")
      : response
  )
)

/** Maps what escaped the router to the contract's errors; operation errors pass as they are. */
type ContractError = InvalidParametersError | ApiMethodNotFoundError | MalformedRequestError | InternalServerError

const toContractError = <E>(cause: Cause.Cause<E>): Effect.Effect<never, E | ContractError> => {
  if (Cause.isInterruptedOnly(cause)) return Effect.failCause(cause)
  // What the platform raises may arrive as a failure or, from inside its body parsing, as a defect.
  const error = Cause.squash(cause)
  if (error instanceof HttpApiError.HttpApiDecodeError) return Effect.fail(invalidParameters(error))
  if (HttpServerError.isServerError(error) && error._tag === "RouteNotFound") {
    return Effect.fail(
      new ApiMethodNotFoundError({ detail: `No API method ${error.request.method} ${error.request.url}.` })
    )
  }
  if (HttpServerError.isServerError(error) && error._tag === "RequestError") {
    return Effect.fail(
      new MalformedRequestError({ detail: "The request body could not be read as JSON (at most 1 MiB)." })
    )
  }
  if (Cause.isFailure(cause)) return Effect.failCause(cause)
  return Effect.zipRight(
    Effect.logError("Unexpected failure while serving a request", cause),
    Effect.fail(new InternalServerError({ detail: null }))
  )
}

/** Bodies over 1 MiB are refused as malformed. */
const maxBodyBytes = 1024 * 1024
const maxBodySize = Option.some(FileSystem.Size(maxBodyBytes))

/**
 * A declared length over the limit is refused before the body is read: the
 * platform destroys a request stream that exceeds MaxBodySize, which closes the
 * socket before any response can be sent. MaxBodySize still bounds chunked bodies.
 */
const refuseOversizedBodies = Effect.flatMap(
  HttpServerRequest.HttpServerRequest,
  (request) =>
    Number(request.headers["content-length"] ?? 0) > maxBodyBytes
      ? Effect.fail(new MalformedRequestError({ detail: "The request body is larger than 1 MiB." }))
      : Effect.void
)

export const ErrorMappingLive = HttpApiBuilder.middleware(
  MonetaApi,
  (app) =>
    Effect.zipRight(doNotRetryClientErrors, Effect.zipRight(refuseOversizedBodies, guardInput(app))).pipe(
      Effect.provideService(HttpIncomingMessage.MaxBodySize, maxBodySize),
      Effect.catchAllCause(toContractError)
    )
)
