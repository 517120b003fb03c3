/**
 * What the OpenAPI document says for every operation at once, applied to the
 * whole generated document (so groups added later follow it without doing
 * anything):
 *
 * - every POST documents the `Idempotency-Key` header (decisions.md b), but
 *   the control API's (`/moneta/…`, no group's request);
 * - a query parameter whose text stands for something else is documented as
 *   what it stands for: a comma-separated list (the `*.in` filters, marked by
 *   the domain's `commaSeparatedItemsAnnotation`) as an array of its items,
 *   sent `style: form, explode: false`; a number (`limit`, marked by
 *   `documentedAs`) by its JSON Schema. Effect 4 documents a query parameter by
 *   its text only, so these are read from the contract's schemas;
 * - a parameter repeats its schema's description, where readers of a
 *   parameter list look for it;
 * - an error response that can carry several errors (a 404 is an unknown path
 *   or an unknown object) is described by all of their descriptions;
 * - an array schema always has `items`;
 * - a component is named by its schema's identifier: Effect 4 names the wire
 *   side of a schema whose identifier is on its decoded side (a resource class,
 *   `Timestamp`) `<identifier>Encoded`, but the document shows wire shapes only,
 *   and clients generate their type names from these names;
 * - each tag is listed once (two groups may share one), with
 *   the tags that only endpoints name (`OpenApi.Override`) added;
 * - a multipart body's parts keep their descriptions (`MultipartDescriptions`);
 * - a field's own description wins over the one of a schema it shares
 *   (`FieldDescriptions`).
 */
import { commaSeparatedItemsAnnotation } from "@moneta/domain/ListParameters"
import { Predicate, SchemaAST } from "effect"
import { HttpApi, type HttpApiGroup } from "effect/http-api"
import * as FieldDescriptions from "./FieldDescriptions.js"
import * as MultipartDescriptions from "./MultipartDescriptions.js"
import { documentedAs } from "./Parameters.js"

/**
 * The platform hands the document over as a plain record: everything below
 * checks the shape it relies on instead of assuming it.
 */
type Node = { [key: string | symbol]: unknown }

const isNode = (value: unknown): value is Node => Predicate.isObject(value)

const nodesIn = (value: unknown): ReadonlyArray<Node> =>
  isNode(value) ? Object.values(value).filter(isNode) : Array.isArray(value) ? value.filter(isNode) : []

const idempotencyKeyHeader = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  schema: { type: "string", minLength: 1, maxLength: 200 },
  description: "A key you choose (1 to 200 characters, unique across the service) so that the request is processed " +
    "once: a retry with the same key and the same request returns the first response (with `Idempotent-Replayed: true`); " +
    "the same key with a different request is a 409 `idempotency_key_already_used_error`."
}

const visitObjects = (value: unknown, visit: (node: Node) => void): void => {
  if (Array.isArray(value)) {
    for (const item of value) visitObjects(item, visit)
  } else if (isNode(value)) {
    visit(value)
    for (const nested of Object.values(value)) visitObjects(nested, visit)
  }
}

const arrayWithItems = (node: Node): void => {
  if (node["type"] === "array" && !("items" in node) && !("prefixItems" in node)) node["items"] = {}
}

const refOf = (schema: unknown): string | undefined =>
  isNode(schema) && typeof schema["$ref"] === "string" ? schema["$ref"] : undefined

const componentDescription = (schemas: Node, ref: string): string | undefined => {
  const component = schemas[ref.replace("#/components/schemas/", "")]
  return isNode(component) && typeof component["description"] === "string" ? component["description"] : undefined
}

const descriptionOf = (schemas: Node, schema: unknown): string | undefined => {
  const ref = refOf(schema)
  if (ref !== undefined) return componentDescription(schemas, ref)
  return isNode(schema) && typeof schema["description"] === "string" ? schema["description"] : undefined
}

/** Describes an error response by each error it can carry, in the order the response lists them. */
const describeAlternatives = (schemas: Node, response: Node): void => {
  const content = response["content"]
  const json = isNode(content) ? content["application/json"] : undefined
  const schema = isNode(json) ? json["schema"] : undefined
  if (!isNode(schema) || !Array.isArray(schema["anyOf"])) return
  const alternatives: ReadonlyArray<unknown> = schema["anyOf"]
  const descriptions = alternatives.flatMap((alternative) => {
    const description = descriptionOf(schemas, alternative)
    return description === undefined ? [] : [description]
  })
  if (descriptions.length > 0) response["description"] = descriptions.join(" Or: ")
}

