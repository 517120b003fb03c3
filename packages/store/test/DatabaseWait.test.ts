/**
 * A start on a Postgres that is not up yet waits for it (`Database.waitForDatabase`,
 * `MONETA_DATABASE_WAIT`): doubling pauses, one log line each, a bounded wait
 * that ends with a clear error, no waiting on failures that do not heal. On
 * the TestClock with a scripted connection, then on a throwaway cluster that
 * starts only once the first failed attempt is logged, and on a port where no
 * Postgres ever comes.
 */
import { describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Context, Deferred, Duration, Effect, Exit, Fiber, Layer, Logger, Redacted } from "effect"
import { SqlClient, SqlError } from "effect/sql"
import { TestClock } from "effect/testing"
import * as Net from "node:net"
import * as Database from "../src/Database.js"
import * as ThrowawayPostgres from "../src/ThrowawayPostgres.js"

const refused = new SqlError.SqlError({
  reason: new SqlError.ConnectionError({
    cause: new Error("connect ECONNREFUSED 127.0.0.1:5432"),
    message: "PgConnection: Failed to connect",
    operation: "connect"
  })
})

const startingUp = new SqlError.SqlError({
  reason: new SqlError.UnknownError({
    cause: Object.assign(new Error("the database system is starting up"), { code: "57P03" }),
    message: "PgConnection: Failed to connect",
    operation: "connect"
  })
})

const passwordRefused = new SqlError.SqlError({
  reason: new SqlError.AuthenticationError({
    cause: Object.assign(new Error("password authentication failed for user \"moneta\""), { code: "28P01" }),
    message: "PgConnection: Failed to connect",
    operation: "connect"
  })
})

/** The log lines written while `effect` runs, in place of the loggers (the test stays quiet). */
const collectingLogs = <A, E, R>(effect: Effect.Effect<A, E, R>, lines: Array<string>) =>
  Effect.provide(
    effect,
    Logger.layer([Logger.make(({ message }) => {
      lines.push((Array.isArray(message) ? message : [message]).map(String).join(" "))
    })])
  )

/** A connection that fails with `failures` in turn (then succeeds), noting the time of each attempt. */
const scripted = (failures: ReadonlyArray<SqlError.SqlError>, attemptedAt: Array<number>) => {
  let attempt = 0
  return Effect.gen(function*() {
    attemptedAt.push(yield* Effect.clockWith((clock) => clock.currentTimeMillis))
    const failure = failures[attempt++]
    return failure === undefined ? yield* Effect.succeed("connected") : yield* Effect.fail(failure)
  })
}

const label = "postgres (127.0.0.1:5432/postgres)"

describe("waiting for the database at start", () => {
  it.effect("tries again after 0.25 s, 0.5 s, 1 s, 2 s …, one log line per pause, until it answers", () =>
    Effect.gen(function*() {
      const attemptedAt: Array<number> = []
      const lines: Array<string> = []
      const connect = scripted([refused, refused, startingUp, startingUp], attemptedAt)
      const fiber = yield* Effect.forkChild(
        collectingLogs(Database.waitForDatabase(connect, { label, wait: Duration.seconds(60) }), lines)
      )
      yield* TestClock.adjust(Duration.seconds(4))
      expect(yield* Fiber.join(fiber)).toBe("connected")
      expect(attemptedAt).toEqual([0, 250, 750, 1750, 3750])
      expect(lines).toEqual([
        `Waiting for the database ${label}: connect ECONNREFUSED 127.0.0.1:5432; next attempt in 250ms (giving up 1m after the first failure)`,
        `Waiting for the database ${label}: connect ECONNREFUSED 127.0.0.1:5432; next attempt in 500ms (giving up 1m after the first failure)`,
        `Waiting for the database ${label}: the database system is starting up; next attempt in 1s (giving up 1m after the first failure)`,
        `Waiting for the database ${label}: the database system is starting up; next attempt in 2s (giving up 1m after the first failure)`
      ])
    }))

  it.effect("gives up once the wait has passed, at most 5 s apart, and says what it waited for", () =>
    Effect.gen(function*() {
      const attemptedAt: Array<number> = []
      const lines: Array<string> = []
      const connect = scripted(Array.from({ length: 100 }, () => refused), attemptedAt)
      const fiber = yield* Effect.forkChild(
        collectingLogs(Database.waitForDatabase(connect, { label, wait: Duration.seconds(60) }), lines)
      )
      yield* TestClock.adjust(Duration.seconds(61))
      const exit = yield* Fiber.await(fiber)
      expect(Exit.isFailure(exit) && Exit.findErrorOption(exit)).toMatchObject({
        value: {
          message: `The database ${label} did not accept connections within 1m (MONETA_DATABASE_WAIT): ` +
            "connect ECONNREFUSED 127.0.0.1:5432"
        }
      })
      const pauses = attemptedAt.slice(1).map((at, index) => at - (attemptedAt[index] ?? 0))
      expect(pauses.slice(0, 6)).toEqual([250, 500, 1000, 2000, 4000, 5000])
      expect(Math.max(...pauses)).toBe(5000)
      // The last pause is cut short to end at the bound; the attempt there is the last.
      expect(attemptedAt.at(-1)).toBe(60_000)
      expect(lines.length).toBe(attemptedAt.length - 1)
    }))

  it.effect("fails at once on a failure that does not heal (a password refused)", () =>
    Effect.gen(function*() {
      const attemptedAt: Array<number> = []
      const lines: Array<string> = []
      const exit = yield* Effect.exit(
        collectingLogs(
          Database.waitForDatabase(scripted([passwordRefused], attemptedAt), { label, wait: Duration.seconds(60) }),
          lines
        )
      )
      expect(exit).toEqual(Exit.fail(passwordRefused))
      expect(attemptedAt).toEqual([0])
      expect(lines).toEqual([])
    }))

  it.effect("with MONETA_DATABASE_WAIT of 0, tries once", () =>
    Effect.gen(function*() {
      const attemptedAt: Array<number> = []
      const exit = yield* Effect.exit(
        Database.waitForDatabase(scripted([refused], attemptedAt), { label, wait: Duration.zero })
      )
      expect(attemptedAt).toEqual([0])
      expect(Exit.isFailure(exit) && Exit.findErrorOption(exit)).toMatchObject({
        value: { message: expect.stringContaining("did not accept connections within 0 (MONETA_DATABASE_WAIT)") }
      })
    }))
})

