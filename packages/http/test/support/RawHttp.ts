/**
 * Requests made by hand (fetch), for what the typed client hides: request
 * headers such as `Idempotency-Key`, response headers such as
 * `Idempotent-Replayed`, and the status and JSON body exactly as served.
 */
import { Effect } from "effect"

export interface RawResponse {
  readonly status: number
  /** The `Idempotent-Replayed` header is `true`. */
  readonly replayed: boolean
  /** The parsed JSON body. */
  readonly body: unknown
}

export interface RawRequest {
  readonly baseUrl: string
  readonly apiKey: string
  readonly method: "GET" | "POST" | "PATCH"
  /** Path and query, starting with `/`. */
  readonly path: string
  readonly body?: unknown
  readonly idempotencyKey?: string
}

export const request = (options: RawRequest): Effect.Effect<RawResponse> =>
  Effect.tryPromise(async (signal) => {
    const headers: Record<string, string> = { authorization: `Bearer ${options.apiKey}` }
    if (options.body !== undefined) headers["content-type"] = "application/json"
    if (options.idempotencyKey !== undefined) headers["idempotency-key"] = options.idempotencyKey
    const response = await fetch(`${options.baseUrl}${options.path}`, {
      method: options.method,
      headers,
      signal,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) })
    })
    const text = await response.text()
    const body: unknown = text.length === 0 ? null : JSON.parse(text)
    return { status: response.status, replayed: response.headers.get("idempotent-replayed") === "true", body }
  }).pipe(Effect.orDie)

/** A field of a JSON object body, or undefined when the body is not an object or lacks it. */
export const field = (body: unknown, name: string): unknown =>
  body !== null && typeof body === "object" && !Array.isArray(body) && name in body
    ? (body as Record<string, unknown>)[name] // checked: a non-array object indexed by a key it has
    : undefined
