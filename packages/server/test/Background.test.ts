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
import { ConfigProvider, Deferred, Duration, Effect, Layer, Schedule } from "effect"
import * as Background from "../src/Background.js"

// The test database's own settings (DATABASE_URL) still come from the environment.
const settings = ConfigProvider.fromMap(new Map([["MONETA_ENVIRONMENT", "sandbox"]])).pipe(
  ConfigProvider.orElse(() => ConfigProvider.fromEnv())
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
          Effect.withConfigProvider(settings)
        ),
      Duration.toMillis(TestDatabase.timeout)
    )
  })
}
