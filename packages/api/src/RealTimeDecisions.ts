/**
 * Real-time decisions: a card event paused until the client answers through
 * the action endpoint or the decision's window passes. An answer that does not
 * fit the decision is 400; a second answer, or one after `timeout_at`, is 409
 * `invalid_operation_error` (declared on the whole API) and changes nothing.
 */
import { RealTimeDecisionId } from "@moneta/domain/Ids"
import { RealTimeDecision, RealTimeDecisionAction } from "@moneta/domain/RealTimeDecision"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import * as Examples from "./Examples.js"
import * as RealTimeDecisionExamples from "./RealTimeDecisionExamples.js"

const decisionPath = Schema.Struct({ real_time_decision_id: RealTimeDecisionId })

export class RealTimeDecisions extends HttpApiGroup.make("realTimeDecisions")
  .add(
    HttpApiEndpoint.get("retrieve", "/real_time_decisions/:real_time_decision_id", {
      params: decisionPath,
      success: RealTimeDecision,
      error: ObjectNotFoundError
    })
      .annotateMerge(OpenApi.annotations({
        summary: "Retrieve a Real-Time Decision",
        description:
          "A card event waiting for your answer: its category, the detail object of that category, its `status` (`pending`, `responded`, `timed_out`) and `timeout_at`, after which you can no longer respond."
      }))
      .pipe((endpoint) => Examples.exchange(endpoint, { response: RealTimeDecisionExamples.pendingDecision }))
  )
  .add(
    HttpApiEndpoint.post("action", "/real_time_decisions/:real_time_decision_id/action", {
      params: decisionPath,
      payload: RealTimeDecisionAction,
      success: RealTimeDecision,
      error: ObjectNotFoundError
    })
      .annotateMerge(OpenApi.annotations({
        summary: "Action a Real-Time Decision",
        description:
          "Answers a pending decision with the object matching its category (`card_authorization`, `card_balance_inquiry`, `card_authentication`, `card_authentication_challenge`, `digital_wallet_token` or `digital_wallet_authentication`). Call it before you answer the decision's webhook. A second answer, or one after `timeout_at`, is 409."
      }))
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          request: { card_authorization: { decision: "approve" } },
          response: RealTimeDecisionExamples.respondedDecision
        })
      )
  )
  .middleware(Authorization)
  .annotateMerge(OpenApi.annotations({
    title: "Real-Time Decisions",
    description:
      "A real-time decision pauses a card event (an authorization, a balance inquiry, a 3DS authentication or challenge, a wallet token request or its passcode) until you answer through the action endpoint or its window (a few seconds, `timeout_at`) passes. Subscribe to its `real_time_decision.*_requested` event category to be asked."
  }))
{}
