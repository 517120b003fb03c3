/**
 * Query parameters shared by list endpoints (spec conventions 4–6): `cursor`,
 * `limit` (1..100), the four `created_at.*` filters and comma-separated `.in`
 * lists. Unknown query parameters are refused.
 */
import { Schema } from "effect"

export {
  CommaSeparated,
  Cursor,
  DateTimeFilter,
  IdempotencyKeyFilter,
  Limit,
  listFields
} from "@moneta/domain/ListParameters"

/** Query parameters of an endpoint; any other parameter is a 400 naming it. */
export const urlParams = <Fields extends Schema.Struct.Fields>(fields: Fields) =>
  Schema.Struct(fields).annotations({ parseOptions: { onExcessProperty: "error", errors: "all" } })

/** A request body; unknown fields are a 400 naming them. */
export const body = <A, I, R>(schema: Schema.Schema<A, I, R>) =>
  schema.annotations({ parseOptions: { onExcessProperty: "error", errors: "all" } })

/** The list envelope. */
export const Page = <A, I, R>(item: Schema.Schema<A, I, R>) =>
  Schema.Struct({ data: Schema.Array(item), next_cursor: Schema.NullOr(Schema.String) })
