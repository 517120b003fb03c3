/** Events handlers: list, retrieve, and an event's delivery log. */
import { MonetaApi } from "@moneta/api/MonetaApi"
import { Events } from "@moneta/bank/Events"
import { Event } from "@moneta/domain/Event"
import { Effect } from "effect"
import { answerEncoded, answerEncodedPage } from "./EncodedAnswer.js"
import * as Group from "./Group.js"

export const EventsLive = Group.make(MonetaApi, "events", (handlers) =>
  Effect.gen(function*() {
    const events = yield* Events
    return handlers
      .handle("list", ({ query }) => answerEncodedPage(Event, events.list(query)))
      .handle("retrieve", ({ params }) => answerEncoded(Event, events.retrieve(params.event_id)))
      .handle("listAttempts", ({ params, query }) => events.listAttempts(params.event_id, query))
  }))
