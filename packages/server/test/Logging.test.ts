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
