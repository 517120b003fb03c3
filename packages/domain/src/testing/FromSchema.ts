/**
 * fast-check arbitraries derived from Schemas.
 *
 * Effect 4 derives arbitraries from a Schema with its own generator
 * (`Arbitrary.schema`), which fast-check cannot compose. This bridge lets
 * fast-check draw a seed and Effect's generator make the value from it, so a
 * run is reproduced by fast-check's seed and a Schema-derived value composes
 * with hand-written arbitraries and model-based commands. Schema-derived
 * values do not shrink; the arbitraries around them still do.
 *
 * Effect's generator satisfies a filter it cannot generate for (a checksum, a
 * URL) by drawing again; where almost every draw fails, it gives up and the
 * value is made by a hand-written arbitrary instead (`Arbitraries.ts`).
 */
import { Arbitrary, Array, Cause, Effect, Exit, Option, type Schema } from "effect"
import * as fc from "fast-check"

/** Values of `schema`'s decoded type, as Effect's `Arbitrary.schema` makes them. */
export const fromSchema = <S extends Schema.Constraint>(
  schema: S,
  options?: { readonly size?: number }
): fc.Arbitrary<S["Type"]> => {
  const arbitrary = Arbitrary.schema(schema)
  const size = options?.size ?? 10
  return fc.noShrink(fc.integer()).map((seed) => {
    const sampled = Effect.runSyncExit(Arbitrary.sampleEffect(arbitrary, { count: 1, seed, size }))
    if (Exit.isFailure(sampled)) {
      const exhausted = Cause.findErrorOption(sampled.cause)
      throw Option.isSome(exhausted)
        ? new Error(
          `Arbitrary.schema(${String(schema.ast)}) discarded ${exhausted.value.discards} draws ` +
            `(seed ${exhausted.value.seed}): generate this value with a hand-written arbitrary`
        )
        : new Error(`Arbitrary.schema(${String(schema.ast)}) failed`, { cause: sampled.cause })
    }
    // `count: 1` samples exactly one value.
    if (!Array.isReadonlyArrayNonEmpty(sampled.value)) throw new Error("Arbitrary.sampleEffect made no value")
    return sampled.value[0]
  })
}
