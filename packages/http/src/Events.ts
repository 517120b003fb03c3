/** Events handlers: list, retrieve, and an event's delivery log. */
import { HttpApiBuilder } from "@effect/platform"
import { MonetaApi } from "@moneta/api/MonetaApi"
import { Events } from "@moneta/bank/Events"
import { Effect } from "effect"

export const EventsLive = HttpApiBuilder.group(MonetaApi, "events", (handlers) =>
  Effect.gen(function*() {
    const events = yield* Events
    return handlers
      .handle("list", ({ urlParams }) => events.list(urlParams))
      .handle("retrieve", ({ path }) => events.retrieve(path.event_id))
      .handle("listAttempts", ({ path, urlParams }) => events.listAttempts(path.event_id, urlParams))
  }))
