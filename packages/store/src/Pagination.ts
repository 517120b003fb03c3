/**
 * Keyset pagination. Lists are ordered newest first by (created_at, id); a
 * cursor names the last row of a page, so inserts made while a client pages
 * neither repeat nor hide the rows it has not seen yet. Cursors are opaque
 * (base64url JSON) and stay valid as long as the client sends the same filters.
 */
import { DateTime, Option, Result, Schema } from "effect"
import * as Base64Url from "effect/encoding/Base64Url"
import type { Statement } from "effect/sql"

export interface CreatedAtRange {
  readonly after?: DateTime.Utc | undefined
  readonly before?: DateTime.Utc | undefined
  readonly onOrAfter?: DateTime.Utc | undefined
  readonly onOrBefore?: DateTime.Utc | undefined
}

export interface PageRequest {
  readonly cursor?: string | undefined
  readonly limit: number
  readonly createdAt?: CreatedAtRange | undefined
}

export interface PageOf<A> {
  readonly data: ReadonlyArray<A>
  readonly nextCursor: string | null
}

/** The position of a row in a (created_at, id) ordering. */
export const Position = Schema.Tuple([Schema.DateFromString, Schema.String])
export type Position = typeof Position.Type

const PositionJson = Schema.fromJsonString(Position)

export const encodeCursor = (position: Position): string => Base64Url.encode(Schema.encodeSync(PositionJson)(position))

/** None when the text is not a cursor this service made. */
export const decodeCursor = (cursor: string): Option.Option<Position> =>
  Result.getSuccess(Base64Url.decodeString(cursor)).pipe(
    Option.flatMap((json) => Schema.decodeUnknownOption(PositionJson)(json))
  )

export const isValidCursor = (cursor: string): boolean => Option.isSome(decodeCursor(cursor))

const instant = (value: DateTime.Utc): Date => DateTime.toDate(value)

/** `created_at` range filters as SQL conditions on the given column. */
export const createdAtConditions = (
  sql: Statement.Constructor,
  range: CreatedAtRange | undefined,
  column = "created_at"
): Array<Statement.Fragment> => {
  const conditions: Array<Statement.Fragment> = []
  if (range === undefined) return conditions
  const col = sql(column)
  if (range.after !== undefined) conditions.push(sql`${col} > ${instant(range.after)}`)
  if (range.before !== undefined) conditions.push(sql`${col} < ${instant(range.before)}`)
  if (range.onOrAfter !== undefined) conditions.push(sql`${col} >= ${instant(range.onOrAfter)}`)
  if (range.onOrBefore !== undefined) conditions.push(sql`${col} <= ${instant(range.onOrBefore)}`)
  return conditions
}

/**
 * Conditions and ordering of one newest-first page. The query must select
 * `created_at` and `id`, append `condition` to its WHERE clause and end with
 * `orderAndLimit`; `toPage` then trims the extra row that tells whether a next
 * page exists.
 */
export const newestFirst = (sql: Statement.Constructor, request: PageRequest) => {
  const position = request.cursor === undefined ? Option.none() : decodeCursor(request.cursor)
  const condition = Option.match(position, {
    onNone: () => sql.literal("TRUE"),
    onSome: ([createdAt, id]) => sql`(created_at, id) < (${createdAt}, ${id})`
  })
  return {
    condition,
    orderAndLimit: sql`ORDER BY created_at DESC, id DESC LIMIT ${request.limit + 1}`
  }
}

export const toPage = <Row extends { readonly created_at: Date; readonly id: string }, A>(
  rows: ReadonlyArray<Row>,
  limit: number,
  toItem: (row: Row) => A
): PageOf<A> => {
  const pageRows = rows.slice(0, limit)
  const last = pageRows[pageRows.length - 1]
  return {
    data: pageRows.map(toItem),
    nextCursor: rows.length > limit && last !== undefined ? encodeCursor([last.created_at, last.id]) : null
  }
}
