/**
 * An `effect/sql` client over PGlite (PostgreSQL compiled to WASM, running in
 * this process). `@effect/sql-pglite` 4.0.0-beta pins PGlite 0.4 (PostgreSQL
 * 17) while Moneta runs 0.5 (PostgreSQL 18), and it has neither named
 * prepared statements nor a lock that keeps other fibers out of an open
 * transaction; this is a small adapter of our own.
 *
 * - Statements compile with `@effect/sql-pg`'s compiler, so fragments,
 *   `sql.in`, `sql.insert`, `sql.update`, identifiers and `json` produce the
 *   same SQL and parameters as on real Postgres.
 * - PGlite is a single connection. A lock keeps other fibers out of an open
 *   transaction: a plain statement holds it for the statement, a transaction
 *   (`sql.withTransaction`, `sql.reserve`) from BEGIN to COMMIT / ROLLBACK.
 *   Nested transactions are savepoints, as with sql-pg.
 * - Values come back as node-postgres returned them, as `Database.layerPostgres`
 *   has sql-pg return them: int8 and numeric as strings, timestamptz as `Date`,
 *   json as parsed values; bytea is a `Uint8Array`.
 * - A statement with parameters runs as a named prepared statement
 *   (`PglitePrepared`), parsed once, unless `preparedStatements` is false.
 * - A query runs to completion once started: PGlite cannot cancel it, so an
 *   interrupted fiber waits for it rather than releasing the lock early.
 * - Failures are `SqlError`s classified by SQLSTATE as sql-pg classifies them
 *   (`UniqueViolation`, `SqlSyntaxError`, …); the reason's `cause` is PGlite's
 *   error, with its `code`. A statement sent to a PGlite that is closing or
 *   closed (the server stopping) is a `ConnectionError`, as a connection
 *   Postgres closed is with sql-pg (`TransientFault`).
 */
import * as PgClient from "@effect/sql-pg/PgClient"
import * as PgTypes from "@effect/sql-pg/PgTypes"
import type { PGlite } from "@electric-sql/pglite"
import type { QueryOptions, Results } from "@electric-sql/pglite"
import { Context, Effect, Layer, Queue, type Scope, Semaphore, Stream } from "effect"
import * as Reactivity from "effect/reactivity/Reactivity"
import { SqlClient, type SqlConnection, SqlError, Statement } from "effect/sql"
import * as PgliteOpening from "./PgliteOpening.js"
import * as PglitePrepared from "./PglitePrepared.js"
import { defaultPerConnection } from "./PreparedStatements.js"

export const TypeId: unique symbol = Symbol.for("@moneta/store/PgliteClient")
export type TypeId = typeof TypeId

export interface PgliteClientConfig {
  /** A filesystem path, or `memory://` (the default) for a database that lives in memory. */
  readonly dataDir?: string | undefined
  /** A data directory dumped by `dumpDataDir`, to start from instead of running initdb. */
  readonly loadDataDir?: Blob | undefined
  readonly spanAttributes?: Record<string, unknown> | undefined
  /** Statements with parameters as named prepared statements (`PglitePrepared`); on unless `false`. */
  readonly preparedStatements?: boolean | undefined
}

export interface PgliteClient extends SqlClient.SqlClient {
  readonly [TypeId]: TypeId
  readonly config: PgliteClientConfig
  /** A JSON parameter, as `PgClient.json`. */
  readonly json: (value: unknown) => Statement.Fragment
  /**
   * Runs `f` on the raw PGlite holding the lock: no other fiber's statement or
   * transaction runs meanwhile. Waits for an open transaction, so never call it
   * from inside one of this client's transactions.
   */
  readonly exclusive: <A>(f: (pglite: PGlite) => Promise<A>) => Effect.Effect<A, SqlError.SqlError>
  /** LISTEN on `channel` for as long as the stream runs. */
  readonly listen: (channel: string) => Stream.Stream<string, SqlError.SqlError>
  /** A tar of the data directory (uncompressed: loading it is faster), for `loadDataDir`. */
  readonly dumpDataDir: Effect.Effect<Blob, SqlError.SqlError>
}

export const PgliteClient = Context.Service<PgliteClient>("@moneta/store/PgliteClient")

// sql-pg's `PgJson` custom fragment; its compiler recognises it by kind.
const PgJson = Statement.custom<PgClient.PgCustom>("PgJson")

/** PGlite's error carries the SQLSTATE as `code`, as node-postgres' did. */
const sqlStateOf = (cause: unknown): string | undefined =>
  typeof cause === "object" && cause !== null && "code" in cause && typeof cause.code === "string"
    ? cause.code
    : undefined

const constraintOf = (cause: unknown): string =>
  typeof cause === "object" && cause !== null && "constraint" in cause && typeof cause.constraint === "string" &&
    cause.constraint.trim() !== ""
    ? cause.constraint.trim()
    : "unknown"

