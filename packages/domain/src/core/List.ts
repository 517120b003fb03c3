/** The list envelope of every list endpoint. */
import { Schema } from "effect"

/** What the reference says of the envelope's fields. */
export const pageDataDescription = "The objects of this page, newest first unless the list says otherwise."
export const nextCursorDescription =
  "Pass this as `cursor` (with the same filters) to fetch the next page; null on the last page. Events listed in ascending order always have one: an empty page means you are caught up."

export const Page = <Item extends Schema.Top>(item: Item) =>
  Schema.Struct({
    data: Schema.Array(item).annotate({ description: pageDataDescription }),
    next_cursor: Schema.NullOr(Schema.String).annotate({ description: nextCursorDescription })
  })

export interface Page<A> {
  readonly data: ReadonlyArray<A>
  readonly next_cursor: string | null
}

/** `limit`: 1..100, default 100. */
export const maxPageSize = 100
