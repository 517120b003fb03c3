/**
 * Which database failures heal (`TransientFault`): by Effect's reasons, by the
 * SQLSTATEs the clients leave unclassified, and on the errors both databases
 * really raise (a SQLSTATE raised by PL/pgSQL is classified as the server's
 * own; on Postgres, a transaction whose backend is terminated).
 */
import { describe, expect, it, layer } from "@effect/vitest"
import { Cause, Context, Effect, Exit, Layer, Logger } from "effect"
import { SqlClient, SqlError } from "effect/sql"
import * as Database from "../src/Database.js"
import * as PgliteClient from "../src/PgliteClient.js"
import * as Template from "../src/Template.js"
import * as TestDatabase from "../src/testing.js"
import { findTransient, isTransient } from "../src/TransientFault.js"

const props = { cause: new Error("probe"), message: "probe" }

/** An unclassified failure carrying `code` as the clients keep a SQLSTATE. */
const unknownWithState = (code: string) =>
  new SqlError.SqlError({
    reason: new SqlError.UnknownError({ ...props, cause: Object.assign(new Error("probe"), { code }) })
  })

describe("findTransient", () => {
  const cut = new SqlError.SqlError({ reason: new SqlError.ConnectionError(props) })
  const bug = new Error("a bug")

  it("finds the fault that heals among every failure and defect of a cause, wherever it comes", () => {
    expect(findTransient(Cause.die(cut))).toBe(cut)
    expect(findTransient(Cause.fail(cut))).toBe(cut)
    // A ROLLBACK that failed first, then the statement cut by the restart.
    expect(findTransient(Cause.combine(Cause.die(bug), Cause.die(cut)))).toBe(cut)
    expect(findTransient(Cause.combine(Cause.fail("refused"), Cause.die(cut)))).toBe(cut)
  })

  it("finds none in a cause without one", () => {
    expect(findTransient(Cause.die(bug))).toBeUndefined()
    expect(findTransient(Cause.combine(Cause.die(bug), Cause.fail(unknownWithState("XX000"))))).toBeUndefined()
    expect(findTransient(Cause.interrupt())).toBeUndefined()
  })
})

describe("isTransient", () => {
  it("heals: connection lost or refused, deadlock, serialization failure, lock and statement timeouts", () => {
    for (
      const reason of [
        new SqlError.ConnectionError(props),
        new SqlError.DeadlockError(props),
        new SqlError.SerializationError(props),
        new SqlError.LockTimeoutError(props),
        new SqlError.StatementTimeoutError(props)
      ]
    ) expect(isTransient(new SqlError.SqlError({ reason })), reason._tag).toBe(true)
  })

  it("heals: Postgres shutting down, crashed, starting up, too many connections", () => {
    for (const state of ["57P01", "57P02", "57P03", "53300"]) {
      expect(isTransient(unknownWithState(state)), state).toBe(true)
    }
  })

  it("does not heal: anything else, and anything that is not a SqlError", () => {
    for (
      const reason of [
        new SqlError.UnknownError(props),
        new SqlError.AuthenticationError(props),
        new SqlError.AuthorizationError(props),
        new SqlError.SqlSyntaxError(props),
        new SqlError.ConstraintError(props),
        new SqlError.UniqueViolation({ ...props, constraint: "unique" })
      ]
    ) expect(isTransient(new SqlError.SqlError({ reason })), reason._tag).toBe(false)
    for (const state of ["XX000", "57P04", "53100", "P0001"]) {
      expect(isTransient(unknownWithState(state)), state).toBe(false)
    }
    for (const other of [new Error("ECONNREFUSED"), "57P01", null, undefined, { code: "57P01" }]) {
      expect(isTransient(other)).toBe(false)
    }
  })
})

const healing = ["08000", "08006", "40001", "40P01", "55P03", "57014", "57P01", "57P02", "57P03", "53300"]
const lasting = ["XX000", "22012", "23505", "42601", "P0001"]

for (const kind of TestDatabase.testDatabases) {
  describe(`the database's own errors (${kind})`, () => {
    layer(TestDatabase.layerFor(kind), {
      timeout: TestDatabase.timeout,
      excludeTestServices: true
    })((it) => {
      it.effect("a SQLSTATE the database raises heals or not as its class says", () =>
        Effect.gen(function*() {
          const sql = yield* SqlClient.SqlClient
          const raised = (state: string) =>
            Effect.flip(sql.unsafe(`DO $$ BEGIN RAISE EXCEPTION 'probe' USING ERRCODE = '${state}'; END $$`))
          for (const state of healing) expect(isTransient(yield* raised(state)), state).toBe(true)
          for (const state of lasting) expect(isTransient(yield* raised(state)), state).toBe(false)
        }))

      if (kind === "postgres") {
        it.effect("a transaction whose backend is terminated heals, and left nothing behind", () =>
          Effect.gen(function*() {
            const sql = yield* SqlClient.SqlClient
            yield* sql`CREATE TABLE cut_probe (id int)`
            // The statement and the ROLLBACK after it both meet the closed connection: sql-pg dies with them.
            const cut = yield* Effect.exit(sql.withTransaction(
              Effect.andThen(sql`INSERT INTO cut_probe VALUES (1)`, sql`SELECT pg_terminate_backend(pg_backend_pid())`)
            ))
            expect(Exit.isFailure(cut) && isTransient(Cause.squash(cut.cause))).toBe(true)
            expect(yield* sql<{ rows: number }>`SELECT count(*)::int AS rows FROM cut_probe`).toEqual([{ rows: 0 }])
          }))
      }
    })
  })
}

describe("the embedded database once closed", () => {
  it.live("a statement sent to it heals: it is the server stopping, not a bug", () =>
    Effect.gen(function*() {
      const loadDataDir = yield* Template.load
      const client = Context.get(
        yield* Layer.build(Database.layerPglite("memory://", { loadDataDir })),
        PgliteClient.PgliteClient
      )
      yield* client.exclusive((pglite) => pglite.close())
      const refused = yield* Effect.flip(client`SELECT 1`)
      expect(refused.reason._tag).toBe("ConnectionError")
      expect(isTransient(refused)).toBe(true)
      // Its own close at the end of the scope then fails, and says so in a warning: not this test's subject.
    }).pipe(Effect.scoped, Effect.provide(Logger.layer([]))), 60_000)
})
