/**
 * Query parameters shared by list endpoints (spec conventions 4–6): `cursor`,
 * `limit` (1..100), the four `created_at.*` filters and comma-separated `.in`
 * lists. Unknown query parameters and unknown body fields are refused: the
 * contract decodes queries and bodies with `strictParseOptions` (set once on
 * `MonetaApi`, as Effect 4 takes parse options per request part, not per schema).
 */
import { Schema, type SchemaAST } from "effect"

import { nextCursorDescription, pageDataDescription } from "@moneta/domain/List"
import { Limit as PageSize, listFields as listFieldsOfDomain } from "@moneta/domain/ListParameters"

export { CommaSeparated, Cursor, DateTimeFilter, IdempotencyKeyFilter } from "@moneta/domain/ListParameters"

/**
 * Marks a query parameter whose text stands for another kind of value (a
 * number) with the JSON Schema the document shows for it; the document
 * conventions read it (Effect 4 documents a query parameter by its text).
 */
export const documentedAs = "x-moneta-documented-as"

/** `limit`: text on the wire, documented as the integer it is. */
export const Limit = PageSize.annotate({
  [documentedAs]: {
    type: "integer",
    minimum: 1,
    maximum: 100,
    default: 100,
    description: "How many objects to return per page, 1 to 100 (default 100)."
  }
})

/** The query parameters of every list. */
export const listFields = { ...listFieldsOfDomain, limit: Schema.optional(Limit) }

/**
 * How query parameters and request bodies are decoded: any field the schema
 * does not declare is a 400 naming it, every issue is reported, not the first,
 * and each issue carries the value refused, so that a 400 names it
 * ("Expected \"ascending\" | \"descending\", actual \"sideways\"").
 */
export const strictParseOptions: SchemaAST.ParseOptions = {
  onExcessProperty: "error",
  errors: "all",
  reportInput: true
}

/** How path parameters are decoded: each issue carries the value refused. */
export const pathParseOptions: SchemaAST.ParseOptions = { reportInput: true }

/** The list envelope. */
export const Page = <Item extends Schema.Top>(item: Item) =>
  Schema.Struct({
    data: Schema.Array(item).annotate({ description: pageDataDescription }),
    next_cursor: Schema.NullOr(Schema.String).annotate({ description: nextCursorDescription })
  })
