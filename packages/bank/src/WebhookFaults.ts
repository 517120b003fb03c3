/**
 * Webhook fault injection (docs/workbench.md, "Webhook faults"), for a sandbox
 * key: add faults to one of the group's subscriptions, list those not used up,
 * clear them. The dispatcher uses them (`@moneta/webhooks/Dispatcher`); the
 * rules are the domain's (`@moneta/domain/WebhookFault`).
 */
import { InsufficientPermissionsError } from "@moneta/domain/Errors"
import type { EventSubscriptionId } from "@moneta/domain/Ids"
import { Tenant } from "@moneta/domain/Tenant"
import { type CreateWebhookFault, faultAllowed, faultFields } from "@moneta/domain/WebhookFault"
import { EventSubscriptionStore } from "@moneta/store/EventSubscriptions"
import { transactionally } from "@moneta/store/UnitOfWork"
import { WebhookFaultStore } from "@moneta/store/WebhookFaults"
import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { findOwn } from "./NotFound.js"
import { spanned } from "./OperationSpan.js"
import { now } from "./Time.js"

export const liveKeyRefused =
  "Webhook faults are injected in the sandbox only: use a sandbox API key of the group (a live key may not)."

export class WebhookFaults extends Context.Service<WebhookFaults>()("@moneta/bank/WebhookFaults", {
  make: Effect.gen(function*() {
    const store = yield* WebhookFaultStore
    const subscriptions = yield* EventSubscriptionStore
    const sql = yield* SqlClient.SqlClient

    /** The caller's subscription (locked), for a sandbox key; 404 when it is not the caller's. */
    const ownSubscription = (id: EventSubscriptionId) =>
      Effect.gen(function*() {
        const tenant = yield* Tenant
        if (tenant.environment !== "sandbox") {
          return yield* new InsufficientPermissionsError({ detail: liveKeyRefused })
        }
        yield* findOwn("event_subscription", id, subscriptions.lock)
        return tenant
      })

    const inTransaction = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
      Effect.provideService(transactionally(effect), SqlClient.SqlClient, sql)

    const add = (id: EventSubscriptionId, request: CreateWebhookFault) =>
      inTransaction(Effect.gen(function*() {
        const tenant = yield* ownSubscription(id)
        yield* Effect.fromResult(faultAllowed(yield* store.pending(tenant, id)))
        return yield* store.insert(tenant, id, faultFields(request), yield* now)
      }))

    const list = (id: EventSubscriptionId) =>
      inTransaction(Effect.gen(function*() {
        const tenant = yield* ownSubscription(id)
        return { data: yield* store.list(tenant, id), next_cursor: null }
      }))

    const clear = (id: EventSubscriptionId) =>
      inTransaction(Effect.gen(function*() {
        const tenant = yield* ownSubscription(id)
        const cleared = yield* store.list(tenant, id)
        yield* store.clear(tenant, id)
        return { data: cleared, next_cursor: null }
      }))

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
