/**
 * The delivery transport against a real local server: the status and a
 * bounded excerpt of the answer, connections kept alive across POSTs, and an
 * answer whose body never ends let go of when the POST is aborted (as the
 * sender does at the deadline: `Sender.test.ts`).
 */
import { describe, expect, it } from "@effect/vitest"
import { responseExcerptBytes } from "@moneta/domain/WebhookAttempt"
import { Deferred, Effect, Option } from "effect"
import type * as Http from "node:http"
import { Agent } from "undici"
import { fromDispatcher, type Post, type PostControl } from "../src/Transport.js"
import * as LocalServer from "./support/LocalServer.js"

/** The local server, with the URL the POSTs go to. */
const serve = (handler: Http.RequestListener) =>
  Effect.map(LocalServer.serve(handler), (server) => ({ ...server, url: new URL(`${server.base}/hooks?to=me`) }))

const transport = Effect.map(
  Effect.acquireRelease(Effect.sync(() => new Agent()), (agent) => Effect.promise(() => agent.destroy())),
  fromDispatcher
)

const body = new TextEncoder().encode(JSON.stringify({ id: "event_test", type: "event" }))

interface Answer {
  readonly status: number
  /** The excerpt, once the body has ended or its first bytes arrived. */
  readonly excerpt: Deferred.Deferred<string, unknown>
  readonly control: PostControl
}

/** POSTs and waits for the status; the excerpt follows on its own. */
const postFor = (transport: ReturnType<typeof fromDispatcher>) => (request: Post) =>
  Effect.gen(function*() {
    const status = yield* Deferred.make<number, unknown>()
    const excerpt = yield* Deferred.make<string, unknown>()
    const control = transport.post(request, {
      onStatus: (code) => Deferred.doneUnsafe(status, Effect.succeed(code)),
      onEnd: (text) => Deferred.doneUnsafe(excerpt, Effect.succeed(text)),
      onError: (cause) => {
        Deferred.doneUnsafe(status, Effect.fail(cause))
        Deferred.doneUnsafe(excerpt, Effect.fail(cause))
      }
    })
    return { status: yield* Deferred.await(status), excerpt, control } satisfies Answer
  })

describe("delivery transport", () => {
  it.effect("answers with the status and at most the excerpt's bytes of the body, and sends what it was given", () =>
    Effect.gen(function*() {
      const received: Array<{ path: string | undefined; type: string | undefined; body: string }> = []
      const server = yield* serve((request, response) => {
        let text = ""
        request.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")))
        request.on("end", () => {
          received.push({ path: request.url, type: request.headers["content-type"], body: text })
          response.writeHead(500).end("x".repeat(responseExcerptBytes * 3))
        })
      })
      const post = postFor(yield* transport)
      const answer = yield* post({ url: server.url, headers: { "content-type": "application/json" }, body })
      expect(answer.status).toBe(500)
      expect(yield* Deferred.await(answer.excerpt)).toBe("x".repeat(responseExcerptBytes))
      expect(received).toEqual([{
        path: "/hooks?to=me",
        type: "application/json",
        body: new TextDecoder().decode(body)
      }])
    }))

  it.effect("keeps the connection alive from one POST to the next", () =>
    Effect.gen(function*() {
      const server = yield* serve((request, response) => {
        request.resume()
        request.on("end", () => response.writeHead(204).end())
      })
      const post = postFor(yield* transport)
      for (let index = 0; index < 20; index++) {
        const answer = yield* post({ url: server.url, headers: {}, body })
        expect(answer.status).toBe(204)
        expect(yield* Deferred.await(answer.excerpt)).toBe("")
      }
      // undici may open a second one while the first is still finishing an answer; never one per POST
      expect(server.connections()).toBeLessThanOrEqual(2)
    }))

  it.effect("lets go of an answer whose body never ends when the POST is aborted", () =>
    Effect.gen(function*() {
      const server = yield* serve((request, response) => {
        request.resume()
        request.on("end", () => {
          response.writeHead(200, { "content-type": "text/plain" })
          response.write("partial")
        })
      })
      const post = postFor(yield* transport)
      const answer = yield* post({ url: server.url, headers: {}, body })
      expect(answer.status).toBe(200)
      answer.control.abort()
      // the connection is closed from our side, not left hanging, and no excerpt is reported after the abort
      yield* Deferred.await(server.closed)
      expect(Option.isNone(yield* Deferred.poll(answer.excerpt))).toBe(true)
    }))
})
