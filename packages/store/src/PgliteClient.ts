/**
 * An `@effect/sql` client over PGlite (PostgreSQL compiled to WASM, running in
 * this process). There is no Effect 3 adapter upstream; this is a small one.
 *
 * - Statements compile with `@effect/sql-pg`'s compiler, so fragments,
 *   `sql.in`, `sql.insert`, `sql.update`, identifiers and `json` produce the
 *   same SQL and parameters as on real Postgres.
 * - PGlite is a single connection. A lock keeps other fibers out of an open
 *   transaction: a plain statement holds it for the statement, a transaction
 *   (`sql.withTransaction`, `sql.reserve`) from BEGIN to COMMIT / ROLLBACK.
 *   Nested transactions are savepoints, as with sql-pg.
 * - Values come back as node-postgres returns them: int8 and numeric as
 *   strings, timestamptz as `Date`, json as parsed values; bytea is a
 *   `Uint8Array` (node-postgres: `Buffer`, a subclass).
 * - A statement with parameters runs as a named prepared statement
 *   (`PglitePrepared`), parsed once, unless `preparedStatements` is false.
 * - A query runs to completion once started: PGlite cannot cancel it, so an
 *   interrupted fiber waits for it rather than releasing the lock early.
 */
import * as Reactivity from "@effect/experimental/Reactivity"
import { SqlClient, SqlError, Statement } from "@effect/sql"
import type { SqlConnection } from "@effect/sql"
import * as PgClient from "@effect/sql-pg/PgClient"
import type { PGlite } from "@electric-sql/pglite"
import type { QueryOptions, Results } from "@electric-sql/pglite"
import { Context, Effect, Layer, type Scope, Stream } from "effect"
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

export const PgliteClient = Context.GenericTag<PgliteClient>("@moneta/store/PgliteClient")

// sql-pg's `PgJson` custom fragment; its compiler recognises it by kind.
const PgJson = Statement.custom<PgClient.PgCustom>("PgJson")

// node-postgres sends a plain object as JSON whatever the parameter's type;
// PGlite picks a serializer from the inferred type and would send
// "[object Object]" to a text parameter.
const toParameter = (value: unknown): unknown =>
  value !== null && typeof value === "object" && !(value instanceof Date) &&
    !ArrayBuffer.isView(value) && !Array.isArray(value)
    ? JSON.stringify(value)
    : value

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

const makeConnection = (run: Run, query: Query): SqlConnection.Connection => {
  // Like node-postgres: without parameters the simple query protocol is used,
  // so a string may hold several statements (one rows array per statement).
  const rows = (sql: string, params: ReadonlyArray<unknown>): Effect.Effect<Rows, SqlError.SqlError> =>
    params.length === 0
      ? run(async (pglite) => {
        const results = await pglite.exec(sql)
        return results.length === 1 && results[0] !== undefined
          ? results[0].rows
          : results.map((result) => result.rows)
      })
      : run(async () => (await query(sql, toParameters(params))).rows)
  const execute = (
    sql: string,
    params: ReadonlyArray<unknown>,
    transformRows: (<A extends object>(row: ReadonlyArray<A>) => ReadonlyArray<A>) | undefined
  ) => transformRows ? Effect.map(rows(sql, params), transformRows) : rows(sql, params)
  return {
    execute,
    executeUnprepared: execute,
    executeRaw: (sql, params) => run(() => query(sql, toParameters(params))),
    executeValues: (sql, params) => {
      // With rowMode "array" PGlite returns each row as an array of column values.
      const options: QueryOptions = { rowMode: "array" }
      return run(async () => arrayRows((await query(sql, toParameters(params), options)).rows))
    },
    // PGlite has no cursors over its API; rows are buffered. Keep embedded result sets small.
    executeStream: (sql, params, transformRows) =>
      Stream.flatMap(
        Stream.fromEffect(execute(sql, params, transformRows)),
        (result) => Stream.fromIterable(result)
      )
  }
}

