/**
 * The `moneta` command (`pnpm start`, `pnpm moneta …`, the installed bin),
 * loaded by `main.ts`, on effect/cli: `moneta` or `moneta serve` is the
 * Moneta server; `moneta groups …`, `keys …`, `listen`, `trigger`, `clock`, `fixtures`,
 * `reset`, `snapshot` and `faults` call a running one
 * (`cli/`, docs/workbench.md); `--help` and `--version`.
 *
 * The server: SIGINT/SIGTERM stop it gracefully (in-flight requests finish,
 * the database closes): it says `Moneta stopped` and exits 0, a stop asked
 * for being no failure; a stop that hangs past its bound ends the process
 * (`Signals.boundTheStop`). A start that fails says why in one line when a
 * person can act on it (`StartFailure`: the port in use, the data directory
 * held by another server, a setting refused, ...), and exits 1.
 *
 * The client commands: a failure is one line on stderr (`moneta: …`) and exit
 * 1; a command line that cannot be read is one line and exit 2.
 */
import { NodeRuntime, NodeServices } from "@effect/platform-node"
import { Cause, Console, Effect, Exit, Layer, Option, Runtime } from "effect"
import { CliConfig, CliError, Command, GlobalFlag } from "effect/cli"
import { clock } from "./cli/Clock.js"
import * as ControlClient from "./cli/ControlClient.js"
import { fixtures } from "./cli/Fixtures.js"
import { groups } from "./cli/Groups.js"
import { keys } from "./cli/Keys.js"
import { listen } from "./cli/Listen.js"
import * as Presenter from "./cli/Presenter.js"
import { reset, snapshot } from "./cli/SandboxState.js"
import { trigger } from "./cli/Trigger.js"
import { faults } from "./cli/WebhookFaults.js"
import * as Cluster from "./Cluster.js"
import * as Help from "./Help.js"
import * as Logging from "./Logging.js"
import * as Server from "./Server.js"
import { boundTheStop, tolerateRelayedInterrupts } from "./Signals.js"
import * as StartFailure from "./StartFailure.js"
import * as StartGarbage from "./StartGarbage.js"
import * as Tracing from "./Tracing.js"

/** Exit codes: a command line that could not be read is 2 (as before effect/cli). */
const usageError = 2

/**
 * A stop on SIGINT/SIGTERM (the main fiber interrupted, nothing failed) exits 0, as a graceful stop;
 * a command line that could not be read exits 2.
 */
const teardown: Runtime.Teardown = (exit, onExit) => {
  if (Exit.isFailure(exit) && Cause.hasInterruptsOnly(exit.cause)) return onExit(0)
  if (Exit.isFailure(exit) && CliError.isCliError(Cause.squash(exit.cause))) return onExit(usageError)
  return Runtime.defaultTeardown(exit, onExit)
}

/** What the server says as it ends: that it stopped, or why it could not go on (on stderr). */
const farewell = (exit: Exit.Exit<unknown, unknown>) => {
  if (Exit.isSuccess(exit) || Cause.hasInterruptsOnly(exit.cause)) return Console.log("Moneta stopped")
  return Option.match(StartFailure.explain(exit.cause), {
    onSome: (line) => Console.error(`moneta: ${line}`),
    onNone: () => Console.error(`moneta: stopped by an unexpected error\n${Cause.pretty(exit.cause)}`)
  })
}

/** The server, its start's garbage collected once it has started (`StartGarbage`, this process being the server's). */
const ServerProcessLive = StartGarbage.layer.pipe(Layer.provideMerge(Server.layer))

/** The server, until stopped; `entry` is the command's main module, which cluster workers run. */
const serve = (entry: string) =>
  Effect.suspend(() => {
    tolerateRelayedInterrupts()
    return Effect.andThen(boundTheStop, Cluster.run(Layer.launch(ServerProcessLive), entry)).pipe(
      Effect.provide(Layer.merge(Logging.layer, Tracing.layer)),
      // Outside the logs' and traces' layers, so that a setting of theirs refused is explained too.
      Effect.onExit(farewell)
    )
  })

const command = (entry: string) =>
  Command.make("moneta", {}, () => serve(entry)).pipe(
    Command.withDescription("A bank API sandbox (and live server) speaking Increase's wire format"),
    Command.withSubcommands([
      Command.make("serve", {}, () => serve(entry)).pipe(Command.withDescription("Run the server (the default)")),
      groups,
      keys,
      listen,
      trigger,
      clock,
      fixtures,
      reset,
      snapshot,
      faults
    ])
  )

/** `--help` and `--version` only: no completions, wizard or log-level flags. */
const cliConfig = CliConfig.layer({ builtIns: [GlobalFlag.Help, GlobalFlag.Version] })

/** Runs the command given on the command line; `entry` is the command's main module, which cluster workers run. */
export const run = (entry: string): void => {
  NodeRuntime.runMain(
    Command.runWith(command(entry), { version: Help.version() })(process.argv.slice(2)).pipe(
      Effect.tapError((error) =>
        error instanceof ControlClient.CommandFailure ? Console.error(`moneta: ${error.message}`) : Effect.void
      ),
      Effect.provide(Layer.mergeAll(NodeServices.layer, Presenter.layer, cliConfig))
    ),
    // `farewell`, the presenter and the line above report failures.
    { teardown, disableErrorReporting: true }
  )
}
