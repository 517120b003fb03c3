/**
 * The receiver and the reference implementation of Standard Webhooks (npm
 * `standardwebhooks`, which the official Increase SDK's `unwrap` uses) agree.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "@effect/vitest"
import {
  base64SecretArbitrary,
  eventArbitrary,
  sharedSecretArbitrary,
  unixTimestampArbitrary
} from "@moneta/domain/testing"
import * as WebhookSignature from "@moneta/domain/WebhookSignature"
import { Effect, Result } from "effect"
import { TestClock } from "effect/testing"
import * as fc from "fast-check"
import { Webhook } from "standardwebhooks"
import * as Deduplication from "../src/Deduplication.js"
import * as Handlers from "../src/Handlers.js"
import * as Receiver from "../src/Receiver.js"
import { eventJson } from "./support/Deliveries.js"
import { checkEffect } from "./support/Properties.js"

const tolerance = WebhookSignature.defaultToleranceSeconds
const utf8 = new TextEncoder()

/** The key as `standardwebhooks` takes it: what the SDK builds from a shared secret, or the whsec_ secret itself. */
const standardSecret = (secret: string) =>
  secret.startsWith(WebhookSignature.base64SecretPrefix)
    ? secret
    : `${WebhookSignature.base64SecretPrefix}${Buffer.from(utf8.encode(secret)).toString("base64")}`

const secretArbitrary = fc.oneof(sharedSecretArbitrary, base64SecretArbitrary)

const receive = (secret: string, headers: Record<string, string>, body: string) =>
  Effect.gen(function*() {
    const handlers = Handlers.empty.pipe(Handlers.on("*", () => Effect.void))
    const receiver = yield* Receiver.make({ secrets: [secret], handlers })
    return yield* Effect.result(receiver.receive({ header: (name) => headers[name], body: utf8.encode(body) }))
  }).pipe(Effect.provide(Deduplication.layerMemory()))

/** What a test delivery does to a correctly signed one. */
const tampering = fc.oneof(
  { arbitrary: fc.constant({ kind: "none" } as const), weight: 5 },
  fc.record({
    kind: fc.constant("body" as const),
    position: fc.nat(),
    // One printable ASCII character (fast-check 3's `char()`).
    replacement: fc.string({ minLength: 1, maxLength: 1, unit: "grapheme-ascii" })
  }),
  fc.record({
    kind: fc.constant("id" as const),
    suffix: fc.string({ minLength: 1, maxLength: 5, unit: "grapheme-ascii" })
  }),
  fc.record({
    kind: fc.constant("timestamp" as const),
    shift: fc.integer({ min: -tolerance, max: tolerance }).filter((shift) => shift !== 0)
  }),
  fc.record({ kind: fc.constant("signature" as const), signature: fc.base64String({ minLength: 4, maxLength: 44 }) }),
  fc.record({
    kind: fc.constant("missing" as const),
    header: fc.constantFrom(
      WebhookSignature.idHeader,
      WebhookSignature.timestampHeader,
      WebhookSignature.signatureHeader
    )
  })
)

const verdicts = { accepted: 0, rejected: 0 }

/** Whether the reference verifier accepts (returns) or rejects (throws). */
const referenceVerdict = (verify: () => unknown): Result.Result<unknown, unknown> => {
  try {
    return Result.succeed(verify())
  } catch (error) {
    return Result.fail(error)
  }
}

describe("interoperability with the standardwebhooks package", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it(
    "deliveries it signs are accepted, with the secret in either form",
    () =>
      checkEffect(
        [eventArbitrary, secretArbitrary, unixTimestampArbitrary, fc.integer({ min: -tolerance, max: tolerance })],
        ([event, secret, timestamp, skew]) =>
          Effect.gen(function*() {
            yield* TestClock.setTime((timestamp + skew) * 1000)
            const body = eventJson(event)
            const signature = new Webhook(standardSecret(secret)).sign(event.id, new Date(timestamp * 1000), body)
            const headers = {
              "webhook-id": event.id,
              "webhook-timestamp": String(timestamp),
              "webhook-signature": signature
            }
            for (const configured of [secret, standardSecret(secret)]) {
              const result = yield* receive(configured, headers, body)
              expect(Result.isSuccess(result) ? result.success.outcome : result.failure._tag).toBe("handled")
            }
          })
      ),
    60_000
  )

  it(
    "on random deliveries the receiver accepts exactly what it accepts",
    () =>
      checkEffect(
        [
          eventArbitrary,
          secretArbitrary,
          secretArbitrary,
          fc.boolean(),
          unixTimestampArbitrary,
          // Mostly inside the window, its edges included, sometimes outside.
          fc.oneof(
            { arbitrary: fc.integer({ min: -tolerance, max: tolerance }), weight: 3 },
            { arbitrary: fc.constantFrom(-tolerance - 1, -tolerance, tolerance, tolerance + 1), weight: 1 },
            { arbitrary: fc.integer({ min: -3 * tolerance, max: 3 * tolerance }), weight: 1 }
          ),
          tampering
        ],
        ([event, secret, otherSecret, signedWithOther, timestamp, skew, tamper]) =>
          Effect.gen(function*() {
            const now = timestamp + skew
            yield* TestClock.setTime(now * 1000)
            vi.setSystemTime(now * 1000)
            const signedBody = eventJson(event)
            const signingSecret = signedWithOther ? otherSecret : secret
            const headers: Record<string, string> = {
              "webhook-id": event.id,
              "webhook-timestamp": String(timestamp),
              "webhook-signature": new Webhook(standardSecret(signingSecret)).sign(
                event.id,
                new Date(timestamp * 1000),
                signedBody
              )
            }
            let body = signedBody
            switch (tamper.kind) {
              case "body": {
                const index = tamper.position % body.length
                body = `${body.slice(0, index)}${tamper.replacement}${body.slice(index + 1)}`
                break
              }
              case "id":
                headers["webhook-id"] = `${event.id}${tamper.suffix}`
                break
              case "timestamp":
                headers["webhook-timestamp"] = String(timestamp + tamper.shift)
                break
              case "signature":
                headers["webhook-signature"] = `v1,${tamper.signature}`
                break
              case "missing":
                delete headers[tamper.header]
                break
            }
            const reference = referenceVerdict(() =>
              new Webhook(standardSecret(secret)).verify(body, headers, { jsonParse: false })
            )
            const ours = yield* receive(secret, headers, body)
            expect(Result.isSuccess(ours)).toBe(Result.isSuccess(reference))
            verdicts[Result.isSuccess(ours) ? "accepted" : "rejected"] += 1
          }),
        { numRuns: 200 }
      ),
    60_000
  )

  it("saw both verdicts often enough to mean something", () => {
    expect(verdicts.accepted).toBeGreaterThan(20)
    expect(verdicts.rejected).toBeGreaterThan(20)
  })
})
