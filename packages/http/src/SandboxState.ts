/** Snapshots and reset handlers (a sandbox key of the group; `@moneta/bank/SandboxState`). */
import { MonetaApi } from "@moneta/api/MonetaApi"
import { SandboxState } from "@moneta/bank/SandboxState"
import { Effect } from "effect"
import { answerRefusals } from "./ErrorMapping.js"
import * as Group from "./Group.js"

export const SandboxStateLive = Group.make(
  MonetaApi,
  "sandboxState",
  (handlers) =>
    Effect.gen(function*() {
      const sandboxState = yield* SandboxState
      return handlers
        .handle("reset", () => sandboxState.reset)
        .handle("saveSnapshot", ({ payload }) => answerRefusals(sandboxState.save(payload)))
        .handle("listSnapshots", () => sandboxState.list)
        .handle("restoreSnapshot", ({ params }) => sandboxState.restore(params.name))
        .handle("deleteSnapshot", ({ params }) => sandboxState.remove(params.name))
    })
)
