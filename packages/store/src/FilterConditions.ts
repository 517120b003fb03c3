/**
 * A list's filters as SQL conditions, declared once per list: each filter
 * field names the column (or expression) it tests. A field the request
 * leaves out adds nothing; a value is `column = value`, a list of values
 * (`status.in`, `category.in`) `column IN (...)`, and an empty list adds
 * nothing, as if it were left out.
 */
import type { Statement } from "effect/sql"

type FilterValue = string | ReadonlyArray<string> | undefined

/** Where each filter field looks: a column name, or an expression over the row (`body->>'status'`). */
export type FilterColumns<F> = {
  readonly [K in keyof F as F[K] extends FilterValue ? K : never]?: string | Statement.Fragment
}

export const filterConditions = <F extends object>(
  sql: Statement.Constructor,
  filter: F,
  columns: FilterColumns<F>
): ReadonlyArray<Statement.Fragment> => {
  const conditions: Array<Statement.Fragment> = []
  for (const field in columns) {
    const column: string | Statement.Fragment | undefined = columns[field]
    const value: unknown = filter[field as keyof F]
    if (column === undefined || value === undefined) continue
    const target = typeof column === "string" ? sql(column) : column
    if (typeof value === "string") conditions.push(sql`${target} = ${value}`)
    else if (Array.isArray(value) && value.length > 0) conditions.push(sql`${target} IN ${sql.in(value)}`)
  }
  return conditions
}