const lockDataDir = (dataDir: string) =>
  Effect.acquireRelease(
    Effect.try({
      try: () => PgliteOpening.lockDataDir(dataDir),
      catch: (cause) => new SqlError.SqlError({ cause, message: "PgliteClient: cannot lock the data directory" })
    }),
    (file) => Effect.sync(() => PgliteOpening.unlockDataDir(file))
  )

const open = (opening: () => Promise<PGlite>) =>
  Effect.acquireRelease(
    Effect.tryPromise({
      try: opening,
      catch: (cause) => new SqlError.SqlError({ cause, message: "PgliteClient: failed to open the database" })
    }),
    (pglite) =>
      Effect.tryPromise(() => pglite.close()).pipe(
        Effect.catchAll((error) => Effect.logWarning("PgliteClient: failed to close the database", error))
      )
  )

/** The PGlite of `dataDir`: the one `PgliteOpening.beginEarly` began, or a new one, holding the directory's lock. */
const lockAndOpen = (dataDir: string, loadDataDir: Blob | undefined) => {
  const early = loadDataDir === undefined ? PgliteOpening.takeEarly(dataDir) : undefined
  if (early !== undefined) {
    return Effect.zipRight(
      Effect.addFinalizer(() => Effect.sync(() => PgliteOpening.unlockDataDir(early.lockFile))),
      open(() => early.pglite)
    )
  }
  return Effect.zipRight(
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
    const lock = yield* Effect.makeSemaphore(1)
    const query: Query = config.preparedStatements === false
      ? (sql, params, options) => pglite.query(sql, [...params], options)
      : PglitePrepared.make(pglite, { limit: defaultPerConnection }).query

    const call: Run = (f) =>
      Effect.uninterruptible(Effect.tryPromise({
        try: () => f(pglite),
        catch: (cause) => new SqlError.SqlError({ cause, message: "Failed to execute statement" })
      }))
    const exclusive: Run = (f) => lock.withPermits(1)(call(f))

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
              new SqlError.SqlError({
                cause: new Error("connection used after its transaction ended"),
                message: "Failed to execute statement"
              })
            ),
          query
        )
      })
    )

    const client = yield* SqlClient.make({
      acquirer: Effect.succeed(makeConnection(exclusive, query)),
      transactionAcquirer: reserve,
      compiler: PgClient.makeCompiler(),
      spanAttributes: [
        ...Object.entries(config.spanAttributes ?? {}),
        ["db.system.name", "postgresql"],
        ["db.namespace", dataDir]
      ]
    })

    const listen = (channel: string): Stream.Stream<string, SqlError.SqlError> =>
      Stream.asyncPush<string, SqlError.SqlError>((emit) =>
        Effect.acquireRelease(
          channel.includes("\"")
            ? Effect.fail(
              new SqlError.SqlError({ cause: new Error(channel), message: "Failed to listen: channel contains '\"'" })
            )
            // Quoted, so the channel is case-sensitive as with pg_notify and PgClient.listen.
            : exclusive((db) => db.listen(`"${channel}"`, (payload) => emit.single(payload))),
          (unlisten) =>
            exclusive(() => unlisten()).pipe(
              Effect.catchAll((error) => Effect.logWarning("PgliteClient: UNLISTEN failed", error))
            )
        )
      )

    return Object.assign(
      client,
      {
        [TypeId]: TypeId,
        config,
        json: (value: unknown) => PgJson(value),
        exclusive,
        listen,
        dumpDataDir: exclusive((db) => db.dumpDataDir("none"))
      } as const
    )
  })

export const layer = (config: PgliteClientConfig): Layer.Layer<PgliteClient | SqlClient.SqlClient, SqlError.SqlError> =>
  Layer.scopedContext(
    Effect.map(make(config), (client) =>
      Context.make(PgliteClient, client).pipe(
        Context.add(SqlClient.SqlClient, client)
      ))
  ).pipe(Layer.provide(Reactivity.layer))
