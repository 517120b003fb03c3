import { describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Effect, Result } from "effect"
import * as Logging from "../src/Logging.js"

const levelOf = (value: string | undefined) =>
  Effect.result(Logging.config).pipe(
    Effect.provideService(
      ConfigProvider.ConfigProvider,
      ConfigProvider.fromEnv({ env: value === undefined ? {} : { LOG_LEVEL: value } })
    ),
    Effect.map(Result.map((config) => config.level))
  )

describe("LOG_LEVEL", () => {
  it.effect("takes the documented names and Effect's own labels, in any case", () =>
    Effect.gen(function*() {
      expect(yield* levelOf(undefined)).toEqual(Result.succeed("Info"))
      expect(yield* levelOf("Warning")).toEqual(Result.succeed("Warn"))
      expect(yield* levelOf("WARN")).toEqual(Result.succeed("Warn"))
      expect(yield* levelOf("none")).toEqual(Result.succeed("None"))
      expect(yield* levelOf("Off")).toEqual(Result.succeed("None"))
      expect(yield* levelOf(" debug ")).toEqual(Result.succeed("Debug"))
    }))

  it.effect("refuses anything else, naming the accepted values", () =>
    Effect.gen(function*() {
      const refused = yield* levelOf("loud")
      expect(Result.isFailure(refused) && String(refused.failure)).toContain("Expected one of All, Trace")
    }))
})

describe("log lines", () => {
  /** `process.stdout.write`'s texts while `effect` runs (restored afterwards); `effect` sees them as they come. */
  const writtenDuring = <A, E>(effect: (writes: ReadonlyArray<string>) => Effect.Effect<A, E>) =>
    Effect.gen(function*() {
      const writes: Array<string> = []
      const write = process.stdout.write
      process.stdout.write = (chunk: string | Uint8Array) => {
        writes.push(typeof chunk === "string" ? chunk : new TextDecoder().decode(chunk))
        return true
      }
      const result = yield* effect(writes).pipe(Effect.ensuring(Effect.sync(() => (process.stdout.write = write))))
      return { result, writes }
    })

  const withLogging = <A, E>(effect: Effect.Effect<A, E>) =>
    effect.pipe(
      Effect.provide(Logging.layer),
      Effect.provideService(
        ConfigProvider.ConfigProvider,
        ConfigProvider.fromEnv({ env: { LOG_FORMAT: "logfmt", LOG_LEVEL: "Info" } })
      )
    )

  const turnEnded = Effect.promise(() => new Promise<void>((resolve) => setImmediate(resolve)))

  it.live("are written once per turn of the event loop, whole, in order", () =>
    Effect.gen(function*() {
      const { result: writtenBeforeTheTurnEnded, writes } = yield* writtenDuring((writes) =>
        withLogging(Effect.gen(function*() {
          yield* Effect.logInfo("first")
          yield* Effect.logInfo("second")
          yield* Effect.logInfo("third")
          const before = writes.length
          yield* turnEnded
          expect(writes).toHaveLength(1)
          return before
        }))
      )
      expect(writtenBeforeTheTurnEnded).toBe(0)
      expect(writes).toHaveLength(1)
      expect(writes[0]?.split("\n").map((line) => /message=(\w+)/.exec(line)?.[1])).toEqual([
        "first",
        "second",
        "third",
        undefined
      ])
    }))

  it.live("go out when the logging layer closes, in writes of whole lines of at most 4 KiB", () =>
    Effect.gen(function*() {
      const { writes } = yield* writtenDuring(() =>
        withLogging(Effect.forEach(
          Array.from({ length: 40 }, (_, index) => `line ${index} ${"x".repeat(200)}`),
          (message) => Effect.logInfo(message),
          { discard: true }
        ))
      )
      expect(writes.length).toBeGreaterThan(1)
      for (const text of writes) {
        expect(Buffer.byteLength(text)).toBeLessThanOrEqual(4096)
        expect(text.endsWith("\n")).toBe(true)
      }
      const lines = writes.join("").split("\n").filter((line) => line.length > 0)
      expect(lines.map((line) => /message="line (\d+)/.exec(line)?.[1])).toEqual(
        Array.from({ length: 40 }, (_, index) => String(index))
      )
    }))
})
