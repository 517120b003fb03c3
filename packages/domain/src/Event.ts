/** `GET /events` filters and ordering (beside the paging of `ListParameters`). */
export const EventFilter = Schema.Struct({
  "category.in": Schema.optional(CommaSeparated(EventCategory)),
  associated_object_id: Schema.optional(Schema.String),
  "order_by.direction": Schema.optional(Schema.Literals(["ascending", "descending"])),
  "order_by.field": Schema.optional(Schema.Literal("created_at"))
})
export type EventFilter = typeof EventFilter.Type

/**
 * An event records that something happened to an object. Events are thin: they
 * name the object, and the consumer fetches it.
 */
import { DateTime, Schema } from "effect"
import { EventCategory } from "./EventCategory.js"
import { EventId } from "./Ids.js"
import { CommaSeparated } from "./ListParameters.js"
import { Timestamp } from "./Timestamp.js"

export class Event extends Schema.Class<Event>("Event")({
  id: EventId,
  created_at: Timestamp,
  category: EventCategory,
  associated_object_type: Schema.String,
  associated_object_id: Schema.String,
  type: Schema.tag("event")
}) {}

/**
 * The event as JSON text, exactly what `JSON.stringify` of `Schema.encodeSync(Event)` gives
 * (same keys in the same order; tested against it for generated events), without the Schema
 * work: the webhook dispatcher encodes one per delivery, and the category union alone costs
 * about 10 µs to encode through the Schema.
 */
export const eventJson = (event: Event): string =>
  JSON.stringify({
    id: event.id,
    created_at: DateTime.formatIso(event.created_at),
    category: event.category,
    associated_object_type: event.associated_object_type,
    associated_object_id: event.associated_object_id,
    type: event.type
  })

/** An event about to be written: the store gives it its id and time. */
export interface PendingEvent {
  readonly category: EventCategory
  readonly associatedObjectType: string
  readonly associatedObjectId: string
}

export const pendingEvent = (
  category: EventCategory,
  associatedObjectType: string,
  associatedObjectId: string
): PendingEvent => ({ category, associatedObjectType, associatedObjectId })

/** Events are listed and retrievable for 30 days. */
export const eventRetentionDays = 30
