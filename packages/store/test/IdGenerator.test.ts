/**
 * Id generation as a service: ids carry their kind's prefix and twenty base-32
 * characters, sort in creation order (also within one millisecond, also when
 * the clock stands still), and a provided deterministic generator replaces the
 * live default for the same sequence on every run.
 */
import { describe, expect, it } from "@effect/vitest"
import type { AccountId } from "@moneta/domain/Ids"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { IdGenerator, newId, newIds } from "../src/IdGenerator.js"

const shape = /^[a-z_]+_[0-9abcdefghjkmnpqrstvwxyz]{20}$/

describe("IdGenerator", () => {
  it.effect("the live default makes ids of the kind's prefix, in creation order while the clock stands still", () =>
    Effect.gen(function*() {
      const ids = yield* Effect.replicateEffect(newId("wire_transfer"), 50)
      for (const id of ids) {
        expect(id).toMatch(shape)
        expect(id.startsWith("wire_transfer_")).toBe(true)
      }
      expect([...ids].sort()).toEqual(ids)
      expect(new Set(ids).size).toBe(ids.length)
    }))

  it.effect("ids made later sort after ids made earlier", () =>
    Effect.gen(function*() {
      const first = yield* newId("account")
      yield* TestClock.adjust("1 millis")
      const second = yield* newId("account")
      expect(first < second).toBe(true)
    }))

  it.effect("make returns the kind's branded id", () =>
    Effect.gen(function*() {
      const generator = yield* IdGenerator
      const id: AccountId = yield* generator.make("account")
      expect(id.startsWith("account_")).toBe(true)
    }))

  it.effect("the deterministic generator makes the same sequence on every run", () =>
    Effect.gen(function*() {
      const run = Effect.all([newId("card"), newId("account"), newId("webhook_attempt")])
      const once = yield* run.pipe(Effect.provide(IdGenerator.deterministic(7)))
      const again = yield* run.pipe(Effect.provide(IdGenerator.deterministic(7)))
      expect(once).toEqual(again)
      expect(once).toEqual([
        "card_00000000000000000008",
        "account_00000000000000000009",
        "webhook_attempt_0000000000000000000a"
      ])
    }))

  it.effect("newIds makes a batch as newId in a row would: the kind's prefix, creation order, no repeats", () =>
    Effect.gen(function*() {
      const before = yield* newId("webhook_attempt")
      const batch = yield* newIds("webhook_attempt", 100)
      const after = yield* newId("webhook_attempt")
      const all = [before, ...batch, after]
      expect(batch).toHaveLength(100)
      for (const id of all) expect(id).toMatch(shape)
      expect([...all].sort()).toEqual(all)
      expect(new Set(all).size).toBe(all.length)
      const deterministic = Effect.all([newIds("card", 2), newId("card")]).pipe(
        Effect.provide(IdGenerator.deterministic(7))
      )
      expect(yield* deterministic).toEqual([
        ["card_00000000000000000008", "card_00000000000000000009"],
        "card_0000000000000000000a"
      ])
    }))
})
