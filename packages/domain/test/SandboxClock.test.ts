import { describe, expect, it } from "@effect/vitest"
import { DateTime, Result } from "effect"
import * as fc from "fast-check"
import { advancedOffset, formatOffset, maxOffsetMillis, parseDuration, timeAt } from "../src/sandbox/SandboxClock.js"
import { prop } from "./support/Property.js"

const second = 1_000
const minute = 60 * second
const hour = 60 * minute
const day = 24 * hour

const parsed = (input: string | number) => Result.getOrThrow(parseDuration(input))
const refusal = (input: string | number) => {
  const result = parseDuration(input)
  if (Result.isSuccess(result)) throw new Error(`${JSON.stringify(input)} was accepted: ${result.success}`)
  return result.failure
}

describe("sandbox clock durations", () => {
  it("reads seconds, shorthand and ISO 8601", () => {
    expect(parsed(90)).toBe(90 * second)
    expect(parsed("90")).toBe(90 * second)
    expect(parsed(1.5)).toBe(1_500)
    expect(parsed("2h")).toBe(2 * hour)
    expect(parsed("90m")).toBe(90 * minute)
    expect(parsed("7d")).toBe(7 * day)
    expect(parsed("1w")).toBe(7 * day)
    expect(parsed("1d12h30m15s250ms")).toBe(day + 12 * hour + 30 * minute + 15 * second + 250)
    expect(parsed("1.5h")).toBe(90 * minute)
    expect(parsed(" 2H ")).toBe(2 * hour)
    expect(parsed("P7D")).toBe(7 * day)
    expect(parsed("PT2H30M")).toBe(2 * hour + 30 * minute)
    expect(parsed("P1DT1S")).toBe(day + second)
    expect(parsed("P2W")).toBe(14 * day)
    expect(parsed("pt0.5s")).toBe(500)
    expect(parsed(0)).toBe(0)
  })

  it("refuses what is not a duration, negatives, years and months, and more than 10 years", () => {
    for (const input of ["", " ", "soon", "2 hours", "h", "P", "PT", "P1DT", "7x", "1h-", "NaN", "Infinity"]) {
      expect(refusal(input)).toMatch(/^must be a number of seconds, a duration such as/)
    }
    expect(refusal("-1h")).toBe("must not be negative: the clock only moves forward")
    expect(refusal(-1)).toBe("must not be negative: the clock only moves forward")
    expect(refusal(Number.POSITIVE_INFINITY)).toMatch(/^must be a number of seconds/)
    expect(refusal("P1M")).toMatch(/^years and months have no fixed length/)
    expect(refusal("P1Y2D")).toMatch(/^years and months have no fixed length/)
    expect(refusal("3651d")).toBe("must be at most 10 years (3650d)")
    expect(parsed("3650d")).toBe(maxOffsetMillis)
  })

  prop(
    "a shorthand of days, hours, minutes and seconds is their sum, as is the ISO form",
    [fc.nat(3_000), fc.nat(23), fc.nat(59), fc.nat(59)],
    ([days, hours, minutes, seconds]) => {
      const millis = days * day + hours * hour + minutes * minute + seconds * second
      expect(parsed(`${days}d${hours}h${minutes}m${seconds}s`)).toBe(millis)
      expect(parsed(`P${days}DT${hours}H${minutes}M${seconds}S`)).toBe(millis)
    }
  )
})

describe("sandbox clock offsets", () => {
  it("adds up, and stops at 10 years ahead in total", () => {
    expect(Result.getOrThrow(advancedOffset(0, 7 * day))).toBe(7 * day)
    expect(Result.getOrThrow(advancedOffset(7 * day, 2 * hour))).toBe(7 * day + 2 * hour)
    expect(Result.getOrThrow(advancedOffset(maxOffsetMillis - 1, 1))).toBe(maxOffsetMillis)
    const refused = advancedOffset(3_000 * day, 700 * day)
    expect(Result.isFailure(refused) && refused.failure).toBe(
      "would put the clock more than 10 years ahead of real time (it is 3000d ahead)"
    )
  })

  prop(
    "the clock's time is real time plus the offset, and never behind it",
    [fc.integer({ min: 0, max: 4_000_000_000_000 }), fc.integer({ min: 0, max: maxOffsetMillis })],
    ([realMillis, offset]) => {
      const real = DateTime.makeUnsafe(realMillis)
      const on = timeAt(real, offset)
      expect(on.epochMilliseconds - real.epochMilliseconds).toBe(offset)
    }
  )

  it("reads as people do", () => {
    expect(formatOffset(0)).toBe("0s")
    expect(formatOffset(7 * day + 2 * hour)).toBe("7d 2h")
    expect(formatOffset(90 * minute + 250)).toBe("1h 30m 250ms")
  })
})
