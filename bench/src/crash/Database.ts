/** The checks' own connection to the run's database (they read tables the API does not show: idempotency records, deliveries). */
import pg from "pg"

export interface Database {
  readonly query: <R extends Record<string, unknown>>(
    text: string,
    values?: ReadonlyArray<unknown>
  ) => Promise<Array<R>>
  readonly close: () => Promise<void>
}

export const openDatabase = async (url: string): Promise<Database> => {
  const client = new pg.Client({ connectionString: url })
  // An error of the idle connection surfaces as the next query's failure.
  client.on("error", () => {})
  await client.connect()
  return {
    query: async <R extends Record<string, unknown>>(text: string, values: ReadonlyArray<unknown> = []) =>
      (await client.query<R>(text, [...values])).rows,
    close: () => client.end()
  }
}

/** `rows` grouped by `keyOf`. */
export const groupBy = <R>(rows: ReadonlyArray<R>, keyOf: (row: R) => string): Map<string, Array<R>> => {
  const groups = new Map<string, Array<R>>()
  for (const row of rows) {
    const key = keyOf(row)
    const group = groups.get(key)
    if (group === undefined) groups.set(key, [row])
    else group.push(row)
  }
  return groups
}
