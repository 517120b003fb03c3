/** The sandbox clock's handlers (docs/workbench.md, "Clock"); the bank decides who may move it. */
import { MonetaApi } from "@moneta/api/MonetaApi"
import { SandboxClocks } from "@moneta/bank/SandboxClock"
import { Effect } from "effect"
import * as Group from "./Group.js"

export const SandboxClockLive = Group.make(
  MonetaApi,
  "sandboxClock",
  (handlers) =>
    Effect.gen(function*() {
      const clocks = yield* SandboxClocks
      return handlers
        .handle("showClock", () => clocks.show)
        .handle("advanceClock", ({ payload }) => clocks.advance(payload))
        .handle("setRetrySchedule", ({ params, payload }) =>
          clocks.setRetrySchedule(params.event_subscription_id, payload))
    })
)
