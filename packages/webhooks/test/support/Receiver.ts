/**
 * A real local HTTP endpoint for webhook tests: records every request (raw
 * body bytes and headers) and answers as the test says: a status, or never
 * (`"hang"`, to run into the deadline). `refusedUrl` names a port nobody
 * listens on.
 */
import { Effect, Queue } from "effect"
import * as Http from "node:http"
import type { AddressInfo } from "node:net"

export interface Received {
  readonly headers: Record<string, string>
  /** The body exactly as it arrived. */
  readonly bytes: Uint8Array
  readonly body: string
  readonly path: string
}

export type Answer = number | "hang"

export interface Receiver {
  readonly url: string
  readonly requests: Queue.Queue<Received>
  /** Every request so far. */
  readonly all: () => ReadonlyArray<Received>
}

const headersOf = (request: Http.IncomingMessage): Record<string, string> =>
  Object.fromEntries(
    Object.entries(request.headers).flatMap(([name, value]) =>
      typeof value === "string" ? [[name, value]] : Array.isArray(value) ? [[name, value.join(", ")]] : []
    )
  )

/** Starts a receiver for the rest of the scope; `answer` sees each request and its 1-based number. */
export const make = (answer: (received: Received, count: number) => Answer | Promise<Answer> = () => 204) =>
  Effect.gen(function*() {
    const requests = yield* Queue.unbounded<Received>()
    const all: Array<Received> = []
    const server = Http.createServer((request, response) => {
      const chunks: Array<Buffer> = []
      request.on("data", (chunk: Buffer) => chunks.push(chunk))
      request.on("end", () => {
        const bytes = new Uint8Array(Buffer.concat(chunks))
        const received: Received = {
          headers: headersOf(request),
          bytes,
          body: Buffer.from(bytes).toString("utf8"),
          path: request.url ?? "/"
        }
        all.push(received)
        Queue.offerUnsafe(requests, received)
        void Promise.resolve(answer(received, all.length)).then((result) => {
          if (result === "hang") return
          response.writeHead(result, { "content-type": "text/plain" })
          response.end(result >= 200 && result < 300 ? "ok" : `refused with ${result}`)
        })
      })
    })
    const port = yield* Effect.acquireRelease(
      Effect.callback<number>((resume) => {
        // Safe: a TCP server listening on a host and port has an AddressInfo address.
        server.listen(0, "127.0.0.1", () => resume(Effect.succeed((server.address() as AddressInfo).port)))
      }),
      () =>
        Effect.callback<void>((resume) => {
          server.closeAllConnections()
          server.close(() => resume(Effect.void))
        })
    )
    return { url: `http://127.0.0.1:${port}/webhooks`, requests, all: () => [...all] } satisfies Receiver
  })

/** A loopback URL whose port has no listener: connections are refused. */
export const refusedUrl = Effect.callback<string>((resume) => {
  const server = Http.createServer()
  server.listen(0, "127.0.0.1", () => {
    // Safe: a TCP server listening on a host and port has an AddressInfo address.
    const port = (server.address() as AddressInfo).port
    server.close(() => resume(Effect.succeed(`http://127.0.0.1:${port}/webhooks`)))
  })
})

/** Takes the next `count` requests, in arrival order. */
export const take = (receiver: Receiver, count: number) => Queue.takeN(receiver.requests, count)
