/**
 * Property tests with fast-check arbitraries, in the shape `it.prop` had on
 * Effect 3 (`@effect/vitest` 4's `it.prop` takes only Effect's own
 * arbitraries and Schemas): a name, the arbitraries, and a predicate over the
 * tuple of their values, which fails by throwing (an `expect`) or returning false.
 */
import { it } from "@effect/vitest"
import * as fc from "fast-check"

export const prop = <const Values extends ReadonlyArray<unknown>>(
  name: string,
  arbitraries: { readonly [K in keyof Values]: fc.Arbitrary<Values[K]> },
  predicate: (values: Values) => boolean | void,
  parameters?: fc.Parameters<[[...Values]]>
): void => {
  it(name, () => {
    fc.assert(fc.property(fc.tuple<[...Values]>(...arbitraries), (values) => predicate(values)), parameters)
  })
}
