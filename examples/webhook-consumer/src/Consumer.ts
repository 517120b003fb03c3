/**
 * The app: a plain `node:http` request listener.
 *
 * - `POST /webhooks`: Moneta's deliveries, through `@moneta/receiver`'s
 *   `node:http` adapter. On any `wire_transfer.*` event it fetches the
 *   transfer (events carry no data) and saves its status.
 * - `GET /wire_transfers`: the local copy, as JSON.
 *
 * The receiver answers 2xx only once the transfer is saved, so a delivery
 * whose handling failed (Moneta unreachable for the fetch, say) is sent again
 * by Moneta; duplicates are acknowledged without handling them twice.
 */
import { AssociatedObject, type Deduplication, Handlers, NodeAdapter, Receiver } from "@moneta/receiver"
import { Effect, Semaphore } from "effect"
import type { NonEmptyReadonlyArray } from "effect/Array"
import type { RequestListener } from "node:http"
import type { LocalCopy } from "./LocalCopy.js"

export interface Options {
  /** The secrets of the app's event subscription (two while rotating). */
  readonly secrets: NonEmptyReadonlyArray<Receiver.Secret>
  readonly localCopy: LocalCopy
}

/** The webhook handlers: keep each wire transfer's latest status. */
export const handlers = (localCopy: LocalCopy) =>
  Effect.map(Semaphore.make(1), (oneAtATime) =>
    Handlers.empty.pipe(
      Handlers.on("wire_transfer.*", (event) =>
        Effect.gen(function*() {
          const transfer = yield* AssociatedObject.fetch(event, "wire_transfer")
          localCopy.save(transfer)
          localCopy.countEvent(event.id)
        }).pipe(
          // Fetch and save one event at a time: otherwise an older fetch that
          // finishes last could overwrite a newer status.
          oneAtATime.withPermits(1)
        ))
    ))

/** The request listener, running deliveries on the current runtime (its client and deduplication store). */
export const make = (
  options: Options
): Effect.Effect<RequestListener, never, AssociatedObject.MonetaClient | Deduplication.Deduplication> =>
  Effect.gen(function*() {
    const receiver = yield* Receiver.make({ secrets: options.secrets, handlers: yield* handlers(options.localCopy) })
    const webhooks = yield* NodeAdapter.makeHandler(receiver)
    return (request, response) => {
      const path = request.url?.split("?")[0]
      if (path === "/webhooks") return webhooks(request, response)
      if (path === "/wire_transfers" && request.method === "GET") {
        response.writeHead(200, { "content-type": "application/json" })
        response.end(JSON.stringify({ data: options.localCopy.allTransfers() }))
        return
      }
      response.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: "not found" }))
    }
  })
