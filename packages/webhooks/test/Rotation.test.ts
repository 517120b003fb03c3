/**
 * Secret rotation: during the overlap every delivery carries two signatures
 * (new secret first), each verifying on its own; after the overlap only the
 * new secret signs and the old one fails.
 */
import { describe, expect, layer } from "@effect/vitest"
import * as WebhookSignature from "@moneta/domain/WebhookSignature"
import { EventSubscriptionStore } from "@moneta/store/EventSubscriptions"
import * as TestDatabase from "@moneta/store/testing"
import { Context, DateTime, Duration, Effect, Layer, Result } from "effect"
import { TestClock } from "effect/testing"
import { Webhook as StandardWebhook } from "standardwebhooks"
import { Webhook as SvixWebhook } from "svix"
import * as Dispatcher from "../src/Dispatcher.js"
import * as Transport from "../src/Transport.js"
import * as Receiver from "./support/Receiver.js"
import * as Seed from "./support/Seed.js"

const base64 = (text: string) => Buffer.from(text, "utf8").toString("base64")

for (const kind of TestDatabase.testDatabases) {
  describe(`secret rotation (${kind})`, () => {
    layer(Seed.StoreLive.pipe(Layer.provideMerge(TestDatabase.layerFor(kind))), {
      timeout: TestDatabase.timeout,
      excludeTestServices: true
    })((it) => {
      it.effect(
        "signs with both secrets during the overlap and only with the new one after it",
        () =>
          Effect.gen(function*() {
            // The verifiers of the npm packages read the wall clock: start the test clock there.
            const realNow = yield* TestClock.withLive(DateTime.now)
            yield* TestClock.setTime(DateTime.toEpochMillis(realNow))
            const receiver = yield* Receiver.make(() => 204)
            const tenant = yield* Seed.tenant("sandbox")
            const subscription = yield* Seed.subscribe(tenant, { url: receiver.url, secret: "old secret" })
            const overlapEnds = DateTime.add(realNow, { hours: 24 })
            yield* (yield* EventSubscriptionStore).rotateSecret(tenant, subscription.id, "new secret", overlapEnds)
            const dispatcher = Context.get(
              yield* Layer.build(
                Dispatcher.layer({ environment: "sandbox", pollInterval: Duration.days(30) }).pipe(
                  Layer.provide(Transport.layer("sandbox"))
                )
              ),
              Dispatcher.Dispatcher
            )

            yield* Seed.emit(tenant, ["wire_transfer.created"])
            yield* dispatcher.wake
            const [during] = yield* Receiver.take(receiver, 1)
            if (during === undefined) return yield* Effect.die(new Error("no delivery"))
            const signatures = (during.headers["webhook-signature"] ?? "").split(" ")
            expect(signatures).toHaveLength(2)
            for (const secret of ["old secret", "new secret"]) {
              expect(() => new StandardWebhook(base64(secret)).verify(during.body, during.headers)).not.toThrow()
              expect(() => new SvixWebhook(`whsec_${base64(secret)}`).verify(during.body, during.headers)).not.toThrow()
            }
            // The new secret signs first.
            expect(signatures[0]).toBe(WebhookSignature.sign({
              id: during.headers["webhook-id"] ?? "",
              timestamp: Number(during.headers["webhook-timestamp"]),
              body: during.bytes,
              secrets: ["new secret"]
            }))

            yield* TestClock.setTime(DateTime.toEpochMillis(DateTime.add(overlapEnds, { seconds: 1 })))
            yield* Seed.emit(tenant, ["wire_transfer.updated"])
            yield* dispatcher.wake
            // A late repeat of the first delivery may still arrive (the clock jumped past its lease
            // before its attempt was recorded): wait for the second event's own delivery.
            const after = yield* Receiver.take(receiver, 1).pipe(
              Effect.map(([received]) => received),
              Effect.repeat({ until: (received) => received?.body.includes("\"wire_transfer.updated\"") === true })
            )
            if (after === undefined) return yield* Effect.die(new Error("no delivery"))
            expect((after.headers["webhook-signature"] ?? "").split(" ")).toHaveLength(1)
            const verifyWith = (secret: string) =>
              Effect.map(DateTime.now, (now) =>
                WebhookSignature.verify({
                  id: after.headers["webhook-id"] ?? "",
                  timestamp: after.headers["webhook-timestamp"] ?? "",
                  body: after.bytes,
                  signatureHeader: after.headers["webhook-signature"] ?? "",
                  secrets: [secret],
                  now
                }))
            expect(yield* verifyWith("new secret")).toEqual(Result.succeed(undefined))
            const withOldSecret = yield* verifyWith("old secret")
            expect(Result.isFailure(withOldSecret) ? withOldSecret.failure._tag : "verified").toBe(
              "InvalidSignatureError"
            )
          }).pipe(Effect.scoped, Effect.provide(TestClock.layer())),
        60_000
      )
    })
  })
}
