/**
 * Query parameters shared by list endpoints (spec conventions 4–6): `cursor`,
 * `limit` (1..100), the four `created_at.*` filters and comma-separated `.in`
 * lists. Declared here, beside each area's `<Resource>Filter`, so the contract
 * (`api`) decodes with them and `bank` takes their types: one declaration.
 */
import { JSONSchema, Schema } from "effect"
import { IdempotencyKey } from "./Text.js"
import { Timestamp } from "./Timestamp.js"

export const Limit = Schema.String.pipe(
  Schema.pattern(/^\d{1,3}$/, { message: () => "must be an integer between 1 and 100" }),
  Schema.compose(Schema.NumberFromString),
  Schema.int({ message: () => "must be an integer" }),
  Schema.between(1, 100, { message: () => "must be between 1 and 100" })
).annotations({
  description: "Page size, 1 to 100 (default 100).",
  jsonSchema: { type: "integer", minimum: 1, maximum: 100, default: 100 }
})

export const Cursor = Schema.String.pipe(Schema.minLength(1)).annotations({
  description: "Returns the page after this cursor (a `next_cursor` of an earlier page)."
})

const commaSeparatedStrings = Schema.transform(Schema.String, Schema.Array(Schema.String), {
  strict: true,
  decode: (text) => text.split(",").map((part) => part.trim()).filter((part) => part.length > 0),
  encode: (items) => items.join(",")
})

/** The JSON Schema of one item, self-contained (an item named by an identifier is inlined, not referenced). */
const itemJsonSchema = (item: Schema.Schema.Any): object => {
  const { $defs, $schema: _schema, ...root } = JSONSchema.make(item)
  const reference = "$ref" in root ? root.$ref.replace("#/$defs/", "") : undefined
  return reference !== undefined && $defs?.[reference] !== undefined ? $defs[reference] : root
}

/**
 * A comma-separated list on the query string (`status.in=a,b`), each item
 * decoded by `item`. Documented as an array of the item (the document says
 * comma-separated with `style: form, explode: false`). An empty list is
 * refused: `status.in=` filtering on nothing must not return everything.
 */
export const CommaSeparated = <A, I extends string, R>(item: Schema.Schema<A, I, R>) =>
  Schema.compose(
    commaSeparatedStrings,
    Schema.Array(item).pipe(Schema.minItems(1, { message: () => "must name at least one value" })),
    { strict: false }
  ).annotations({
    jsonSchema: {
      type: "array",
      items: itemJsonSchema(item),
      minItems: 1,
      description: "One or more values, comma-separated."
    }
  })

/** A `created_at.*` filter: a date-time with its time and zone, as documented (a bare date is refused, not guessed at). */
export const DateTimeFilter = Schema.compose(
  Schema.String.pipe(
    Schema.pattern(/[Tt]\d{2}:\d{2}/, {
      message: () => "must be an ISO 8601 date-time, for example 2026-11-21T22:41:05Z"
    })
  ),
  Timestamp
).annotations({ jsonSchema: { type: "string", format: "date-time" } })

export const listFields = {
  cursor: Schema.optional(Cursor),
  limit: Schema.optional(Limit),
  "created_at.after": Schema.optional(DateTimeFilter),
  "created_at.before": Schema.optional(DateTimeFilter),
  "created_at.on_or_after": Schema.optional(DateTimeFilter),
  "created_at.on_or_before": Schema.optional(DateTimeFilter)
} as const

/** The list fields as one Schema: `bank` takes its type as every list's paging and date filters. */
export const ListFields = Schema.Struct(listFields)
export type ListFields = typeof ListFields.Type

/** The filter of lists whose only filter is the key the object was created with. */
export const IdempotencyKeyFilter = Schema.Struct({ idempotency_key: Schema.optional(IdempotencyKey) })
export type IdempotencyKeyFilter = typeof IdempotencyKeyFilter.Type
