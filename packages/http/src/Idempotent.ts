/**
 * Serving a POST idempotently (decisions b): the `Idempotency-Key` header and
 * a fingerprint of the request (method, path, canonical JSON body) go to the
 * bank, which claims the key in the operation's own transaction. A replay is
 * answered with the stored body and `Idempotent-Replayed: true`.
 */
import * as ApiError from "@moneta/api/ApiError"
import { type AskingWrite, isAskingWrite } from "@moneta/bank/AskingWrite"
import { Idempotency } from "@moneta/bank/Idempotency"
import * as EncodedOnce from "@moneta/domain/EncodedOnce"
import { InvalidOperationError, InvalidParametersError } from "@moneta/domain/Errors"
import { Effect, Option, Result, Schema } from "effect"
import { HttpServerRequest, HttpServerResponse } from "effect/http"
import { createHash } from "node:crypto"
import { encodedResponse } from "./EncodedAnswer.js"
import { answerRefusals } from "./ErrorMapping.js"

const maxKeyLength = 200

/** JSON with object keys sorted, so key order does not make two requests differ. */
const canonicalJson = (value: unknown): string =>
  JSON.stringify(
    value,
    (_key, nested: unknown) =>
      nested !== null && typeof nested === "object" && !Array.isArray(nested)
        ? Object.fromEntries(Object.entries(nested).sort(([left], [right]) => left < right ? -1 : left > right ? 1 : 0))
        : nested
  )

/**
 * What identifies a request under its key: method, path and canonical JSON
 * body (a body that is not JSON, possible where an endpoint takes none, counts
 * as its raw text).
 */
export const requestFingerprint = (method: string, path: string, bodyText: string): string => {
  const body = Result.getOrElse(Result.try(() => canonicalJson(JSON.parse(bodyText))), () => bodyText)
  return createHash("sha256").update(`${method} ${path}\n${body}`).digest("hex")
}

const fingerprintOf = (request: HttpServerRequest.HttpServerRequest, requestBody: string | undefined) =>
  Effect.map(
    requestBody === undefined ? Effect.orElseSucceed(request.text, () => "") : Effect.succeed(requestBody),
    (text) => requestFingerprint(request.method, request.url.split("?")[0] ?? request.url, text)
  )

const idempotencyKeyOf = (request: HttpServerRequest.HttpServerRequest) => {
  const header = request.headers["idempotency-key"]
  if (header === undefined) return Effect.succeed(Option.none<string>())
  if (header.length === 0 || header.length > maxKeyLength) {
    return Effect.fail(InvalidParametersError.single("Idempotency-Key", `must be 1 to ${maxKeyLength} characters`))
  }
  return Effect.succeed(Option.some(header))
}

/**
 * The 409 of a request whose first run with the same key is still going:
 * `invalid_operation_error` as any refusal, but telling the client (the
 * official SDK reads `x-should-retry`) to send it again in a moment, when it
 * will be answered from the first run's stored response.
 */
const stillInProgress = (detail: string) =>
  Effect.flatMap(
    Effect.orDie(Schema.encodeEffect(ApiError.InvalidOperationError)(new InvalidOperationError({ detail }))),
    (body) =>
      Effect.orDie(HttpServerResponse.json(body, {
        status: 409,
        headers: { "x-should-retry": "true", "retry-after": "1" }
      }))
  )

/**
 * Runs `operation` once per idempotency key. `success` is the endpoint's
 * success schema: it encodes the first response for later replays.
 * `requestBody` stands for the body in the fingerprint where the handler
 * has already consumed it (multipart uploads); by default the body is read.
 * A write that asks the client first (`AskingWrite`) holds its key while it
 * waits and stores its response with its outcome (`Idempotency.runAsking`).
 * A refusal is answered as the contract's error (`ErrorMapping.answerRefusals`).
 */
export const idempotent = <A extends { readonly id: string }, I, RD, E, R>(
  success: Schema.Codec<A, I, RD>,
  operation: Effect.Effect<A, E, R> | AskingWrite<A, E, R>,
  requestBody?: string
) => idempotentResult(success, operation, (value) => value.id, requestBody)

/**
 * `idempotent` for responses that are not themselves an object with an id (a
 * simulation result): `resourceIdOf` names the object the key is tied to.
 */
export const idempotentResult = <A, I, RD, E, R>(
  success: Schema.Codec<A, I, RD>,
  operation: Effect.Effect<A, E, R> | AskingWrite<A, E, R>,
  resourceIdOf: (value: A) => string | null,
  requestBody?: string
) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const idempotency = yield* Idempotency
    const key = yield* idempotencyKeyOf(request)
    const fingerprint = Option.isSome(key) ? yield* fingerprintOf(request, requestBody) : ""
    const encode = EncodedOnce.encodeEffect(success)
    const toResponse = (value: A) =>
      Effect.map(Effect.orDie(encode(value)), (body) => ({ status: 200, body, resourceId: resourceIdOf(value) }))
    const outcome = yield* answerRefusals(
      isAskingWrite(operation)
        ? idempotency.runAsking({ key, fingerprint }, operation, toResponse)
        : idempotency.run({ key, fingerprint }, operation, toResponse)
    )
    if (outcome._tag === "InProgress") return yield* stillInProgress(outcome.detail)
    if (outcome._tag === "Fresh") return encodedResponse(success, outcome.value)
    return yield* HttpServerResponse.json(outcome.response.body, {
      status: outcome.response.status,
      headers: { "idempotent-replayed": "true" }
    }).pipe(Effect.orDie)
  })
