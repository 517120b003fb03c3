/**
 * Event subscriptions (decisions.md c): where webhooks go, and the requests a
 * webhook user makes of them beyond create / list / retrieve / update: rotate
 * the signing secret, resend an event, send a test heartbeat.
 *
 * - The shared secret is write-only. Without one, a random secret is made.
 *   A new secret (PATCH `shared_secret`) signs at once; the one it replaces
 *   keeps signing beside it for the domain's `secretOverlap`, so receivers can switch over.
 * - A group has at most `maxActiveSubscriptions` active subscriptions per
 *   environment, and at most one active subscription receives each real-time
 *   decision category: both checked under a per-tenant lock whenever a
 *   subscription becomes active (created active, or enabled again), so
 *   concurrent requests cannot overshoot.
 * - The URL is judged at creation by the server's destination rule
 *   (`WebhookDestination`: its `Reach` depends on the environment and on where
 *   the server listens), so a plainly refused URL is a 400 at once; every
 *   delivery judges it again and is the authority.
 * - A subscription that stops being active loses its pending deliveries; events
 *   created while it is not active are never delivered to it, not even after
 *   it is enabled again.
 * - The subscription's own events are written after the change, so they go to
 *   the subscriptions active after it (a new subscription of every category
 *   receives its own `event_subscription.created`).
 */
import {
  checkResolved,
  checkUrl,
  createAmong,
  type CreateEventSubscription,
  createsActive,
  ensureActive,
  heartbeatEvent,
  mayActivate,
  resend as resendTo,
  updateAmong,
  type UpdateEventSubscription
} from "@moneta/domain/EventSubscription"
import type { EventId, EventSubscriptionId, OAuthConnectionId } from "@moneta/domain/Ids"
import type { IdempotencyKeyFilter } from "@moneta/domain/ListParameters"
import { Tenant } from "@moneta/domain/Tenant"
import type { WebhookAttemptFilter } from "@moneta/domain/WebhookAttempt"
import { hostOf, needsResolving, reachOf, WebhookDestinations } from "@moneta/domain/WebhookDestination"
import { EventStore } from "@moneta/store/Events"
import { EventSubscriptionStore } from "@moneta/store/EventSubscriptions"
import { newId } from "@moneta/store/IdGenerator"
import { WebhookDeliveryStore } from "@moneta/store/WebhookDeliveries"
import { Context, Effect, Layer } from "effect"
import { randomBytes } from "node:crypto"
import { Events, retainedSince } from "./Events.js"
import { idempotencyKey } from "./IdempotencyKey.js"
import { listOwn, type ListParameters } from "./Lists.js"
import { findOwn, notFound, orNotFound } from "./NotFound.js"
import { spanned } from "./OperationSpan.js"
import { always, runStep } from "./Step.js"
import { now } from "./Time.js"

/** A secret for a subscription created without one: 256 random bits. */
const generateSecret = (): string => randomBytes(32).toString("base64url")

