/** Event subscription handlers: the subscription, its delivery log, resends and heartbeats. */
import { MonetaApi } from "@moneta/api/MonetaApi"
import { EventSubscriptions } from "@moneta/bank/EventSubscriptions"
import { Event } from "@moneta/domain/Event"
import { EventSubscription } from "@moneta/domain/EventSubscription"
import { Effect } from "effect"
import { answerEncoded, answerEncodedPage } from "./EncodedAnswer.js"
import { answerRefusals } from "./ErrorMapping.js"
import * as Group from "./Group.js"
import { idempotent } from "./Idempotent.js"

export const EventSubscriptionsLive = Group.make(
  MonetaApi,
  "eventSubscriptions",
  (handlers) =>
    Effect.gen(function*() {
      const subscriptions = yield* EventSubscriptions
      return handlers
        .handle("create", ({ payload }) => idempotent(EventSubscription, subscriptions.create(payload)))
        .handle("list", ({ query }) => answerEncodedPage(EventSubscription, subscriptions.list(query)))
        .handle("retrieve", ({ params }) =>
          answerEncoded(EventSubscription, subscriptions.retrieve(params.event_subscription_id)))
        .handle("update", ({ params, payload }) =>
          answerRefusals(subscriptions.update(params.event_subscription_id, payload)))
        .handle(
          "listAttempts",
          ({ params, query }) =>
            subscriptions.listAttempts(params.event_subscription_id, query)
        )
        .handle(
          "resend",
          ({ params, payload }) =>
            idempotent(Event, subscriptions.resend(params.event_subscription_id, payload.event_id))
        )
        .handle("heartbeat", ({ params }) =>
          idempotent(Event, subscriptions.heartbeat(params.event_subscription_id)))
    })
)
