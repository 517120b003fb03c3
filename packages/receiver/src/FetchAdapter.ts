/**
 * The receiver as a fetch-style handler, `(Request) => Promise<Response>`,
 * for servers and frameworks built on the web Request/Response (Bun, Deno,
 * Hono, Next.js route handlers, …):
 *
 * ```ts
 * const handler = await runtime.runPromise(FetchAdapter.makeHandler(receiver))
 * export const POST = handler
 * ```
 *
 * POST requests get the delivery's reply, anything else 405.
 */
import { Effect, Stream } from "effect"
import * as Body from "./Body.js"
import type { Receiver } from "./Receiver.js"
import { UnreadableBodyError } from "./ReceiverError.js"
import * as Reply from "./Reply.js"

export type FetchHandler = (request: Request) => Promise<Response>

const chunksOf = (request: Request): Stream.Stream<Uint8Array, UnreadableBodyError> =>
  request.body === null
    ? Stream.empty
    : Stream.fromReadableStream({
      evaluate: () => request.body ?? new ReadableStream<Uint8Array>(),
      onError: (error) => new UnreadableBodyError({ detail: error instanceof Error ? error.message : String(error) })
    })

const answer = <R>(receiver: Receiver<R>, request: Request): Effect.Effect<Reply.Reply, never, R> => {
  const body = Effect.andThen(
    Body.checkDeclaredLength(request.headers.get("content-length") ?? undefined, receiver.maxBodyBytes),
    Body.fromStream(chunksOf(request), receiver.maxBodyBytes)
  )
  return Effect.matchEffect(body, {
    onFailure: Reply.rejected,
    onSuccess: (bytes) =>
      Reply.receive(receiver, { header: (name) => request.headers.get(name) ?? undefined, body: bytes })
  })
}

const toResponse = (reply: Reply.Reply): Response =>
  new Response(JSON.stringify(reply.body), { status: reply.status, headers: { "content-type": "application/json" } })

/** A fetch-style handler that receives deliveries with the current runtime's services. */
export const makeHandler = <R>(receiver: Receiver<R>): Effect.Effect<FetchHandler, never, R> =>
  Effect.map(Effect.context<R>(), (context) => {
    const runPromise = Effect.runPromiseWith(context)
    return (request) =>
      request.method === "POST"
        ? runPromise(answer(receiver, request)).then(toResponse)
        : Promise.resolve(new Response(null, { status: 405, headers: { allow: "POST" } }))
  })
