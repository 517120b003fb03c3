/**
 * The sender's deadline, on the `TestClock`, against a real local server: a
 * POST without an answer by its deadline has `timed_out` after exactly the
 * deadline; one whose status arrived but whose body never ends keeps its
 * status, has no excerpt, and its connection is let go of; never more than
 * `concurrency` POSTs are under way, and the rest start in order as room
 * frees up.
 */
import { describe, expect, it } from "@effect/vitest"
import { Event } from "@moneta/domain/Event"
import { EventId } from "@moneta/domain/Ids"
import type { SigningSecrets } from "@moneta/store/EventSubscriptions"
import { DateTime, Deferred, Duration, Effect, Option, Queue } from "effect"
import { TestClock } from "effect/testing"
import { Agent } from "undici"
import type { Sent, Target } from "../src/Delivery.js"
import * as Sender from "../src/Sender.js"
import { fromDispatcher } from "../src/Transport.js"
import * as LocalServer from "./support/LocalServer.js"

type Behaviour = "hang" | "headers only" | "answer"

/** A server that answers each request as `behaviour` says for its path. */
const serve = (behaviour: (path: string) => Behaviour) =>
  Effect.gen(function*() {
    const arrived = yield* Queue.unbounded<string>()
    const server = yield* LocalServer.serve((request, response) => {
      request.resume()
      request.on("end", () => {
        const path = request.url ?? "/"
        Queue.offerUnsafe(arrived, path)
        const what = behaviour(path)
        if (what === "headers only") {
          response.writeHead(200, { "content-type": "text/plain" })
          response.write("partial")
        } else if (what === "answer") {
          response.writeHead(204).end()
        }
      })
    })
    return { ...server, arrived }
  })

const secrets: SigningSecrets = { current: "sender secret", previous: Option.none() }

const targetTo = (url: string, index: number): Target => ({
  url,
  secrets,
  event: new Event({
    id: EventId.make(`event_${String(index).padStart(20, "0")}`),
    created_at: DateTime.makeUnsafe(0),
    category: "wire_transfer.updated",
    associated_object_type: "wire_transfer",
    associated_object_id: "wire_transfer_sender"
  })
})

const startSender = (concurrency: number) =>
  Effect.gen(function*() {
    const finished = yield* Queue.unbounded<{ readonly target: Target; readonly sent: Sent }>()
    const agent = yield* Effect.acquireRelease(
      Effect.sync(() => new Agent()),
      (agent) => Effect.promise(() => agent.destroy())
    )
    const sender = yield* Sender.make<Target>({
      transport: fromDispatcher(agent),
      rule: { reach: "public_and_loopback", allowedHosts: [] },
      deadline: Duration.seconds(10),
      concurrency,
      onFinished: (target, sent) => Queue.offerUnsafe(finished, { target, sent })
    })
    return { sender, finished }
  })

describe("sender", () => {
  it.effect("times out a POST without an answer after exactly the deadline", () =>
    Effect.gen(function*() {
      const server = yield* serve(() => "hang")
      const { finished, sender } = yield* startSender(4)
      sender.enqueue([targetTo(`${server.base}/hang`, 1)])
      yield* Queue.take(server.arrived)
      yield* TestClock.adjust(Duration.millis(9_999))
      expect(yield* Queue.size(finished)).toBe(0)
      yield* TestClock.adjust(Duration.millis(1))
      const { sent } = yield* Queue.take(finished)
      expect(sent.failureReason).toEqual(Option.some("timed_out"))
      expect(sent.statusCode).toEqual(Option.none())
      expect(sent.durationMs).toBe(10_000)
      yield* sender.idle
    }))

  it.effect("keeps the status of an answer whose body never ends, without its excerpt, and lets go of it", () =>
    Effect.gen(function*() {
      const server = yield* serve(() => "headers only")
      const { finished, sender } = yield* startSender(4)
      sender.enqueue([targetTo(`${server.base}/partial`, 1)])
      yield* Queue.take(server.arrived)
      yield* TestClock.adjust(Duration.seconds(10))
      const { sent } = yield* Queue.take(finished)
      expect(sent.failureReason).toEqual(Option.none())
      expect(sent.statusCode).toEqual(Option.some(200))
      expect(sent.responseBody).toEqual(Option.none())
      yield* Deferred.await(server.closed)
    }))

  it.effect("has at most `concurrency` POSTs under way and starts the rest in order", () =>
    Effect.gen(function*() {
      const server = yield* serve((path) => path === "/1" || path === "/2" ? "hang" : "answer")
      const { finished, sender } = yield* startSender(2)
      sender.enqueue([1, 2, 3, 4].map((index) => targetTo(`${server.base}/${index}`, index)))
      const first = [yield* Queue.take(server.arrived), yield* Queue.take(server.arrived)].sort()
      expect(first).toEqual(["/1", "/2"])
      // Both hang: nothing else starts until the deadline ends them.
      yield* TestClock.adjust(Duration.seconds(10))
      const outcomes = [
        yield* Queue.take(finished),
        yield* Queue.take(finished),
        yield* Queue.take(finished),
        yield* Queue.take(finished)
      ]
      expect(outcomes.map(({ sent }) => Option.getOrNull(sent.failureReason))).toEqual([
        "timed_out",
        "timed_out",
        null,
        null
      ])
      expect(sender.takeUnstarted()).toEqual([])
      yield* sender.idle
    }))

  it.effect("refuses a URL the rule refuses without contacting it", () =>
    Effect.gen(function*() {
      const { finished, sender } = yield* startSender(2)
      sender.enqueue([targetTo("http://user:secret@127.0.0.1:9/hooks", 1)])
      const { sent } = yield* Queue.take(finished)
      expect(sent.failureReason).toEqual(Option.some("destination_refused"))
      expect(Option.getOrThrow(sent.refusal)).not.toContain("secret")
    }))
})
