/**
 * Money arithmetic stays exact and in range (issue 9, item 4): totals are
 * computed as bigint, a change that would leave ±(2^53 − 1) is refused, and
 * every number handed back is a safe integer equal to the exact result.
 */
import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import * as fc from "fast-check"
import { BookkeepingAccountId } from "../src/core/Ids.js"
import { applyChange } from "../src/money/BalanceChange.js"
import { checkBalanceExtremes, validateEntrySet } from "../src/money/Bookkeeping.js"
import { isRepresentable, maxAmount, sum } from "../src/money/Money.js"
import { prop } from "./support/Property.js"

const max = BigInt(maxAmount)
/** Amounts near the edges as well as ordinary ones. */
const amount = fc.oneof(
  fc.integer({ min: 0, max: 1_000_000 }),
  fc.integer({ min: 0, max: 1_000 }).map((offset) => maxAmount - offset),
  fc.maxSafeNat()
)
const signed = fc.tuple(amount, fc.boolean()).map(([value, negative]) => (negative ? -value : value))
const totals = fc.tuple(amount, amount).map(([a, b]) => ({ current: Math.max(a, b), held: Math.min(a, b) }))
const change = fc.record({
  posted: fc.bigInt({ min: -2n * max, max: 2n * max }),
  held: fc.bigInt({ min: -max, max }),
  guarded: fc.boolean()
})

describe("money range", () => {
  prop(
    "a change is applied exactly or refused; accepted totals are safe integers",
    [totals, change],
    ([before, delta]) => {
      const current = BigInt(before.current) + delta.posted
      const held = BigInt(before.held) + delta.held
      const available = current - held
      const result = applyChange("account_x", before, delta)
      const inRange = isRepresentable(current) && isRepresentable(held) && isRepresentable(available)
      const covered = !delta.guarded || available >= 0n
      expect(Result.isSuccess(result)).toBe(inRange && covered)
      if (Result.isSuccess(result)) {
        expect(result.success).toEqual({ current: Number(current), held: Number(held), available: Number(available) })
        for (const value of Object.values(result.success)) expect(Number.isSafeInteger(value)).toBe(true)
        expect(BigInt(result.success.current)).toBe(current)
      } else {
        expect(result.failure._tag).toBe(covered ? "AmountOutOfRange" : "InsufficientAvailableBalance")
      }
    }
  )

  prop("sums are exact where floating-point addition rounds", [fc.array(signed, { maxLength: 20 })], ([amounts]) => {
    expect(sum(amounts)).toBe(amounts.reduce((total, value) => total + BigInt(value), 0n))
  })

  prop(
    "an entry set is balanced only when its exact sum is zero",
    [fc.array(signed.filter((value) => value !== 0), { minLength: 2, maxLength: 8 })],
    ([amounts]) => {
      const entries = amounts.map((value) => ({
        account_id: BookkeepingAccountId.make("bookkeeping_account_a"),
        amount: value
      }))
      const result = validateEntrySet({ entries }).pipe(
        Result.mapError((error) => error.errors.map((fieldError) => fieldError.field))
      )
      const balanced = sum(amounts) === 0n
      expect(Result.isFailure(result) && result.failure.includes("entries")).toBe(!balanced)
    }
  )

  it("the float-rounding example: MAX + 2 − MAX − 1 is 1, not 0", () => {
    const entries = [maxAmount, 2, -maxAmount, -1].map((value) => ({
      account_id: BookkeepingAccountId.make("bookkeeping_account_a"),
      amount: value
    }))
    const result = validateEntrySet({ entries })
    expect(Result.isFailure(result) && result.failure.errors.some((error) => error.field === "entries")).toBe(true)
  })

  prop(
    "bookkeeping balances are refused exactly when an extreme leaves the range",
    [fc.bigInt({ min: -2n * max, max: 2n * max }), fc.bigInt({ min: -2n * max, max: 2n * max })],
    ([a, b]) => {
      const lowest = a < b ? a : b
      const highest = a < b ? b : a
      const result = checkBalanceExtremes([{ accountId: "bookkeeping_account_a", lowest, highest }])
      expect(Result.isSuccess(result)).toBe(isRepresentable(lowest) && isRepresentable(highest))
    }
  )
})
