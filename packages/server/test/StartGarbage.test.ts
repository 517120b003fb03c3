/**
 * The `moneta` command collects its start's garbage once the server's
 * background work has started: V8's low-memory collection, which shrinks the
 * young generation the start grew.
 */
import { describe, expect, it } from "@effect/vitest"
import { Dispatcher } from "@moneta/webhooks/Dispatcher"
import { Cause, Duration, Effect, Layer, Logger, Ref, References } from "effect"
import { TestClock } from "effect/testing"
import * as V8 from "node:v8"
import * as StartGarbage from "../src/StartGarbage.js"

const newSpaceSize = () =>
  V8.getHeapSpaceStatistics().find((space) => space.space_name === "new_space")?.space_size ?? 0

/** A dispatcher that runs once `started` is set. */
const dispatcherStartedBy = (started: Ref.Ref<boolean>) =>
  Layer.succeed(Dispatcher, Dispatcher.of({ wake: Effect.void, running: Ref.get(started) }))

describe("StartGarbage", () => {
  it.live("shrinks the young generation that surviving allocations grew", () =>
    Effect.gen(function*() {
      // Objects that survive scavenges grow the young generation, as a start's do.
      const kept: Array<ReadonlyArray<number>> = []
      for (let round = 0; round < 200 && newSpaceSize() < 8 * 1024 * 1024; round++) {
        for (let index = 0; index < 10_000; index++) kept.push([round, index])
        yield* Effect.yieldNow
      }
      const grown = newSpaceSize()
      expect(grown).toBeGreaterThanOrEqual(8 * 1024 * 1024)
      kept.length = 0
      yield* StartGarbage.collectAllGarbage
      expect(newSpaceSize()).toBeLessThan(grown / 2)
    }))

  it.effect("collects once the background work has started, not before", () =>
    Effect.gen(function*() {
      const started = yield* Ref.make(false)
      const collections = yield* Ref.make(0)
      const layer = StartGarbage.layerCollecting(Ref.update(collections, (count) => count + 1)).pipe(
        Layer.provide(dispatcherStartedBy(started))
      )
      yield* Effect.scoped(Effect.gen(function*() {
        yield* Layer.build(layer)
        yield* TestClock.adjust(Duration.seconds(5))
        expect(yield* Ref.get(collections)).toBe(0)
        yield* Ref.set(started, true)
        yield* TestClock.adjust(Duration.seconds(1))
        expect(yield* Ref.get(collections)).toBe(1)
        yield* TestClock.adjust(StartGarbage.startedBound)
        expect(yield* Ref.get(collections)).toBe(1)
      }))
    }))

  it.effect("collects after its bound when the background work never starts", () =>
    Effect.gen(function*() {
      const collections = yield* Ref.make(0)
      const layer = StartGarbage.layerCollecting(Ref.update(collections, (count) => count + 1)).pipe(
        Layer.provide(dispatcherStartedBy(yield* Ref.make(false)))
      )
      yield* Effect.scoped(Effect.gen(function*() {
        yield* Layer.build(layer)
        yield* TestClock.adjust(Duration.seconds(29))
        expect(yield* Ref.get(collections)).toBe(0)
        yield* TestClock.adjust(Duration.seconds(2))
        expect(yield* Ref.get(collections)).toBe(1)
      }))
    }))

  it.effect("a collection that fails is logged at debug level, and nothing else happens", () =>
    Effect.gen(function*() {
      const logged: Array<string> = []
      const collectingLogger = Logger.layer([Logger.make(({ cause, logLevel, message }) => {
        const text = (Array.isArray(message) ? message : [message]).map(String).join(" ")
        logged.push(`${logLevel}: ${text} ${Cause.pretty(cause)}`)
      })])
      const layer = StartGarbage.layerCollecting(Effect.fail(new Error("no inspector"))).pipe(
        Layer.provide(dispatcherStartedBy(yield* Ref.make(true)))
      )
      yield* Effect.scoped(Effect.gen(function*() {
        yield* Layer.build(layer)
        yield* TestClock.adjust(Duration.seconds(1))
      })).pipe(Effect.provide(collectingLogger), Effect.provideService(References.MinimumLogLevel, "Debug"))
      expect(logged).toHaveLength(1)
      expect(logged[0]).toMatch(/^Debug: The start's garbage was not collected/)
      expect(logged[0]).toContain("no inspector")
    }))
})
