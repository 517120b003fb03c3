/**
 * Events: list (newest first by default; poll with `order_by.direction=ascending`
 * and keep `next_cursor`, which is never null when ascending) and retrieve.
 */
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Event } from "@moneta/domain/Event"
import { EventCategory } from "@moneta/domain/EventCategory"
import { EventId } from "@moneta/domain/Ids"
import { Schema } from "effect"
import { Authorization } from "./Authorization.js"
import { InvalidParametersError, ObjectNotFoundError } from "./ApiError.js"
import { CommaSeparated, listFields, Page, urlParams } from "./Parameters.js"

export class Events extends HttpApiGroup.make("events")
  .annotateContext(OpenApi.annotations({
    title: "Events",
    description: "Events are records of things that happened to objects. They can be listed by polling, or pushed to your URL as signed webhooks by an Event Subscription."
  }))
  .add(
    HttpApiEndpoint.get("list", "/events")
      .annotate(OpenApi.Summary, "List Events")
      .annotate(
        OpenApi.Description,
        "Lists events, newest first by default. To poll, list with `order_by.direction=ascending` and keep `next_cursor`: when ascending it is never null, and the next call returns only newer events."
      )
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
      .annotate(OpenApi.Summary, "Retrieve an Event")
      .annotate(OpenApi.Description, "Returns the event with this identifier.")
      .setPath(Schema.Struct({ event_id: EventId }))
      .addSuccess(Event)
      .addError(ObjectNotFoundError)
  )
  .addError(InvalidParametersError)
  .middleware(Authorization)
{}
