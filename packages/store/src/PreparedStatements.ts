/**
 * Named prepared statements on Postgres. `@effect/sql-pg` sends every
 * statement unnamed, so Postgres parses and plans it again at each execution;
 * the ledger's statements are large CTEs, and their planning was a third of
 * Postgres' CPU per wire transfer create (docs/benchmarks.md, "Prepared
 * statements"). This pool client gives each parameterized statement a name
 * derived from its text, so `pg` prepares it once per connection and then only
 * binds and executes it.
 *
 * Bounded: a connection prepares at most `perConnection` distinct statements
 * (statements whose text varies with their input, such as `IN` lists of
 * different lengths, would otherwise pile up in every server session); past
 * that it runs new ones unnamed, as before. Statements without parameters
 * (`BEGIN`, `COMMIT`, migrations) always run unnamed.
 */
import { createHash } from "node:crypto"
import pg from "pg"

/**
 * Prepared statements a connection keeps at most (the embedded database's one
 * connection too: `PglitePrepared`); Postgres frees them when the connection closes.
 */
export const defaultPerConnection = 256

/** Names computed so far, by statement text; cleared when it grows past this (texts that vary would grow it forever). */
const maxRememberedNames = 4_096
const names = new Map<string, string>()

/** A statement's name: the same text always gets the same name, within Postgres' 63-byte limit. */
export const statementName = (text: string): string => {
  const known = names.get(text)
  if (known !== undefined) return known
  const name = `moneta_${createHash("sha256").update(text, "utf8").digest("base64url").slice(0, 32)}`
  if (names.size >= maxRememberedNames) names.clear()
  names.set(text, name)
  return name
}

/**
 * A `pg.Client` class for `pg.Pool`'s `Client` option whose parameterized
 * queries (`query(text, values, callback)`, the form `@effect/sql-pg` uses)
 * run as named prepared statements; every other form of call is left as it is.
 */
export const preparingClient = (perConnection: number = defaultPerConnection): typeof pg.Client => {
  const preparedBy = new WeakMap<pg.Client, Set<string>>()
  class PreparingClient extends pg.Client {}
  const query = pg.Client.prototype.query
  // An own `query` rather than an override: pg's overloads cannot be restated in one signature.
  Object.defineProperty(PreparingClient.prototype, "query", {
    value(this: pg.Client, ...args: ReadonlyArray<unknown>): unknown {
      const [text, values, callback] = args
      if (
        typeof text === "string" && Array.isArray(values) && values.length > 0 && typeof callback === "function" &&
        args.length === 3
      ) {
        const name = statementName(text)
        const prepared = preparedBy.get(this) ?? new Set<string>()
        preparedBy.set(this, prepared)
        if (prepared.has(name) || prepared.size < perConnection) {
          prepared.add(name)
          return Reflect.apply(query, this, [{ name, text, values }, callback])
        }
      }
      return Reflect.apply(query, this, args)
    }
  })
  return PreparingClient
}
