import { afterEach, beforeEach, describe, expect, it, vi } from "@effect/vitest"
import { DateTime, Result } from "effect"
import { Base64 } from "effect/encoding"
import * as fc from "fast-check"
import { Webhook } from "standardwebhooks"
import * as WebhookSignature from "../src/events/WebhookSignature.js"
import {
  base64SecretArbitrary as base64Secret,
  sharedSecretArbitrary as sharedSecret,
  unixTimestampArbitrary as unixTimestamp
} from "../src/testing/Arbitraries.js"
import { prop } from "./support/Property.js"

const webhookId = fc.string({ minLength: 1, maxLength: 60 })
const body = fc.string({ maxLength: 500, unit: "binary" })
const bytes = fc.uint8Array({ minLength: 1, maxLength: 500 })
const secret = fc.oneof(sharedSecret, base64Secret)
const tolerance = WebhookSignature.defaultToleranceSeconds

const at = (seconds: number) => DateTime.makeUnsafe(seconds * 1000)

/** Whether no two of the secrets stand for a common key when signing or verifying. */
const distinctKeys = (secrets: ReadonlyArray<string>): boolean => {
  const keysOf = (secret: string) =>
    new Set([WebhookSignature.signingKey(secret), WebhookSignature.subscriptionKey(secret)].map(Base64.encode))
  const all = secrets.map(keysOf)
  return all.every((keys, i) => all.every((other, j) => i === j || [...keys].every((key) => !other.has(key))))
}
const errorTag = (result: Result.Result<void, WebhookSignature.VerificationError>) =>
  Result.isFailure(result) ? result.failure._tag : "Verified"

/** The form Standard Webhooks libraries take: `whsec_` and the base64 of the key bytes. */
const standardSecret = (text: string) =>
  text.startsWith(WebhookSignature.base64SecretPrefix)
    ? text
    : `${WebhookSignature.base64SecretPrefix}${Base64.encode(new TextEncoder().encode(text))}`

