/**
 * `moneta clock show` and `moneta clock advance DURATION`: the group's
 * sandbox clock (docs/workbench.md, "Clock"), as the API key's group. A
 * duration is checked here first, by the server's rule, so a typo is one line
 * without a request.
 */
import {
  formatOffset,
  parseDuration,
  SandboxClock,
  SandboxClockAdvance,
  type SandboxClockFired
} from "@moneta/domain/SandboxClock"
import { DateTime, Effect, Result } from "effect"
import { Argument, Command } from "effect/cli"
import { apiFlags, withApiClient } from "./ApiClient.js"
import { CommandFailure } from "./ControlClient.js"
import { printJson, printTable } from "./Output.js"

const line = (clock: Pick<SandboxClock, "group_id" | "current_time" | "offset_ms">) =>
  `${clock.group_id}  ${DateTime.formatIso(clock.current_time)}  (${formatOffset(clock.offset_ms)} ahead of real time)`

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

const firedLine = (fired: SandboxClockFired) =>
  [
    `timed out ${plural(fired.real_time_decisions_timed_out, "real-time decision", "real-time decisions")}`,
    `expired ${plural(fired.card_authorizations_expired, "card authorization", "card authorizations")}`,
    `released ${plural(fired.inbound_funds_holds_released, "inbound funds hold", "inbound funds holds")}`,
    `attempted ${plural(fired.webhook_deliveries_attempted, "webhook delivery", "webhook deliveries")}`
  ].join(", ")

const show = Command.make("show", apiFlags, (input) =>
  withApiClient(input, (client) =>
    Effect.gen(function*() {
      const clock = yield* client.sandboxClock.showClock()
      if (input.json) return yield* printJson(SandboxClock, clock)
      yield* printTable([["Clock", line(clock)]])
    }))).pipe(Command.withDescription("Show the group's sandbox clock and how far ahead of real time it is"))

const advance = Command.make("advance", {
  ...apiFlags,
  duration: Argument.String("duration").pipe(
    Argument.withDescription("How far forward: seconds, 2h, 90m, 7d, 1d12h, or ISO 8601 such as P7D or PT2H30M")
  )
}, (input) =>
  Effect.gen(function*() {
    const checked = parseDuration(input.duration)
    if (Result.isFailure(checked)) {
      return yield* new CommandFailure({
        message: `bad duration ${JSON.stringify(input.duration)}: ${checked.failure}`
      })
    }
    yield* withApiClient(input, (client) =>
      Effect.gen(function*() {
        const advanced = yield* client.sandboxClock.advanceClock({ payload: { duration: input.duration } })
        if (input.json) return yield* printJson(SandboxClockAdvance, advanced)
        yield* printTable([
          [`Advanced ${formatOffset(advanced.advanced_by_ms)}`, line(advanced)],
          ["Fired", firedLine(advanced.fired)]
        ])
      }))
  })).pipe(
    Command.withDescription(
      "Move the group's sandbox clock forward and make what fell due happen (decision timeouts, authorization expiry, webhook retries)"
    )
  )

export const clock = Command.make("clock").pipe(
  Command.withDescription("Show or advance the group's sandbox clock"),
  Command.withSubcommands([show, advance])
)
