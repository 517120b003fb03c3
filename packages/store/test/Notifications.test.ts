/**
 * LISTEN / NOTIFY through `Notifications`, on every test database: delivery,
 * transactional NOTIFY (on commit only), and channels shared by several
 * subscribers; on Postgres, listening again after the LISTEN connection's
 * backend is terminated.
 */
import { SqlClient } from "@effect/sql"
import { describe, expect, layer } from "@effect/vitest"
import { Deferred, Effect, Either, Option, Queue, Schema, Stream } from "effect"
import { applicationName } from "../src/ListenConnection.js"
import { Notifications } from "../src/Notifications.js"
import * as TestDatabase from "../src/testing.js"

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
      Effect.zipRight(Effect.timeoutFail(Deferred.await(ready), { duration: "50 millis", onTimeout: () => "no ping" })),
      Effect.retry({ times: 100 })
    )
    return received
  })

// Sends pings until one comes back through `received`'s listener: LISTEN is in effect.
const pingUntilHeard = (channel: string, heard: Queue.Queue<string>) =>
  Effect.gen(function*() {
    const notifications = yield* Notifications
    yield* notifications.notify(channel, "pong").pipe(
      Effect.zipRight(Effect.timeoutFail(Queue.take(heard), { duration: "100 millis", onTimeout: () => "no pong" })),
      Effect.retry({ times: 200 })
    )
  })

const ListenBackend = Schema.Array(Schema.Struct({ pid: Schema.Number }))

// The server process of this database's LISTEN connection.
const listenBackends = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql`SELECT pid FROM pg_stat_activity
    WHERE application_name = ${applicationName} AND datname = current_database()`
  return (yield* Schema.decodeUnknown(ListenBackend)(rows)).map((row) => row.pid)
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
      it.scoped("delivers a notification", () =>
        Effect.gen(function*() {
          const notifications = yield* Notifications
          const received = yield* subscribe("moneta_test")
          yield* notifications.notify("moneta_test", "hello")
          expect(yield* Queue.take(received)).toBe("hello")
        }))

      it.scoped("delivers a notification sent in a transaction on commit, and never on rollback", () =>
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
            Effect.zipRight(notifications.notify("moneta_tx", "rolled back"), Effect.fail("abort" as const))
          ).pipe(Effect.either)
          expect(rolledBack).toEqual(Either.left("abort"))
          // Notifications arrive in commit order: "after" would follow a delivered "rolled back".
          yield* notifications.notify("moneta_tx", "after")
          expect(yield* Queue.take(received)).toBe("after")
        }))

      it.scoped("keeps channels apart and names case-sensitive", () =>
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

      it.scoped("keeps delivering to a subscriber when another subscriber of the channel stops", () =>
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
    it.scoped("listens again after its backend is terminated", () =>
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
      }), 30_000)
  })
})