/** The reason of a failure, by SQLSTATE class as `@effect/sql-pg` classifies Postgres' errors. */
const classify = (cause: unknown, message: string, operation: string): SqlError.SqlErrorReason => {
  const props = { cause, message, operation }
  const code = sqlStateOf(cause)
  if (code === undefined) return new SqlError.UnknownError(props)
  if (code.startsWith("08")) return new SqlError.ConnectionError(props)
  if (code.startsWith("28")) return new SqlError.AuthenticationError(props)
  if (code === "42501") return new SqlError.AuthorizationError(props)
  if (code.startsWith("42")) return new SqlError.SqlSyntaxError(props)
  if (code === "23505") return new SqlError.UniqueViolation({ ...props, constraint: constraintOf(cause) })
  if (code.startsWith("23")) return new SqlError.ConstraintError(props)
  if (code === "40P01") return new SqlError.DeadlockError(props)
  if (code === "40001") return new SqlError.SerializationError(props)
  if (code === "55P03") return new SqlError.LockTimeoutError(props)
  if (code === "57014") return new SqlError.StatementTimeoutError(props)
  return new SqlError.UnknownError(props)
}

const sqlError = (cause: unknown, message: string, operation: string) =>
  new SqlError.SqlError({ reason: classify(cause, message, operation) })

const connectionError = (cause: unknown, message: string) =>
  new SqlError.SqlError({ reason: new SqlError.ConnectionError({ cause, message, operation: "connect" }) })

/** PGlite's refusal of a statement once `close` has begun. */
const isClosed = (cause: unknown) =>
  cause instanceof Error && (cause.message === "PGlite is closed" || cause.message === "PGlite is closing")

// node-postgres sent a plain object as JSON whatever the parameter's type;
// PGlite picks a serializer from the inferred type and would send
// "[object Object]" to a text parameter. A typed parameter of sql-pg's
// compiler (`json`) is its value, JSON as sql-pg sends it.
const toParameter = (value: unknown): unknown => {
  if (PgTypes.isParameter(value)) {
    return value.oid === PgTypes.OID.json || value.oid === PgTypes.OID.jsonb
      ? JSON.stringify(value.value)
      : value.value
  }
  return value !== null && typeof value === "object" && !(value instanceof Date) &&
      !ArrayBuffer.isView(value) && !Array.isArray(value)
    ? JSON.stringify(value)
    : value
}

const toParameters = (params: ReadonlyArray<unknown>): Array<unknown> => params.map(toParameter)

// One row per element, or one rows array per statement of a multi-statement string.
type Rows = ReadonlyArray<object>
type Run = <A>(f: (pglite: PGlite) => Promise<A>) => Effect.Effect<A, SqlError.SqlError>
/** Runs a statement with parameters (on the client's one PGlite). */
type Query = (sql: string, params: ReadonlyArray<unknown>, options?: QueryOptions) => Promise<Results>

const arrayRows = (rows: ReadonlyArray<unknown>): ReadonlyArray<ReadonlyArray<unknown>> =>
  rows.map((row) => {
    if (!Array.isArray(row)) throw new Error("PGlite returned a row that is not an array in rowMode \"array\"")
    return row
  })

type TransformRows = (<A extends object>(row: ReadonlyArray<A>) => ReadonlyArray<A>) | undefined

/**
 * A connection running statements through `run`: `prepared` runs a statement
 * with parameters as a named prepared statement, `unnamed` as PGlite's own
 * `query` does (the `…Unprepared` methods).
 */
const makeConnection = (run: Run, prepared: Query, unnamed: Query): SqlConnection.Connection => {
  // Like node-postgres: without parameters the simple query protocol is used,
  // so a string may hold several statements (one rows array per statement).
  const rows =
    (query: Query) => (sql: string, params: ReadonlyArray<unknown>): Effect.Effect<Rows, SqlError.SqlError> =>
      params.length === 0
        ? run(async (pglite) => {
          const results = await pglite.exec(sql)
          return results.length === 1 && results[0] !== undefined
            ? results[0].rows
            : results.map((result) => result.rows)
        })
        : run(async () => (await query(sql, toParameters(params))).rows)
  const execute = (query: Query) => (sql: string, params: ReadonlyArray<unknown>, transformRows: TransformRows) =>
    transformRows ? Effect.map(rows(query)(sql, params), transformRows) : rows(query)(sql, params)
  // With rowMode "array" PGlite returns each row as an array of column values.
  const values = (query: Query) => (sql: string, params: ReadonlyArray<unknown>) => {
    const options: QueryOptions = { rowMode: "array" }
    return run(async () => arrayRows((await query(sql, toParameters(params), options)).rows))
  }
  return {
    execute: execute(prepared),
    executeUnprepared: execute(unnamed),
    executeRaw: (sql, params) => run(() => prepared(sql, toParameters(params))),
    executeValues: values(prepared),
    executeValuesUnprepared: values(unnamed),
    // PGlite has no cursors over its API; rows are buffered. Keep embedded result sets small.
    executeStream: (sql, params, transformRows) =>
      Stream.unwrap(Effect.map(execute(prepared)(sql, params, transformRows), (result) => Stream.fromIterable(result)))
  }
}

const lockDataDir = (dataDir: string) =>
  Effect.acquireRelease(
    Effect.try({
      try: () => PgliteOpening.lockDataDir(dataDir),
      catch: (cause) => connectionError(cause, "PgliteClient: cannot lock the data directory")
    }),
    (file) => Effect.sync(() => PgliteOpening.unlockDataDir(file))
  )

