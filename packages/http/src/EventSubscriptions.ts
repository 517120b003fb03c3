/** Event subscription handlers: the subscription, its delivery log, resends and heartbeats. */
import { HttpApiBuilder } from "@effect/platform"
import { MonetaApi } from "@moneta/api/MonetaApi"
import { EventSubscriptions } from "@moneta/bank/EventSubscriptions"
import { Event } from "@moneta/domain/Event"
import { EventSubscription } from "@moneta/domain/EventSubscription"
import { Effect } from "effect"
import { idempotent } from "./Idempotent.js"

export const EventSubscriptionsLive = HttpApiBuilder.group(
  MonetaApi,
  "eventSubscriptions",
  (handlers) =>
    Effect.gen(function*() {
      const subscriptions = yield* EventSubscriptions
      return handlers
        .handle("create", ({ payload }) => idempotent(EventSubscription, subscriptions.create(payload)))
        .handle("list", ({ urlParams }) => subscriptions.list(urlParams))
        .handle("retrieve", ({ path }) => subscriptions.retrieve(path.event_subscription_id))
        .handle("update", ({ path, payload }) => subscriptions.update(path.event_subscription_id, payload))
        .handle(
          "listAttempts",
          ({ path, urlParams }) => subscriptions.listAttempts(path.event_subscription_id, urlParams)
        )
        .handle(
          "resend",
          ({ path, payload }) => idempotent(Event, subscriptions.resend(path.event_subscription_id, payload.event_id))
        )
        .handle("heartbeat", ({ path }) => idempotent(Event, subscriptions.heartbeat(path.event_subscription_id)))
    })
)
