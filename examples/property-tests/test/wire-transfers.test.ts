/**
 * How a downstream project property-tests its own code with the arbitraries
 * of `@moneta/domain/testing`: here, a host app's wire-transfer status labels
 * and its webhook endpoint (built with `@moneta/receiver`).
 */
import { describe, expect, it } from "@effect/vitest"
import { Event, WebhookSignature, WireTransfer } from "@moneta/domain"
import {
  base64SecretArbitrary,
  createdWireTransferArbitrary,
  eventArbitrary,
  wireTransferArbitrary,
  wireTransferCommandArbitrary
} from "@moneta/domain/testing"
import { Deduplication, Handlers, Receiver } from "@moneta/receiver"
import { DateTime, Effect, Result, Schema } from "effect"
import { TestClock } from "effect/testing"
import * as fc from "fast-check"

/** The app's code under test: what its dashboard shows for a transfer. */
const statusLabel = (transfer: WireTransfer.WireTransfer): string => {
  switch (transfer.status) {
    case "pending_approval":
      return "Waiting for approval"
    case "pending_creating":
    case "pending_reviewing":
    case "submitted":
      return "On its way"
    case "complete":
      return "Sent"
    case "canceled":
    case "rejected":
      return "Not sent"
    case "reversed":
      return "Returned"
    case "requires_attention":
      return "Needs attention"
  }
}

describe("the app's view of wire transfers", () => {
  it("every transfer the API may send decodes from JSON and gets a label", () => {
    fc.assert(fc.property(wireTransferArbitrary, (transfer) => {
      const json = JSON.parse(JSON.stringify(Schema.encodeSync(WireTransfer.WireTransfer)(transfer)))
      const decoded = Schema.decodeUnknownSync(WireTransfer.WireTransfer)(json)
      expect(statusLabel(decoded)).not.toBe("")
    }))
  })

  it("along any lifecycle, a transfer labelled Sent or Returned has left the account", () => {
    fc.assert(fc.property(
      createdWireTransferArbitrary,
      fc.array(wireTransferCommandArbitrary, { maxLength: 8 }),
      (created, commands) => {
        let transfer = created
        for (const command of commands) {
          // Refused commands (409) leave the transfer as it was, as the API does.
          transfer = Result.match(WireTransfer.transition(transfer, command), {
            onFailure: () => transfer,
            onSuccess: ({ next }) => next
          })
          if (["Sent", "Returned"].includes(statusLabel(transfer))) {
            expect(transfer.transaction_id).not.toBeNull()
            expect(transfer.submission).not.toBeNull()
          }
        }
      }
    ))
  })
})

/** Any event, half of them about wire transfers (the categories the app handles). */
const wireTransferOrOtherEvent = fc
  .tuple(eventArbitrary, fc.constantFrom("wire_transfer.created" as const, "wire_transfer.updated" as const, undefined))
  .map(([event, category]) => category === undefined ? event : new Event.Event({ ...event, category }))

describe("the app's webhook endpoint", () => {
  it("accepts what the service signs and nothing signed with another secret", () => {
    fc.assert(fc.property(
      eventArbitrary,
      base64SecretArbitrary,
      base64SecretArbitrary,
      fc.integer({ min: 1_700_000_000, max: 2_000_000_000 }),
      (event, secret, otherSecret, timestamp) => {
        fc.pre(secret !== otherSecret)
        const body = JSON.stringify(Schema.encodeSync(Event.Event)(event))
        const signatureHeader = WebhookSignature.sign({ id: event.id, timestamp, body, secrets: [secret] })
        const now = DateTime.makeUnsafe(timestamp * 1000)
        const verify = (secrets: ReadonlyArray<string>) =>
          WebhookSignature.verify({ id: event.id, timestamp: String(timestamp), body, signatureHeader, secrets, now })
        expect(Result.isSuccess(verify([secret]))).toBe(true)
        expect(Result.isFailure(verify([otherSecret]))).toBe(true)
      }
    ))
  })

  /** One delivery run: the events picked, in order, each delivered to a fresh receiver of the app's. */
  const countsEachWireTransferEventOnce = (
    events: ReadonlyArray<Event.Event>,
    picks: ReadonlyArray<number>
  ) =>
    Effect.gen(function*() {
      yield* TestClock.setTime(1_800_000_000_000)
      // The app's handler: counts wire transfer events; everything else is ignored.
      const counted = new Map<string, number>()
      const handlers = Handlers.empty.pipe(
        Handlers.on("wire_transfer.*", (event) =>
          Effect.sync(() => counted.set(event.id, (counted.get(event.id) ?? 0) + 1)))
      )
      const receiver = yield* Receiver.make({ secrets: ["shared secret"], handlers })
      // At-least-once delivery: any event, any number of times, in any order.
      const deliveries = picks.map((pick) =>
        events[pick % events.length]
      ).filter((event) => event !== undefined)
      for (const event of deliveries) {
        const body = new TextEncoder().encode(JSON.stringify(Schema.encodeSync(Event.Event)(event)))
        const headers = WebhookSignature.headers({
          id: event.id,
          timestamp: 1_800_000_000,
          body,
          secrets: ["shared secret"]
        })
        yield* receiver.receive({ header: (name) => headers[name], body })
      }
      const transfers = new Set(
        deliveries.filter((event) => event.category.startsWith("wire_transfer.")).map((event) => event.id)
      )
      expect([...counted.keys()].sort()).toEqual([...transfers].sort())
      expect([...counted.values()].every((count) => count === 1)).toBe(true)
    }).pipe(Effect.provide(Deduplication.layerMemory()))

  it.effect(
    "whatever arrives, duplicated and in any order, each wire transfer event is counted once",
    () =>
      Effect.gen(function*() {
        // Each run uses the test's services (its TestClock).
        const context = yield* Effect.context<never>()
        yield* Effect.promise(() =>
          fc.assert(fc.asyncProperty(
            fc.array(wireTransferOrOtherEvent, { minLength: 1, maxLength: 10 }),
            fc.array(fc.nat(), { minLength: 1, maxLength: 30 }),
            (events, picks) => Effect.runPromiseWith(context)(countsEachWireTransferEventOnce(events, picks))
          ))
        )
      }),
    { timeout: 60_000 }
  )
})