const configWith = (env: Record<string, string>) =>
  Database.config.pipe(Effect.provideService(ConfigProvider.ConfigProvider, ConfigProvider.fromEnv({ env })))

describe("MONETA_DATABASE_WAIT", () => {
  it.effect("is 60 seconds unless set; any finite duration of 0 or more", () =>
    Effect.gen(function*() {
      expect((yield* configWith({})).wait).toEqual(Duration.seconds(60))
      expect((yield* configWith({ MONETA_DATABASE_WAIT: "90 seconds" })).wait).toEqual(Duration.seconds(90))
      expect((yield* configWith({ MONETA_DATABASE_WAIT: "0 seconds" })).wait).toEqual(Duration.zero)
    }))

  it.effect("refuses a negative, infinite or unreadable one, naming the variable", () =>
    Effect.gen(function*() {
      for (const value of ["-5 seconds", "Infinity", "soon", "60"]) {
        const error = yield* Effect.flip(configWith({ MONETA_DATABASE_WAIT: value }))
        expect(String(error), value).toContain("MONETA_DATABASE_WAIT")
      }
      const negative = yield* Effect.flip(configWith({ MONETA_DATABASE_WAIT: "-5 seconds" }))
      expect(String(negative)).toContain("Expected a finite duration of 0 or more, such as \"60 seconds\", actual -5s")
    }))
})

/** A loopback port nothing listens on (it was free a moment ago). */
const closedPort = Effect.callback<number>((resume) => {
  const server = Net.createServer()
  server.listen(0, "127.0.0.1", () => {
    const address = server.address()
    const port = typeof address === "object" && address !== null ? address.port : 0
    server.close(() => resume(Effect.succeed(port)))
  })
})

const databaseLayerWith = (env: Record<string, string>) =>
  Database.layer.pipe(
    Layer.provide(Layer.succeed(ConfigProvider.ConfigProvider, ConfigProvider.fromEnv({ env })))
  )

describe("waiting for a real Postgres", () => {
  it.live(
    "a port where no Postgres ever comes: the start fails once MONETA_DATABASE_WAIT has passed",
    () =>
      Effect.gen(function*() {
        const port = yield* closedPort
        const lines: Array<string> = []
        const exit = yield* Effect.exit(collectingLogs(
          Layer.build(databaseLayerWith({
            DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres`,
            MONETA_DATABASE_WAIT: "1 second"
          })),
          lines
        ))
        expect(Exit.isFailure(exit) && Exit.findErrorOption(exit)).toMatchObject({
          value: {
            message: `The database postgres (127.0.0.1:${port}/postgres) did not accept connections within 1s ` +
              `(MONETA_DATABASE_WAIT): connect ECONNREFUSED 127.0.0.1:${port}`
          }
        })
        expect(lines.length).toBeGreaterThanOrEqual(2)
        for (const line of lines) {
          expect(line).toContain(`Waiting for the database postgres (127.0.0.1:${port}/postgres)`)
        }
      }).pipe(Effect.scoped),
    30_000
  )

  it.live.skipIf(ThrowawayPostgres.binDir === undefined)(
    "a Postgres that starts only after the first failed attempt: the start waits for it, then migrates",
    () =>
      Effect.gen(function*() {
        const cluster = yield* ThrowawayPostgres.make()
        yield* cluster.stop("fast")
        const firstWait = yield* Deferred.make<void>()
        const lines: Array<string> = []
        const starting = yield* Effect.forkChild(
          Layer.build(databaseLayerWith({
            DATABASE_URL: Redacted.value(cluster.url),
            MONETA_DATABASE_WAIT: "60 seconds"
          })).pipe(
            Effect.provide(Logger.layer([Logger.make(({ message }) => {
              lines.push((Array.isArray(message) ? message : [message]).map(String).join(" "))
              Deferred.doneUnsafe(firstWait, Exit.void)
            })]))
          )
        )
        yield* Deferred.await(firstWait)
        yield* cluster.start
        const context = yield* Fiber.join(starting)
        const sql = yield* Effect.succeed(Context.get(context, SqlClient.SqlClient))
        const [row] = yield* sql<{ count: number }>`SELECT count(*)::int AS count FROM effect_sql_migrations`
        expect(row?.count).toBeGreaterThan(0)
        expect(lines[0]).toContain(`Waiting for the database postgres (127.0.0.1:${cluster.port}/postgres)`)
      }).pipe(Effect.scoped),
    120_000
  )
})
