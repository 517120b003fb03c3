/**
 * The `moneta` command (`pnpm start`), loaded by `main.ts`: the Moneta
 * server, or its usage with `--help`. SIGINT/SIGTERM stop it gracefully
 * (in-flight requests finish, the database closes): it says `Moneta stopped`
 * and exits 0, a stop asked for being no failure; a stop that hangs past its
 * bound ends the process (`Signals.boundTheStop`). A start that fails says
 * why in one line when a person can act on it (`StartFailure`: the port in
 * use, the data directory held by another server, a setting refused, ...),
 * and exits 1.
 */
import { NodeRuntime } from "@effect/platform-node"
import { Cause, Console, Effect, Exit, Layer, Option, Runtime } from "effect"
import * as Cluster from "./Cluster.js"
import * as Help from "./Help.js"
import * as Logging from "./Logging.js"
import * as Server from "./Server.js"
import { boundTheStop, tolerateRelayedInterrupts } from "./Signals.js"
import * as StartFailure from "./StartFailure.js"
import * as Tracing from "./Tracing.js"

/** A stop on SIGINT/SIGTERM (the main fiber interrupted, nothing failed) exits 0, as a graceful stop. */
const teardown: Runtime.Teardown = (exit, onExit) =>
  Exit.isFailure(exit) && Cause.hasInterruptsOnly(exit.cause) ? onExit(0) : Runtime.defaultTeardown(exit, onExit)

/** What the process says as it ends: that it stopped, or why it could not go on (on stderr). */
const farewell = (exit: Exit.Exit<unknown, unknown>) => {
  if (Exit.isSuccess(exit) || Cause.hasInterruptsOnly(exit.cause)) return Console.log("Moneta stopped")
  return Option.match(StartFailure.explain(exit.cause), {
    onSome: (line) => Console.error(`moneta: ${line}`),
    onNone: () => Console.error(`moneta: stopped by an unexpected error\n${Cause.pretty(exit.cause)}`)
  })
}

/** Runs the command given on the command line; `entry` is the command's main module, which cluster workers run. */
export const run = (entry: string): void => {
  const [argument, ...rest] = process.argv.slice(2)
  if (argument === "--help" || argument === "-h") {
    process.stdout.write(Help.usage())
  } else if (argument === "--version" || argument === "-v") {
    process.stdout.write(`${Help.version()}\n`)
  } else if (argument !== undefined || rest.length > 0) {
    process.stderr.write(`moneta: unknown argument ${argument}\n\n${Help.usage()}`)
    process.exitCode = 2
  } else {
    tolerateRelayedInterrupts()
    NodeRuntime.runMain(
      Effect.andThen(boundTheStop, Cluster.run(Layer.launch(Server.layer), entry)).pipe(
        Effect.onExit(farewell),
        Effect.provide(Layer.merge(Logging.layer, Tracing.layer))
      ),
      // `farewell` reports failures.
      { teardown, disableErrorReporting: true }
    )
  }
}
