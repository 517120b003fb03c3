/**
 * One generated request: built valid-shaped from an operation of the
 * document, sent with fetch under a time bound, answered as status, headers
 * and parsed body.
 */
import * as fc from "fast-check"
import type { Operation } from "./OpenApiDocument.js"
import { arbitraryOf, type IdPool } from "./ValidShaped.js"

export interface FuzzRequest {
  readonly method: string
  /** The concrete path. */
  readonly path: string
  /** The query string without `?`. */
  readonly query: string
  /** JSON text (possibly broken on purpose). */
  readonly body?: string | undefined
  /** Raw bytes instead of `body` (invalid UTF-8). */
  readonly bytes?: Uint8Array | undefined
  /** Defaults to `application/json` when there is a body; "" sends none. */
  readonly contentType?: string | undefined
  /** `undefined`: the server's key; `null`: no Authorization header. */
  readonly authorization?: string | null | undefined
  readonly idempotencyKey?: string | undefined
}

export interface FuzzAnswer {
  readonly status: number
  readonly headers: Headers
  readonly text: string
  readonly body: unknown
  readonly millis: number
}

const encodeQueryValue = (value: unknown) => encodeURIComponent(Array.isArray(value) ? value.join(",") : String(value))

/** A valid-shaped request for `operation`, drawn with `seed`; `random` decides which optional parameters to send. */
export const validShaped = (
  operation: Operation,
  resolve: Parameters<typeof arbitraryOf>[1],
  pool: IdPool,
  seed: number,
  random: () => number
): FuzzRequest => {
  const draw = (arbitrary: fc.Arbitrary<unknown>, offset: number): unknown =>
    fc.sample(arbitrary, { seed: seed + offset, numRuns: 1 })[0]
  let path = operation.path
  const query: Array<string> = []
  for (const [index, parameter] of operation.parameters.entries()) {
    if (parameter.in === "query" && !parameter.required && random() >= 0.3) continue
    const value = draw(arbitraryOf(parameter.schema, resolve, pool, parameter.name), index)
    if (parameter.in === "path") path = path.replace(`{${parameter.name}}`, encodeURIComponent(String(value)))
    else if (parameter.in === "query") query.push(`${encodeURIComponent(parameter.name)}=${encodeQueryValue(value)}`)
  }
  const body = operation.body === undefined
    ? undefined
    : JSON.stringify(draw(arbitraryOf(operation.body, resolve, pool), 1_000))
  return { method: operation.method, path, query: query.join("&"), body }
}

/** Sends the request; fails (rejects) when no answer arrives within `boundMillis`. */
export const send = async (
  baseUrl: string,
  apiKey: string,
  request: FuzzRequest,
  boundMillis: number
): Promise<FuzzAnswer> => {
  const headers: Record<string, string> = {}
  const authorization = request.authorization === undefined ? `Bearer ${apiKey}` : request.authorization
  if (authorization !== null) headers.authorization = authorization
  const payload = request.bytes ?? request.body
  const contentType = request.contentType ?? (payload === undefined ? undefined : "application/json")
  if (contentType !== undefined && contentType !== "") headers["content-type"] = contentType
  if (request.idempotencyKey !== undefined) headers["idempotency-key"] = request.idempotencyKey
  const started = performance.now()
  const response = await fetch(`${baseUrl}${request.path}${request.query.length > 0 ? `?${request.query}` : ""}`, {
    method: request.method,
    headers,
    signal: AbortSignal.timeout(boundMillis),
    ...(payload === undefined ? {} : { body: payload })
  })
  const text = await response.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    // Not JSON: kept as text, reported by the checks.
  }
  return { status: response.status, headers: response.headers, text, body, millis: performance.now() - started }
}
