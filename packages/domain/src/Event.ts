/**
 * An event records that something happened to an object. Events are thin: they
 * name the object, and the consumer fetches it.
 */
import { Schema } from "effect"
import { EventCategory } from "./EventCategory.js"
import { EventId } from "./Ids.js"
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
