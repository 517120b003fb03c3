/**
 * Runs a test body in a scope of its own under a fresh `TestClock`, inside a
 * layer built with `excludeTestServices` (real time for the database and the
 * receivers; test time for the dispatcher started in the body).
 */
import { Effect } from "effect"
import type { Scope } from "effect"
import { TestClock } from "effect/testing"

export const underTestClock = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, Exclude<R, Scope.Scope>> =>
  Effect.scoped(effect).pipe(Effect.provide(TestClock.layer()))
