/**
 * A table's decoded bodies (`DecodedBodies`): any sequence of reads answers
 * what a fresh decode of each text gives, the same value again only while the
 * text is unchanged and the row is among the most recently read that fit the
 * budget, and a fresh one otherwise.
 */
import { describe, expect, it } from "@effect/vitest"
import * as EncodedOnce from "@moneta/domain/EncodedOnce"
import { Effect, Exit, Schema } from "effect"
import * as fc from "fast-check"
import * as DecodedBodies from "../src/DecodedBodies.js"

class Thing extends Schema.Class<Thing>("Thing")({ id: Schema.String, note: Schema.String }) {}

/** A read: one of a few rows, with one of a few bodies (notes of different lengths, so sizes vary). */
const read = fc.record({ id: fc.constantFrom("a", "b", "c", "d"), note: fc.constantFrom("", "x", "xxxxxxxxxxxx") })

const textOf = (id: string, note: string) => JSON.stringify({ id, note })

/** The rows the budget keeps, least recently read first, as `DecodedBodies` should keep them. */
const modelKeep = (kept: Array<{ id: string; text: string }>, id: string, text: string, budget: number) => {
  const others = kept.filter((row) => row.id !== id)
  const next = text.length > budget ? others : [...others, { id, text }]
  let length = next.reduce((sum, row) => sum + row.text.length, 0)
  while (length > budget) length -= next.shift()?.text.length ?? 0
  return next
}

describe("decoded bodies", () => {
  it("answer a fresh decode's value, the same one while the text is unchanged and kept", () => {
    fc.assert(
      fc.property(fc.array(read, { maxLength: 60 }), fc.integer({ min: 0, max: 120 }), (reads, budget) => {
        const decode = DecodedBodies.make(Thing, budget)
        let model: Array<{ id: string; text: string }> = []
        const last = new Map<string, Thing>()
        for (const { id, note } of reads) {
          const text = textOf(id, note)
          const expectKept = model.some((row) => row.id === id && row.text === text)
          const value = Effect.runSync(decode(id, text))
          expect(value).toStrictEqual(new Thing({ id, note }))
          expect(EncodedOnce.recall(Thing, value)).toStrictEqual({ id, note })
          if (expectKept) expect(value).toBe(last.get(id))
          else expect(value).not.toBe(last.get(id))
          last.set(id, value)
          model = modelKeep(model, id, text, budget)
        }
      })
    )
  })

  it("a body that does not decode fails, also after the row's earlier body was kept", () => {
    const decode = DecodedBodies.make(Thing)
    const good = Effect.runSync(decode("a", textOf("a", "x")))
    expect(Effect.runSync(decode("a", textOf("a", "x")))).toBe(good)
    for (const bad of [JSON.stringify({ id: "a", note: 1 }), "{"]) {
      expect(Exit.isFailure(Effect.runSyncExit(decode("a", bad)))).toBe(true)
      expect(Exit.isFailure(Effect.runSyncExit(decode("a", bad)))).toBe(true)
    }
  })
})
