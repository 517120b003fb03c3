/**
 * The parts of a multipart request body keep their descriptions in the
 * document. Effect 4 documents a file part by its bytes alone (the part's
 * schema, annotations included, becomes `{ type: string, format: binary }`),
 * so the description the contract gives a part is set back on the body's
 * schema, for each part the document leaves undescribed.
 */
import { Predicate, SchemaAST } from "effect"
import { HttpApi, type HttpApiGroup } from "effect/http-api"

type Node = { [key: string]: unknown }

const isNode = (value: unknown): value is Node => Predicate.isObject(value) && !Array.isArray(value)

const multipart = "multipart/form-data"

/** Each operation's part descriptions (`post /files` → `file` → its description). */
export type PartDescriptions = ReadonlyMap<string, ReadonlyMap<string, string>>

const descriptionOf = (ast: SchemaAST.AST): string | undefined => {
  const own = SchemaAST.resolveDescription(ast)
  if (own !== undefined) return own
  const key = ast.context?.annotations?.["description"]
  return typeof key === "string" ? key : undefined
}

/** The descriptions of the parts of every multipart body of `api`. */
export const partDescriptionsOf = <Id extends string, Groups extends HttpApiGroup.Constraint>(
  api: HttpApi.HttpApi<Id, Groups>
): PartDescriptions => {
  const operations = new Map<string, ReadonlyMap<string, string>>()
  HttpApi.reflect(api, {
    onGroup: () => undefined,
    onEndpoint: ({ endpoint }) => {
      const parts = new Map<string, string>()
      for (const schema of endpoint.payload.get(multipart)?.schemas ?? []) {
        const ast = schema.ast
        if (ast._tag !== "Objects") continue
        for (const property of ast.propertySignatures) {
          const description = descriptionOf(property.type)
          if (description !== undefined) parts.set(String(property.name), description)
        }
      }
      if (parts.size > 0) {
        operations.set(`${endpoint.method.toLowerCase()} ${endpoint.path.replace(/:(\w+)/g, "{$1}")}`, parts)
      }
    }
  })
  return operations
}

const componentPrefix = "#/components/schemas/"

/** The schema `schema` refers to, or itself. */
const resolved = (schemas: Node, schema: unknown): Node | undefined => {
  if (!isNode(schema)) return undefined
  const ref = schema["$ref"]
  if (typeof ref !== "string" || !ref.startsWith(componentPrefix)) return schema
  const component = schemas[ref.slice(componentPrefix.length)]
  return isNode(component) ? component : undefined
}

/** Describes the undescribed parts of the multipart bodies of `document`. */
export const apply = (document: Node, schemas: Node, descriptions: PartDescriptions): void => {
  const paths = document["paths"]
  for (const [operationKey, parts] of descriptions) {
    const [method = "", path = ""] = operationKey.split(" ")
    const pathItem = isNode(paths) ? paths[path] : undefined
    const operation = isNode(pathItem) ? pathItem[method] : undefined
    const requestBody = isNode(operation) ? operation["requestBody"] : undefined
    const content = isNode(requestBody) ? requestBody["content"] : undefined
    const mediaType = isNode(content) ? content[multipart] : undefined
    const body = resolved(schemas, isNode(mediaType) ? mediaType["schema"] : undefined)
    const properties = body === undefined ? undefined : body["properties"]
    if (!isNode(properties)) continue
    for (const [name, description] of parts) {
      const property = properties[name]
      if (isNode(property) && typeof property["description"] !== "string") property["description"] = description
    }
  }
}
