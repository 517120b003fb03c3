/**
 * Webhook fault injection (docs/workbench.md, "Webhook faults"), for a sandbox
 * key: add faults to one of the group's subscriptions, list those not used up,
 * clear them. The dispatcher uses them (`@moneta/webhooks/Dispatcher`); the
 * rules are the domain's (`@moneta/domain/WebhookFault`).
 */
import type { EventSubscriptionId } from "@moneta/domain/Ids"
import { Tenant } from "@moneta/domain/Tenant"
import * as WebhookFault from "@moneta/domain/WebhookFault"
import { EventSubscriptionStore } from "@moneta/store/EventSubscriptions"
import { transactionally } from "@moneta/store/UnitOfWork"
import { WebhookFaultStore } from "@moneta/store/WebhookFaults"
import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { findOwn } from "./NotFound.js"
import { spanned } from "./OperationSpan.js"
import { always, runStep, type Step } from "./Step.js"
import { now } from "./Time.js"

export const liveKeyRefused = WebhookFault.liveKeyRefused

export class WebhookFaults extends Context.Service<WebhookFaults>()("@moneta/bank/WebhookFaults", {
  make: Effect.gen(function*() {
    const store = yield* WebhookFaultStore
    const subscriptions = yield* EventSubscriptionStore
    const sql = yield* SqlClient.SqlClient

    /**
     * The caller's subscription (locked), for a sandbox key (the domain's
     * `sandboxOnly`: 403 for a live one); 404 when it is not the caller's.
     */
    const ownSubscription = (id: EventSubscriptionId) =>
      Effect.gen(function*() {
        const tenant = yield* Tenant
        yield* Effect.fromResult(WebhookFault.sandboxOnly(tenant.environment))
        yield* findOwn("event_subscription", id, subscriptions.lock)
        return tenant
      })

    const inTransaction = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
      Effect.provideService(transactionally(effect), SqlClient.SqlClient, sql)

    /** A step in its own transaction on the service's database connection. */
    const runFaultStep = <Loaded, Decision, A, EL, RL, ED, EP, RP>(
      step: Step<Loaded, Decision, A, EL, RL, ED, EP, RP>
    ) => Effect.provideService(runStep(step), SqlClient.SqlClient, sql)

    const add = (id: EventSubscriptionId, request: WebhookFault.CreateWebhookFault) =>
      runFaultStep({
        load: Effect.gen(function*() {
          const tenant = yield* ownSubscription(id)
          return { tenant, pending: yield* store.pending(tenant, id), at: yield* now }
        }),
        decide: ({ pending }) => WebhookFault.add(pending, request),
        persist: (fields, { at, tenant }) => store.insert(tenant, id, fields, at)
      })

    const list = (id: EventSubscriptionId) =>
      inTransaction(Effect.gen(function*() {
        const tenant = yield* ownSubscription(id)
        return { data: yield* store.list(tenant, id), next_cursor: null }
      }))

    const clear = (id: EventSubscriptionId) =>
      runFaultStep({
        load: Effect.gen(function*() {
          const tenant = yield* ownSubscription(id)
          return { tenant, cleared: yield* store.list(tenant, id) }
        }),
        decide: ({ cleared }) => always(cleared),
        persist: (cleared, { tenant }) => Effect.as(store.clear(tenant, id), { data: cleared, next_cursor: null })
      })

    return {
      add: spanned("bank.WebhookFaults.add", add, (id) => ({ "moneta.event_subscription_id": id })),
      list: spanned("bank.WebhookFaults.list", list, (id) => ({ "moneta.event_subscription_id": id })),
      clear: spanned("bank.WebhookFaults.clear", clear, (id) => ({ "moneta.event_subscription_id": id }))
    } as const
  })
}) {
  static readonly DefaultWithoutDependencies = Layer.effect(this, this.make)
  static readonly Default = this.DefaultWithoutDependencies.pipe(
    Layer.provide([WebhookFaultStore.Default, EventSubscriptionStore.Default])
  )
}
