/** Listing and retrieving events and their delivery log, and recording events with the change they describe. */
import { type EventFilter, type PendingEvent, retainedSinceAt } from "@moneta/domain/Event"
import type { EventId } from "@moneta/domain/Ids"
import { Tenant } from "@moneta/domain/Tenant"
import type { WebhookAttemptFilter } from "@moneta/domain/WebhookAttempt"
import { EventStore, isValidEventCursor } from "@moneta/store/Events"
import { WebhookDeliveryStore } from "@moneta/store/WebhookDeliveries"
import type { Write } from "@moneta/store/Writes"
import { Context, type DateTime, Effect, Layer } from "effect"
import { listOwn, type ListParameters } from "./Lists.js"
import { orNotFound } from "./NotFound.js"
import { spanned } from "./OperationSpan.js"
import { now } from "./Time.js"

export type EventListParameters = ListParameters & EventFilter

/** The oldest creation time of an event still served (older ones are gone, decisions.md). */
export const retainedSince = Effect.map(now, retainedSinceAt)

export class Events extends Context.Service<Events>()("@moneta/bank/Events", {
  make: Effect.gen(function*() {
    const store = yield* EventStore
    const deliveries = yield* WebhookDeliveryStore

    /**
     * Writes the events of a change; call inside the change's transaction.
     * `alongside`: other writes of the change, run by the same statement (`Writes`).
     */
    const record = (
      events: ReadonlyArray<PendingEvent>,
      createdAt: DateTime.Utc,
      alongside: ReadonlyArray<Write> = []
    ) => Effect.flatMap(Tenant, (tenant) => store.append(tenant, events, createdAt, { alongside }))

    const retrieve = (id: EventId) =>
      Effect.gen(function*() {
        const tenant = yield* Tenant
        return yield* store.find(tenant, id, yield* retainedSince).pipe(orNotFound("event", id))
      })

    const list = (parameters: EventListParameters) =>
      listOwn(
        parameters,
        (tenant, request) =>
          Effect.flatMap(
            retainedSince,
            (since) => store.list(tenant, { ...request, retainedSince: since }, parameters)
          ),
        isValidEventCursor
      )

    /** The event's delivery log, newest first, optionally to one subscription (404 unless the event is the caller's and retained). */
    const listAttempts = (id: EventId, parameters: ListParameters & WebhookAttemptFilter) =>
      Effect.andThen(
        retrieve(id),
        listOwn(parameters, (tenant, request) =>
          // The path names the event, whatever the query says.
          deliveries.listAttempts(tenant, request, { ...parameters, event_id: id }))
      )

    return {
      record: spanned("bank.Events.record", record, (events) => ({ "moneta.event_count": events.length })),
      retrieve: spanned("bank.Events.retrieve", retrieve, (id) => ({ "moneta.event_id": id })),
      list: spanned("bank.Events.list", list),
      listAttempts: spanned("bank.Events.listAttempts", listAttempts, (id) => ({ "moneta.event_id": id }))
    } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(
    Layer.provide([EventStore.Default, WebhookDeliveryStore.Default])
  )
}
