/**
 * One error body everywhere. Failures that do not come from an operation are
 * turned into the contract's errors here, in two places of one pipeline:
 * - inside an endpoint, the contract's `CommonErrors` middleware
 *   (`CommonErrorsLive`) turns a request that does not decode into
 *   `invalid_parameters_error`, which the endpoint encodes as any of its errors;
 * - around every route of the API (`layer`, router middleware), the input
 *   guards run first, and what escapes a route (a guard's refusal, an unknown
 *   path, an unreadable body, a defect) is encoded here by the contract's
 *   schemas. Every 4xx also tells the official SDK not to retry.
 *
 * A defect that is a database fault that heals (bank `DatabaseFaults`: the
 * connection lost, Postgres restarting) is answered 503
 * `service_unavailable_error` with `x-should-retry: true` and `retry-after`:
 * the request's transaction did not commit, so sending it again is safe and
 * may well succeed. Any other defect is a bug: 500.
 *
 * A refusal (domain `Refusals`: a named 409 or 400 of an operation) is
 * answered once, by `answerRefusals`, as the contract's
 * `invalid_operation_error` or `invalid_parameters_error` with the refusal's
 * detail: every write goes through it (`Idempotent`, and the PATCH handlers).
 *
 * `layer` is middleware of the API's own routes, not global middleware: a host
 * that mounts the API under a prefix keeps its own routes' answers, and the
 * checks see the URL as the API sees it (prefix removed).
 */
import * as ApiError from "@moneta/api/ApiError"
import { CommonErrors } from "@moneta/api/CommonErrors"
import * as DatabaseFaults from "@moneta/bank/DatabaseFaults"
import {
  ApiMethodNotFoundError,
  FieldError,
  InternalServerError,
  InvalidOperationError,
  InvalidParametersError,
  MalformedRequestError,
  ServiceUnavailableError
} from "@moneta/domain/Errors"
import type { Refusal } from "@moneta/domain/Refusals"
import { ByteSize, Cause, Effect, Layer, Schema, SchemaAST, SchemaIssue, type Types } from "effect"
import { HttpIncomingMessage, HttpRouter, HttpServerError, HttpServerRequest, HttpServerResponse } from "effect/http"
import { HttpApiError } from "effect/http-api"
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
 * "Expected object, actual null" names the schema's kind of value; a client
 * reads "must be an object".
 */
