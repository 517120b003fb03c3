/**
 * LISTEN / NOTIFY through `Notifications`, on every test database: delivery,
 * transactional NOTIFY (on commit only), and channels shared by several
 * subscribers.
 */
import { SqlClient } from "@effect/sql"
import { describe, expect, layer } from "@effect/vitest"
import { Deferred, Effect, Either, Option, Queue, Stream } from "effect"
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
