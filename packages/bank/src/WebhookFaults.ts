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
import { WebhookFaultStore } from "@moneta/store/WebhookFaults"
import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { findOwn } from "./NotFound.js"
import { spanned } from "./OperationSpan.js"
import { always, onDatabase } from "./Step.js"
import { now } from "./Time.js"

export const liveKeyRefused = WebhookFault.liveKeyRefused

export class WebhookFaults extends Context.Service<WebhookFaults>()("@moneta/bank/WebhookFaults", {
  make: Effect.gen(function*() {
    const store = yield* WebhookFaultStore
    const subscriptions = yield* EventSubscriptionStore

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

    // Each operation in its own transaction on the service's database.
    const database = onDatabase(yield* SqlClient.SqlClient)

    const add = (id: EventSubscriptionId, request: WebhookFault.CreateWebhookFault) =>
      database.runStep({
        load: Effect.gen(function*() {
          const tenant = yield* ownSubscription(id)
          return { tenant, pending: yield* store.pending(tenant, id), at: yield* now }
        }),
        decide: ({ pending }) => WebhookFault.add(pending, request),
        persist: (fields, { at, tenant }) => store.insert(tenant, id, fields, at)
      })

    const list = (id: EventSubscriptionId) =>
      database.transactionally(Effect.gen(function*() {
        const tenant = yield* ownSubscription(id)
        return { data: yield* store.list(tenant, id), next_cursor: null }
      }))

    const clear = (id: EventSubscriptionId) =>
      database.runStep({
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
