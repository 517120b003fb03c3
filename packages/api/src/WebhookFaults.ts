/**
 * Webhook fault injection, a Moneta extension (docs/workbench.md, "Webhook
 * faults"): a sandbox key adds faults to one of its group's subscriptions,
 * lists those not used up and clears them. Lists are not paged (at most 20
 * faults a subscription): `next_cursor` is always null.
 */
import { EventSubscriptionId } from "@moneta/domain/Ids"
import { CreateWebhookFault, WebhookFault } from "@moneta/domain/WebhookFault"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { InsufficientPermissionsError, InvalidOperationError, ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import * as Examples from "./Examples.js"
import { Page } from "./Parameters.js"

const subscriptionPath = Schema.Struct({ event_subscription_id: EventSubscriptionId })

const fault = {
  event_subscription_id: "event_subscription_a1nzc5u9d5jvfsy2d9q3",
  kind: "status",
  status: 500,
  seconds: null,
  remaining: 3,
  created_at: "2026-11-21T22:41:05.123Z",
  type: "webhook_fault"
} satisfies typeof WebhookFault.Encoded

const sandboxOnly = "A sandbox API key of the group only: a live key is refused (403 `insufficient_permissions_error`)."

export class WebhookFaults extends HttpApiGroup.make("webhookFaults")
  .annotateMerge(OpenApi.annotations({ title: "Moneta: Control" }))
  .add(
    HttpApiEndpoint.post("addFault", "/moneta/event_subscriptions/:event_subscription_id/faults", {
      params: subscriptionPath,
      payload: CreateWebhookFault,
      success: WebhookFault,
      error: [InsufficientPermissionsError, InvalidOperationError, ObjectNotFoundError]
    })
      .annotate(OpenApi.Summary, "Add a Webhook Fault")
      .annotate(
        OpenApi.Description,
        `Shapes the subscription's next \`count\` deliveries (default 1): \`status\` records the attempt as if the endpoint answered that status (without calling it), \`timeout\` as if it did not answer in time, \`delay\` sends it \`seconds\` later, \`duplicate\` sends it twice with the same \`webhook-id\`, \`reorder\` holds it back until the next delivery has gone. Faults apply in the order added, one delivery each; each attempt they shape carries \`injected_fault\` in the delivery log. At most 20 a subscription. ${sandboxOnly}`
      )
      .pipe((endpoint) =>
        Examples.exchange(endpoint, { request: { kind: "status", status: 500, count: 3 }, response: fault })
      )
  )
  .add(
    HttpApiEndpoint.get("listFaults", "/moneta/event_subscriptions/:event_subscription_id/faults", {
      params: subscriptionPath,
      success: Page(WebhookFault),
      error: [InsufficientPermissionsError, ObjectNotFoundError]
    })
      .annotate(OpenApi.Summary, "List Webhook Faults")
      .annotate(
        OpenApi.Description,
        `Lists the subscription's faults not used up, in the order they apply. ${sandboxOnly}`
      )
      .pipe((endpoint) => Examples.exchange(endpoint, { response: { data: [fault], next_cursor: null } }))
  )
  .add(
    HttpApiEndpoint.delete("clearFaults", "/moneta/event_subscriptions/:event_subscription_id/faults", {
      params: subscriptionPath,
      success: Page(WebhookFault),
      error: [InsufficientPermissionsError, ObjectNotFoundError]
    })
      .annotate(OpenApi.Summary, "Clear Webhook Faults")
      .annotate(
        OpenApi.Description,
        `Deletes every fault of the subscription and answers those that were not used up. ${sandboxOnly}`
      )
      .pipe((endpoint) => Examples.exchange(endpoint, { response: { data: [fault], next_cursor: null } }))
  )
  .middleware(Authorization)
{}
