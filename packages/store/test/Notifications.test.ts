/**
 * LISTEN / NOTIFY through `Notifications`, on every test database: delivery,
 * transactional NOTIFY (on commit only), and channels shared by several
 * subscribers; on Postgres, listening again after the LISTEN connection's
 * backend is terminated, and (on a throwaway cluster, when Postgres' server
 * binaries are installed) after Postgres restarts.
 */
import { describe, expect, it, layer } from "@effect/vitest"
import { Deferred, Effect, Layer, Option, Queue, Result, Schedule, Schema, Stream } from "effect"
import { SqlClient } from "effect/sql"
import * as Database from "../src/Database.js"
import { applicationName } from "../src/ListenConnection.js"
import { Notifications } from "../src/Notifications.js"
import * as TestDatabase from "../src/testing.js"
import * as ThrowawayPostgres from "../src/ThrowawayPostgres.js"

// Subscribes to `channel` for the rest of the test. LISTEN takes effect a
// moment after the stream starts, with no signal: ping until a ping comes back.
const subscribe = (channel: string) =>
  Effect.gen(function*() {
    const notifications = yield* Notifications
    const ready = yield* Deferred.make<void>()
    const received = yield* Queue.unbounded<string>()
    yield* notifications.listen(channel).pipe(
      Stream.runForEach((payload) =>
        payload.startsWith("ping") ? Deferred.succeed(ready, undefined) : Queue.offer(received, payload)
      ),
      Effect.forkScoped
    )
    yield* notifications.notify(channel, "ping").pipe(
      Effect.andThen(
        Effect.timeoutOrElse(Deferred.await(ready), {
          duration: "50 millis",
          orElse: () => Effect.fail("no ping")
        })
      ),
      Effect.retry({ times: 100 })
    )
    return received
  })

// Sends pings until one comes back through `received`'s listener: LISTEN is in effect.
const pingUntilHeard = (channel: string, heard: Queue.Queue<string>) =>
  Effect.gen(function*() {
    const notifications = yield* Notifications
    yield* notifications.notify(channel, "pong").pipe(
      Effect.andThen(
        Effect.timeoutOrElse(Queue.take(heard), {
          duration: "100 millis",
          orElse: () => Effect.fail("no pong")
        })
      ),
      Effect.retry({ times: 200 })
    )
  })

const ListenBackend = Schema.Array(Schema.Struct({ pid: Schema.Number }))

// The server process of this database's LISTEN connection.
const listenBackends = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql`SELECT pid FROM pg_stat_activity
    WHERE application_name = ${applicationName} AND datname = current_database()`
  return (yield* Schema.decodeUnknownEffect(ListenBackend)(rows)).map((row) => row.pid)
})

// Nothing arrives within a short while.
const expectNothing = (queue: Queue.Queue<string>) =>
  Effect.gen(function*() {
    yield* Effect.sleep("100 millis")
    expect(yield* Queue.poll(queue)).toEqual(Option.none())
  })

