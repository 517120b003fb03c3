/**
 * Property tests whose body is an Effect run against the test's services (the
 * TestServer): fast-check draws the values, the body runs once per draw, and a
 * failing body (an assertion, a failure, a defect) fails the property, which
 * fast-check then shrinks and reports.
 *
 * ```ts
 * it.effect("…", () => property(fc.record({ amount: fc.nat() }), ({ amount }) => Effect.gen(…), { numRuns: 15 }), timeout)
 * ```
 */
import { Effect } from "effect"
import * as fc from "fast-check"

export const property = <Values, E, R>(
  arbitrary: fc.Arbitrary<Values>,
  body: (values: Values) => Effect.Effect<unknown, E, R>,
  parameters: fc.Parameters<[Values]>
): Effect.Effect<void, never, R> =>
  Effect.gen(function*() {
    const run = Effect.runPromiseWith(yield* Effect.context<R>())
    yield* Effect.promise(() =>
      fc.assert(
        fc.asyncProperty(arbitrary, async (values) => {
          await run(body(values))
        }),
        parameters
      )
    )
  })
