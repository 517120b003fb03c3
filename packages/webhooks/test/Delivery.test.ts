/**
 * Webhook delivery against a real local receiver, in real time: every
 * delivery verifies with the `standardwebhooks` package and with `svix`'s
 * verifier; the body is the Event object; deliveries go only where the spec
 * says (real-time decisions only when selected, active subscriptions only,
 * the same environment only).
 */
import { describe, expect, layer } from "@effect/vitest"
import type { Environment } from "@moneta/domain/Environment"
import { Event } from "@moneta/domain/Event"
import type { EventCategory } from "@moneta/domain/EventCategory"
import * as WebhookSignature from "@moneta/domain/WebhookSignature"
import * as TestDatabase from "@moneta/store/testing"
import { DateTime, Effect, Layer, Result, Schema } from "effect"
import { Webhook as StandardWebhook } from "standardwebhooks"
import { Webhook as SvixWebhook } from "svix"
import * as Dispatcher from "../src/Dispatcher.js"
import * as Transport from "../src/Transport.js"
import * as Receiver from "./support/Receiver.js"
import * as Seed from "./support/Seed.js"

const dispatcher = (environment: Environment) =>
  Layer.build(
    Dispatcher.layer({ environment }).pipe(
      Layer.provide(Transport.layer(environment)),
      Layer.provide(Seed.LoopbackAllowed)
    )
  )

const base64 = (text: string) => Buffer.from(text, "utf8").toString("base64")

const categories: ReadonlyArray<EventCategory> = [
  "wire_transfer.created",
  "wire_transfer.updated",
  "bookkeeping_entry_set.updated",
  "card_payment.created",
  "inbound_mail_item.updated",
  "lockbox.created"
]

