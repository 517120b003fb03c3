/**
 * What `moneta` prints for help, version and a command line it cannot read:
 * `moneta --help` is the usage with every setting (`Help.usage`); a
 * subcommand's help is effect/cli's; a bad command line is one line on
 * stderr naming the fault (exit 2, `Cli.ts`), never the whole help.
 */
import { Console } from "effect"
import { CliOutput } from "effect/cli"
import * as Help from "../Help.js"

const formatter = CliOutput.defaultFormatter({ colors: false })

export const layer = CliOutput.layerPresenter({
  present: (event) => {
    switch (event._tag) {
      case "Version":
        return Console.log(Help.version())
      case "Help":
        if (event.reason === "Requested" && event.commandPath.length <= 1) return Console.log(Help.usage().trimEnd())
        // A command that needs a subcommand, given none, shows what it takes: on stderr, as a refusal.
        return event.reason === "Requested"
          ? Console.log(formatter.formatHelpDoc(event.helpDoc))
          : Console.error(formatter.formatHelpDoc(event.helpDoc))
      case "InvalidInvocation": {
        const first = event.errors[0]
        const what = first === undefined ? "the command line could not be read" : first.message.split("\n")[0]
        return Console.error(`moneta: ${what} (${event.commandPath.join(" ")} --help shows the usage)`)
      }
    }
  }
})