/** Repeats the description of a parameter's own schema (not of a component it refers to) on the parameter. */
const describeParameter = (parameter: Node): void => {
  const schema = parameter["schema"]
  if (typeof parameter["description"] === "string" || !isNode(schema)) return
  if (typeof schema["description"] === "string") parameter["description"] = schema["description"]
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

/** The first value of `key` on `ast`, its union members or the schemas it is encoded from. */
const annotationIn = (ast: SchemaAST.AST, key: string, seen: Set<SchemaAST.AST> = new Set()): unknown => {
  if (seen.has(ast)) return undefined
  seen.add(ast)
  const here = SchemaAST.resolveAt<unknown>(key)(ast) ?? ast.annotations?.[key]
  if (here !== undefined) return here
  const next = [...(ast._tag === "Union" ? ast.types : []), ...(ast.encoding ?? []).map((link) => link.to)]
  for (const nested of next) {
    const found = annotationIn(nested, key, seen)
    if (found !== undefined) return found
  }
  return undefined
}

/** What the document shows for a query parameter instead of its text, if anything. */
const documentedSchema = (ast: SchemaAST.AST, documented: Node): Node | undefined => {
  const schema = annotationIn(ast, documentedAs)
  if (isNode(schema)) return { ...schema }
  const items = annotationIn(ast, commaSeparatedItemsAnnotation)
  if (!isNode(items)) return undefined
  const description = documented["description"]
  return { type: "array", items, minItems: 1, ...(typeof description === "string" ? { description } : {}) }
}

/** `/accounts/:account_id` as the document writes it: `/accounts/{account_id}`. */
const documentPath = (path: string) => path.replace(/:(\w+)/g, "{$1}")

type QueryDocumentation = ReadonlyMap<string, ReadonlyMap<string, SchemaAST.AST>>

/** Each operation's query parameters (`get /accounts` → `status.in` → its schema). */
const queryParametersOf = <Id extends string, Groups extends HttpApiGroup.Constraint>(
  api: HttpApi.HttpApi<Id, Groups>
): QueryDocumentation => {
  const operations = new Map<string, ReadonlyMap<string, SchemaAST.AST>>()
  HttpApi.reflect(api, {
    onGroup: () => undefined,
    onEndpoint: ({ endpoint }) => {
      const ast = endpoint.query?.ast
      if (ast === undefined || ast._tag !== "Objects") return
      operations.set(
        `${endpoint.method.toLowerCase()} ${documentPath(endpoint.path)}`,
        new Map(ast.propertySignatures.map((property) => [String(property.name), property.type]))
      )
    }
  })
  return operations
}

const documentQueryParameter = (parameter: Node, schemas: ReadonlyMap<string, SchemaAST.AST> | undefined) => {
  const ast = parameter["in"] === "query" && typeof parameter["name"] === "string"
    ? schemas?.get(parameter["name"])
    : undefined
  const documented = parameter["schema"]
  if (ast === undefined || !isNode(documented)) return
  const schema = documentedSchema(ast, documented)
  if (schema !== undefined) parameter["schema"] = schema
}

const encodedSuffix = "Encoded"
const componentRef = (name: string) => `#/components/schemas/${name}`

/** Renames `XEncoded` components to `X` (where no `X` exists) and every reference to them. */
const nameComponentsByIdentifier = (document: Record<string, unknown>, schemas: Node): void => {
  const renamed = new Map<string, string>()
  for (const name of Object.keys(schemas)) {
    const identifier = name.endsWith(encodedSuffix) ? name.slice(0, -encodedSuffix.length) : ""
    if (identifier.length === 0 || identifier in schemas) continue
    schemas[identifier] = schemas[name]
    delete schemas[name]
    renamed.set(componentRef(name), componentRef(identifier))
  }
  if (renamed.size === 0) return
  visitObjects(document, (node) => {
    const ref = refOf(node)
    const target = ref === undefined ? undefined : renamed.get(ref)
    if (target !== undefined) node["$ref"] = target
  })
}

const methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const

/** The conventions for the document of `api`, whose schemas say how query parameters are documented. */
export const apply = <Id extends string, Groups extends HttpApiGroup.Constraint>(api: HttpApi.HttpApi<Id, Groups>) => {
  const queryParameters = queryParametersOf(api)
  const partDescriptions = MultipartDescriptions.partDescriptionsOf(api)
  return (document: Record<string, unknown>): Record<string, unknown> => {
    const components = document["components"]
    MultipartDescriptions.apply(
      document,
      isNode(components) && isNode(components["schemas"]) ? components["schemas"] : {},
      partDescriptions
    )
    return applyTo(document, queryParameters)
  }
}

const applyTo = (document: Record<string, unknown>, queryParameters: QueryDocumentation) => {
  const components = document["components"]
  const schemas = isNode(components) && isNode(components["schemas"]) ? components["schemas"] : {}
  // First, so that parameters repeat the descriptions it settles.
  FieldDescriptions.apply(document, schemas)
  const endpointTags: Array<unknown> = []
  const paths = document["paths"]
  for (const [path, pathItem] of isNode(paths) ? Object.entries(paths) : []) {
    if (!isNode(pathItem)) continue
    for (const method of methods) {
      const operation = pathItem[method]
      if (!isNode(operation)) continue
      if (Array.isArray(operation["tags"])) endpointTags.push(...operation["tags"])
      const parameters = parametersOf(operation)
      for (const parameter of parameters) {
        if (!isNode(parameter)) continue
        documentQueryParameter(parameter, queryParameters.get(`${method} ${path}`))
        describeParameter(parameter)
        // OpenAPI's way to say "comma-separated".
        if (isArrayQueryParameter(parameter)) Object.assign(parameter, { style: "form", explode: false })
      }
      // The control API's (`/moneta/…`) calls belong to no group's idempotency keys.
      if (method === "post" && !path.startsWith("/moneta/") && !parameters.some(namesIdempotencyKey)) {
        parameters.push({ ...idempotencyKeyHeader })
      }
      const responses = operation["responses"]
      for (const [status, response] of isNode(responses) ? Object.entries(responses) : []) {
        if (Number(status) >= 400 && isNode(response)) describeAlternatives(schemas, response)
      }
    }
  }
  visitObjects(document["paths"], arrayWithItems)
  visitObjects(schemas, arrayWithItems)
  nameComponentsByIdentifier(document, schemas)
  const tags = new Map<string, Node>()
  for (const tag of nodesIn(document["tags"])) {
    if (typeof tag["name"] === "string") tags.set(tag["name"], { ...tags.get(tag["name"]), ...tag })
  }
  for (const name of endpointTags) if (typeof name === "string" && !tags.has(name)) tags.set(name, { name })
  document["tags"] = Array.from(tags.values())
  return document
}
