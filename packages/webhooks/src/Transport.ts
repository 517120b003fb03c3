/**
 * The HTTP transport of deliveries: one POST straight through an undici
 * dispatcher, answered with the status and, on demand, the first bytes of the
 * body.
 *
 * Why not `@effect/platform`'s `HttpClient`: a delivery needs none of its
 * request and response model (streams, cookies, tracing, URL rebuilding), and
 * that model cost several times the POST itself (docs/benchmarks.md, "Webhook
 * delivery"). Here a POST is one `Effect.async` around undici's `request`.
 *
 * - `layer`: undici's `Agent` (a keep-alive connection pool per destination
 *   origin) whose every connection resolves through `Destinations.guardedLookup`,
 *   so a name is judged at each connection, as before.
 * - Deadlines stay the caller's (`Delivery`, on the Effect Clock): interrupting
 *   a POST or an excerpt aborts the request and lets go of the connection.
 */
import type { Environment } from "@moneta/domain/Environment"
import { responseExcerptBytes } from "@moneta/domain/WebhookAttempt"
import { Context, Effect, Layer, Schema } from "effect"
import type { Readable } from "node:stream"
import type { Dispatcher } from "undici"
import { makeAgent, type ResolveAll } from "./Destinations.js"

export interface Post {
  readonly url: URL
  readonly headers: Readonly<Record<string, string>>
  readonly body: Uint8Array
}

export interface Answer {
  readonly status: number
  /**
   * At most `responseExcerptBytes` of the body, as text (the rest is let go
   * of). Ask for it (or interrupt the asking): the connection is held until
   * the body has been read.
   */
  readonly excerpt: Effect.Effect<string, TransportError>
}

/** The POST did not get an answer: no connection, a refused destination, or a broken response. */
export class TransportError extends Schema.TaggedError<TransportError>()("TransportError", {
  cause: Schema.Defect
}) {}

export class DeliveryTransport extends Context.Tag("@moneta/webhooks/DeliveryTransport")<DeliveryTransport, {
  readonly post: (request: Post) => Effect.Effect<Answer, TransportError>
}>() {}

const utf8Decoder = new TextDecoder("utf-8", { fatal: false })

/**
 * Starts reading the body at once (most answers are complete when their
 * headers are: 204, a short "ok"), so the excerpt is usually there when asked
 * for; otherwise asking waits for it. Interrupting the wait lets go of the body.
 */
const excerptOf = (body: Readable): Effect.Effect<string, TransportError> => {
  const chunks: Array<Uint8Array> = []
  let length = 0
  let outcome: Effect.Effect<string, TransportError> | undefined
  let waiting: ((outcome: Effect.Effect<string, TransportError>) => void) | undefined
  const finish = (result: Effect.Effect<string, TransportError>) => {
    if (outcome !== undefined) return
    outcome = result
    // The error listener stays: a body let go of may still report its end as an error.
    body.off("data", onData).off("end", onEnd)
    waiting?.(result)
  }
  const text = () => utf8Decoder.decode(Buffer.concat(chunks, length).subarray(0, responseExcerptBytes))
  const onData = (chunk: Uint8Array) => {
    chunks.push(chunk)
    length += chunk.length
    if (length >= responseExcerptBytes) {
      // The log keeps no more: the rest is not read (undici then closes that connection).
      finish(Effect.succeed(text()))
      body.destroy()
    }
  }
  const onEnd = () => finish(Effect.succeed(text()))
  const onError = (cause: Error) => finish(Effect.fail(new TransportError({ cause })))
  body.on("data", onData).on("end", onEnd).on("error", onError)
  return Effect.suspend(() =>
    outcome ?? Effect.async<string, TransportError>((resume) => {
      waiting = resume
      return Effect.sync(() => {
        waiting = undefined
        if (outcome === undefined) {
          finish(Effect.fail(new TransportError({ cause: "interrupted" })))
          body.destroy()
        }
      })
    })
  )
}

/** A transport over an undici dispatcher (an `Agent`, a `Pool`, or a mock in tests). */
export const fromDispatcher = (dispatcher: Dispatcher) =>
  DeliveryTransport.of({
    post: (request) =>
      Effect.async<Answer, TransportError>((resume, signal) => {
        dispatcher.request({
          origin: request.url.origin,
          path: `${request.url.pathname}${request.url.search}`,
          method: "POST",
          headers: request.headers,
          body: request.body,
          signal
        }).then(
          (response) => resume(Effect.succeed({ status: response.statusCode, excerpt: excerptOf(response.body) })),
          (cause: unknown) => resume(Effect.fail(new TransportError({ cause })))
        )
      })
  })

/**
 * The transport of a server of `environment`: connections only to addresses
 * the destination rule lets receive (`Destinations`), kept alive per origin.
 * `resolveAll` replaces the system resolver (tests).
 */
export const layer = (
  environment: Environment,
  resolveAll?: ResolveAll
): Layer.Layer<DeliveryTransport> =>
  Layer.scoped(DeliveryTransport, Effect.map(makeAgent(environment, resolveAll), fromDispatcher))
