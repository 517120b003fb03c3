/**
 * The delivery log: every attempt to POST an event to a subscription's URL,
 * newest first, with its outcome. Listed per subscription or per event; the
 * subscription or event must be the caller's (404 otherwise).
 */
import { Caller as Tenant } from "@moneta/domain/Caller"
import { EventSubscriptions as SubscriptionStore } from "@moneta/store/EventSubscriptions"
import { Events as EventStore } from "@moneta/store/Events"
import type { WebhookAttemptFilter } from "@moneta/domain/WebhookAttempt"
import { WebhookDeliveries } from "@moneta/store/WebhookDeliveries"
import { Effect } from "effect"
import { retainedSince } from "./Events.js"
import { type ListParameters, pageRequest, toPage } from "./Lists.js"
import { findOwn, orNotFound } from "./NotFound.js"
import { traced } from "./Traced.js"

export type AttemptListParameters = ListParameters & WebhookAttemptFilter

export class WebhookLog extends Effect.Service<WebhookLog>()("@moneta/bank/WebhookLog", {
  effect: Effect.gen(function*() {
    const deliveries = yield* WebhookDeliveries
    const subscriptions = yield* SubscriptionStore
    const events = yield* EventStore

    const page = (parameters: AttemptListParameters, filter: { readonly subscriptionId?: string; readonly eventId?: string }) =>
      Effect.gen(function*() {
        const request = yield* pageRequest(parameters)
        return toPage(yield* deliveries.listAttempts(yield* Tenant, request, {
          subscriptionId: filter.subscriptionId ?? parameters.event_subscription_id,
          eventId: filter.eventId ?? parameters.event_id
        }))
      })

    const attemptsOfSubscription = (id: string, parameters: AttemptListParameters) =>
      Effect.gen(function*() {
        yield* findOwn("event_subscription", id, subscriptions.find)
        return yield* page(parameters, { subscriptionId: id })
      })

    const attemptsOfEvent = (id: string, parameters: AttemptListParameters) =>
      Effect.gen(function*() {
        yield* events.find(yield* Tenant, id, yield* retainedSince).pipe(orNotFound("event", id))
        return yield* page(parameters, { eventId: id })
      })

    return traced("WebhookLog", { attemptsOfSubscription, attemptsOfEvent } as const)
  }),
  dependencies: [WebhookDeliveries.Default, SubscriptionStore.Default, EventStore.Default]
}) {}
