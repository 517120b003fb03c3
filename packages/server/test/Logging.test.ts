import { describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Effect, Either, LogLevel } from "effect"
import * as Logging from "../src/Logging.js"

const levelOf = (value: string | undefined) =>
  Effect.either(Logging.config).pipe(
    Effect.withConfigProvider(ConfigProvider.fromMap(new Map(value === undefined ? [] : [["LOG_LEVEL", value]]))),
    Effect.map(Either.map((config) => config.level))
  )

describe("LOG_LEVEL", () => {
  it.effect("takes the documented names and Effect's own labels, in any case", () =>
    Effect.gen(function*() {
      expect(yield* levelOf(undefined)).toEqual(Either.right(LogLevel.Info))
      expect(yield* levelOf("Warning")).toEqual(Either.right(LogLevel.Warning))
      expect(yield* levelOf("WARN")).toEqual(Either.right(LogLevel.Warning))
      expect(yield* levelOf("none")).toEqual(Either.right(LogLevel.None))
      expect(yield* levelOf("Off")).toEqual(Either.right(LogLevel.None))
      expect(yield* levelOf(" debug ")).toEqual(Either.right(LogLevel.Debug))
    }))

  it.effect("refuses anything else, naming the accepted values", () =>
    Effect.gen(function*() {
      const refused = yield* levelOf("loud")
      expect(Either.isLeft(refused) && String(refused.left)).toContain("Expected one of All, Trace")
    }))
})
