/**
 * The shortcut of the bookkeeping range check: while the sum of absolute entry
 * amounts of an account is in range, every balance it can show at any date is
 * (so the exact check over its history is skipped); only past that bound is
 * the exact check asked for.
 */
import { describe, expect, it } from "@effect/vitest"
import * as fc from "fast-check"
import { BookkeepingAccountId } from "../src/core/Ids.js"
import { absoluteAmounts, needExactBalanceCheck } from "../src/money/Bookkeeping.js"
import { isRepresentable, maxAmount } from "../src/money/Money.js"
import { prop } from "./support/Property.js"

const accountIds = ["bookkeeping_account_a", "bookkeeping_account_b"].map((id) => BookkeepingAccountId.make(id))
const entry = fc.record({
  account_id: fc.constantFrom(...accountIds),
  amount: fc.oneof(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: -maxAmount, max: maxAmount }))
})

describe("bookkeeping range bound", () => {
  prop(
    "absolute amounts add the magnitudes of each account's entries",
    [fc.array(entry, { maxLength: 10 })],
    ([entries]) => {
      const totals = absoluteAmounts(entries)
      for (const accountId of accountIds) {
        const expected = entries.filter((e) => e.account_id === accountId).reduce(
          (total, e) => total + BigInt(Math.abs(e.amount)),
          0n
        )
        expect(totals.get(accountId) ?? 0n).toBe(expected)
      }
    }
  )

  prop(
    "every balance at any date is in range whenever the exact check is not asked for",
    [fc.array(entry, { minLength: 1, maxLength: 10 }), fc.array(fc.boolean(), { minLength: 10, maxLength: 10 })],
    ([entries, counted]) => {
      const totals = [...absoluteAmounts(entries)].map(([accountId, absoluteTotal]) => ({ accountId, absoluteTotal }))
      const exact = new Set(needExactBalanceCheck(totals))
      for (const accountId of accountIds) {
        if (exact.has(accountId)) continue
        // Any subset of the entries: the ones dated at or before some instant.
        const balance = entries.filter((e, i) => e.account_id === accountId && counted[i]).reduce(
          (t, e) => t + BigInt(e.amount),
          0n
        )
        expect(isRepresentable(balance)).toBe(true)
      }
    }
  )

  it("asks for the exact check just past the bound, not at it", () => {
    const [a, b] = accountIds as [BookkeepingAccountId, BookkeepingAccountId]
    expect(
      needExactBalanceCheck([{ accountId: a, absoluteTotal: BigInt(maxAmount) }, {
        accountId: b,
        absoluteTotal: BigInt(maxAmount) + 1n
      }])
    )
      .toEqual([b])
  })
})
