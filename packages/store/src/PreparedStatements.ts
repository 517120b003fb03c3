/**
 * Named prepared statements, on Postgres and on the embedded database.
 *
 * Postgres would otherwise parse and plan every statement again at each
 * execution; the ledger's statements are large CTEs, and their planning was a
 * third of Postgres' CPU per wire transfer create (docs/benchmarks.md,
 * "Prepared statements"). `@effect/sql-pg` 4 prepares every statement under a
 * name of its own, once per connection, then only binds and executes it
 * (`Database.layerPostgres` sets how many a connection keeps); the embedded
 * database does the same through `PglitePrepared`.
 *
 * Bounded: a connection keeps at most `defaultPerConnection` statements
 * (statements whose text varies with their input, such as `IN` lists of
 * different lengths, would otherwise pile up in every server session); on
 * Postgres the least recently used one is closed to make room.
 * `MONETA_PREPARED_STATEMENTS=false` turns them off (a pooler that cannot keep
 * them between transactions, PgBouncer in transaction mode before 1.21).
 */

/**
 * Prepared statements a connection keeps at most (the embedded database's one
 * connection too: `PglitePrepared`); Postgres frees them when the connection closes.
 */
export const defaultPerConnection = 256
