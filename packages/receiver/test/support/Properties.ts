/**
 * Effectful properties, checked by fast-check: each run is an Effect of its
 * own, run to completion in its own scope under a fresh `TestClock` (what
 * `it.effect.prop` did with Effect 3; `@effect/vitest` 4 takes only Effect's
 * own arbitraries there).
 */
import { Effect, type Scope } from "effect"
import { TestClock } from "effect/testing"
import * as fc from "fast-check"

export const checkEffect = <Ts extends [unknown, ...Array<unknown>]>(
  arbitraries: [...{ [K in keyof Ts]: fc.Arbitrary<Ts[K]> }],
  property: (values: Ts) => Effect.Effect<unknown, unknown, Scope.Scope>,
  parameters?: fc.Parameters<[Ts]>
): Promise<void> =>
  fc.assert(
    fc.asyncProperty(
      fc.tuple<Ts>(...arbitraries),
      (values) =>
        Effect.runPromise(property(values).pipe(Effect.scoped, Effect.provide(TestClock.layer()), Effect.asVoid))
    ),
    parameters
  )
