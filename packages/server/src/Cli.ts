/**
 * The `moneta` command (`pnpm start`), loaded by `main.ts`: the Moneta
 * server, or its usage with `--help`. SIGINT/SIGTERM stop it gracefully
 * (in-flight requests finish, the database closes) and it says so; a stop
 * that hangs past its bound ends the process (`Signals.boundTheStop`).
 */
import { NodeRuntime } from "@effect/platform-node"
import { Cause, Console, Effect, Exit, Layer, Runtime } from "effect"
import * as Cluster from "./Cluster.js"
import * as Help from "./Help.js"
import * as Logging from "./Logging.js"
import * as Server from "./Server.js"
import { boundTheStop, tolerateRelayedInterrupts } from "./Signals.js"
import * as Tracing from "./Tracing.js"

/** A stop on SIGINT/SIGTERM (the main fiber interrupted, nothing failed) exits 0, as a graceful stop. */
const teardown: Runtime.Teardown = (exit, onExit) =>
  Exit.isFailure(exit) && Cause.hasInterruptsOnly(exit.cause) ? onExit(0) : Runtime.defaultTeardown(exit, onExit)

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
        Effect.ensuring(Console.log("Moneta stopped")),
        Effect.provide(Layer.merge(Logging.layer, Tracing.layer))
      ),
      { teardown }
    )
  }
}
