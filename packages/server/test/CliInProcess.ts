/**
 * Runs `moneta` client commands in the test's own process (a spawn from
 * sources costs seconds), printing into a capture the test can read and wait
 * on.
 */
import { NodeServices } from "@effect/platform-node"
import { Console, Effect, Layer } from "effect"
import { CliConfig, Command, GlobalFlag } from "effect/cli"
import * as Presenter from "../src/cli/Presenter.js"

/** What a command printed, and a way to wait until it printed something. */
export const capture = () => {
  let stdout = ""
  let stderr = ""
  const waiting = new Set<() => void>()
  const notify = () => waiting.forEach((check) => check())
  const console: Console.Console = {
    ...globalThis.console,
    log: (...args: ReadonlyArray<unknown>) => {
      stdout += `${args.join(" ")}\n`
      notify()
    },
    error: (...args: ReadonlyArray<unknown>) => {
      stderr += `${args.join(" ")}\n`
      notify()
    }
  }
  const printed = (pattern: RegExp) =>
    Effect.callback<RegExpMatchArray>((resume) => {
      const check = () => {
        const match = stdout.match(pattern)
        if (match !== null) {
          waiting.delete(check)
          resume(Effect.succeed(match))
        }
      }
      waiting.add(check)
      check()
      return Effect.sync(() => waiting.delete(check))
    })
  return { console, stdout: () => stdout, stderr: () => stderr, printed }
}

export type Capture = ReturnType<typeof capture>

/** `moneta <args>` with the given subcommands, in this process, printing to `output`. */
export const runner = <const Subcommands extends ReadonlyArray<Command.Command.SubcommandEntry>>(
  subcommands: Subcommands
) => {
  const root = Command.make("moneta").pipe(Command.withSubcommands(subcommands))
  return (args: ReadonlyArray<string>, output: Capture) =>
    Command.runWith(root, { version: "test" })(args).pipe(
      Effect.provide(Layer.mergeAll(
        NodeServices.layer,
        Presenter.layer,
        CliConfig.layer({ builtIns: [GlobalFlag.Help, GlobalFlag.Version] })
      )),
      Effect.provideService(Console.Console, output.console)
    )
}