const inWords = (message: string): string => {
  const match = expectedPattern.exec(message)
  if (match === null) return message
  const [, expected = "", actual = ""] = match
  if (expected === "object" || expected.startsWith("{")) return `must be an object, actual ${actual}`
  if (expected === "array" || /^(ReadonlyArray<|readonly \[)/.test(expected)) {
    return `must be an array, actual ${actual}`
  }
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

const formatIssue = SchemaIssue.makeFormatterStandardSchemaV1()

const schemaExpectedPattern = /^Expected (.+), got (.+)$/s

/**
 * The schema library's wording, in the API's: "Expected string, actual 5"
 * (an optional field's "| undefined" is no help to a client), "is missing",
 * "is unexpected".
 */
const inApiWording = (message: string): string => {
  if (message === "Missing key") return "is missing"
  if (message === "Expected no excess property" || message.startsWith("Unexpected key with value")) {
    return "is unexpected"
  }
  const match = schemaExpectedPattern.exec(message)
  if (match === null) return message
  const [, expected = "", actual = ""] = match
  const withoutUndefined = expected.split(" | ").filter((alternative) => alternative !== "undefined").join(" | ")
  return `Expected ${withoutUndefined.length === 0 ? expected : withoutUndefined}, actual ${actual}`
}

interface PathIssue {
  readonly path: ReadonlyArray<PropertyKey>
  readonly message: string
}

type LiteralFields = ReadonlyMap<PropertyKey, SchemaAST.LiteralValue>

/**
 * For each object a union may be (unions within it included: the contract
 * wraps a body's schema in one), the literal it holds at each required
 * literal field; undefined when a member is not an object.
 */
const literalFieldsOf = (member: SchemaAST.AST): ReadonlyArray<LiteralFields> | undefined => {
  const encoded = SchemaAST.toEncoded(member)
  if (SchemaAST.isUnion(encoded)) {
    const members = encoded.types.map(literalFieldsOf)
    return members.every((fields) => fields !== undefined) ? members.flat() : undefined
  }
  if (!SchemaAST.isObjects(encoded)) return undefined
  const fields = new Map<PropertyKey, SchemaAST.LiteralValue>()
  for (const field of encoded.propertySignatures) {
    if (SchemaAST.isLiteral(field.type) && !SchemaAST.isOptional(field.type)) fields.set(field.name, field.type.literal)
  }
  return [fields]
}

const isRecord = (value: unknown): value is Readonly<Record<PropertyKey, unknown>> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/**
 * A union of objects told apart by one field (an entity's `structure`) that
 * no member matched: the field at fault is that one, with the values it may
 * take. Anything else is left to the schema library's wording.
 */
const discriminatorIssue = (issue: SchemaIssue.AnyOf): PathIssue | undefined => {
  const members = literalFieldsOf(issue.ast)
  if (members === undefined || members.length === 0) return undefined
  if (!SchemaIssue.hasInput(issue) || !isRecord(issue.input)) {
    return { path: [], message: `must be an object, actual ${JSON.stringify(issue.input) ?? "undefined"}` }
  }
  const [first = new Map<PropertyKey, SchemaAST.LiteralValue>()] = members
  const key = [...first.keys()].find((candidate) => members.every((fields) => fields.has(candidate)))
  if (key === undefined) return undefined
  const expected = members.map((fields) => {
    const literal = fields.get(key)
    return typeof literal === "string" ? JSON.stringify(literal) : String(literal)
  }).join(" | ")
  return Object.hasOwn(issue.input, key)
    ? { path: [key], message: `Expected ${expected}, actual ${JSON.stringify(issue.input[key])}` }
    : { path: [key], message: "is missing" }
}

/** The names of an object's fields, as `"a" | "b"`; undefined for anything but an object with fields. */
const unexpectedKeyAlternatives = (ast: SchemaAST.AST): string | undefined => {
  const encoded = SchemaAST.toEncoded(ast)
  if (!SchemaAST.isObjects(encoded) || encoded.propertySignatures.length === 0) return undefined
  return encoded.propertySignatures.map((field) => JSON.stringify(String(field.name))).join(" | ")
}

/** Every leaf of an issue with its path; unions of tagged objects name their tag field. */
const flatten = (issue: SchemaIssue.Issue, path: ReadonlyArray<PropertyKey>): ReadonlyArray<PathIssue> => {
  switch (issue._tag) {
    case "Pointer":
      return flatten(issue.issue, [...path, ...issue.path])
    case "Composite":
      return issue.issues.flatMap((inner) => flatten(inner, path))
    case "AnyOf": {
      if (issue.issues.length > 0) return issue.issues.flatMap((inner) => flatten(inner, path))
      const tagged = discriminatorIssue(issue)
      if (tagged !== undefined) return [{ path: [...path, ...tagged.path], message: tagged.message }]
      break
    }
    case "UnexpectedKey": {
      // The fields the object may have help a client who misspelled one.
      const allowed = unexpectedKeyAlternatives(issue.ast)
      if (allowed !== undefined) return [{ path, message: `is unexpected, expected: ${allowed}` }]
      break
    }
  }
  return formatIssue(issue).issues.map((formatted) => ({
    path: [...path, ...(formatted.path ?? []).map((segment) => typeof segment === "object" ? segment.key : segment)],
    message: formatted.message
  }))
}

/** The 400 of a request that failed the contract's schemas, naming each field at fault. */
export const invalidParameters = (error: Schema.SchemaError): InvalidParametersError => {
  const flattened = flatten(error.issue, []).map((issue) => ({
    field: fieldOf(issue.path),
    message: inApiWording(issue.message)
  }))
  // An optional field's "or undefined" goes once the field, or anything inside it, has a real issue.
  const issues = flattened.filter((issue, _index, all) =>
    !isUndefinedAlternative(issue.message) ||
    !all.some((other) =>
      other !== issue && isWithin(other.field, issue.field) && !isUndefinedAlternative(other.message)
    )
  )
  const errors = mergeAlternatives(issues.map((issue) => new FieldError(issue))).map((fieldError) =>
    new FieldError({ field: fieldError.field, message: inWords(fieldError.message) })
  )
  return new InvalidParametersError({
    detail: errors.map((fieldError) => `${fieldError.field}: ${fieldError.message}`).join("; ") || error.message,
    errors
  })
}

/** How Increase answers each refusal: 409 `invalid_operation_error`, or 400 `invalid_parameters_error` naming fields. */
const refusalAnswers: { readonly [Tag in Refusal["_tag"]]: "operation" | "parameters" } = {
  InsufficientAvailableBalance: "operation",
  AmountOutOfRange: "operation",
  PendingTransactionComplete: "operation",
  PendingTransactionNotReleasable: "operation",
  WireTransferWrongStatus: "operation",
  ExternalAccountNotActive: "operation",
  AccountNumberNotActive: "operation",
  CardCanceled: "operation",
  CardPaymentInteractionRefused: "operation",
  CardPaymentOfAnotherCard: "operation",
  CardAuthorizationNotUsable: "operation",
  NotACardAuthorization: "operation",
  NotACardSettlement: "operation",
  RefundExceedsRefundable: "operation",
  CardAuthenticationWrongStatus: "operation",
  RealTimeDecisionNotAnswerable: "operation",
  RealTimeDecisionAlreadyApplied: "operation",
  InboundMailItemNotPending: "operation",
  LockboxAddressWrongStatus: "operation",
  LockboxRecipientCanceled: "operation",
  EventSubscriptionWrongStatus: "operation",
  DecisionCategoriesTaken: "operation",
  TooManyActiveSubscriptions: "operation",
  EventCategoryNotSubscribed: "operation",
  TooManySnapshots: "operation",
  TooManyWebhookFaults: "operation",
  CheckDepositWrongStatus: "operation",
  SettlementAmountMissing: "parameters",
  RealTimeDecisionActionInvalid: "parameters",
  InboundMailItemChecksMismatch: "parameters",
  EntrySetInvalid: "parameters",
  CheckDepositImageInvalid: "parameters",
  AccountClosed: "operation",
  AccountBalanceNotZero: "operation",
  AccountNumberWrongStatus: "operation",
  EntityArchived: "operation",
  EntityOwnsOpenAccounts: "operation",
  AccountNotALoan: "parameters",
  EntityStructureMismatch: "parameters"
}

const isRefusal = (error: unknown): error is Refusal =>
  typeof error === "object" && error !== null && "_tag" in error && typeof error._tag === "string" &&
  Object.hasOwn(refusalAnswers, error._tag)

/** The contract's error for a refusal: its detail unchanged, as the body's `detail`. */
const refusalError = (refusal: Refusal): InvalidOperationError | InvalidParametersError =>
  "errors" in refusal
    ? new InvalidParametersError({ detail: refusal.detail, errors: refusal.errors })
    : new InvalidOperationError({ detail: refusal.detail })

/** An operation's refusals, as the contract's errors its endpoint answers (the one place they are mapped). */
export const answerRefusals = <A, E, R>(
  operation: Effect.Effect<A, E, R>
): Effect.Effect<A, Exclude<E, Extract<E, Refusal>> | InvalidOperationError | InvalidParametersError, R> =>
  Effect.catchIf(
    operation,
    (error): error is Extract<E, Refusal> => isRefusal(error),
    (refusal) => Effect.fail(refusalError(refusal)),
    Effect.fail
  )

/**
 * The contract's `CommonErrors` middleware: a request whose path parameters,
 * query or body do not decode is `invalid_parameters_error`. (A response that
 * does not encode is a bug: it stays a defect, answered as a 500 below.)
 */
export const CommonErrorsLive = Layer.succeed(CommonErrors, (httpEffect) =>
  Effect.catch(
    httpEffect,
    (error): Effect.Effect<never, Types.unhandled | InvalidParametersError> =>
      HttpApiError.HttpApiSchemaError.is(error) && error.kind !== "Body" && error.kind !== "ResponseHeaders"
        ? Effect.fail(invalidParameters(error.cause))
        : Effect.fail(error)
  ))

/** Failures answered here rather than by an endpoint; operation errors are answered by their endpoint. */
type ContractError =
  | InvalidParametersError
  | ApiMethodNotFoundError
  | MalformedRequestError
  | InternalServerError
  | ServiceUnavailableError

const contractErrorSchemas = {
  InvalidParametersError: ApiError.InvalidParametersError,
  ApiMethodNotFoundError: ApiError.ApiMethodNotFoundError,
  MalformedRequestError: ApiError.MalformedRequestError,
  InternalServerError: ApiError.InternalServerError,
  ServiceUnavailableError: ApiError.ServiceUnavailableError
} as const

const isContractError = (error: unknown): error is ContractError =>
  error instanceof InvalidParametersError || error instanceof ApiMethodNotFoundError ||
  error instanceof MalformedRequestError || error instanceof InternalServerError ||
  error instanceof ServiceUnavailableError

/** The contract's body and status for `error`, as its endpoint would have answered it. */
const respondWith = (error: ContractError): Effect.Effect<HttpServerResponse.HttpServerResponse> => {
  const schema = contractErrorSchemas[error._tag]
  return Schema.encodeUnknownEffect(schema)(error).pipe(
    // The body states its status (decisions.md, "Errors"): the response carries the same.
    Effect.map((body) => HttpServerResponse.jsonUnsafe(body, { status: body.status })),
    Effect.orDie
  )
}

const unknownMethod = (request: HttpServerRequest.HttpServerRequest) =>
  new ApiMethodNotFoundError({ detail: `No API method ${request.method} ${request.url}.` })

/** What the platform raises, as a failure or, from inside its body parsing, as a defect. */
const toContractError = (error: unknown): ContractError | undefined => {
  if (isContractError(error)) return error
  if (HttpServerError.isHttpServerError(error)) {
    switch (error.reason._tag) {
      case "RouteNotFound":
        return unknownMethod(error.request)
      case "RequestParseError":
        return new MalformedRequestError({ detail: "The request body could not be read as JSON (at most 1 MiB)." })
    }
  }
  return undefined
}

/** Answers what escaped the API's routes with the contract's errors; a client that went away stays interrupted. */
const answerCause = (
  cause: Cause.Cause<unknown>
): Effect.Effect<HttpServerResponse.HttpServerResponse, Types.unhandled> => {
  if (Cause.hasInterruptsOnly(cause)) {
    return Effect.failCause(Cause.fromReasons(cause.reasons.filter(Cause.isInterruptReason)))
  }
  const error = Cause.squash(cause)
  const mapped = toContractError(error)
  if (mapped !== undefined) return respondWith(mapped)
  const transient = DatabaseFaults.findTransient(cause)
  if (transient !== undefined) {
    // Expected while the database restarts: one line per request, no stack.
    return Effect.andThen(
      Effect.logWarning(`Database unavailable while serving a request: ${DatabaseFaults.describe(transient)}`),
      respondWith(new ServiceUnavailableError({ detail: "The database is unavailable; retry shortly." }))
    )
  }
  return Effect.andThen(
    Effect.logError("Unexpected failure while serving a request", cause),
    respondWith(new InternalServerError({ detail: null }))
  )
}

/** Seconds a client waits before sending a request again after a 503: a restarting Postgres is back in a few. */
const retryAfterSeconds = 1

/**
 * Tells the official SDK whether to retry: never a client error; always a
 * fault that heals (503), after `retry-after`.
 */
const adviseRetry = (response: HttpServerResponse.HttpServerResponse) => {
  // a 409 "still in progress" (Idempotent.ts) says itself that it is worth sending again
  if (response.headers["x-should-retry"] !== undefined) return response
  if (response.status >= 400 && response.status < 500) {
    return HttpServerResponse.setHeader(response, "x-should-retry", "false")
  }
  if (response.status === 503) {
    return HttpServerResponse.setHeaders(response, {
      "x-should-retry": "true",
      "retry-after": String(retryAfterSeconds)
    })
  }
  return response
}

/** Bodies over 1 MiB are refused as malformed. */
const maxBodyBytes = 1024 * 1024
const maxBodySize = ByteSize.bytes(maxBodyBytes)

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

/** Every route of the API: input guards first, then the route; whatever escapes it gets the contract's body. */
const serveMapped = (
  route: Effect.Effect<HttpServerResponse.HttpServerResponse, Types.unhandled | ContractError>
): Effect.Effect<HttpServerResponse.HttpServerResponse, Types.unhandled, HttpServerRequest.HttpServerRequest> =>
  Effect.andThen(refuseOversizedBodies, guardInput(route)).pipe(
    Effect.provideService(HttpIncomingMessage.MaxBodySize, maxBodySize),
    Effect.catchCause(answerCause),
    Effect.map(adviseRetry)
  )

/** The middleware; provide it to every layer that adds the API's routes. */
export const layer = HttpRouter.middleware<{ handles: ContractError }>()(serveMapped).layer

/**
 * Any other method or path under the API answers `api_method_not_found_error`
 * (with the guards' checks first, as for a real route).
 */
export const unknownRoutes = HttpRouter.add(
  "*",
  "*",
  Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => Effect.fail(unknownMethod(request)))
)

const isRouteNotFound = (error: unknown): error is HttpServerError.HttpServerError =>
  HttpServerError.isHttpServerError(error) && error.reason._tag === "RouteNotFound"

/**
 * For a server whose every path is the API's (and its documents'): a request
 * that no route can take, not even the catch-all of `unknownRoutes` (a path
 * that is not valid percent-encoding), gets the contract's 404 as well. Global
 * middleware: a host that mounts the API beside routes of its own leaves it out.
 */
export const unroutableRequests = HttpRouter.middleware(
  (app): Effect.Effect<HttpServerResponse.HttpServerResponse, Types.unhandled> =>
    Effect.catchCause(app, (cause) => {
      const error = Cause.squash(cause)
      return isRouteNotFound(error)
        ? Effect.map(respondWith(unknownMethod(error.request)), adviseRetry)
        : Effect.failCause(cause)
    }),
  { global: true }
)
