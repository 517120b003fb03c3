/**
 * The served OpenAPI document as the fuzzer reads it: its operations (every
 * path and method, whatever groups exist today) and a validator of each
 * response against the document's own schema (ajv, JSON Schema 2020-12, the
 * dialect of OpenAPI 3.1).
 */
import { Ajv2020 } from "ajv/dist/2020.js"
// A CommonJS module whose exports object is the plugin, with itself as `default`.
import addFormats from "ajv-formats"

export type JsonSchema = { readonly [key: string]: unknown }

export interface Parameter {
  readonly name: string
  readonly in: "path" | "query" | "header" | "cookie"
  readonly required: boolean
  readonly schema: JsonSchema
}

export interface Operation {
  readonly method: string
  /** The templated path, `/accounts/{account_id}`. */
  readonly path: string
  readonly parameters: ReadonlyArray<Parameter>
  /** The JSON request body's schema, if the operation takes one. */
  readonly body: JsonSchema | undefined
  /** The response statuses the document declares. */
  readonly statuses: ReadonlyArray<string>
}

export interface Document {
  readonly operations: ReadonlyArray<Operation>
  /** Resolves `#/components/schemas/…` references. */
  readonly resolve: (schema: JsonSchema) => JsonSchema
  /** The operation that serves `method path` (a concrete path), preferring literal segments over parameters. */
  readonly route: (method: string, path: string) => Operation | undefined
  /** Schema errors of a JSON response body, or none; `undefined` when the document does not declare the status. */
  readonly validate: (operation: Operation, status: number, body: unknown) => ReadonlyArray<string> | undefined
}

const methods = ["get", "post", "patch", "put", "delete"] as const

const isObject = (value: unknown): value is JsonSchema =>
  value !== null && typeof value === "object" && !Array.isArray(value)

const at = (value: unknown, key: string): unknown => (isObject(value) ? value[key] : undefined)

const pointerSegment = (segment: string) => segment.replaceAll("~", "~0").replaceAll("/", "~1")

const documentId = "https://moneta.test/openapi.json"

/**
 * The document without nested `$id`s: Effect marks every `Schema.Unknown`
 * with `$id: "/schemas/unknown"`, which JSON Schema reads as several schemas
 * claiming one identifier. They carry no constraint.
 */
const withoutNestedIds = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withoutNestedIds)
  if (!isObject(value)) return value
  return Object.fromEntries(
    Object.entries(value).filter(([key]) => key !== "$id").map(([key, item]) => [key, withoutNestedIds(item)])
  )
}

export const read = (document: unknown): Document => {
  const paths = at(document, "paths")
  const schemas = at(at(document, "components"), "schemas")
  const operations: Array<Operation> = []
  for (const [path, item] of Object.entries(isObject(paths) ? paths : {})) {
    for (const method of methods) {
      const operation = at(item, method)
      if (!isObject(operation)) continue
      const parameters = Array.isArray(operation.parameters) ? operation.parameters.filter(isObject) : []
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: parameters.map((parameter) => ({
          name: String(parameter.name),
          in: parameter.in === "path" || parameter.in === "header" || parameter.in === "cookie"
            ? parameter.in
            : "query",
          required: parameter.required === true,
          schema: isObject(parameter.schema) ? parameter.schema : {}
        })),
        body: ((schema) => (isObject(schema) ? schema : undefined))(
          at(at(at(at(operation, "requestBody"), "content"), "application/json"), "schema")
        ),
        statuses: Object.keys(isObject(operation.responses) ? operation.responses : {})
      })
    }
  }

  const resolve = (schema: JsonSchema): JsonSchema => {
    const ref = schema.$ref
    if (typeof ref !== "string" || !ref.startsWith("#/components/schemas/")) return schema
    const target = at(schemas, ref.slice("#/components/schemas/".length))
    return isObject(target) ? resolve(target) : {}
  }

  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats.default(ajv)
  const cleaned = withoutNestedIds(document)
  ajv.addSchema({ ...(isObject(cleaned) ? cleaned : {}), $id: documentId })
  const validate = (operation: Operation, status: number, body: unknown) => {
    const schemaPath = [
      "paths",
      operation.path,
      operation.method.toLowerCase(),
      "responses",
      String(status),
      "content",
      "application/json",
      "schema"
    ]
    let node: unknown = document
    for (const segment of schemaPath) node = at(node, segment)
    // A declared status whose body is not JSON (file contents) has nothing for a JSON schema to check.
    if (!isObject(node)) return operation.statuses.includes(String(status)) ? [] : undefined
    const validator = ajv.getSchema(`${documentId}#/${schemaPath.map(pointerSegment).join("/")}`)
    if (validator === undefined) return [`no validator for ${schemaPath.join(" ")}`]
    return validator(body)
      ? []
      : (validator.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ""}`)
  }

  const route = (method: string, path: string) => {
    const segments = path.split("/")
    let best: { readonly operation: Operation; readonly literals: number } | undefined
    for (const operation of operations) {
      const template = operation.path.split("/")
      if (operation.method !== method || template.length !== segments.length) continue
      const matches = template.every((part, index) =>
        part.startsWith("{") ? (segments[index] ?? "").length > 0 : part === segments[index]
      )
      const literals = template.filter((part) => !part.startsWith("{")).length
      if (matches && (best === undefined || literals > best.literals)) best = { operation, literals }
    }
    return best?.operation
  }

  return { operations, resolve, route, validate }
}
