/**
 * The OpenAPI document the server serves (`/openapi.json`), read once per
 * tab: the simulation and control forms are made from its operations, the
 * list filters from its list endpoints' query parameters. What the page
 * offers follows the API, new parameters included.
 */

export const record = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null ? value as Record<string, unknown> : {}

let document: Promise<unknown> | undefined

export const load = (): Promise<unknown> => {
  document ??= fetch("/openapi.json").then((response) => response.json())
  return document
}

/**
 * How a filter is typed: free text (an id; or several comma-separated values
 * the document does not list), a time, one value or several of a list.
 */
export type FilterKind = "text" | "time" | "one" | "many"

export interface Filter {
  /** The query parameter's name, as the API takes it (`status.in`). */
  readonly name: string
  readonly description: string
  readonly kind: FilterKind
  readonly values: ReadonlyArray<string>
}

/**
 * Parameters that are not filters (the page's cursor and size, the order),
 * and the created_at bounds left out: `on_or_after` and `before` make any range.
 */
const notFilters = new Set([
  "cursor",
  "limit",
  "order_by.direction",
  "order_by.field",
  "created_at.after",
  "created_at.on_or_before"
])

const strings = (value: unknown): ReadonlyArray<string> =>
  Array.isArray(value) ? value.filter((each): each is string => typeof each === "string") : []

/** The values a schema lists: its `enum`, or those of its `anyOf` members. */
const valuesOf = (schema: Record<string, unknown>): ReadonlyArray<string> => [
  ...strings(schema["enum"]),
  ...(Array.isArray(schema["anyOf"]) ? schema["anyOf"].flatMap((member) => valuesOf(record(member))) : [])
]

const filterOf = (parameter: Record<string, unknown>): Filter => {
  const schema = record(parameter["schema"])
  const name = String(parameter["name"])
  const description = String(parameter["description"] ?? schema["description"] ?? "")
  if (schema["type"] === "array") {
    const values = valuesOf(record(schema["items"]))
    return { name, description, kind: values.length === 0 ? "text" : "many", values }
  }
  const values = valuesOf(schema)
  if (values.length > 0) return { name, description, kind: "one", values }
  return { name, description, kind: schema["format"] === "date-time" ? "time" : "text", values: [] }
}

/** Whether the document's `template` (`/events/{event_id}/attempts`) names `path` (`/events/evt_1/attempts`). */
const matches = (template: string, path: string): boolean => {
  const expected = template.split("/")
  const actual = path.split("/")
  return expected.length === actual.length &&
    expected.every((segment, index) => segment === actual[index] || /^\{[^}]+\}$/.test(segment))
}

/** Times after the other filters, the range's start before its end. */
const rank = (filter: Filter): number => filter.kind !== "time" ? 0 : filter.name.endsWith(".on_or_after") ? 1 : 2

/** The filters of the list endpoint `GET path`: its optional query parameters, in the document's order but times last. */
export const filtersOf = (openApi: unknown, path: string): ReadonlyArray<Filter> => {
  const paths = record(record(openApi)["paths"])
  const template = path in paths ? path : Object.keys(paths).find((each) => matches(each, path))
  const operation = record(record(template === undefined ? undefined : paths[template])["get"])
  const parameters = Array.isArray(operation["parameters"]) ? operation["parameters"] : []
  return parameters.map(record).filter((parameter) =>
    parameter["in"] === "query" && typeof parameter["name"] === "string" && !notFilters.has(parameter["name"])
  ).map(filterOf).sort((one, other) => rank(one) - rank(other))
}
