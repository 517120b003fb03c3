import { describe, expect, it } from "@effect/vitest"
import { Event } from "@moneta/domain/Event"
import { UnknownEventCategory } from "@moneta/domain/EventCategory"
import {
  base64SecretArbitrary,
  eventArbitrary,
  sharedSecretArbitrary,
  unixTimestampArbitrary
} from "@moneta/domain/testing"
import * as WebhookSignature from "@moneta/domain/WebhookSignature"
import { Deferred, Effect, Fiber, Option, Redacted, Result } from "effect"
import { TestClock } from "effect/testing"
import * as fc from "fast-check"
import * as Deduplication from "../src/Deduplication.js"
import * as Handlers from "../src/Handlers.js"
import * as Receiver from "../src/Receiver.js"
import type { ReceiverError } from "../src/ReceiverError.js"
import { sign, toDelivery, withHeader } from "./support/Deliveries.js"
import { checkEffect } from "./support/Properties.js"

// Secrets are well-formed text: a lone surrogate has no UTF-8 bytes of its own (it signs as U+FFFD), so two
// different ill-formed strings can be one key, and "another secret" would not be another key.
const secretArbitrary = fc.oneof(sharedSecretArbitrary, base64SecretArbitrary).filter((secret) =>
  !/\p{Surrogate}/u.test(secret)
)
const tolerance = WebhookSignature.defaultToleranceSeconds

/** A receiver whose one wildcard handler records the ids of the events it saw. */
const recordingReceiver = (secrets: ReadonlyArray<Receiver.Secret>) =>
  Effect.gen(function*() {
    const seen: Array<string> = []
    const handlers = Handlers.empty.pipe(Handlers.on("*", (event) => Effect.sync(() => seen.push(event.id))))
    const [first, ...rest] = secrets
    if (first === undefined) return yield* Effect.die(new Error("at least one secret"))
    const receiver = yield* Receiver.make({ secrets: [first, ...rest], handlers })
    return { receiver, seen }
  }).pipe(Effect.provide(Deduplication.layerMemory()))

const outcomeOf = (result: Result.Result<Receiver.Receipt, ReceiverError>) =>
  Result.isSuccess(result) ? result.success.outcome : result.failure._tag

const at = (seconds: number) => TestClock.setTime(seconds * 1000)

