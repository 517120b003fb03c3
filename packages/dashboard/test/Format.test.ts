/** Money as the dashboard shows it: exact dollars and cents for every amount the API can send. */
import { describe, expect, it } from "@effect/vitest"
import * as fc from "fast-check"
import { money, words } from "../src/Format.js"

describe("money", () => {
  it("shows cents as dollars with separators", () => {
    expect(money(123456)).toBe("$1,234.56")
    expect(money(-5)).toBe("-$0.05")
    expect(money(0)).toBe("$0.00")
    expect(money(Number.MAX_SAFE_INTEGER)).toBe("$90,071,992,547,409.91")
  })

  it("is exact for every safe integer", () => {
    fc.assert(fc.property(fc.maxSafeInteger(), (cents) => {
      const shown = money(cents)
      const digits = shown.replace(/[$,-]/g, "")
      const magnitude = cents < 0 ? -BigInt(cents) : BigInt(cents)
      expect(digits).toBe(`${magnitude / 100n}.${String(magnitude % 100n).padStart(2, "0")}`)
      expect(shown.startsWith("-")).toBe(cents < 0)
    }))
  })

  it("writes snake case as words", () => {
    expect(words("pending_approval")).toBe("pending approval")
  })
})
