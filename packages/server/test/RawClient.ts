/**
 * A client connection that writes raw HTTP/1.1 (pipelined or cut anywhere)
 * and reads the responses as they come, for tests of what the server does
 * with its connections.
 */
import { Deferred, Effect, Exit, Schedule } from "effect"
import { connect, type Socket } from "node:net"

export interface RawResponse {
  readonly status: number
  /** The head's lines after the status line, names in lower case. */
  readonly headers: Readonly<Record<string, string>>
  readonly body: string
}

export interface RawClient {
  readonly write: (data: string) => void
  /** Waits until `count` whole responses have arrived; all of them so far. */
  readonly responses: (count: number) => Effect.Effect<ReadonlyArray<RawResponse>>
  /** Completed when the server closes the connection. */
  readonly closed: Deferred.Deferred<void>
  /** Everything received so far. */
  readonly received: () => string
}

/** The whole responses at the start of `text` (Content-Length or chunked bodies). */
export const parseResponses = (text: string): Array<RawResponse> => {
  const responses: Array<RawResponse> = []
  let rest = text
  for (;;) {
    const headEnd = rest.indexOf("\r\n\r\n")
    if (headEnd < 0) return responses
    const [statusLine = "", ...lines] = rest.slice(0, headEnd).split("\r\n")
    const headers: Record<string, string> = {}
    for (const line of lines) {
      const colon = line.indexOf(":")
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
    }
    let body = ""
    let after = headEnd + 4
    if (headers["transfer-encoding"] === "chunked") {
      for (;;) {
        const sizeEnd = rest.indexOf("\r\n", after)
        if (sizeEnd < 0) return responses
        const size = parseInt(rest.slice(after, sizeEnd), 16)
        if (rest.length < sizeEnd + 2 + size + 2) return responses
        body += rest.slice(sizeEnd + 2, sizeEnd + 2 + size)
        after = sizeEnd + 2 + size + 2
        if (size === 0) break
      }
    } else {
      const length = Number(headers["content-length"] ?? 0)
      if (rest.length < after + length) return responses
      body = rest.slice(after, after + length)
      after += length
    }
    responses.push({ status: Number(statusLine.split(" ")[1]), headers, body })
    rest = rest.slice(after)
  }
}

/** A connection to `port` on 127.0.0.1, destroyed with the scope. */
export const connectRaw = (port: number) =>
  Effect.acquireRelease(
    Effect.gen(function*() {
      const closed = yield* Deferred.make<void>()
      const socket = yield* Effect.callback<Socket, Error>((resume) => {
        const socket: Socket = connect(port, "127.0.0.1", () => resume(Effect.succeed(socket)))
        socket.once("error", (error) => resume(Effect.fail(error)))
      })
      let received = ""
      const waiting = new Set<() => void>()
      socket.on("data", (chunk: Buffer) => {
        received += chunk.toString("utf8")
        for (const check of waiting) check()
      })
      socket.on("error", () => undefined)
      socket.on("close", () => {
        Deferred.doneUnsafe(closed, Exit.void)
        for (const check of waiting) check()
      })
      const responses = (count: number) =>
        Effect.callback<ReadonlyArray<RawResponse>, Error>((resume) => {
          const check = () => {
            const parsed = parseResponses(received)
            if (parsed.length >= count) {
              waiting.delete(check)
              resume(Effect.succeed(parsed))
            } else if (socket.destroyed) {
              waiting.delete(check)
              resume(Effect.fail(new Error(`closed after ${parsed.length} of ${count} responses: ${received}`)))
            }
          }
          waiting.add(check)
          check()
          return Effect.sync(() => waiting.delete(check))
        }).pipe(Effect.orDie)
      const client: RawClient = {
        write: (data: string) => void socket.write(data),
        responses,
        closed,
        received: () => received
      }
      return { client, socket }
    }),
    ({ socket }) => Effect.sync(() => socket.destroy())
  ).pipe(Effect.map(({ client }) => client))

/** Waits until nothing accepts connections on `port` any more. */
export const untilRefused = (port: number) =>
  Effect.callback<boolean>((resume) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.destroy()
      resume(Effect.succeed(false))
    })
    socket.on("error", () => resume(Effect.succeed(true)))
  }).pipe(
    Effect.repeat({ schedule: Schedule.spaced("5 millis"), until: (refused) => refused }),
    Effect.asVoid
  )
