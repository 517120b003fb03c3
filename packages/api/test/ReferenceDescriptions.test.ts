/**
 * The API reference explains every field: over the whole document derived
 * from `MonetaApi`, every property of every schema an operation uses and every
 * parameter has a description of its own that says what it means (not the
 * schema's validation text, such as "a string at most 200 character(s) long"),
 * no shared schema is described by validation text either, and every operation
 * shows an example request body (where it takes one) and an example response,
 * each of which the contract decodes. A failure lists each offender by where
 * it is in the document, after a count per area (an operation's tag for its
 * parameters and inline bodies, a component's name for its fields).
 */
import { describe, expect, it } from "@effect/vitest"
import { Exit, Schema } from "effect"
import { HttpApi, type HttpApiEndpoint } from "effect/http-api"
import { MonetaApi } from "../src/MonetaApi.js"
import { document } from "../src/OpenApiDocument.js"
import { strictParseOptions } from "../src/Parameters.js"

type Json = { readonly [key: string]: unknown }
const isJson = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value)
const entriesOf = (value: unknown): ReadonlyArray<readonly [string, Json]> =>
  isJson(value) ? Object.entries(value).filter((entry): entry is [string, Json] => isJson(entry[1])) : []
const arrayOf = (value: unknown): ReadonlyArray<unknown> => Array.isArray(value) ? value : []

const spec: unknown = JSON.parse(JSON.stringify(document()))
const root = isJson(spec) ? spec : {}
const schemas = isJson(root["components"]) && isJson(root["components"]["schemas"]) ? root["components"]["schemas"] : {}

const methods = new Set(["get", "put", "post", "delete", "patch"])
const operations = entriesOf(root["paths"]).flatMap(([path, item]) =>
  entriesOf(item).filter(([method]) => methods.has(method)).map(([method, operation]) => ({
    name: `${method.toUpperCase()} ${path}`,
    method,
    path,
    area: String(arrayOf(operation["tags"])[0] ?? "(no tag)"),
    operation
  }))
)

/**
 * What a description must not be: the text of a schema's checks instead of the field's meaning
 * ("a string at most 200 character(s) long", "a number less than or equal to 9007199254740991",
 * "Expected a string, got null").
 */
const validationText =
  /^(a|an) (string|number|integer|boolean|array)\b|at most \d+ character|(less|greater) than (or equal to )?-?\d|^Expected /i

const realDescription = (node: Json): boolean =>
  typeof node["description"] === "string" && /\S/.test(node["description"]) && !validationText.test(node["description"])

interface Offender {
  readonly area: string
  readonly at: string
}

const componentPrefix = "#/components/schemas/"

/**
 * The fields of `schema` (and of the schemas it refers to or nests) without a
 * real description. Each component is walked once; its fields count for the
 * component (its name is the area), inline fields for `area`.
 */
const undescribedFields = (
  schema: unknown,
  at: string,
  area: string,
  walked: Set<string>
): ReadonlyArray<Offender> => {
  if (!isJson(schema)) return []
  const offenders: Array<Offender> = []
  const ref = schema["$ref"]
  if (typeof ref === "string" && ref.startsWith(componentPrefix)) {
    const name = ref.slice(componentPrefix.length)
    if (!walked.has(name)) {
      walked.add(name)
      offenders.push(...undescribedFields(schemas[name], `${ref}`, name, walked))
    }
  }
  for (const [name, property] of entriesOf(schema["properties"])) {
    const where = `${at}/properties/${name}`
    if (!realDescription(property)) offenders.push({ area, at: where })
    offenders.push(...undescribedFields(property, where, area, walked))
  }
  for (const key of ["items", "additionalProperties", "not"]) {
    offenders.push(...undescribedFields(schema[key], `${at}/${key}`, area, walked))
  }
  for (const key of ["anyOf", "oneOf", "allOf", "prefixItems"]) {
    arrayOf(schema[key]).forEach((member, index) => {
      offenders.push(...undescribedFields(member, `${at}/${key}/${index}`, area, walked))
    })
  }
  return offenders
}

const mediaTypesOf = (holder: unknown): ReadonlyArray<readonly [string, Json]> =>
  isJson(holder) ? entriesOf(holder["content"]) : []

const isSuccess = (status: string) => /^2\d\d$/.test(status)

/** Bytes (a file's contents) have no example worth showing. */
const isBinary = (mediaType: Json) => isJson(mediaType["schema"]) && mediaType["schema"]["format"] === "binary"

const hasExample = (mediaType: Json) => "example" in mediaType || isJson(mediaType["examples"])

const exampleOf = (mediaType: Json): unknown => {
  if ("example" in mediaType) return mediaType["example"]
  const first = entriesOf(mediaType["examples"])[0]
  return first === undefined ? undefined : first[1]["value"]
}

const countByArea = (offenders: ReadonlyArray<Offender>): string => {
  const counts = new Map<string, number>()
  for (const { area } of offenders) counts.set(area, (counts.get(area) ?? 0) + 1)
  return Array.from(counts, ([area, count]) => `  ${area}: ${count}`).sort().join("\n")
}

