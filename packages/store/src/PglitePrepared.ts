/**
 * Named prepared statements on PGlite, through its public protocol API.
 *
 * `pglite.query(text, params)` sends Parse (unnamed), Describe, Bind,
 * Describe, Execute and Sync as six separate calls into the WASM Postgres,
 * which parses, analyses and plans the statement again every time. Here a
 * statement is parsed once under a name (with its parameter types, from one
 * Describe); each run is then one call of Bind, Describe, Execute and Sync,
 * and Postgres may keep its plan. Parameters are serialized and rows parsed
 * exactly as `query` does (`pglite.serializers` by the described parameter
 * types, `parse.parseResults` with `pglite.parsers`), under PGlite's own
 * query mutex, and the file system is synced after each run as `query` does.
 * About 2.5 to 4.5 times cheaper per statement (docs/benchmarks.md,
 * "Prepared statements on the embedded database").
 *
 * At most `limit` statements are kept; the oldest is closed to make room. A
 * statement the database cannot run as prepared (its table changed shape, or
 * it was deallocated) is prepared again, and run again unless it was in a
 * transaction, which its failure aborted.
 */
import type { PGlite, QueryOptions, Results } from "@electric-sql/pglite"
import { parse, protocol } from "@electric-sql/pglite"

/**
 * A statement to prepare again: its table changed shape since (a migration; SQLSTATE 0A000,
 * "cached plan must not change result type"), or the database no longer holds it (26000, after a
 * `DEALLOCATE`). Both fail at Bind, before the statement does anything.
 */
const mustPrepareAgain = (error: unknown) =>
  error instanceof Error && "code" in error &&
  (error.code === "26000" ||
    (error.code === "0A000" && error.message.includes("cached plan must not change result type")))

export interface PreparedStatements {
  /** Runs `text` with `params`: rows as objects keyed by column name, or as arrays with `rowMode: "array"`. */
  readonly query: (text: string, params: ReadonlyArray<unknown>, options?: QueryOptions) => Promise<Results>
  /** Statements kept now. */
  readonly size: () => number
}

interface Prepared {
  readonly name: string
  /** The type of each parameter, as Postgres inferred it. */
  readonly parameterTypes: ReadonlyArray<number>
}

const { serialize } = protocol

// Module-wide, so that two sets of statements on one database never share a name.
let counter = 0

export const make = (pglite: PGlite, options: { readonly limit: number }): PreparedStatements => {
  // In insertion order, the oldest first.
  const prepared = new Map<string, Prepared>()

  const prepare = async (text: string): Promise<Prepared> => {
    const known = prepared.get(text)
    if (known !== undefined) return known
    const evicted: Array<Uint8Array> = []
    for (const [oldest, statement] of prepared) {
      if (prepared.size < options.limit) break
      prepared.delete(oldest)
      evicted.push(serialize.close({ type: "S", name: statement.name }))
    }
    const name = `moneta_${counter++}`
    // One call: an error in Parse makes Postgres skip to the Sync, and PGlite throws it.
    const messages = await pglite.execProtocolStream(
      Buffer.concat([
        ...evicted,
        serialize.parse({ name, text, types: [] }),
        serialize.describe({ type: "S", name }),
        serialize.sync()
      ]),
      { syncToFs: false }
    )
    const statement: Prepared = { name, parameterTypes: parse.parseDescribeStatementResults(messages) }
    prepared.set(text, statement)
    return statement
  }

  const serializeParameter = (value: unknown, type: number | undefined): string | null => {
    if (value === null || value === undefined) return null
    const serializer = type === undefined ? undefined : pglite.serializers[type]
    return serializer !== undefined ? serializer(value) : String(value)
  }

  const forget = async (text: string) => {
    const statement = prepared.get(text)
    if (statement === undefined) return
    prepared.delete(text)
    await pglite.execProtocolStream(
      Buffer.concat([serialize.close({ type: "S", name: statement.name }), serialize.sync()]),
      {
        syncToFs: false
      }
    )
  }

  const run = async (text: string, params: ReadonlyArray<unknown>, queryOptions: QueryOptions | undefined) => {
    const statement = await prepare(text)
    const values = params.map((value, index) => serializeParameter(value, statement.parameterTypes[index]))
    const messages = await pglite.execProtocolStream(
      Buffer.concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: "P" }),
        serialize.execute({}),
        serialize.sync()
      ]),
      { syncToFs: false }
    )
    await pglite.syncToFs()
    const [results] = parse.parseResults(messages, pglite.parsers, queryOptions)
    if (results === undefined) throw new Error(`PGlite returned no results for a prepared statement: ${text}`)
    return results
  }

  const query = (text: string, params: ReadonlyArray<unknown>, queryOptions?: QueryOptions) =>
    pglite._runExclusiveQuery(async () => {
      try {
        return await run(text, params, queryOptions)
      } catch (error) {
        if (!mustPrepareAgain(error)) throw error
        await forget(text)
        // In a transaction block the failure aborted the transaction: the caller gets the error,
        // and the statement is prepared again when it next runs.
        if (pglite.isInTransaction()) throw error
        return run(text, params, queryOptions)
      }
    })

  return { query, size: () => prepared.size }
}
