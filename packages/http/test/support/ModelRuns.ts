/**
 * Model-based tests over the test server: fast-check command sequences run
 * against a fresh model and real world per sequence. `setup` makes both; it
 * gets `run`, which runs an Effect needing the TestServer from inside the
 * commands' promises.
 */
import { Effect } from "effect"
import * as fc from "fast-check"
import * as TestServer from "./TestServer.js"

export type Run = <A, E>(effect: Effect.Effect<A, E, TestServer.TestServer>) => Promise<A>

export interface ModelRunOptions {
  readonly maxCommands: number
  readonly numRuns: number
}

export const checkAgainstModel = <Model extends object, Real>(
  commands: Array<fc.Arbitrary<fc.AsyncCommand<Model, Real>>>,
  setup: (run: Run, server: TestServer.TestServerShape) => Promise<{ readonly model: Model; readonly real: Real }>,
  options: ModelRunOptions
) =>
  Effect.gen(function*() {
    const server = yield* TestServer.TestServer
    const context = yield* Effect.context<TestServer.TestServer>()
    const run: Run = (effect) => Effect.runPromiseWith(context)(effect)
    yield* Effect.promise(() =>
      fc.assert(
        fc.asyncProperty(fc.commands(commands, { maxCommands: options.maxCommands }), async (sequence) => {
          const world = await setup(run, server)
          await fc.asyncModelRun(() => world, sequence)
        }),
        { numRuns: options.numRuns }
      )
    )
  })
