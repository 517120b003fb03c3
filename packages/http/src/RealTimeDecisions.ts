/** Real-time decision handlers. The action is idempotent like every POST. */
import { HttpApiBuilder } from "@effect/platform"
import { MonetaApi } from "@moneta/api/MonetaApi"
import { RealTimeDecisions } from "@moneta/bank/RealTimeDecisions"
import { RealTimeDecision } from "@moneta/domain/RealTimeDecision"
import { Effect } from "effect"
import { idempotent } from "./Idempotent.js"

export const RealTimeDecisionsLive = HttpApiBuilder.group(
  MonetaApi,
  "realTimeDecisions",
  (handlers) =>
    Effect.gen(function*() {
      const decisions = yield* RealTimeDecisions
      return handlers
        .handle("retrieve", ({ path }) => decisions.retrieve(path.real_time_decision_id))
        .handle(
          "action",
          ({ path, payload }) => idempotent(RealTimeDecision, decisions.action(path.real_time_decision_id, payload))
        )
    })
)
