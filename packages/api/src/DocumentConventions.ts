/**
 * What the OpenAPI document says for every operation at once, applied to the
 * whole generated document (so groups added later follow it without doing
 * anything):
 *
 * - every POST documents the `Idempotency-Key` header (decisions.md b);
 * - array query parameters (the `*.in` filters) are sent comma-separated:
 *   `style: form, explode: false`;
 * - error responses show the wire bodies only: the platform's decode-error
 *   shape never reaches a client (http's ErrorMapping turns it into
 *   `invalid_parameters_error`), so it is dropped with its components;
 * - Effect's placeholders for schemas without a name (`$id: /schemas/unknown`
 *   for `Schema.Unknown`, `/schemas/{}` for an empty struct) become plain JSON
 *   Schema (`{}`, `{ type: object }`), and an array schema always has `items`;
 * - each tag is listed once (two groups may share one), with
 *   the tags that only endpoints name (`OpenApi.Override`) added.
 */
import { Predicate } from "effect"

/**
 * The platform hands the document over as a plain record: everything below
 * checks the shape it relies on instead of assuming it.
 */
type Node = { [key: string | symbol]: unknown }

const isNode = (value: unknown): value is Node => Predicate.isRecord(value)

const nodesIn = (value: unknown): ReadonlyArray<Node> =>
  isNode(value) ? Object.values(value).filter(isNode) : Array.isArray(value) ? value.filter(isNode) : []

const idempotencyKeyHeader = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  schema: { type: "string", minLength: 1, maxLength: 200 },
  description:
    "A key you choose (at most 200 characters, unique across the service) so that the request is processed " +
    "once: a retry with the same key and the same request returns the first response (with `Idempotent-Replayed: true`); " +
    "the same key with a different request is a 409 `idempotency_key_already_used_error`."
}

const decodeErrorComponents = ["HttpApiDecodeError", "Issue", "PropertyKey"] as const
const decodeErrorRef = "#/components/schemas/HttpApiDecodeError"

const visitObjects = (value: unknown, visit: (node: Node) => void): void => {
  if (Array.isArray(value)) {
    for (const item of value) visitObjects(item, visit)
  } else if (isNode(value)) {
    visit(value)
    for (const nested of Object.values(value)) visitObjects(nested, visit)
  }
}

const plainJsonSchema = (node: Node): void => {
  const id = node["$id"]
  if (typeof id === "string" && id.startsWith("/schemas/")) {
    delete node["$id"]
    if (node["title"] === "unknown") delete node["title"]
    if (id === "/schemas/%7B%7D") {
      delete node["anyOf"]
      node["type"] = "object"
    }
  }
  if (node["type"] === "array" && !("items" in node) && !("prefixItems" in node)) node["items"] = {}
}

const refOf = (schema: unknown): string | undefined =>
  isNode(schema) && typeof schema["$ref"] === "string" ? schema["$ref"] : undefined

const componentDescription = (schemas: Node, ref: string): string | undefined => {
  const component = schemas[ref.replace("#/components/schemas/", "")]
  return isNode(component) && typeof component["description"] === "string" ? component["description"] : undefined
}

/** Removes the decode-error alternative from an error response; its description becomes the remaining errors'. */
const withoutDecodeError = (schemas: Node, response: Node): void => {
  const content = response["content"]
  const json = isNode(content) ? content["application/json"] : undefined
  if (!isNode(json)) return
  const schema = json["schema"]
  if (!isNode(schema) || !Array.isArray(schema["anyOf"])) return
  const alternatives: ReadonlyArray<unknown> = schema["anyOf"]
  if (!alternatives.some((alternative) => refOf(alternative) === decodeErrorRef)) return
  const remaining = alternatives.filter((alternative) => refOf(alternative) !== decodeErrorRef)
  const onlyRef = remaining.length === 1 ? refOf(remaining[0]) : undefined
  if (onlyRef !== undefined) json["schema"] = { $ref: onlyRef }
  else schema["anyOf"] = remaining
  const descriptions = remaining.flatMap((alternative) => {
    const ref = refOf(alternative)
    const description = ref === undefined ? undefined : componentDescription(schemas, ref)
    return description === undefined ? [] : [description]
  })
  if (descriptions.length > 0) response["description"] = descriptions.join(" Or: ")
}

const parametersOf = (operation: Node): Array<unknown> => {
  const parameters = operation["parameters"]
  if (Array.isArray(parameters)) return parameters
  const created: Array<unknown> = []
  operation["parameters"] = created
  return created
}

const isArrayQueryParameter = (parameter: unknown): parameter is Node =>
  isNode(parameter) && parameter["in"] === "query" && isNode(parameter["schema"]) &&
  parameter["schema"]["type"] === "array"

const namesIdempotencyKey = (parameter: unknown) =>
  isNode(parameter) && typeof parameter["name"] === "string" && parameter["name"].toLowerCase() === "idempotency-key"

const methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const

export const apply = (document: Record<string, unknown>): Record<string, unknown> => {
  const components = document["components"]
  const schemas = isNode(components) && isNode(components["schemas"]) ? components["schemas"] : {}
  const endpointTags: Array<unknown> = []
  for (const pathItem of nodesIn(document["paths"])) {
    for (const method of methods) {
      const operation = pathItem[method]
      if (!isNode(operation)) continue
      if (Array.isArray(operation["tags"])) endpointTags.push(...operation["tags"])
      const parameters = parametersOf(operation)
      for (const parameter of parameters) {
        // OpenAPI's way to say "comma-separated".
        if (isArrayQueryParameter(parameter)) Object.assign(parameter, { style: "form", explode: false })
      }
      if (method === "post" && !parameters.some(namesIdempotencyKey)) parameters.push({ ...idempotencyKeyHeader })
      for (const response of nodesIn(operation["responses"])) withoutDecodeError(schemas, response)
    }
  }
  // In order: the decode error first, then what only it referenced.
  for (const name of decodeErrorComponents) {
    if (!JSON.stringify([document["paths"], schemas]).includes(`"#/components/schemas/${name}"`)) delete schemas[name]
  }
  visitObjects(document["paths"], plainJsonSchema)
  visitObjects(schemas, plainJsonSchema)
  const tags = new Map<string, Node>()
  for (const tag of nodesIn(document["tags"])) {
    if (typeof tag["name"] === "string") tags.set(tag["name"], { ...tags.get(tag["name"]), ...tag })
  }
  for (const name of endpointTags) if (typeof name === "string" && !tags.has(name)) tags.set(name, { name })
  document["tags"] = Array.from(tags.values())
  return document
}
