/**
 * Valid-shaped values for a JSON schema of the document, as fast-check
 * arbitraries: enums, patterns, bounds, required and optional properties.
 * Fields and parameters named `<kind>_id` mostly take the id of an object of
 * that kind seen earlier in the run, so requests reach real objects.
 */
import * as fc from "fast-check"
import type { JsonSchema } from "./OpenApiDocument.js"

/** Ids seen in responses, by object `type` (`account`, `wire_transfer`, …). */
export type IdPool = ReadonlyMap<string, ReadonlyArray<string>>

const maxDepth = 8

const isObject = (value: unknown): value is JsonSchema =>
  value !== null && typeof value === "object" && !Array.isArray(value)

/** The kind of object a `<kind>_id` name refers to: the longest suffix of `<kind>` that names a kind seen. */
const kindOf = (name: string, pool: IdPool): string | undefined => {
  if (!name.endsWith("_id")) return undefined
  const parts = name.slice(0, -3).split("_")
  for (let start = 0; start < parts.length; start++) {
    const kind = parts.slice(start).join("_")
    if (pool.has(kind)) return kind
  }
  return undefined
}

const timestamp = fc.date({
  min: new Date("2020-01-01T00:00:00Z"),
  max: new Date("2030-01-01T00:00:00Z"),
  noInvalidDate: true
})
  .map((date) => date.toISOString())

const stringOf = (schema: JsonSchema): fc.Arbitrary<string> => {
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum.map(String))
  if (schema.format === "date-time") return timestamp
  if (typeof schema.pattern === "string") {
    return fc.stringMatching(new RegExp(schema.pattern)).filter((text) => text.length <= 200)
  }
  const minLength = typeof schema.minLength === "number" ? schema.minLength : 0
  const maxLength = Math.min(typeof schema.maxLength === "number" ? schema.maxLength : 40, minLength + 40)
  return fc.string({ minLength, maxLength })
}

const integerOf = (schema: JsonSchema): fc.Arbitrary<number> => {
  const min = typeof schema.minimum === "number"
    ? schema.minimum
    : typeof schema.exclusiveMinimum === "number"
    ? schema.exclusiveMinimum + 1
    : -1_000_000
  const max = typeof schema.maximum === "number"
    ? schema.maximum
    : typeof schema.exclusiveMaximum === "number"
    ? schema.exclusiveMaximum - 1
    : 1_000_000_000
  // Mostly small amounts, so that money moves succeed as often as they fail.
  return fc.oneof(
    fc.integer({ min: Math.max(min, 1), max: Math.max(Math.min(max, 10_000), Math.max(min, 1)) }),
    fc.integer({ min, max })
  )
}

/**
 * Realistic values for fields whose rules a schema cannot carry (check
 * digits, reachable URLs, entries that balance), drawn three times in four so
 * that creates succeed often enough to exercise the operations after them.
 */
const hints = (name: string, pool: IdPool): fc.Arbitrary<unknown> | undefined => {
  switch (name) {
    case "routing_number":
      return fc.constantFrom("021000021", "101050001", "026009593")
    case "account_number":
      return fc.stringMatching(/^[1-9]\d{8,11}$/)
    case "url":
      return fc.constantFrom("https://example.com/webhooks", "http://127.0.0.1:9/webhooks")
    case "entries": {
      const ids = pool.get("bookkeeping_account") ?? []
      if (ids.length === 0) return undefined
      return fc.tuple(fc.constantFrom(...ids), fc.constantFrom(...ids), fc.integer({ min: 1, max: 1_000_000 }))
        .map(([debit, credit, amount]) => [{ account_id: debit, amount }, { account_id: credit, amount: -amount }])
    }
    default:
      return undefined
  }
}

