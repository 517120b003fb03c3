/**
 * The receivers of bench:webhooks: `node:http` servers that answer 204 at
 * once and count each `webhook-id` once.
 *
 * - `inline`: in the benchmark's own process, noting when each id arrived
 *   (the latency phase times commit → receipt with it). Its CPU is the
 *   dispatcher process's too.
 * - `process`: in a process of its own, as a real receiver is, so that the
 *   dispatcher process's CPU time is the dispatcher's alone. It tells this
 *   process over IPC when the expected count has arrived.
 * Neither polls: the request that completes the count completes the wait.
 */
import { Deferred, Effect, Exit, type Scope } from "effect"
import { spawn } from "node:child_process"
import * as Http from "node:http"
import type { AddressInfo } from "node:net"
import { performance } from "node:perf_hooks"

export type Layout = "inline" | "process"

export interface Receiver {
  readonly layout: Layout
  readonly url: string
  /**
   * Forgets the ids seen so far and starts counting; the effect returned
   * completes once `count` distinct ids have arrived (it dies after `timeoutMillis`).
   */
  readonly expect: (count: number, timeoutMillis: number) => Effect.Effect<Effect.Effect<void>>
}

export interface InlineReceiver extends Receiver {
  /** When each id arrived since the last `expect` (`performance.now()`). */
  readonly arrivals: ReadonlyMap<string, number>
}

/** Waits for `arrived`, dying after `timeoutMillis`. */
const within = <E>(arrived: Effect.Effect<void, E>, timeoutMillis: number) =>
  arrived.pipe(
    Effect.timeoutOrElse({
      duration: timeoutMillis,
      orElse: () => Effect.fail(new Error("the receiver did not get every delivery in time"))
    }),
    Effect.orDie
  )

export const inline: Effect.Effect<InlineReceiver, never, Scope.Scope> = Effect.acquireRelease(
  Effect.callback<InlineReceiver & { readonly close: () => void }>((resume) => {
    const arrivals = new Map<string, number>()
    let expected = { count: Number.POSITIVE_INFINITY, arrived: Deferred.makeUnsafe<void>() }
    const server = Http.createServer({ keepAliveTimeout: 60_000 }, (request, response) => {
      request.resume()
      request.on("end", () => {
        const id = request.headers["webhook-id"]
        if (typeof id === "string" && !arrivals.has(id)) {
          arrivals.set(id, performance.now())
          if (arrivals.size === expected.count) Deferred.doneUnsafe(expected.arrived, Exit.void)
        }
        response.writeHead(204)
        response.end()
      })
    })
    server.listen(0, "127.0.0.1", () => {
      // Safe: a TCP server listening on a host and port has an AddressInfo address.
      const port = (server.address() as AddressInfo).port
      resume(Effect.succeed({
        layout: "inline",
        url: `http://127.0.0.1:${port}/webhooks`,
        arrivals,
        expect: (count, timeoutMillis) =>
          Effect.sync(() => {
            arrivals.clear()
            expected = { count, arrived: Deferred.makeUnsafe<void>() }
            return within(Deferred.await(expected.arrived), timeoutMillis)
          }),
        close: () => {
          server.closeAllConnections()
          server.close()
        }
      }))
    })
  }),
  (receiver) => Effect.sync(receiver.close)
)

/** The receiver process: reports its port, then "done" each time the count it was told to expect has arrived. */
const receiverSource = `
const http = require("node:http")
let seen = new Set()
let expected = Infinity
const server = http.createServer({ keepAliveTimeout: 60_000 }, (request, response) => {
  request.resume()
  request.on("end", () => {
    const id = request.headers["webhook-id"]
    if (typeof id === "string" && !seen.has(id)) {
      seen.add(id)
      if (seen.size === expected) process.send({ done: expected })
    }
    response.writeHead(204)
    response.end()
  })
})
process.on("message", (message) => {
  seen = new Set()
  expected = message.expect
  process.send({ expecting: expected })
})
process.on("disconnect", () => process.exit(0))
server.listen(0, "127.0.0.1", () => process.send({ port: server.address().port }))
`

interface ReceiverMessage {
  readonly port?: number
  readonly expecting?: number
  readonly done?: number
}

const ownProcess: Effect.Effect<Receiver, never, Scope.Scope> = Effect.gen(function*() {
  const child = yield* Effect.acquireRelease(
    Effect.sync(() =>
      spawn(process.execPath, ["-e", receiverSource], { stdio: ["ignore", "ignore", "inherit", "ipc"] })
    ),
    (child) => Effect.sync(() => child.kill())
  )
  // A receiver that dies ends the benchmark at once rather than at a timeout.
  const exited = yield* Deferred.make<never, Error>()
  child.once("exit", (code, signal) => {
    Deferred.doneUnsafe(exited, Exit.fail(new Error(`the receiver process exited (${signal ?? code})`)))
  })
  const port = yield* Effect.raceFirst(
    Effect.callback<number>((resume) => {
      const listener = (message: ReceiverMessage) => {
        if (message.port === undefined) return
        child.off("message", listener)
        resume(Effect.succeed(message.port))
      }
      child.on("message", listener)
      return Effect.sync(() => child.off("message", listener))
    }),
    Deferred.await(exited)
  ).pipe(Effect.orDie)
  return {
    layout: "process",
    url: `http://127.0.0.1:${port}/webhooks`,
    expect: (count, timeoutMillis) =>
      Effect.gen(function*() {
        const counting = yield* Deferred.make<void>()
        const arrived = yield* Deferred.make<void>()
        const listener = (message: ReceiverMessage) => {
          if (message.expecting === count) Deferred.doneUnsafe(counting, Exit.void)
          if (message.done === count) {
            Deferred.doneUnsafe(arrived, Exit.void)
            child.off("message", listener)
          }
        }
        child.on("message", listener)
        child.send({ expect: count })
        yield* Effect.raceFirst(Deferred.await(counting), Deferred.await(exited)).pipe(Effect.orDie)
        return within(Effect.raceFirst(Deferred.await(arrived), Deferred.await(exited)), timeoutMillis)
      })
  } satisfies Receiver
})

export const start = (layout: Layout): Effect.Effect<Receiver, never, Scope.Scope> =>
  layout === "inline" ? inline : ownProcess
