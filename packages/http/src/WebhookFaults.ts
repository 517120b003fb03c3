/** Webhook fault injection handlers (a sandbox key of the group; `@moneta/bank/WebhookFaults`). */
import { MonetaApi } from "@moneta/api/MonetaApi"
import { WebhookFaults } from "@moneta/bank/WebhookFaults"
import { Effect } from "effect"
import { answerRefusals } from "./ErrorMapping.js"
import * as Group from "./Group.js"

export const WebhookFaultsLive = Group.make(
  MonetaApi,
  "webhookFaults",
  (handlers) =>
    Effect.gen(function*() {
      const faults = yield* WebhookFaults
      return handlers
        .handle("addFault", ({ params, payload }) => answerRefusals(faults.add(params.event_subscription_id, payload)))
        .handle("listFaults", ({ params }) => faults.list(params.event_subscription_id))
        .handle("clearFaults", ({ params }) => faults.clear(params.event_subscription_id))
    })
)