export class EventSubscriptions extends Context.Service<EventSubscriptions>()("@moneta/bank/EventSubscriptions", {
  make: Effect.gen(function*() {
    const store = yield* EventSubscriptionStore
    const deliveries = yield* WebhookDeliveryStore
    const eventStore = yield* EventStore
    const events = yield* Events
    const destinations = yield* WebhookDestinations

    /**
     * The URL may receive webhooks: its text, and every address its host
     * resolves to (resolved outside the transaction; a name that does not
     * resolve is accepted, and judged again at every delivery).
     */
    const checkDestination = (url: string) =>
      Effect.gen(function*() {
        const tenant = yield* Tenant
        const reach = reachOf(tenant.environment, destinations.loopbackInSandbox)
        yield* Effect.fromResult(checkUrl(url, reach, destinations.allowedHosts))
        const parsed = new URL(url)
        if (needsResolving(destinations.allowedHosts, parsed)) {
          yield* Effect.fromResult(checkResolved(url, reach, yield* destinations.resolve(hostOf(parsed))))
        }
      })

    /**
     * The active subscriptions, read under the per-tenant lock when the write
     * may make one active (`joins`): the lock holds until the transaction
     * ends, so the active set the domain checks is the one the write joins.
     * None otherwise (the domain reads them only for a subscription becoming active).
     */
    const activeSetIf = (joins: boolean) =>
      Effect.gen(function*() {
        if (!joins) return []
        const tenant = yield* Tenant
        yield* store.lockActiveSet(tenant)
        return yield* store.active(tenant)
      })

    // This service makes no OAuth connections: such an id names nothing of the caller's, and a
    // subscription meant for one connection's events must not silently receive the whole group's.
    const refuseOAuthConnection = (id: OAuthConnectionId | undefined) =>
      id === undefined ? Effect.void : Effect.fail(notFound("oauth_connection", id))

    const create = (request: CreateEventSubscription) =>
      Effect.andThen(
        Effect.andThen(refuseOAuthConnection(request.oauth_connection_id), checkDestination(request.url)),
        runStep({
          load: Effect.gen(function*() {
            const tenant = yield* Tenant
            const input = {
              id: yield* newId("event_subscription"),
              createdAt: yield* now,
              body: request,
              idempotencyKey: yield* idempotencyKey,
              generatedSecret: generateSecret()
            }
            return { tenant, input, active: yield* activeSetIf(createsActive(request)) }
          }),
          decide: ({ active, input }) => createAmong(input, active),
          persist: ({ events: emitted, next, secret }, { input, tenant }) =>
            Effect.gen(function*() {
              yield* store.insert(tenant, next, secret)
              yield* events.record(emitted, input.createdAt)
              return next
            })
        })
      )

    const retrieve = (id: EventSubscriptionId) => findOwn("event_subscription", id, store.find)

    const update = (id: EventSubscriptionId, request: UpdateEventSubscription) =>
      runStep({
        load: Effect.gen(function*() {
          const tenant = yield* Tenant
          const current = yield* findOwn("event_subscription", id, store.lock)
          return { tenant, current, at: yield* now, active: yield* activeSetIf(mayActivate(current, request)) }
        }),
        decide: ({ active, at, current }) => updateAmong(current, request, active, at),
        persist: (change, { at, tenant }) =>
          Effect.gen(function*() {
            if (change.statusChanged) yield* store.update(tenant, change.next)
            if (change.cancelsPendingDeliveries) yield* deliveries.cancelPending(tenant, id)
            if (change.rotation !== null) {
              yield* store.rotateSecret(tenant, id, change.rotation.secret, change.rotation.replacedSignsUntil)
            }
            yield* events.record(change.events, at)
            return change.next
          })
      })

    const list = (parameters: ListParameters & IdempotencyKeyFilter) =>
      listOwn(
        parameters,
        (tenant, request) => store.list(tenant, request, parameters)
      )

    /** The subscription's delivery log, newest first, optionally of one event (404 unless the subscription is the caller's). */
    const listAttempts = (id: EventSubscriptionId, parameters: ListParameters & WebhookAttemptFilter) =>
      Effect.andThen(
        retrieve(id),
        listOwn(
          parameters,
          // The path names the subscription, whatever the query says.
          (tenant, request) => deliveries.listAttempts(tenant, request, { ...parameters, event_subscription_id: id })
        )
      )

    /** The subscription, provided it is active (resends and heartbeats go only to active ones). */
    const activeSubscription = (id: EventSubscriptionId) =>
      Effect.flatMap(retrieve(id), (subscription) => Effect.fromResult(ensureActive(subscription)))

    /** Sends an event to a subscription once more (one attempt, whatever the environment). */
    const resend = (id: EventSubscriptionId, eventId: EventId) =>
      runStep({
        load: Effect.gen(function*() {
          const tenant = yield* Tenant
          // An inactive subscription is refused before the event is looked up (409 before 404).
          const subscription = yield* activeSubscription(id)
          const event = yield* eventStore.find(tenant, eventId, yield* retainedSince).pipe(orNotFound("event", eventId))
          return { tenant, subscription, event, at: yield* now }
        }),
        decide: ({ event, subscription }) => resendTo(subscription, event),
        persist: (event, { at, tenant }) =>
          Effect.as(
            deliveries.enqueue(tenant, { eventId: event.id, subscriptionId: id, trigger: "resend", dueAt: at }),
            event
          )
      })

    /** Sends a `group.heartbeat` event to this subscription only, to test its endpoint. */
    const heartbeat = (id: EventSubscriptionId) =>
      runStep({
        load: Effect.gen(function*() {
          const tenant = yield* Tenant
          yield* activeSubscription(id)
          return { tenant, at: yield* now }
        }),
        decide: ({ tenant }) => always(heartbeatEvent(tenant.groupId)),
        persist: (heartbeat, { at, tenant }) =>
          Effect.gen(function*() {
            const [event] = yield* eventStore.append(tenant, [heartbeat], at, { deliver: false })
            if (event === undefined) return yield* Effect.die(new Error("the heartbeat event was not written"))
            yield* deliveries.enqueue(tenant, {
              eventId: event.id,
              subscriptionId: id,
              trigger: "heartbeat",
              dueAt: at
            })
            return event
          })
      })

    return {
      create: spanned("bank.EventSubscriptions.create", create),
      retrieve: spanned("bank.EventSubscriptions.retrieve", retrieve, (id) => ({ "moneta.event_subscription_id": id })),
      update: spanned("bank.EventSubscriptions.update", update, (id) => ({ "moneta.event_subscription_id": id })),
      list: spanned("bank.EventSubscriptions.list", list),
      listAttempts: spanned(
        "bank.EventSubscriptions.listAttempts",
        listAttempts,
        (id) => ({ "moneta.event_subscription_id": id })
      ),
      resend: spanned(
        "bank.EventSubscriptions.resend",
        resend,
        (id, eventId) => ({ "moneta.event_subscription_id": id, "moneta.event_id": eventId })
      ),
      heartbeat: spanned(
        "bank.EventSubscriptions.heartbeat",
        heartbeat,
        (id) => ({ "moneta.event_subscription_id": id })
      )
    } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(
    Layer.provide([EventSubscriptionStore.Default, WebhookDeliveryStore.Default, EventStore.Default, Events.Default])
  )
}
