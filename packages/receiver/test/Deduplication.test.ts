import { describe, expect, layer } from "@effect/vitest"
import type { Vitest } from "@effect/vitest"
import * as TestDatabase from "@moneta/store/testing"
import { Deferred, Duration, Effect, Fiber, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import * as Deduplication from "../src/Deduplication.js"
import * as SqlDeduplication from "../src/SqlDeduplication.js"

let ids = 0
const freshId = () => `event_${Date.now()}_${ids++}`

/** What every store promises (see `DeduplicationShape.once`). */
const contract = (it: Vitest.MethodsNonLive<Deduplication.Deduplication>) => {
  it.effect("runs the effect for a new id and not for an id already handled", () =>
    Effect.gen(function*() {
      const store = yield* Deduplication.Deduplication
      const id = freshId()
      expect(yield* store.once(id, Effect.succeed("first"))).toEqual(Option.some("first"))
      expect(yield* store.once(id, Effect.succeed("second"))).toEqual(Option.none())
      expect(yield* store.once(freshId(), Effect.succeed("other"))).toEqual(Option.some("other"))
    }))

  it.effect("after a failure or a defect the id is not handled, and the next delivery runs again", () =>
    Effect.gen(function*() {
      const store = yield* Deduplication.Deduplication
      const id = freshId()
      expect(yield* Effect.flip(store.once(id, Effect.fail("handler failed" as const)))).toBe("handler failed")
      yield* Effect.exit(store.once(id, Effect.die("bug")))
      expect(yield* store.once(id, Effect.succeed("retried"))).toEqual(Option.some("retried"))
      expect(yield* store.once(id, Effect.succeed("again"))).toEqual(Option.none())
    }))

  it.effect("a second delivery of an id being handled waits, then is a duplicate", () =>
    Effect.gen(function*() {
      const store = yield* Deduplication.Deduplication
      const id = freshId()
      const started = yield* Deferred.make<void>()
      const release = yield* Deferred.make<void>()
      let runs = 0
      const handling = Effect.gen(function*() {
        runs += 1
        yield* Deferred.succeed(started, undefined)
        yield* Deferred.await(release)
        return runs
      })
      const first = yield* Effect.forkChild(store.once(id, handling))
      yield* Deferred.await(started)
      const second = yield* Effect.forkChild(store.once(id, handling))
      yield* Effect.sleep(Duration.millis(100))
      expect(second.pollUnsafe()).toBeUndefined()
      yield* Deferred.succeed(release, undefined)
      expect(yield* Fiber.join(first)).toEqual(Option.some(1))
      expect(yield* Fiber.join(second)).toEqual(Option.none())
      expect(runs).toBe(1)
    }))

  it.effect("a second delivery of an id whose first handling fails runs it itself", () =>
    Effect.gen(function*() {
      const store = yield* Deduplication.Deduplication
      const id = freshId()
      const started = yield* Deferred.make<void>()
      const release = yield* Deferred.make<void>()
      const failing = Effect.andThen(
        Effect.andThen(Deferred.succeed(started, undefined), Deferred.await(release)),
        Effect.fail("first attempt failed" as const)
      )
      const first = yield* Effect.forkChild(store.once(id, failing))
      yield* Deferred.await(started)
      const second = yield* Effect.forkChild(store.once(id, Effect.succeed("second attempt")))
      yield* Deferred.succeed(release, undefined)
      expect(yield* Effect.flip(Fiber.join(first))).toBe("first attempt failed")
      expect(yield* Fiber.join(second)).toEqual(Option.some("second attempt"))
    }))

  it.effect("many deliveries of a few ids at once: each id is handled exactly once", () =>
    Effect.gen(function*() {
      const store = yield* Deduplication.Deduplication
      const webhookIds = [freshId(), freshId(), freshId()]
      const handled = new Map<string, number>()
      const deliveries = Array.from({ length: 30 }, (_, index) => webhookIds[index % webhookIds.length] ?? "")
      yield* Effect.forEach(
        deliveries,
        (id) =>
          store.once(
            id,
            Effect.andThen(
              Effect.sleep(Duration.millis(5)),
              Effect.sync(() => handled.set(id, (handled.get(id) ?? 0) + 1))
            )
          ),
        { concurrency: "unbounded", discard: true }
      )
      expect([...handled.values()]).toEqual([1, 1, 1])
    }))
}

describe("in-memory deduplication", () => {
  layer(Deduplication.layerMemory(), { excludeTestServices: true })((it) => contract(it))

  layer(Deduplication.layerMemory({ capacity: 2 }), { excludeTestServices: true })("capacity", (it) => {
    it.effect("forgets the oldest ids beyond its capacity", () =>
      Effect.gen(function*() {
        const store = yield* Deduplication.Deduplication
        const [a, b, c] = [freshId(), freshId(), freshId()]
        for (const id of [a, b, c]) yield* store.once(id, Effect.void)
        expect(yield* store.once(c, Effect.succeed("c"))).toEqual(Option.none())
        expect(yield* store.once(a, Effect.succeed("a"))).toEqual(Option.some("a"))
      }))
  })
})

for (const kind of TestDatabase.testDatabases) {
  // An empty database: the store needs nothing of Moneta's schema, only an effect/sql client.
  const database = TestDatabase.layerFor(kind, { migrated: false })
  const store = SqlDeduplication.layer().pipe(Layer.provideMerge(database))

  describe(`SQL deduplication (${kind})`, () => {
    layer(store, { excludeTestServices: true, timeout: TestDatabase.timeout })((it) => {
      contract(it)

      it.effect("its migration is idempotent and the table can be named", () =>
        Effect.gen(function*() {
          yield* SqlDeduplication.migrate()
          yield* SqlDeduplication.migrate({ table: "received_webhooks" })
          yield* SqlDeduplication.migrate({ table: "received_webhooks" })
          const other = yield* SqlDeduplication.make({ table: "received_webhooks" })
          const id = freshId()
          expect(yield* other.once(id, Effect.succeed(1))).toEqual(Option.some(1))
          expect(yield* other.once(id, Effect.succeed(2))).toEqual(Option.none())
        }))

      it.effect("a handler's own writes commit with the record of the id, or not at all", () =>
        Effect.gen(function*() {
          const sql = yield* SqlClient.SqlClient
          const store = yield* Deduplication.Deduplication
          yield* sql`CREATE TABLE IF NOT EXISTS transfer_statuses (id TEXT PRIMARY KEY, status TEXT NOT NULL)`
          const id = freshId()
          const write = (status: string) => sql`INSERT INTO transfer_statuses (id, status) VALUES (${id}, ${status})`
          yield* Effect.flip(store.once(id, Effect.andThen(write("pending"), Effect.fail("then failed" as const))))
          expect(yield* sql`SELECT status FROM transfer_statuses WHERE id = ${id}`).toEqual([])
          yield* store.once(id, write("complete"))
          expect(yield* sql`SELECT status FROM transfer_statuses WHERE id = ${id}`).toEqual([{ status: "complete" }])
        }))

      it.effect("prune forgets ids handled before the cutoff", () =>
        Effect.gen(function*() {
          const store = yield* Deduplication.Deduplication
          const id = freshId()
          yield* store.once(id, Effect.void)
          yield* SqlDeduplication.prune(Duration.days(7))
          expect(yield* store.once(id, Effect.succeed("kept"))).toEqual(Option.none())
          yield* Effect.sleep(Duration.millis(5))
          yield* SqlDeduplication.prune(Duration.zero)
          expect(yield* store.once(id, Effect.succeed("forgotten"))).toEqual(Option.some("forgotten"))
        }))

      it.effect("refuses ids longer than its column rather than truncating them", () =>
        Effect.gen(function*() {
          const store = yield* Deduplication.Deduplication
          const error = yield* Effect.flip(store.once("x".repeat(256), Effect.void))
          expect(error).toMatchObject({ _tag: "DeduplicationError" })
        }))
    })
  })
}