for (const kind of TestDatabase.testDatabases) {
  describe(kind, () => {
    layer(TestDatabase.layerFor(kind), { timeout: TestDatabase.timeout, excludeTestServices: true })((it) => {
      it.effect("delivers a notification", () =>
        Effect.gen(function*() {
          const notifications = yield* Notifications
          const received = yield* subscribe("moneta_test")
          yield* notifications.notify("moneta_test", "hello")
          expect(yield* Queue.take(received)).toBe("hello")
        }))

      it.effect("delivers a notification sent in a transaction on commit, and never on rollback", () =>
        Effect.gen(function*() {
          const sql = yield* SqlClient.SqlClient
          const notifications = yield* Notifications
          const received = yield* subscribe("moneta_tx")
          yield* sql.withTransaction(Effect.gen(function*() {
            yield* notifications.notify("moneta_tx", "committed")
            yield* expectNothing(received)
          }))
          expect(yield* Queue.take(received)).toBe("committed")

          const rolledBack = yield* sql.withTransaction(
            Effect.andThen(notifications.notify("moneta_tx", "rolled back"), Effect.fail("abort" as const))
          ).pipe(Effect.result)
          expect(rolledBack).toEqual(Result.fail("abort"))
          // Notifications arrive in commit order: "after" would follow a delivered "rolled back".
          yield* notifications.notify("moneta_tx", "after")
          expect(yield* Queue.take(received)).toBe("after")
        }))

      it.effect("keeps channels apart and names case-sensitive", () =>
        Effect.gen(function*() {
          const notifications = yield* Notifications
          const upper = yield* subscribe("Moneta_Case")
          const lower = yield* subscribe("moneta_case")
          yield* notifications.notify("Moneta_Case", "upper")
          expect(yield* Queue.take(upper)).toBe("upper")
          yield* notifications.notify("moneta_case", "lower")
          expect(yield* Queue.take(lower)).toBe("lower")
          yield* expectNothing(upper)
        }))

      it.effect("keeps delivering to a subscriber when another subscriber of the channel stops", () =>
        Effect.gen(function*() {
          const notifications = yield* Notifications
          const staying = yield* subscribe("moneta_shared")
          yield* Effect.scoped(Effect.gen(function*() {
            const leaving = yield* subscribe("moneta_shared")
            yield* notifications.notify("moneta_shared", "both")
            expect(yield* Queue.take(leaving)).toBe("both")
            expect(yield* Queue.take(staying)).toBe("both")
          }))
          yield* notifications.notify("moneta_shared", "still")
          expect(yield* Queue.take(staying)).toBe("still")
        }))
    })
  })
}

describe.runIf(TestDatabase.testDatabases.includes("postgres"))("postgres: the LISTEN connection", () => {
  layer(TestDatabase.layerFor("postgres"), { timeout: TestDatabase.timeout, excludeTestServices: true })((it) => {
    it.effect("listens again after its backend is terminated", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const notifications = yield* Notifications
        const received = yield* subscribe("moneta_reconnect")
        const [before] = yield* listenBackends
        expect(before).toBeDefined()
        yield* sql`SELECT pg_terminate_backend(${before})`
        // The stream keeps running: pings come back once LISTEN is in effect on a new connection.
        yield* pingUntilHeard("moneta_reconnect", received)
        const after = yield* listenBackends
        expect(after).toHaveLength(1)
        expect(after[0]).not.toBe(before)
        yield* notifications.notify("moneta_reconnect", "after")
        // A late pong may still be queued ahead of it.
        const next = yield* Queue.take(received).pipe(Effect.repeat({ while: (payload) => payload === "pong" }))
        expect(next).toBe("after")
      }), 180_000)
  })
})

describe.runIf(ThrowawayPostgres.binDir !== undefined)("postgres restarted", () => {
  it.live("listens again, and the pool serves statements again, after Postgres restarts", () =>
    Effect.gen(function*() {
      const cluster = yield* ThrowawayPostgres.make()
      const context = yield* Layer.build(Database.layerPostgres(cluster.url))
      yield* Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const notifications = yield* Notifications
        const received = yield* subscribe("moneta_restart")
        yield* cluster.stop("fast")
        yield* cluster.start
        // Statements fail until the server answers again; then pings come back once LISTEN is in effect anew.
        yield* notifications.notify("moneta_restart", "pong").pipe(
          Effect.andThen(
            Effect.timeoutOrElse(Queue.take(received), {
              duration: "100 millis",
              orElse: () => Effect.fail("no pong")
            })
          ),
          Effect.retry({ schedule: Schedule.spaced("50 millis"), times: 300 })
        )
        expect(yield* sql`SELECT 1 AS one`).toEqual([{ one: 1 }])
        yield* notifications.notify("moneta_restart", "after")
        const next = yield* Queue.take(received).pipe(Effect.repeat({ while: (payload) => payload === "pong" }))
        expect(next).toBe("after")
      }).pipe(Effect.provide(context))
    }).pipe(Effect.scoped), 180_000)
})
