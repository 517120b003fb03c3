/**
 * The dispatcher and the decision sweeper start only once the server serves:
 * until then the server's `Dispatcher` says it is not running (so `/ready`
 * answers 503), and from then on it is the real, running dispatcher.
 */
import { describe, expect, it } from "@effect/vitest"
import { timingFromConfig } from "@moneta/bank/RealTimeDecisions"
import * as TestDatabase from "@moneta/store/testing"
import * as Destinations from "@moneta/webhooks/Destinations"
import { Dispatcher } from "@moneta/webhooks/Dispatcher"
import { ConfigProvider, Context, Deferred, Duration, Effect, Layer, Option, Queue, Ref, Schedule } from "effect"
import { TestClock } from "effect/testing"
import * as Background from "../src/Background.js"

// The test database's own settings (DATABASE_URL) still come from the environment.
const settings = ConfigProvider.fromEnv({ env: { MONETA_ENVIRONMENT: "sandbox" } }).pipe(
  ConfigProvider.orElse(ConfigProvider.fromEnv())
)

for (const kind of TestDatabase.testDatabases) {
  describe(`Background (${kind})`, () => {
    it.live(
      "says the dispatcher is not running before the server serves, and runs it once it does",
      () =>
        Effect.gen(function*() {
          const dispatcher = yield* Dispatcher
          const serving = yield* Background.Serving
          expect(yield* dispatcher.running).toBe(false)
          yield* Deferred.succeed(serving, undefined)
          // Started in the background: poll until it runs (it must, within the test's timeout).
          yield* dispatcher.running.pipe(
            Effect.repeat({ until: (running) => running, schedule: Schedule.spaced("10 millis") })
          )
          expect(yield* dispatcher.running).toBe(true)
        }).pipe(
          Effect.provide(
            Background.layer.pipe(
              Layer.provideMerge(Background.servingLayer),
              Layer.provide(Layer.mergeAll(Destinations.layer, timingFromConfig)),
              Layer.provide(TestDatabase.layerFor(kind))
            )
          ),
          Effect.provideService(ConfigProvider.ConfigProvider, settings)
        ),
      Duration.toMillis(TestDatabase.timeout)
    )
  })
}

class Resource extends Context.Service<Resource, number>()("test/Background/Resource") {}

describe("Background.buildWhenServing", () => {
  it.effect("tries a failed start again on its schedule, releasing what each failed attempt acquired", () =>
    Effect.gen(function*() {
      const attempts = yield* Ref.make(0)
      const released = yield* Ref.make(0)
      const attempted = yield* Queue.unbounded<number>()
      // acquires a resource, then fails on its first two builds
      const flaky = Layer.effect(
        Resource,
        Effect.gen(function*() {
          const attempt = yield* Ref.updateAndGet(attempts, (count) => count + 1)
          yield* Effect.addFinalizer(() => Ref.update(released, (count) => count + 1))
          yield* Queue.offer(attempted, attempt)
          if (attempt < 3) return yield* Effect.fail(`attempt ${attempt} failed`)
          return attempt
        })
      )
      const serving = yield* Background.Serving
      const built = yield* Background.buildWhenServing(flaky, Schedule.spaced("1 second"))
      expect(yield* Ref.get(attempts)).toBe(0)
      yield* Deferred.succeed(serving, undefined)
      expect(yield* Queue.take(attempted)).toBe(1)
      yield* TestClock.adjust("1 second")
      expect(yield* Queue.take(attempted)).toBe(2)
      yield* TestClock.adjust("1 second")
      expect(yield* Queue.take(attempted)).toBe(3)
      const context = yield* Ref.get(built).pipe(
        Effect.tap(() => Effect.yieldNow),
        Effect.repeat({ until: Option.isSome })
      )
      expect(Option.map(context, Context.get(Resource))).toEqual(Option.some(3))
      expect(yield* Ref.get(released)).toBe(2)
    }).pipe(Effect.provide(Background.servingLayer)))
})

describe("Background.markServing", () => {
  it.effect("lets the background work start only `startDelay` after the server serves", () =>
    Effect.gen(function*() {
      const serving = yield* Background.Serving
      yield* Layer.buildWithScope(Background.markServing, yield* Effect.scope)
      yield* TestClock.adjust(Duration.subtract(Background.startDelay, Duration.millis(1)))
      expect(yield* Deferred.isDone(serving)).toBe(false)
      yield* TestClock.adjust(Duration.millis(1))
      // Completed by a fiber of its own: awaited (the test's timeout fails it if it never is).
      yield* Deferred.await(serving)
    }).pipe(Effect.provide(Background.servingLayer)))
})