describe("webhook signatures (Standard Webhooks)", () => {
  prop("a signed delivery verifies", [webhookId, unixTimestamp, body, secret], ([id, timestamp, content, key]) => {
    const signatureHeader = WebhookSignature.sign({ id, timestamp, body: content, secrets: [key] })
    expect(signatureHeader).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/)
    const result = WebhookSignature.verify({
      id,
      timestamp: String(timestamp),
      body: content,
      signatureHeader,
      secrets: [key],
      now: at(timestamp)
    })
    expect(errorTag(result)).toBe("Verified")
  })

  prop(
    "flipping any bit of the body fails",
    [webhookId, unixTimestamp, bytes, secret, fc.nat(), fc.integer({ min: 0, max: 7 })],
    ([id, timestamp, content, key, position, bit]) => {
      const signatureHeader = WebhookSignature.sign({ id, timestamp, body: content, secrets: [key] })
      const tampered = Uint8Array.from(content)
      const index = position % tampered.length
      tampered[index] = (tampered[index] ?? 0) ^ (1 << bit)
      const result = WebhookSignature.verify({
        id,
        timestamp,
        body: tampered,
        signatureHeader,
        secrets: [key],
        now: at(timestamp)
      })
      expect(errorTag(result)).toBe("InvalidSignatureError")
    }
  )

  prop(
    "changing any character of the id fails",
    [webhookId, unixTimestamp, body, secret, fc.nat(), fc.integer({ min: 1, max: 0xffff })],
    ([id, timestamp, content, key, position, shift]) => {
      const signatureHeader = WebhookSignature.sign({ id, timestamp, body: content, secrets: [key] })
      const index = position % id.length
      const replacement = String.fromCharCode((id.charCodeAt(index) + shift) % 0x10000)
      const tamperedId = `${id.slice(0, index)}${replacement}${id.slice(index + 1)}`
      fc.pre(new TextEncoder().encode(tamperedId).join() !== new TextEncoder().encode(id).join())
      const result = WebhookSignature.verify({
        id: tamperedId,
        timestamp,
        body: content,
        signatureHeader,
        secrets: [key],
        now: at(timestamp)
      })
      expect(errorTag(result)).toBe("InvalidSignatureError")
    }
  )

  prop(
    "changing the timestamp, even inside the window, fails",
    [webhookId, unixTimestamp, body, secret, fc.integer({ min: 1, max: tolerance })],
    ([id, timestamp, content, key, shift]) => {
      const signatureHeader = WebhookSignature.sign({ id, timestamp, body: content, secrets: [key] })
      const result = WebhookSignature.verify({
        id,
        timestamp: timestamp + shift,
        body: content,
        signatureHeader,
        secrets: [key],
        now: at(timestamp)
      })
      expect(errorTag(result)).toBe("InvalidSignatureError")
    }
  )

  prop(
    "changing any character of the signature fails",
    [webhookId, unixTimestamp, body, secret, fc.nat(), fc.integer({ min: 1, max: 63 })],
    ([id, timestamp, content, key, position, shift]) => {
      const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
      const signatureHeader = WebhookSignature.sign({ id, timestamp, body: content, secrets: [key] })
      // Only the 43 significant base64 characters after "v1,"; the padding is fixed.
      const index = 3 + (position % 43)
      const replacement = alphabet.charAt((alphabet.indexOf(signatureHeader.charAt(index)) + shift) % 64)
      const tampered = `${signatureHeader.slice(0, index)}${replacement}${signatureHeader.slice(index + 1)}`
      const result = WebhookSignature.verify({
        id,
        timestamp,
        body: content,
        signatureHeader: tampered,
        secrets: [key],
        now: at(timestamp)
      })
      expect(errorTag(result)).toBe("InvalidSignatureError")
    }
  )

  prop(
    "during a rotation both the old and the new secret verify, a third does not",
    [webhookId, unixTimestamp, body, secret, secret, secret],
    ([id, timestamp, content, newSecret, oldSecret, otherSecret]) => {
      // Distinct keys, not only distinct texts: `whsec_` + base64 of another secret's bytes is the same key.
      fc.pre(distinctKeys([newSecret, oldSecret, otherSecret]))
      const signatureHeader = WebhookSignature.sign({ id, timestamp, body: content, secrets: [newSecret, oldSecret] })
      expect(signatureHeader.split(" ")).toHaveLength(2)
      const verifyWith = (secrets: ReadonlyArray<string>) =>
        errorTag(
          WebhookSignature.verify({ id, timestamp, body: content, signatureHeader, secrets, now: at(timestamp) })
        )
      expect(verifyWith([oldSecret])).toBe("Verified")
      expect(verifyWith([newSecret])).toBe("Verified")
      expect(verifyWith([otherSecret])).toBe("InvalidSignatureError")
      // A receiver that already accepts both secrets verifies a delivery signed with only the new one.
      const newOnly = WebhookSignature.sign({ id, timestamp, body: content, secrets: [newSecret] })
      expect(
        errorTag(
          WebhookSignature.verify({
            id,
            timestamp,
            body: content,
            signatureHeader: newOnly,
            secrets: [otherSecret, newSecret],
            now: at(timestamp)
          })
        )
      ).toBe("Verified")
    }
  )

  prop(
    "outside the window fails in both directions, inside it verifies",
    [webhookId, unixTimestamp, body, secret, fc.integer({ min: 0, max: 3 * tolerance }), fc.boolean()],
    ([id, timestamp, content, key, distance, late]) => {
      const signatureHeader = WebhookSignature.sign({ id, timestamp, body: content, secrets: [key] })
      const now = late ? timestamp + distance : timestamp - distance
      const result = WebhookSignature.verify({
        id,
        timestamp,
        body: content,
        signatureHeader,
        secrets: [key],
        now: at(now)
      })
      const expected = distance <= tolerance ? "Verified" : late ? "TimestampTooOldError" : "TimestampTooNewError"
      expect(errorTag(result)).toBe(expected)
    }
  )

  it("refuses malformed headers", () => {
    const valid = { id: "event_1", timestamp: 1_700_000_000, body: "{}", secrets: ["secret"], now: at(1_700_000_000) }
    const signatureHeader = WebhookSignature.sign(valid)
    const malformed = [
      { ...valid, signatureHeader: "" },
      { ...valid, signatureHeader: "v1" },
      { ...valid, signatureHeader: `${signatureHeader} garbage` },
      { ...valid, signatureHeader, timestamp: "1.7e9" },
      { ...valid, signatureHeader, timestamp: "-1700000000" },
      { ...valid, signatureHeader, id: "" }
    ]
    for (const input of malformed) {
      expect(errorTag(WebhookSignature.verify(input))).toBe("MalformedSignatureHeadersError")
    }
    // Unknown versions are skipped, as the scheme prescribes.
    expect(errorTag(WebhookSignature.verify({ ...valid, signatureHeader: `v1a,abc ${signatureHeader}` }))).toBe(
      "Verified"
    )
    expect(errorTag(WebhookSignature.verify({ ...valid, signatureHeader: "v2,abc" }))).toBe("InvalidSignatureError")
  })

  it("takes whsec_ secrets as base64 keys and other secrets as their UTF-8 bytes", () => {
    expect(WebhookSignature.signingKey("whsec_AQID")).toEqual(new Uint8Array([1, 2, 3]))
    expect(WebhookSignature.signingKey("abc")).toEqual(new Uint8Array([97, 98, 99]))
    // Not base64 after the prefix: the whole text is the key.
    expect(WebhookSignature.signingKey("whsec_!")).toEqual(new TextEncoder().encode("whsec_!"))
  })

  it("a subscription's shared secret signs with its UTF-8 bytes even when it looks like whsec_…, and verifies as given", () => {
    const sharedSecret = "whsec_AQID"
    const key = WebhookSignature.subscriptionKey(sharedSecret)
    expect(key).toEqual(new TextEncoder().encode(sharedSecret))
    const delivery = { id: "event_1", timestamp: 1_700_000_000, body: "{}", now: at(1_700_000_000) }
    const signatureHeader = WebhookSignature.sign({ ...delivery, secrets: [key] })
    // A receiver configured with the shared secret as written accepts it…
    expect(errorTag(WebhookSignature.verify({ ...delivery, signatureHeader, secrets: [sharedSecret] }))).toBe(
      "Verified"
    )
    // …and one configured with the Standard Webhooks form of those bytes too; the decoded bytes alone do not sign it.
    const standardForm = `whsec_${Base64.encode(key)}`
    expect(errorTag(WebhookSignature.verify({ ...delivery, signatureHeader, secrets: [standardForm] }))).toBe(
      "Verified"
    )
    expect(
      errorTag(WebhookSignature.verify({ ...delivery, signatureHeader, secrets: [new Uint8Array([1, 2, 3])] }))
    ).toBe("InvalidSignatureError")
  })

  describe("agrees with the standardwebhooks package", () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ["Date"] })
    })
    afterEach(() => {
      vi.useRealTimers()
    })

    prop(
      "its verify accepts our signatures",
      [webhookId, unixTimestamp, body, secret],
      ([id, timestamp, content, key]) => {
        vi.setSystemTime(timestamp * 1000)
        const headers = WebhookSignature.headers({ id, timestamp, body: content, secrets: [key] })
        expect(() => new Webhook(standardSecret(key)).verify(content, headers, { jsonParse: false })).not.toThrow()
      }
    )

    prop(
      "our verify accepts its signatures",
      [webhookId, unixTimestamp, body, secret],
      ([id, timestamp, content, key]) => {
        const signatureHeader = new Webhook(standardSecret(key)).sign(id, new Date(timestamp * 1000), content)
        for (const accepted of [key, standardSecret(key)]) {
          const result = WebhookSignature.verify({
            id,
            timestamp: String(timestamp),
            body: content,
            signatureHeader,
            secrets: [accepted],
            now: at(timestamp)
          })
          expect(errorTag(result)).toBe("Verified")
        }
      }
    )

    prop(
      "its verify rejects our signatures of another body",
      [webhookId, unixTimestamp, body, body, secret],
      ([id, timestamp, content, other, key]) => {
        fc.pre(content !== other)
        vi.setSystemTime(timestamp * 1000)
        const headers = WebhookSignature.headers({ id, timestamp, body: content, secrets: [key] })
        fc.pre(new TextEncoder().encode(content).join() !== new TextEncoder().encode(other).join())
        expect(() => new Webhook(standardSecret(key)).verify(other, headers, { jsonParse: false })).toThrow()
      }
    )
  })
})
