import { describe, expect } from "@effect/vitest"
import { Result } from "effect"
import * as fc from "fast-check"
import * as Account from "../src/accounts/Account.js"
import * as Bookkeeping from "../src/money/Bookkeeping.js"
import { balancedEntrySetArbitrary } from "../src/testing/Arbitraries.js"
import { prop } from "./support/Property.js"
import { errorPaths } from "./support/Violations.js"

describe("account and bookkeeping bodies", () => {
  prop("an account's name is 1 to 200 characters", [
    fc.oneof(fc.constant(""), fc.integer({ min: 201, max: 300 }).map((length) => "a".repeat(length)))
  ], ([name]) => {
    expect(errorPaths(Account.CreateAccount, { name })).toContain("name")
  })

  prop(
    "a compliance category names the id it needs",
    [fc.constantFrom(["commingled_cash", "account_id"] as const, ["customer_balance", "entity_id"] as const)],
    ([[category, field]]) => {
      expect(errorPaths(Bookkeeping.CreateBookkeepingAccount, { name: "Cash", compliance_category: category }))
        .toContain(field)
    }
  )

  prop("balanced entry sets pass the entry-set rules", [balancedEntrySetArbitrary], ([body]) => {
    expect(Result.isSuccess(Bookkeeping.validateEntrySet(body))).toBe(true)
  })

  prop("unbalanced entry sets are reported at entries", [
    balancedEntrySetArbitrary,
    fc.integer({ min: 1, max: 1000 })
  ], ([body, drift]) => {
    const entries = body.entries.map((
      entry,
      index
    ) => (index === 0 ? { ...entry, amount: entry.amount + drift } : entry))
    const result = Bookkeeping.validateEntrySet({ ...body, entries })
    expect(Result.isFailure(result) && result.failure.errors.some((error) => error.field === "entries")).toBe(true)
  })
})
