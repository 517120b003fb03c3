/**
 * The receiver as a `node:http` request handler:
 *
 * ```ts
 * const handler = await runtime.runPromise(NodeAdapter.makeHandler(receiver))
 * http.createServer((request, response) =>
 *   request.url === "/webhooks" ? handler(request, response) : otherRoutes(request, response))
 * ```
 *
 * The handler runs each delivery on the runtime it was made in (its services:
 * the handlers' own, the deduplication store). It answers every request it
 * is given: POST with the delivery's reply, anything else with 405.
 */
import { Effect, Stream } from "effect"
import type { IncomingMessage, ServerResponse } from "node:http"
import * as Body from "./Body.js"
import type { Receiver } from "./Receiver.js"
import { UnreadableBodyError } from "./ReceiverError.js"
import * as Reply from "./Reply.js"

export type NodeHandler = (request: IncomingMessage, response: ServerResponse) => void

const utf8 = new TextEncoder()

const header = (request: IncomingMessage) => (name: string): string | undefined => {
  const value = request.headers[name]
  return Array.isArray(value) ? value.join(", ") : value
}

// A request emits Buffers, or strings if someone set an encoding on it.
const chunksOf = (request: IncomingMessage): Stream.Stream<Uint8Array, UnreadableBodyError> =>
  Stream.fromAsyncIterable(
    request,
    (error) => new UnreadableBodyError({ detail: error instanceof Error ? error.message : String(error) })
  ).pipe(Stream.map((chunk: unknown) => chunk instanceof Uint8Array ? chunk : utf8.encode(String(chunk))))

const answer = <R>(receiver: Receiver<R>, request: IncomingMessage): Effect.Effect<Reply.Reply, never, R> => {
  const body = Effect.andThen(
    Body.checkDeclaredLength(request.headers["content-length"], receiver.maxBodyBytes),
    Body.fromStream(chunksOf(request), receiver.maxBodyBytes)
  )
  return Effect.matchEffect(body, {
    onFailure: Reply.rejected,
    onSuccess: (bytes) => Reply.receive(receiver, { header: header(request), body: bytes })
  })
}

const write = (response: ServerResponse, reply: Reply.Reply) =>
  Effect.sync(() => {
    if (response.headersSent) return
    response.writeHead(reply.status, { "content-type": "application/json" }).end(JSON.stringify(reply.body))
  })

/** A `node:http` handler that receives deliveries with the current runtime's services. */
export const makeHandler = <R>(receiver: Receiver<R>): Effect.Effect<NodeHandler, never, R> =>
  Effect.map(Effect.context<R>(), (context) => {
    const runFork = Effect.runForkWith(context)
    // The delivery is not interrupted when the sender hangs up: a handler that
    // finishes anyway is recorded, so the retry is acknowledged as a duplicate.
    return (request, response) => {
      if (request.method !== "POST") {
        response.writeHead(405, { allow: "POST" }).end()
        return
      }
      runFork(Effect.flatMap(answer(receiver, request), (reply) => write(response, reply)))
    }
  })