const report = (what: string, offenders: ReadonlyArray<Offender>): string =>
  offenders.length === 0
    ? ""
    : `${offenders.length} ${what}, by area:\n${countByArea(offenders)}\n\n${
      offenders.map(({ area, at }) => `  [${area}] ${at}`).join("\n")
    }`

/** The endpoints of the contract by `METHOD /path` as the document writes them. */
const endpoints = new Map<string, HttpApiEndpoint.Top>()
HttpApi.reflect(MonetaApi, {
  onGroup: () => undefined,
  onEndpoint: ({ endpoint }) => {
    endpoints.set(`${endpoint.method} ${endpoint.path.replace(/:(\w+)/g, "{$1}")}`, endpoint)
  }
})

/** Why `example` is not a body `schemas` decode (with the contract's options), or undefined when one does. */
const refusal = (schemas: ReadonlyArray<Schema.Top>, example: unknown): string | undefined => {
  if (schemas.length === 0) return "the contract declares no schema here"
  const reasons = schemas.map((schema) => {
    // Typed as needing any services, but the contract's body schemas need none (the server decodes them with none).
    const codec = Schema.toCodecJson(schema) as unknown as Schema.Codec<unknown, unknown>
    const exit = Schema.decodeUnknownExit(codec)(example, strictParseOptions)
    return Exit.isSuccess(exit) ? undefined : String(exit.cause)
  })
  return reasons.includes(undefined) ? undefined : reasons.join("\n")
}

describe("the API reference", () => {
  it("describes every parameter and every field by its meaning", () => {
    const walked = new Set<string>()
    const offenders: Array<Offender> = []
    for (const { area, name, operation } of operations) {
      for (const parameter of arrayOf(operation["parameters"])) {
        if (!isJson(parameter)) continue
        if (!realDescription(parameter)) {
          offenders.push({ area, at: `${name} ${String(parameter["in"])} parameter ${String(parameter["name"])}` })
        }
        offenders.push(...undescribedFields(parameter["schema"], `${name} ${String(parameter["name"])}`, area, walked))
      }
      for (const [contentType, mediaType] of mediaTypesOf(operation["requestBody"])) {
        offenders.push(...undescribedFields(mediaType["schema"], `${name} request ${contentType}`, area, walked))
      }
      for (const [status, response] of entriesOf(operation["responses"])) {
        for (const [contentType, mediaType] of mediaTypesOf(response)) {
          offenders.push(...undescribedFields(mediaType["schema"], `${name} ${status} ${contentType}`, area, walked))
        }
      }
    }
    expect(report("parameters and fields without a description of their meaning", offenders)).toBe("")
  })

  it("describes no shared schema by its validation text", () => {
    const offenders = entriesOf(schemas).filter(([, schema]) =>
      typeof schema["description"] === "string" && validationText.test(schema["description"])
    ).map(([name]) => ({ area: name, at: `${componentPrefix}${name}` }))
    expect(report("schemas described by their validation text", offenders)).toBe("")
  })

  it("shows an example request body and response for every operation, each decoded by the contract", () => {
    const missing: Array<Offender> = []
    const refused: Array<Offender> = []
    for (const { area, method, name, operation, path } of operations) {
      const endpoint = endpoints.get(`${method.toUpperCase()} ${path}`)
      const check = (where: string, mediaType: Json, contentType: string, bodySchemas: ReadonlyArray<Schema.Top>) => {
        if (isBinary(mediaType)) return
        if (!hasExample(mediaType)) return missing.push({ area, at: `${name} ${where}` })
        // A multipart body carries a file, which JSON cannot: its example is checked by the schema in the document.
        if (contentType !== "application/json") return
        const reason = refusal(bodySchemas, exampleOf(mediaType))
        if (reason !== undefined) refused.push({ area, at: `${name} ${where}: ${reason}` })
      }
      const payloads = endpoint === undefined
        ? []
        : Array.from(endpoint.payload.values()).flatMap(({ schemas }) => schemas)
      for (const [contentType, mediaType] of mediaTypesOf(operation["requestBody"])) {
        check(`request ${contentType}`, mediaType, contentType, payloads)
      }
      const successes = endpoint === undefined ? [] : Array.from(endpoint.success)
      const responses = entriesOf(operation["responses"]).filter(([status]) => isSuccess(status))
      if (responses.length === 0) missing.push({ area, at: `${name}: no successful response` })
      for (const [status, response] of responses) {
        for (const [contentType, mediaType] of mediaTypesOf(response)) {
          check(`${status} ${contentType}`, mediaType, contentType, successes)
        }
      }
    }
    expect(
      [
        report("request bodies and responses without an example", missing),
        report("examples the contract refuses", refused)
      ]
        .filter((text) => text.length > 0).join("\n\n")
    ).toBe("")
  })
})
