import { describe, expect, it } from "@effect/vitest"
import { Event } from "@moneta/domain/Event"
import { UnknownEventCategory } from "@moneta/domain/EventCategory"
import { eventArbitrary, eventCategoryArbitrary } from "@moneta/domain/testing"
import { Effect, Option } from "effect"
import * as fc from "fast-check"
import * as Handlers from "../src/Handlers.js"

/** Handlers that record which pattern ran. */
const recording = (patterns: ReadonlyArray<Handlers.CategoryPattern>) => {
  const ran: Array<string> = []
  const handlers = patterns.reduce(
    (all, pattern) => Handlers.on(all, pattern, () => Effect.sync(() => ran.push(pattern))),
    Handlers.empty
  )
  return { handlers, ran }
}

const [sample] = fc.sample(eventArbitrary, { numRuns: 1, seed: 7 })
if (sample === undefined) throw new Error("fast-check gave no sample")

const withCategory = (event: Event, category: string) =>
  new Event({ ...event, category: UnknownEventCategory.make(category) })

const run = (handlers: Handlers.Handlers<never, never>, event: Event) =>
  Option.match(Handlers.route(handlers, event), { onNone: () => Effect.succeed(false), onSome: Effect.as(true) })

describe("routing events by category", () => {
  it.effect("the exact category beats its prefix, which beats the wildcard", () =>
    Effect.gen(function*() {
      const { handlers, ran } = recording(["*", "wire_transfer.*", "wire_transfer.updated", "wire_transfer.created"])
      yield* run(handlers, withCategory(sample, "wire_transfer.updated"))
      yield* run(handlers, withCategory(sample, "wire_transfer.submitted_somehow"))
      yield* run(handlers, withCategory(sample, "account.created"))
      expect(ran).toEqual(["wire_transfer.updated", "wire_transfer.*", "*"])
    }))

  it.effect("the longest matching prefix wins", () =>
    Effect.gen(function*() {
      // The cast lets a string that is not a pattern through, to show how it is treated.
      const { handlers, ran } = recording([
        "real_time_decision.*",
        "real_time_decision.card_*" as Handlers.CategoryPattern
      ])
      yield* run(handlers, withCategory(sample, "real_time_decision.card_authorization_requested"))
      // "card_*" is not a prefix pattern (only ".*" ends one), so the shorter prefix handles it.
      expect(ran).toEqual(["real_time_decision.*"])
      const nested = recording(["a.*", "a.b.*"])
      yield* run(nested.handlers, withCategory(sample, "a.b.c"))
      expect(nested.ran).toEqual(["a.b.*"])
    }))

  it.effect("handlers of the same pattern all run, in the order they were added", () =>
    Effect.gen(function*() {
      const ran: Array<number> = []
      const handlers = Handlers.empty.pipe(
        Handlers.on("account.*", () => Effect.sync(() => ran.push(1))),
        Handlers.on("*", () => Effect.sync(() => ran.push(0))),
        Handlers.on("account.*", () => Effect.sync(() => ran.push(2)))
      )
      yield* run(handlers, withCategory(sample, "account.created"))
      expect(ran).toEqual([1, 2])
    }))

  it("without a wildcard, any category that nothing matches routes nowhere", () => {
    fc.assert(fc.property(eventCategoryArbitrary, (category) => {
      fc.pre(!category.startsWith("wire_transfer.") && category !== "account.created")
      const { handlers } = recording(["wire_transfer.*", "account.created"])
      expect(Option.isNone(Handlers.route(handlers, withCategory(sample, category)))).toBe(true)
    }))
  })

  it("with a wildcard, every category routes somewhere", () => {
    fc.assert(fc.property(eventCategoryArbitrary, (category) => {
      const { handlers } = recording(["wire_transfer.*", "*"])
      expect(Option.isSome(Handlers.route(handlers, withCategory(sample, category)))).toBe(true)
    }))
  })
})
