/**
 * Query parameters shared by list endpoints (spec conventions 4–6): `cursor`,
 * `limit` (1..100), the four `created_at.*` filters and comma-separated `.in`
 * lists. Declared here, beside each area's `<Resource>Filter`, so the contract
 * (`api`) decodes with them and `bank` takes their types: one declaration.
 */
import { Schema, SchemaTransformation } from "effect"
import { IdempotencyKey } from "./Text.js"
import { Timestamp } from "./Timestamp.js"

export const Limit = Schema.String.annotate({
  description: "How many objects to return per page, 1 to 100 (default 100)."
}).check(
  Schema.isPattern(/^\d{1,3}$/u, { message: "must be an integer between 1 and 100" })
).pipe(
  Schema.decodeTo(Schema.NumberFromString),
  Schema.check(
    Schema.isInt({ message: "must be an integer" }),
    Schema.isBetween({ minimum: 1, maximum: 100 }, { message: "must be between 1 and 100" })
  )
)

export const Cursor = Schema.String.check(Schema.isMinLength(1)).annotate({
  description:
    "Return the page after this cursor: the `next_cursor` of the page before, sent with the same filters. Omit it for the first page."
})

/**
 * The annotation that documents a comma-separated list: the JSON Schema of one
 * item. A list travels as one string, so the generated document describes a
 * string; the contract's document conventions (`api`) read this annotation to
 * document the parameter as the array it stands for.
 */
export const commaSeparatedItemsAnnotation = "x-moneta-comma-separated-items"

/** The JSON Schema of one item, self-contained (an item named by an identifier is inlined, not referenced). */
const itemJsonSchema = (item: Schema.Top): object => {
  const { definitions, schema } = Schema.toJsonSchemaDocument(item)
  const reference = typeof schema.$ref === "string" ? schema.$ref.replace("#/$defs/", "") : undefined
  return reference !== undefined && definitions[reference] !== undefined ? definitions[reference] : schema
}

const splitOnCommas = SchemaTransformation.transform<ReadonlyArray<string>, string>({
  decode: (text) => text.split(",").map((part) => part.trim()).filter((part) => part.length > 0),
  encode: (items) => items.join(",")
})

/**
 * A comma-separated list on the query string (`status.in=a,b`), each item
 * decoded by `item`. Documented as an array of the item (the document says
 * comma-separated with `style: form, explode: false`). An empty list is
 * refused: `status.in=` filtering on nothing must not return everything.
 */
export const CommaSeparated = <Item extends Schema.Codec<unknown, string>>(item: Item) =>
  Schema.String.annotate({
    description: "One or more values, comma-separated.",
    [commaSeparatedItemsAnnotation]: itemJsonSchema(item)
  }).pipe(
    Schema.decodeTo(Schema.Array(Schema.String), splitOnCommas),
    Schema.decodeTo(Schema.Array(item).check(Schema.isMinLength(1, { message: "must name at least one value" })))
  )

/** A `created_at.*` filter: a date-time with its time and zone, as documented (a bare date is refused, not guessed at). */
export const DateTimeFilter = Schema.String.check(
  Schema.isPattern(/[Tt]\d{2}:\d{2}/u, {
    message: "must be an ISO 8601 date-time, for example 2026-11-21T22:41:05Z",
    toJsonSchema: () => ({ format: "date-time" })
  })
).pipe(Schema.decodeTo(Timestamp))

export const listFields = {
  cursor: Schema.optional(Cursor),
  limit: Schema.optional(Limit),
  "created_at.after": Schema.optional(DateTimeFilter).annotateKey({
    description: "Return only objects created after this instant (an ISO 8601 date-time with its zone)."
  }),
  "created_at.before": Schema.optional(DateTimeFilter).annotateKey({
    description: "Return only objects created before this instant (an ISO 8601 date-time with its zone)."
  }),
  "created_at.on_or_after": Schema.optional(DateTimeFilter).annotateKey({
    description: "Return only objects created at or after this instant (an ISO 8601 date-time with its zone)."
  }),
  "created_at.on_or_before": Schema.optional(DateTimeFilter).annotateKey({
    description: "Return only objects created at or before this instant (an ISO 8601 date-time with its zone)."
  })
} as const

/** The list fields as one Schema: `bank` takes its type as every list's paging and date filters. */
export const ListFields = Schema.Struct(listFields)
export type ListFields = typeof ListFields.Type

/** What the `idempotency_key` filter of every list does (spec convention 7). */
export const idempotencyKeyFilterDescription =
  "Return only the object created with this idempotency key (the `Idempotency-Key` you sent when creating it)."

/** The filter of lists whose only filter is the key the object was created with. */
export const IdempotencyKeyFilter = Schema.Struct({
  idempotency_key: Schema.optional(IdempotencyKey).annotateKey({ description: idempotencyKeyFilterDescription })
})
export type IdempotencyKeyFilter = typeof IdempotencyKeyFilter.Type
