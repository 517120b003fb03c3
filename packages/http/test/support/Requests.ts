/**
 * Raw HTTP against a TestServer, for what the typed client cannot express:
 * malformed JSON, unknown fields, wrong types, out-of-range query values,
 * missing or foreign keys. Also the assertions every error answer must pass
 * (one error body, `x-should-retry: false` on 4xx) and a "nothing written"
 * check built on the event log.
 */
import { expect } from "@effect/vitest"
import { Effect, Schema } from "effect"
import type { Client, TestServerShape } from "./TestServer.js"

export interface Answer {
  readonly status: number
  readonly headers: Headers
  /** The body parsed as JSON, or its text when it is not JSON. */
  readonly body: unknown
  readonly text: string
}

export interface SendOptions {
  /** The bearer key; `null` sends no Authorization header. Defaults to the server's key. */
  readonly apiKey?: string | null
  /** A string is sent as it is (malformed JSON); anything else as JSON. */
  readonly body?: unknown
  readonly headers?: Record<string, string>
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** One request; the answer is read whole. */
export const send = (
  server: Pick<TestServerShape, "baseUrl" | "apiKey">,
  method: string,
  path: string,
  options: SendOptions = {}
): Effect.Effect<Answer> =>
  Effect.promise(async () => {
    const apiKey = options.apiKey === undefined ? server.apiKey : options.apiKey
    const headers: Record<string, string> = {
      ...(apiKey === null ? {} : { authorization: `Bearer ${apiKey}` }),
      ...(options.body === undefined ? {} : { "content-type": "application/json" }),
      ...options.headers
    }
    const init: RequestInit = options.body === undefined
      ? { method, headers }
      : { method, headers, body: typeof options.body === "string" ? options.body : JSON.stringify(options.body) }
    const response = await fetch(`${server.baseUrl}${path}`, init)
    const text = await response.text()
    return { status: response.status, headers: response.headers, body: parse(text), text }
  })

/** `send` bound to one server and, optionally, another key. */
export const raw = (server: Pick<TestServerShape, "baseUrl" | "apiKey">, apiKey?: string | null) => {
  const defaults = apiKey === undefined ? {} : { apiKey }
  return {
    get: (path: string, options: SendOptions = {}) => send(server, "GET", path, { ...defaults, ...options }),
    post: (path: string, body: unknown, options: SendOptions = {}) =>
      send(server, "POST", path, { ...defaults, ...options, body }),
    patch: (path: string, body: unknown, options: SendOptions = {}) =>
      send(server, "PATCH", path, { ...defaults, ...options, body }),
    send: (method: string, path: string, options: SendOptions = {}) =>
      send(server, method, path, { ...defaults, ...options })
  }
}

/** The one error body of the API (decisions a). */
export const ErrorBody = Schema.Struct({
  type: Schema.String,
  status: Schema.Number,
  title: Schema.String,
  detail: Schema.NullOr(Schema.String),
  errors: Schema.optional(Schema.Array(Schema.Struct({ field: Schema.String, message: Schema.String }))),
  reason: Schema.optional(Schema.String),
  resource_id: Schema.optional(Schema.NullOr(Schema.String))
})
export type ErrorBody = typeof ErrorBody.Type

/** Asserts an error answer of the given status and type, and returns its body. */
export const expectError = (answer: Answer, status: number, type: string): ErrorBody => {
  expect({ status: answer.status, body: answer.body }).toMatchObject({ status, body: { type, status } })
  expect(answer.headers.get("content-type")).toContain("application/json")
  if (status >= 400 && status < 500) expect(answer.headers.get("x-should-retry")).toBe("false")
  return Schema.decodeUnknownSync(ErrorBody)(answer.body)
}

/** Asserts a 400 `invalid_parameters_error` naming (at least) each of `fields`. */
export const expectInvalidParameters = (answer: Answer, fields: ReadonlyArray<string>): ErrorBody => {
  const body = expectError(answer, 400, "invalid_parameters_error")
  const named = (body.errors ?? []).map((error) => error.field)
  for (const field of fields) expect(named).toContain(field)
  for (const error of body.errors ?? []) expect(error.message.length).toBeGreaterThan(0)
  return body
}

export const expectNotFound = (answer: Answer): ErrorBody => expectError(answer, 404, "object_not_found_error")

/** A 404 for another group's id must read exactly like the 404 of an id that never existed. */
export const expectSameNotFound = (
  foreign: Answer,
  foreignId: string,
  unknown: Answer,
  unknownId: string
): void => {
  const foreignBody = expectNotFound(foreign)
  const unknownBody = expectNotFound(unknown)
  expect({ ...foreignBody, detail: foreignBody.detail?.replace(foreignId, "<id>") ?? null })
    .toEqual({ ...unknownBody, detail: unknownBody.detail?.replace(unknownId, "<id>") ?? null })
}

/**
 * The newest event of the caller. Every create and update records an event in
 * its own transaction, so an unchanged newest event means nothing was written.
 */
export const newestEventId = (client: Client) =>
  Effect.map(client.events.list({ query: { limit: 1 } }), (page) => page.data[0]?.id ?? null)

/** Runs `attempt` (a refused request) and asserts that it recorded no event. */
export const expectNothingWritten = <A, E, R>(client: Client, attempt: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    const before = yield* newestEventId(client)
    const result = yield* attempt
    expect(yield* newestEventId(client)).toBe(before)
    return result
  })

/** A string of `length` characters, for length limits. */
export const text = (length: number): string => "x".repeat(length)
