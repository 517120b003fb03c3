import { describe, expect, it } from "@effect/vitest"
import { Result, Schema } from "effect"
import * as fc from "fast-check"
import * as RoutingNumber from "../src/accounts/RoutingNumber.js"
import { routingNumberArbitrary as routingNumber } from "../src/testing/Arbitraries.js"
import { prop } from "./support/Property.js"

const decode = Schema.decodeUnknownResult(RoutingNumber.RoutingNumber)

describe("ABA routing numbers", () => {
  it("accept known valid numbers", () => {
    for (const valid of ["101050001", "021000021", "011000015", "122105278"]) {
      expect(RoutingNumber.isValid(valid)).toBe(true)
    }
  })

  prop(
    "the check digit completes any eight digits into a valid number",
    [fc.stringMatching(/^\d{8}$/)],
    ([firstEight]) => {
      expect(Result.isSuccess(decode(`${firstEight}${RoutingNumber.checkDigit(firstEight)}`))).toBe(true)
    }
  )

  prop("changing one digit of a valid number invalidates it", [
    routingNumber,
    fc.nat(8),
    fc.integer({ min: 1, max: 9 })
  ], ([valid, position, shift]) => {
    const digit = (Number(valid[position]) + shift) % 10
    const mistyped = `${valid.slice(0, position)}${digit}${valid.slice(position + 1)}`
    expect(RoutingNumber.isValid(mistyped)).toBe(false)
  })

  prop(
    "strings that are not nine digits are refused",
    [fc.string().filter((text) => !/^\d{9}$/.test(text))],
    ([text]) => {
      expect(Result.isFailure(decode(text))).toBe(true)
    }
  )
})
