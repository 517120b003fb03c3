/**
 * The HTTP transport of deliveries: one POST handed straight to an undici
 * dispatcher, its answer reported through callbacks: the status when the
 * headers arrive, then the first bytes of the body.
 *
 * Why callbacks and not an Effect per POST: at thousands of deliveries a
 * second, the fibers, races and streams of an Effect per POST cost several
 * times the POST itself (docs/benchmarks.md, "Webhook delivery"). The caller
 * (`Sender`) keeps deadlines on the Effect Clock and aborts what runs late.
 *
 * - `layer`: undici's `Agent` (a keep-alive connection pool per destination
 *   origin) whose every connection resolves through `Destinations.guardedLookup`,
 *   so a name is judged at each connection.
 * - The answer's body is read as it arrives, up to `responseExcerptBytes`; a
 *   longer one is let go of there (undici closes that connection).
 */
import type { Environment } from "@moneta/domain/Environment"
import { responseExcerptBytes } from "@moneta/domain/WebhookAttempt"
import { Context, Effect, Layer } from "effect"
import type { Dispatcher } from "undici"
import { makeAgent, type ResolveAll } from "./Destinations.js"

export interface Post {
  readonly url: URL
  readonly headers: Readonly<Record<string, string>>
  readonly body: Uint8Array
}

/** What becomes of one POST; exactly one of `onEnd` and `onError` is called, `onStatus` before `onEnd`. */
export interface PostHandler {
  /** The answer's status arrived. */
  readonly onStatus: (status: number) => void
  /** The answer is complete, or its first `responseExcerptBytes` arrived: those bytes, as text. */
  readonly onEnd: (excerpt: string) => void
  /** No answer (no connection, a refused destination), or a broken one; after `onStatus`, a broken body. */
  readonly onError: (cause: unknown) => void
}

/** A POST under way. */
export interface PostControl {
  /** Lets go of the request and its connection; no callback follows. */
  readonly abort: () => void
}

export class DeliveryTransport extends Context.Service<DeliveryTransport, {
  readonly post: (request: Post, handler: PostHandler) => PostControl
}>()("@moneta/webhooks/DeliveryTransport") {}

const utf8Decoder = new TextDecoder("utf-8", { fatal: false })

class Aborted extends Error {
  constructor() {
    super("the delivery let go of its request")
  }
}

/** The state of one POST as undici's handler sees it. */
class PostState implements Dispatcher.DispatchHandler, PostControl {
  private controller: Dispatcher.DispatchController | undefined
  private chunks: Array<Buffer> = []
  private length = 0
  private finished = false

  constructor(private readonly handler: PostHandler) {}

  abort = () => {
    if (this.finished) return
    this.finished = true
    this.controller?.abort(new Aborted())
  }

  onRequestStart(controller: Dispatcher.DispatchController) {
    this.controller = controller
    // Aborted while waiting for a connection: let go of it as soon as it has one.
    if (this.finished) controller.abort(new Aborted())
  }

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number) {
    // 1xx answers are informational: the real one follows.
    if (this.finished || statusCode < 200) return
    this.handler.onStatus(statusCode)
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer) {
    if (this.finished) return
    this.chunks.push(chunk)
    this.length += chunk.length
    if (this.length >= responseExcerptBytes) {
      // The log keeps no more: the rest is not read.
      this.end()
      controller.abort(new Aborted())
    }
  }

  onResponseEnd() {
    if (!this.finished) this.end()
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error) {
    if (this.finished) return
    this.finished = true
    this.handler.onError(error)
  }

  private end() {
    this.finished = true
    const bytes = this.chunks.length === 1 && this.chunks[0] !== undefined
      ? this.chunks[0]
      : Buffer.concat(this.chunks, this.length)
    this.handler.onEnd(this.length === 0 ? "" : utf8Decoder.decode(bytes.subarray(0, responseExcerptBytes)))
  }
}

/** A transport over an undici dispatcher (an `Agent`, a `Pool`, or a mock in tests). */
export const fromDispatcher = (dispatcher: Dispatcher) =>
  DeliveryTransport.of({
    post: (request, handler) => {
      const state = new PostState(handler)
      // `dispatch` reports its own failures (a closed agent, bad options) through `onResponseError`.
      dispatcher.dispatch({
        origin: request.url.origin,
        path: `${request.url.pathname}${request.url.search}`,
        method: "POST",
        headers: request.headers,
        body: request.body
      }, state)
      return state
    }
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
  Layer.effect(DeliveryTransport, Effect.map(makeAgent(environment, resolveAll), fromDispatcher))
