/**
 * Database faults that heal by themselves: the connection refused, reset or
 * cut (Postgres restarting, a failover), Postgres starting up or shutting
 * down, too many connections, a serialization failure or a deadlock. The same
 * work, tried again a moment later, may well succeed. Every other failure (a
 * bug, a constraint, a password refused) stays what it is.
 *
 * The API answers a request that met one with 503 and `x-should-retry: true`
 * (`@moneta/http`'s error mapping), and the server's start waits them out
 * (`Database.layer`, `MONETA_DATABASE_WAIT`). Both database clients fail with
 * `SqlError`s classified alike (`@effect/sql-pg`, and `PgliteClient` as it).
 */
import { Cause } from "effect"
import { SqlError } from "effect/sql"

/**
 * SQLSTATEs that the clients leave unclassified (`UnknownError`) and that
 * mean "not now" rather than "never".
 */
const notNowStates: ReadonlySet<string> = new Set([
  "57P01", // admin_shutdown: Postgres is stopping, or this backend was terminated
  "57P02", // crash_shutdown: another backend crashed and Postgres restarts
  "57P03", // cannot_connect_now: Postgres is starting up or shutting down
  "53300" // too_many_connections
])

/** The SQLSTATE both clients keep on the reason's cause, as `code`. */
const sqlStateOf = (cause: unknown): string | undefined =>
  typeof cause === "object" && cause !== null && "code" in cause && typeof cause.code === "string"
    ? cause.code
    : undefined

/**
 * Whether `error` (a failure or a defect: any value) is a database fault that
 * heals. Effect's retryable reasons (`ConnectionError`, SQLSTATE class 08
 * included; `DeadlockError` 40P01; `SerializationError` 40001; lock and
 * statement timeouts) and the states above are.
 */
export const isTransient = (error: unknown): error is SqlError.SqlError =>
  SqlError.isSqlError(error) &&
  (error.isRetryable || notNowStates.has(sqlStateOf(error.reason.cause) ?? ""))

/**
 * A fault in the driver's or the server's own words, for logs: "connect
 * ECONNREFUSED 127.0.0.1:5432", "the database system is starting up".
 */
export const describe = (error: SqlError.SqlError): string =>
  error.reason.cause instanceof Error && error.reason.cause.message !== "" ? error.reason.cause.message : error.message

/**
 * The first fault that heals among all of `cause`'s failures and defects,
 * not only its first: a transaction cut by a restarting database may also
 * fail its ROLLBACK, and which of the two comes first says nothing.
 */
export const findTransient = (cause: Cause.Cause<unknown>): SqlError.SqlError | undefined => {
  for (const reason of cause.reasons) {
    const error = Cause.isFailReason(reason) ? reason.error : Cause.isDieReason(reason) ? reason.defect : undefined
    if (isTransient(error)) return error
  }
  return undefined
}