for (const kind of TestDatabase.testDatabases) {
  describe(`webhook delivery (${kind})`, () => {
    layer(Seed.StoreLive.pipe(Layer.provideMerge(TestDatabase.layerFor(kind))), {
      timeout: TestDatabase.timeout,
      excludeTestServices: true
    })((it) => {
      it.effect("signs every delivery so that standardwebhooks and svix verify it", () =>
        Effect.gen(function*() {
          const receiver = yield* Receiver.make(() => 204)
          const tenant = yield* Seed.tenant("sandbox")
          // Not ASCII: the signing key is the secret's UTF-8 bytes.
          const secret = "shared sécret ✓ for tests"
          yield* Seed.subscribe(tenant, { url: receiver.url, secret })
          yield* dispatcher("sandbox")
          const emitted = yield* Seed.emit(tenant, categories)
          const received = yield* Receiver.take(receiver, emitted.length)

          const standard = new StandardWebhook(base64(secret))
          const svix = new SvixWebhook(`whsec_${base64(secret)}`)
          const now = yield* DateTime.now
          for (const request of received) {
            expect(() => standard.verify(request.body, request.headers)).not.toThrow()
            expect(() => svix.verify(request.body, request.headers)).not.toThrow()
            expect(WebhookSignature.verify({
              id: request.headers["webhook-id"] ?? "",
              timestamp: request.headers["webhook-timestamp"] ?? "",
              body: request.bytes,
              signatureHeader: request.headers["webhook-signature"] ?? "",
              secrets: [secret],
              now
            })).toEqual(Result.succeed(undefined))
            expect(request.headers["content-type"]).toBe("application/json")
            const timestamp = Number(request.headers["webhook-timestamp"])
            expect(Math.abs(timestamp - WebhookSignature.unixSeconds(now))).toBeLessThanOrEqual(5)
          }
          // The body is the Event object as the API shows it, and webhook-id is its id.
          const byId = new Map(received.map((request) => [request.headers["webhook-id"], request]))
          expect(byId.size).toBe(emitted.length)
          for (const event of emitted) {
            const request = byId.get(event.id)
            expect(request).toBeDefined()
            expect(JSON.parse(request?.body ?? "null")).toEqual(Schema.encodeSync(Event)(event))
          }
        }))

      it.effect("a shared secret written like a Standard Webhooks one (whsec_…) still signs with its UTF-8 bytes", () =>
        Effect.gen(function*() {
          const receiver = yield* Receiver.make(() => 204)
          const tenant = yield* Seed.tenant("sandbox")
          const secret = `whsec_${base64("0123456789abcdef0123456789abcdef")}`
          yield* Seed.subscribe(tenant, { url: receiver.url, secret })
          yield* dispatcher("sandbox")
          yield* Seed.emit(tenant, ["wire_transfer.created"])
          const [request] = yield* Receiver.take(receiver, 1)
          if (request === undefined) return yield* Effect.die(new Error("no request"))
          // What the official SDK's events.unwrap builds from the shared secret (decisions.md c).
          const asTheSdkVerifies = new StandardWebhook(base64(secret))
          expect(() => asTheSdkVerifies.verify(request.body, request.headers)).not.toThrow()
          expect(() => new SvixWebhook(`whsec_${base64(secret)}`).verify(request.body, request.headers)).not.toThrow()
        }))

      it.effect("a tampered body or another secret does not verify", () =>
        Effect.gen(function*() {
          const receiver = yield* Receiver.make(() => 200)
          const tenant = yield* Seed.tenant("sandbox")
          yield* Seed.subscribe(tenant, { url: receiver.url, secret: "the right secret" })
          yield* dispatcher("sandbox")
          yield* Seed.emit(tenant, ["wire_transfer.created"])
          const [request] = yield* Receiver.take(receiver, 1)
          if (request === undefined) return yield* Effect.die(new Error("no request"))
          const tampered = request.body.replace("wire_transfer.created", "wire_transfer.updated")
          expect(() => new StandardWebhook(base64("the right secret")).verify(tampered, request.headers)).toThrow()
          expect(() => new StandardWebhook(base64("the wrong secret")).verify(request.body, request.headers)).toThrow()
          expect(() => new SvixWebhook(`whsec_${base64("the wrong secret")}`).verify(request.body, request.headers))
            .toThrow()
        }))

      it.effect("delivers to active subscriptions of the event's environment, real-time decisions only where selected", () =>
        Effect.gen(function*() {
          const receiver = yield* Receiver.make(() => 204)
          const sandbox = yield* Seed.tenant("sandbox")
          const live = { ...sandbox, environment: "live" as const }
          const everything = yield* Seed.subscribe(sandbox, { url: receiver.url, secret: "a" })
          const decisions = yield* Seed.subscribe(sandbox, {
            url: receiver.url,
            secret: "b",
            categories: ["real_time_decision.card_authorization_requested"]
          })
          const wires = yield* Seed.subscribe(sandbox, {
            url: receiver.url,
            secret: "c",
            categories: ["wire_transfer.created"]
          })
          yield* Seed.subscribe(sandbox, { url: receiver.url, secret: "d", status: "disabled" })
          const liveSubscription = yield* Seed.subscribe(live, { url: "https://example.com/hooks", secret: "e" })

          const [decision, wire, mail] = yield* Seed.emit(sandbox, [
            "real_time_decision.card_authorization_requested",
            "wire_transfer.created",
            "inbound_mail_item.created"
          ])
          const [liveWire] = yield* Seed.emit(live, ["wire_transfer.created"])
          const pairs = (rows: ReadonlyArray<{ readonly event_id: string; readonly event_subscription_id: string }>) =>
            rows.map((row) => `${row.event_id} → ${row.event_subscription_id}`).sort()

          expect(pairs(yield* Seed.deliveries(sandbox))).toEqual([
            `${decision?.id} → ${decisions.id}`,
            `${wire?.id} → ${everything.id}`,
            `${wire?.id} → ${wires.id}`,
            `${mail?.id} → ${everything.id}`
          ].sort())
          expect(pairs(yield* Seed.deliveries(live))).toEqual([`${liveWire?.id} → ${liveSubscription.id}`])

          // A sandbox dispatcher sends the sandbox's four and leaves the live one alone.
          yield* dispatcher("sandbox")
          const received = yield* Receiver.take(receiver, 4)
          expect(received.map((request) => request.headers["webhook-id"]).sort()).toEqual(
            [decision?.id, wire?.id, wire?.id, mail?.id].sort()
          )
          expect((yield* Seed.deliveries(live)).map((row) => row.status)).toEqual(["pending"])
        }))
    })
  })
}
