/**
 * Tenants, subscriptions and events for webhook tests, written through the
 * store as the bank writes them (events with their deliveries, in one
 * transaction).
 */
import type { Environment } from "@moneta/domain/Environment"
import { pendingEvent } from "@moneta/domain/Event"
import type { EventCategory, KnownEventCategory } from "@moneta/domain/EventCategory"
import * as EventSubscription from "@moneta/domain/EventSubscription"
import type { EventSubscriptionId } from "@moneta/domain/Ids"
import type { TenantShape } from "@moneta/domain/Tenant"
import { WebhookDestinations } from "@moneta/domain/WebhookDestination"
import { ApiKeyStore } from "@moneta/store/ApiKeys"
import { EventStore } from "@moneta/store/Events"
import { EventSubscriptionStore } from "@moneta/store/EventSubscriptions"
import { newId } from "@moneta/store/IdGenerator"
import { transactionally } from "@moneta/store/UnitOfWork"
import { WebhookDeliveryStore } from "@moneta/store/WebhookDeliveries"
import { DateTime, Effect, Layer, Schema } from "effect"
import { SqlClient } from "effect/sql"

/** The store services the tests use. */
export const StoreLive = Layer.mergeAll(
  ApiKeyStore.Default,
  EventSubscriptionStore.Default,
  EventStore.Default,
  WebhookDeliveryStore.Default
)

/**
 * The tests' receivers listen on 127.0.0.1 over plain http; the live
 * environment refuses that unless the operator allows the host, as here.
 */
export const LoopbackAllowed = Layer.succeed(WebhookDestinations, {
  allowedHosts: ["127.0.0.1"],
  loopbackInSandbox: true,
  resolve: () => Effect.succeed([])
})

export const tenant = (environment: Environment) =>
  Effect.gen(function*() {
    const groupId = yield* newId("group")
    yield* (yield* ApiKeyStore).insertGroup(groupId, "Webhook test group", yield* DateTime.now)
    return { groupId, environment } satisfies TenantShape
  })

export interface SubscriptionInput {
  readonly url: string
  readonly secret: string
  readonly categories?: ReadonlyArray<KnownEventCategory> | undefined
  readonly status?: "active" | "disabled" | undefined
}

export const subscribe = (owner: TenantShape, input: SubscriptionInput) =>
  Effect.gen(function*() {
    const { next } = EventSubscription.create({
      id: yield* newId("event_subscription"),
      createdAt: yield* DateTime.now,
      idempotencyKey: null,
      body: {
        url: input.url,
        ...(input.status === undefined ? {} : { status: input.status }),
        ...(input.categories === undefined
          ? {}
          : { selected_event_categories: input.categories.map((event_category) => ({ event_category })) })
      }
    })
    yield* (yield* EventSubscriptionStore).insert(owner, next, input.secret)
    return next
  })

/** Events about made-up objects, committed together (as one change would). */
export const emit = (owner: TenantShape, categories: ReadonlyArray<EventCategory>) =>
  Effect.gen(function*() {
    const events = yield* EventStore
    const createdAt = yield* DateTime.now
    return yield* transactionally(
      events.append(
        owner,
        categories.map((category) => pendingEvent(category, "wire_transfer", `wire_transfer_${category}`)),
        createdAt
      )
    )
  })

const DeliveryRow = Schema.Struct({
  event_id: Schema.String,
  event_subscription_id: Schema.String,
  status: Schema.String,
  attempt_count: Schema.Number
})

/** The deliveries written for a tenant. */
export const deliveries = (owner: TenantShape) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql`SELECT event_id, event_subscription_id, status, attempt_count FROM webhook_deliveries
      WHERE group_id = ${owner.groupId} AND environment = ${owner.environment} ORDER BY id`
    return yield* Schema.decodeUnknownEffect(Schema.Array(DeliveryRow))(rows)
  }).pipe(Effect.orDie)

/** The attempts logged for a subscription, oldest first. */
export const attempts = (owner: TenantShape, subscriptionId: EventSubscriptionId) =>
  Effect.gen(function*() {
    const page = yield* (yield* WebhookDeliveryStore).listAttempts(owner, { limit: 100 }, {
      event_subscription_id: subscriptionId
    })
    return [...page.data].reverse()
  })
