/**
 * Events: list (newest first by default; poll with `order_by.direction=ascending`
 * and keep `next_cursor`, which is never null when ascending) and retrieve.
 */
import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Event } from "@moneta/domain/Event"
import { EventCategory } from "@moneta/domain/EventCategory"
import { EventId } from "@moneta/domain/Ids"
import { Schema } from "effect"
import { Authorization } from "./Authorization.js"
import { InvalidParametersError, ObjectNotFoundError } from "./ApiError.js"
import { CommaSeparated, listFields, Page, urlParams } from "./Parameters.js"

export class Events extends HttpApiGroup.make("events")
  .add(
    HttpApiEndpoint.get("list", "/events")
      .setUrlParams(urlParams({
        ...listFields,
        "category.in": Schema.optional(CommaSeparated(EventCategory)),
        associated_object_id: Schema.optional(Schema.String),
        "order_by.direction": Schema.optional(Schema.Literal("ascending", "descending")),
        "order_by.field": Schema.optional(Schema.Literal("created_at"))
      }))
      .addSuccess(Page(Event))
  )
  .add(
    HttpApiEndpoint.get("retrieve", "/events/:event_id")
      .setPath(Schema.Struct({ event_id: EventId }))
      .addSuccess(Event)
      .addError(ObjectNotFoundError)
  )
  .addError(InvalidParametersError)
  .middleware(Authorization)
{}
