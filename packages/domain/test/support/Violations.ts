/**
 * Helpers for "invalid request bodies" properties: a violation is a change to
 * a valid encoded body together with the dotted path the decode error must name.
 */
import { expect } from "@effect/vitest"
import { Result, Schema, SchemaIssue } from "effect"

export type Json = null | boolean | number | string | ReadonlyArray<Json> | { readonly [key: string]: Json }
export type JsonObject = { [key: string]: Json }

export interface Violation {
  readonly rule: string
  /** The dotted path of the offending field, as the API reports it (`creditor.address.unstructured.line1`). */
  readonly path: string
  readonly apply: (body: JsonObject) => JsonObject
}

/** A deep copy of an encoded body, as plain JSON that tests may mutate. */
export const toJsonObject = (encoded: unknown): JsonObject => JSON.parse(JSON.stringify(encoded))

const isJsonObject = (value: Json | undefined): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** The object at `path`, created empty where missing. */
export const objectAt = (body: JsonObject, path: ReadonlyArray<string>): JsonObject => {
  let current = body
  for (const key of path) {
    const existing = current[key]
    const next: JsonObject = isJsonObject(existing) ? existing : {}
    current[key] = next
    current = next
  }
  return current
}

/** The dotted paths of every issue of a failed decode. */
const formatIssues = SchemaIssue.makeFormatterStandardSchemaV1()

export const errorPaths = <A, I>(schema: Schema.Codec<A, I>, body: unknown): ReadonlyArray<string> =>
  Result.match(Schema.decodeUnknownResult(schema, { errors: "all" })(body), {
    onFailure: (error) => formatIssues(error.issue).issues.map((issue) => (issue.path ?? []).map(String).join(".")),
    onSuccess: () => []
  })

export const expectRejectedAt = <A, I>(schema: Schema.Codec<A, I>, body: unknown, path: string) => {
  const paths = errorPaths(schema, body)
  expect(paths, `expected an error at ${path}`).toContain(path)
}
