/** Real-time decision handlers. The action is idempotent like every POST. */
import { MonetaApi } from "@moneta/api/MonetaApi"
import { RealTimeDecisions } from "@moneta/bank/RealTimeDecisions"
import { RealTimeDecision } from "@moneta/domain/RealTimeDecision"
import { Effect } from "effect"
import { answerEncoded } from "./EncodedAnswer.js"
import * as Group from "./Group.js"
import { idempotent } from "./Idempotent.js"

export const RealTimeDecisionsLive = Group.make(
  MonetaApi,
  "realTimeDecisions",
  (handlers) =>
    Effect.gen(function*() {
      const decisions = yield* RealTimeDecisions
      return handlers
        .handle("retrieve", ({ params }) =>
          answerEncoded(RealTimeDecision, decisions.retrieve(params.real_time_decision_id)))
        .handle(
          "action",
          ({ params, payload }) =>
            idempotent(RealTimeDecision, decisions.action(params.real_time_decision_id, payload))
        )
    })
)