const open = (opening: () => Promise<PGlite>) =>
  Effect.acquireRelease(
    Effect.tryPromise({
      try: opening,
      catch: (cause) => connectionError(cause, "PgliteClient: failed to open the database")
    }),
    (pglite) =>
      Effect.tryPromise(() => pglite.close()).pipe(
        Effect.catch((error) => Effect.logWarning("PgliteClient: failed to close the database", error))
      )
  )

/** The PGlite of `dataDir`: the one `PgliteOpening.beginEarly` began, or a new one, holding the directory's lock. */
const lockAndOpen = (dataDir: string, loadDataDir: Blob | undefined) => {
  const early = loadDataDir === undefined ? PgliteOpening.takeEarly(dataDir) : undefined
  if (early !== undefined) {
    return Effect.andThen(
      Effect.addFinalizer(() => Effect.sync(() => PgliteOpening.unlockDataDir(early.lockFile))),
      open(() => early.pglite)
    )
  }
  return Effect.andThen(
    PgliteOpening.isPath(dataDir) ? lockDataDir(dataDir) : Effect.void,
    open(() => PgliteOpening.create(dataDir, loadDataDir))
  )
}

export const make = (
  config: PgliteClientConfig
): Effect.Effect<PgliteClient, SqlError.SqlError, Scope.Scope | Reactivity.Reactivity> =>
  Effect.gen(function*() {
    const dataDir = config.dataDir ?? "memory://"
    const pglite = yield* lockAndOpen(dataDir, config.loadDataDir)
    const lock = yield* Semaphore.make(1)
    const unnamed: Query = (sql, params, options) => pglite.query(sql, [...params], options)
    const prepared: Query = config.preparedStatements === false
      ? unnamed
      : PglitePrepared.make(pglite, { limit: defaultPerConnection }).query

    const call: Run = (f) =>
      Effect.uninterruptible(Effect.tryPromise({
        try: () => f(pglite),
        catch: (cause) =>
          isClosed(cause)
            ? new SqlError.SqlError({
              reason: new SqlError.ConnectionError({ cause, message: "The database is closed", operation: "execute" })
            })
            : sqlError(cause, "Failed to execute statement", "execute")
      }))
    const exclusive: Run = (f) => lock.withPermits(1)(call(f))
    const connection = makeConnection(exclusive, prepared, unnamed)

    // A connection that owns the lock until its scope closes; a fiber that
    // kept it past its transaction gets an error instead of running unlocked.
    const reserve: Effect.Effect<SqlConnection.Connection, never, Scope.Scope> = Effect.uninterruptible(
      Effect.gen(function*() {
        yield* Effect.interruptible(lock.take(1))
        let owned = true
        yield* Effect.addFinalizer(() =>
          Effect.suspend(() => {
            owned = false
            return lock.release(1)
          })
        )
        return makeConnection(
          (f) =>
            owned ? call(f) : Effect.fail(
              sqlError(
                new Error("connection used after its transaction ended"),
                "Failed to execute statement",
                "execute"
              )
            ),
          prepared,
          unnamed
        )
      })
    )

    const client = yield* SqlClient.make({
      acquirer: Effect.succeed(connection),
      // Outside a transaction a statement takes the lock itself: no scope needed per statement.
      borrower: (f) => f(connection),
      transactionAcquirer: reserve,
      compiler: PgClient.makeCompiler(),
      driver: "pglite",
      spanAttributes: [
        ...Object.entries(config.spanAttributes ?? {}),
        ["db.system.name", "postgresql"],
        ["db.namespace", dataDir]
      ]
    })

    const listen = (channel: string): Stream.Stream<string, SqlError.SqlError> =>
      Stream.callback<string, SqlError.SqlError>((queue) =>
        Effect.acquireRelease(
          channel.includes("\"")
            ? Effect.fail(sqlError(new Error(channel), "Failed to listen: channel contains '\"'", "listen"))
            // Quoted, so the channel is case-sensitive as with pg_notify and PgClient.listen.
            : exclusive((db) => db.listen(`"${channel}"`, (payload) => Queue.offerUnsafe(queue, payload))),
          (unlisten) =>
            exclusive(() => unlisten()).pipe(
              Effect.catch((error) => Effect.logWarning("PgliteClient: UNLISTEN failed", error))
            )
        )
      )

    const extension = {
      [TypeId]: TypeId,
      config,
      json: (value: unknown) => Statement.fragment([PgJson(value)]),
      exclusive,
      listen,
      dumpDataDir: exclusive((db) => db.dumpDataDir("none"))
    } as const
    return Object.assign(client, extension)
  })

export const layer = (config: PgliteClientConfig): Layer.Layer<PgliteClient | SqlClient.SqlClient, SqlError.SqlError> =>
  Layer.effectContext(
    Effect.map(make(config), (client) =>
      Context.make(PgliteClient, client).pipe(
        Context.add(SqlClient.SqlClient, client)
      ))
  ).pipe(Layer.provide(Reactivity.layer))
