/** The list envelope of every list endpoint. */
import { Schema } from "effect"

export const Page = <Item extends Schema.Top>(item: Item) =>
  Schema.Struct({
    data: Schema.Array(item),
    next_cursor: Schema.NullOr(Schema.String)
  })

export interface Page<A> {
  readonly data: ReadonlyArray<A>
  readonly next_cursor: string | null
}

/** `limit`: 1..100, default 100. */
export const maxPageSize = 100