export const arbitraryOf = (
  schema: JsonSchema,
  resolve: (schema: JsonSchema) => JsonSchema,
  pool: IdPool,
  name = "",
  depth = 0
): fc.Arbitrary<unknown> => {
  const resolved = resolve(schema)
  if (depth > maxDepth) return fc.constant(null)
  const hint = hints(name, pool)
  if (hint !== undefined) {
    return fc.oneof({ weight: 3, arbitrary: hint }, {
      weight: 1,
      arbitrary: arbitraryOf(schema, resolve, new Map(), "", depth + 1)
    })
  }
  const kind = kindOf(name, pool)
  if (kind !== undefined) {
    const ids = pool.get(kind) ?? []
    if (ids.length > 0) {
      return fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...ids) }, { weight: 1, arbitrary: stringOf(resolved) })
    }
  }
  if ("const" in resolved) return fc.constant(resolved.const)
  if (Array.isArray(resolved.enum)) return fc.constantFrom(...resolved.enum)
  const alternatives = Array.isArray(resolved.anyOf)
    ? resolved.anyOf
    : Array.isArray(resolved.oneOf)
    ? resolved.oneOf
    : undefined
  if (alternatives !== undefined) {
    return fc.oneof(
      ...alternatives.filter(isObject).map((alternative) => arbitraryOf(alternative, resolve, pool, name, depth + 1))
    )
  }
  if (Array.isArray(resolved.allOf)) {
    const [first] = resolved.allOf.filter(isObject)
    return first === undefined ? fc.constant({}) : arbitraryOf(first, resolve, pool, name, depth + 1)
  }
  const type = Array.isArray(resolved.type) ? resolved.type[0] : resolved.type
  switch (type) {
    case "null":
      return fc.constant(null)
    case "boolean":
      return fc.boolean()
    case "integer":
      return integerOf(resolved)
    case "number":
      return fc.double({ min: -1e6, max: 1e6, noNaN: true })
    case "string":
      return stringOf(resolved)
    case "array": {
      const items = isObject(resolved.items) ? resolved.items : {}
      const minLength = typeof resolved.minItems === "number" ? resolved.minItems : 0
      const maxLength = Math.min(typeof resolved.maxItems === "number" ? resolved.maxItems : 3, minLength + 3)
      return fc.array(arbitraryOf(items, resolve, pool, name, depth + 1), { minLength, maxLength })
    }
    default:
      return objectOf(resolved, resolve, pool, depth)
  }
}

/**
 * An object: required properties always, optional ones one time in six (with
 * all of them, mutually exclusive ones would nearly always clash). An object
 * with a `category` enum names its detail after the category (`{category:
 * "tax", tax: {…}}`, the spec's convention), so that detail is always drawn.
 */
const objectOf = (
  schema: JsonSchema,
  resolve: (schema: JsonSchema) => JsonSchema,
  pool: IdPool,
  depth: number
): fc.Arbitrary<unknown> => {
  const properties = isObject(schema.properties) ? schema.properties : {}
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : [])
  const record = (also: ReadonlySet<string>, fixed: Record<string, unknown>, left: ReadonlySet<string> = new Set()) => {
    const absent = Symbol("absent")
    const fields: Record<string, fc.Arbitrary<unknown>> = {}
    for (const [property, propertySchema] of Object.entries(properties)) {
      if (!isObject(propertySchema) || left.has(property)) continue
      const value = property in fixed
        ? fc.constant(fixed[property])
        : arbitraryOf(propertySchema, resolve, pool, property, depth + 1)
      // Hinted fields are the ones a request usually needs (routing and account numbers …): always drawn.
      fields[property] = required.has(property) || also.has(property) || hints(property, pool) !== undefined
        ? value
        : fc.oneof({ weight: 5, arbitrary: fc.constant(absent) }, { weight: 1, arbitrary: value })
    }
    return fc.record(fields).map((drawn) =>
      Object.fromEntries(Object.entries(drawn).filter(([, value]) => value !== absent))
    )
  }
  const category = isObject(properties.category) ? resolve(properties.category) : {}
  const categories = Array.isArray(category.enum)
    ? category.enum.filter((value): value is string => typeof value === "string")
    : []
  if (categories.some((value) => value in properties)) {
    return fc.constantFrom(...categories).chain((value) =>
      record(new Set([value]), { category: value }, new Set(categories.filter((other) => other !== value)))
    )
  }
  return record(new Set(), {})
}