describe("receiving deliveries", () => {
  it(
    "a delivery signed with a current secret is handled once, its duplicates acknowledged",
    () =>
      checkEffect(
        [
          eventArbitrary,
          secretArbitrary,
          secretArbitrary,
          fc.boolean(),
          unixTimestampArbitrary,
          fc.integer({ min: -tolerance, max: tolerance })
        ],
        ([event, current, previous, signedWithPrevious, timestamp, clockSkew]) =>
          Effect.gen(function*() {
            yield* at(timestamp + clockSkew)
            // During a rotation both secrets are accepted; the sender may sign with either.
            const { receiver, seen } = yield* recordingReceiver([current, Redacted.make(String(previous))])
            const delivery = toDelivery(sign(event, { timestamp, secrets: [signedWithPrevious ? previous : current] }))
            expect(outcomeOf(yield* Effect.result(receiver.receive(delivery)))).toBe("handled")
            expect(outcomeOf(yield* Effect.result(receiver.receive(delivery)))).toBe("duplicate")
            expect(seen).toEqual([event.id])
          })
      ),
    60_000
  )

  it(
    "any altered byte of the body is rejected before any handler runs",
    () =>
      checkEffect(
        [eventArbitrary, secretArbitrary, unixTimestampArbitrary, fc.nat(), fc.integer({ min: 1, max: 255 })],
        ([event, secret, timestamp, position, change]) =>
          Effect.gen(function*() {
            yield* at(timestamp)
            const { receiver, seen } = yield* recordingReceiver([secret])
            const signed = sign(event, { timestamp, secrets: [secret] })
            const body = Uint8Array.from(signed.body)
            const index = position % body.length
            body[index] = ((body[index] ?? 0) + change) % 256
            const result = yield* Effect.result(receiver.receive(toDelivery({ headers: signed.headers, body })))
            expect(outcomeOf(result)).toBe("InvalidSignatureError")
            expect(seen).toEqual([])
          })
      ),
    60_000
  )

  it(
    "a delivery signed with a secret the receiver does not accept is rejected",
    () =>
      checkEffect(
        [eventArbitrary, secretArbitrary, secretArbitrary, unixTimestampArbitrary],
        ([event, accepted, unknown, timestamp]) =>
          Effect.gen(function*() {
            fc.pre(accepted !== unknown)
            yield* at(timestamp)
            const { receiver, seen } = yield* recordingReceiver([accepted])
            const result = yield* Effect.result(
              receiver.receive(toDelivery(sign(event, { timestamp, secrets: [unknown] })))
            )
            expect(outcomeOf(result)).toBe("InvalidSignatureError")
            expect(seen).toEqual([])
          })
      ),
    60_000
  )

  it(
    "a timestamp outside the window is rejected in both directions",
    () =>
      checkEffect(
        [
          eventArbitrary,
          secretArbitrary,
          unixTimestampArbitrary,
          fc.integer({ min: tolerance + 1, max: 10 * tolerance }),
          fc.boolean()
        ],
        ([event, secret, timestamp, distance, late]) =>
          Effect.gen(function*() {
            yield* at(late ? timestamp + distance : timestamp - distance)
            const { receiver, seen } = yield* recordingReceiver([secret])
            const result = yield* Effect.result(
              receiver.receive(toDelivery(sign(event, { timestamp, secrets: [secret] })))
            )
            expect(outcomeOf(result)).toBe(late ? "TimestampTooOldError" : "TimestampTooNewError")
            expect(seen).toEqual([])
          })
      ),
    60_000
  )

  it(
    "changing the id or the timestamp header is rejected",
    () =>
      checkEffect(
        [eventArbitrary, secretArbitrary, unixTimestampArbitrary, fc.integer({ min: 1, max: tolerance }), fc.boolean()],
        ([event, secret, timestamp, shift, changeId]) =>
          Effect.gen(function*() {
            yield* at(timestamp)
            const { receiver, seen } = yield* recordingReceiver([secret])
            const signed = sign(event, { timestamp, secrets: [secret] })
            const altered = changeId
              ? withHeader(signed, WebhookSignature.idHeader, `${event.id}x`)
              : withHeader(signed, WebhookSignature.timestampHeader, String(timestamp + shift))
            expect(outcomeOf(yield* Effect.result(receiver.receive(toDelivery(altered))))).toBe("InvalidSignatureError")
            expect(seen).toEqual([])
          })
      ),
    60_000
  )

  it.effect("a missing or malformed header is a typed rejection naming the header", () =>
    Effect.gen(function*() {
      yield* at(1_700_000_000)
      const { receiver } = yield* recordingReceiver(["secret"])
      const event = yield* sampleEvent
      const signed = sign(event, { timestamp: 1_700_000_000, secrets: ["secret"] })
      for (
        const header of [WebhookSignature.idHeader, WebhookSignature.timestampHeader, WebhookSignature.signatureHeader]
      ) {
        const result = yield* Effect.flip(receiver.receive(toDelivery(withHeader(signed, header, undefined))))
        expect(result).toMatchObject({ _tag: "MalformedSignatureHeadersError", header })
      }
      const garbled = yield* Effect.flip(
        receiver.receive(toDelivery(withHeader(signed, WebhookSignature.timestampHeader, "soon")))
      )
      expect(garbled).toMatchObject({ _tag: "MalformedSignatureHeadersError", header: "webhook-timestamp" })
    }))

  it.effect("a signed body that is not an event is rejected as malformed, not handled", () =>
    Effect.gen(function*() {
      yield* at(1_700_000_000)
      const { receiver, seen } = yield* recordingReceiver(["secret"])
      for (const text of ["not json", "{}", JSON.stringify({ id: "event_1", type: "event" })]) {
        const body = new TextEncoder().encode(text)
        const headers = WebhookSignature.headers({ id: "event_1", timestamp: 1_700_000_000, body, secrets: ["secret"] })
        const error = yield* Effect.flip(receiver.receive(toDelivery({ headers, body })))
        expect(error._tag).toBe("MalformedEventError")
      }
      expect(seen).toEqual([])
    }))

  it.effect("a failing handler leaves the delivery unacknowledged, and the retry runs it again", () =>
    Effect.gen(function*() {
      yield* at(1_700_000_000)
      let attempts = 0
      const handlers = Handlers.empty.pipe(
        Handlers.on("*", () => {
          attempts += 1
          return attempts === 1 ? Effect.fail("database unavailable" as const) : Effect.void
        })
      )
      const receiver = yield* Receiver.make({ secrets: ["secret"], handlers })
      const delivery = toDelivery(sign(yield* sampleEvent, { timestamp: 1_700_000_000, secrets: ["secret"] }))
      const failure = yield* Effect.flip(receiver.receive(delivery))
      expect(failure._tag).toBe("HandlerFailedError")
      if (failure._tag === "HandlerFailedError") expect(failure.detail).toContain("database unavailable")
      expect((yield* receiver.receive(delivery)).outcome).toBe("handled")
      expect((yield* receiver.receive(delivery)).outcome).toBe("duplicate")
      expect(attempts).toBe(2)
    }).pipe(Effect.provide(Deduplication.layerMemory())))

  it.effect("a handler that dies is a handler failure too", () =>
    Effect.gen(function*() {
      yield* at(1_700_000_000)
      const handlers = Handlers.empty.pipe(Handlers.on("*", () => Effect.die(new Error("bug"))))
      const receiver = yield* Receiver.make({ secrets: ["secret"], handlers })
      const delivery = toDelivery(sign(yield* sampleEvent, { timestamp: 1_700_000_000, secrets: ["secret"] }))
      const failure = yield* Effect.flip(receiver.receive(delivery))
      expect(failure._tag).toBe("HandlerFailedError")
    }).pipe(Effect.provide(Deduplication.layerMemory())))

  it.effect("two deliveries of one id at the same time run the handler once", () =>
    Effect.gen(function*() {
      yield* at(1_700_000_000)
      const release = yield* Deferred.make<void>()
      let runs = 0
      const handlers = Handlers.empty.pipe(
        Handlers.on("*", () => Effect.andThen(Effect.sync(() => runs += 1), Deferred.await(release)))
      )
      const receiver = yield* Receiver.make({ secrets: ["secret"], handlers })
      const delivery = toDelivery(sign(yield* sampleEvent, { timestamp: 1_700_000_000, secrets: ["secret"] }))
      const first = yield* Effect.forkChild(receiver.receive(delivery))
      const second = yield* Effect.forkChild(receiver.receive(delivery))
      yield* Effect.yieldNow
      yield* Deferred.succeed(release, undefined)
      const outcomes = [(yield* Fiber.join(first)).outcome, (yield* Fiber.join(second)).outcome].sort()
      expect(outcomes).toEqual(["duplicate", "handled"])
      expect(runs).toBe(1)
    }).pipe(Effect.provide(Deduplication.layerMemory())))

  it.effect("unknown categories and categories without a handler are acknowledged without running anything", () =>
    Effect.gen(function*() {
      yield* at(1_700_000_000)
      let runs = 0
      const handlers = Handlers.empty.pipe(Handlers.on("wire_transfer.*", () => Effect.sync(() => runs += 1)))
      const receiver = yield* Receiver.make({ secrets: ["secret"], handlers })
      const event = yield* sampleEvent
      for (const category of ["account.created", "brand_new_thing.happened"]) {
        const delivery = toDelivery(sign(
          new Event({ ...event, category: UnknownEventCategory.make(category) }),
          { timestamp: 1_700_000_000, secrets: ["secret"] }
        ))
        expect((yield* receiver.receive(delivery)).outcome).toBe("ignored")
      }
      expect(runs).toBe(0)
    }).pipe(Effect.provide(Deduplication.layerMemory())))
})

const sampleEvent: Effect.Effect<Event> = Effect.sync(() => {
  const [event] = fc.sample(eventArbitrary, { numRuns: 1, seed: 42 })
  return Option.getOrThrow(Option.fromNullishOr(event))
})
