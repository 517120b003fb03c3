/**
 * A field's own description wins over the description of a schema it shares
 * (`described` in `@moneta/domain/Described`), in the document as readers see it.
 *
 * Effect 4 writes a field described by a key annotation as
 * `allOf: [{ $ref }, { description }]` (or `{ type, allOf: [{ description }] }`),
 * and reference viewers show a referenced component's description, not one
 * beside the reference. So, over the whole document:
 *
 * - `allOf` members that hold annotations only are merged into the schema
 *   holding them;
 * - a schema left as a lone reference with annotations of its own is written in
 *   place, a copy of the component with those annotations, when the component
 *   is a string, a number or a boolean (`Amount`, `Timestamp`); an object or a
 *   union stays a reference, with the annotations beside it (OpenAPI 3.1 allows
 *   them; a viewer that ignores them shows the component's own description);
 * - a described schema whose `anyOf` refers to a string, number or boolean
 *   component that has a description of its own (a nullable `Amount`) writes
 *   that component in place without it (viewers show the lone non-null
 *   member's description over the field's);
 * - an `anyOf` of one schema (a described optional query parameter) is that
 *   schema;
 *
 * and the components left without any reference are dropped.
 */
import { Predicate } from "effect"

type Node = { [key: string]: unknown }

const isNode = (value: unknown): value is Node => Predicate.isObject(value) && !Array.isArray(value)

const annotationKeys: ReadonlySet<string> = new Set([
  "description",
  "title",
  "examples",
  "default",
  "readOnly",
  "writeOnly"
])

const isAnnotationsOnly = (node: Node) => {
  const keys = Object.keys(node)
  return keys.length > 0 && keys.every((key) => annotationKeys.has(key))
}

const visit = (value: unknown, f: (node: Node) => void): void => {
  if (Array.isArray(value)) {
    for (const item of value) visit(item, f)
  } else if (isNode(value)) {
    f(value)
    for (const nested of Object.values(value)) visit(nested, f)
  }
}

const componentPrefix = "#/components/schemas/"

const refOf = (node: Node): string | undefined => {
  const ref = node["$ref"]
  return typeof ref === "string" && ref.startsWith(componentPrefix) ? ref.slice(componentPrefix.length) : undefined
}

/** Moves annotation-only `allOf` members into the schema that holds them. */
const mergeAnnotationMembers = (node: Node): void => {
  const allOf = node["allOf"]
  if (!Array.isArray(allOf)) return
  const annotations = allOf.filter((member): member is Node => isNode(member) && isAnnotationsOnly(member))
  if (annotations.length === 0) return
  const rest = allOf.filter((member) => !annotations.includes(member))
  if (rest.length === 0) delete node["allOf"]
  else node["allOf"] = rest
  for (const member of annotations) Object.assign(node, member)
}

const copyOf = (value: unknown): unknown => JSON.parse(JSON.stringify(value))

/** A string, number, integer or boolean schema: small enough to be written at every use. */
const isScalar = (schema: Node): boolean =>
  ["string", "number", "integer", "boolean"].includes(String(schema["type"])) &&
  !["properties", "anyOf", "oneOf", "allOf", "items"].some((key) => key in schema)

/** Writes a described lone reference (`{ allOf: [{ $ref }], description }`) in place. */
const writeInPlace = (schemas: Node) => (node: Node): void => {
  const allOf = node["allOf"]
  if (!Array.isArray(allOf) || allOf.length !== 1 || typeof node["description"] !== "string") return
  const [only] = allOf
  const name = isNode(only) ? refOf(only) : undefined
  const component = name === undefined ? undefined : schemas[name]
  if (!isNode(component) || !Object.keys(node).every((key) => key === "allOf" || annotationKeys.has(key))) return
  const annotations = { ...node }
  delete annotations["allOf"]
  for (const key of Object.keys(node)) delete node[key]
  // An object or a union stays one component (no copy at every use): the reference, with the field's annotations beside it.
  Object.assign(node, isScalar(component) ? copyOf(component) : { $ref: `${componentPrefix}${name}` }, annotations)
}

/** In a described `anyOf`, writes the members that refer to a described component in place, without that description. */
const preferFieldDescription = (schemas: Node) => (node: Node): void => {
  const anyOf = node["anyOf"]
  if (!Array.isArray(anyOf) || typeof node["description"] !== "string") return
  node["anyOf"] = anyOf.map((member) => {
    const name = isNode(member) ? refOf(member) : undefined
    const component = name === undefined ? undefined : schemas[name]
    if (!isNode(component) || typeof component["description"] !== "string" || !isScalar(component)) return member
    const copy = copyOf(component)
    if (isNode(copy)) delete copy["description"]
    return copy
  })
}

/** An `anyOf` of one schema is that schema (Effect keeps a described optional query parameter as one). */
const unwrapLoneMember = (node: Node): void => {
  const anyOf = node["anyOf"]
  if (!Array.isArray(anyOf) || anyOf.length !== 1 || !isNode(anyOf[0])) return
  const [member] = anyOf
  delete node["anyOf"]
  for (const [key, value] of Object.entries(member)) if (!(key in node)) node[key] = value
}

const referencedComponents = (document: Node): ReadonlySet<string> => {
  const names = new Set<string>()
  visit(document, (node) => {
    const name = refOf(node)
    if (name !== undefined) names.add(name)
  })
  return names
}

export const apply = (document: Node, schemas: Node): void => {
  const before = referencedComponents(document)
  visit(document, mergeAnnotationMembers)
  visit(document, writeInPlace(schemas))
  visit(document, preferFieldDescription(schemas))
  visit(document, unwrapLoneMember)
  // A dropped component may have held the last reference to another one.
  for (let unused = before; unused.size > 0;) {
    const after = referencedComponents(document)
    unused = new Set([...before].filter((name) => name in schemas && !after.has(name)))
    for (const name of unused) delete schemas[name]
  }
}
