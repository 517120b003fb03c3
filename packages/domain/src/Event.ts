/** `GET /events` filters and ordering (beside the paging of `ListParameters`). */
export const EventFilter = Schema.Struct({
  "category.in": Schema.optional(CommaSeparated(EventCategory)),
  associated_object_id: Schema.optional(Schema.String),
  "order_by.direction": Schema.optional(Schema.Literal("ascending", "descending")),
  "order_by.field": Schema.optional(Schema.Literal("created_at"))
})
export type EventFilter = typeof EventFilter.Type

/**
 * An event records that something happened to an object. Events are thin: they
 * name the object, and the consumer fetches it.
 */
import { Schema } from "effect"
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
