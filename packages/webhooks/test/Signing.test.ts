/**
 * The dispatcher's own signer (`Delivery.signatureOf`, on `node:crypto`) writes
 * the same `webhook-signature` header as the domain's portable one
 * (`WebhookSignature.sign` with `@noble/hashes`): same secrets in the same
 * order, same bytes signed, for secrets that look like anything (UTF-8 beyond
 * ASCII, `whsec_` prefixes that are not base64 keys) and bodies of any bytes.
 */
import { describe, expect, it } from "@effect/vitest"
import * as WebhookSignature from "@moneta/domain/WebhookSignature"
import { signatureOf } from "../src/Delivery.js"

const secretSets: ReadonlyArray<ReadonlyArray<string>> = [
  ["a shared secret"],
  ["whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "the previous secret"],
  ["whsec_not base64 at all!", "ünïcödé 秘密 🔑"],
  [""]
]

const bodies: ReadonlyArray<Uint8Array> = [
  Buffer.from(JSON.stringify({ id: "event_1", category: "wire_transfer.updated", type: "event" }), "utf8"),
  Buffer.from("ünïcödé body 🔑", "utf8"),
  new Uint8Array([0, 255, 128, 10, 13]),
  new Uint8Array(0)
]

describe("Delivery.signatureOf", () => {
  it("writes the header WebhookSignature.sign writes", () => {
    for (const secrets of secretSets) {
      for (const body of bodies) {
        for (const [id, timestamp] of [["event_0000000000abcdefghij", 1_764_000_000], ["evt.with.dots", 0]] as const) {
          const portable = WebhookSignature.sign({
            id,
            timestamp,
            body,
            secrets: secrets.map(WebhookSignature.subscriptionKey)
          })
          expect(signatureOf(id, String(timestamp), body, secrets)).toBe(portable)
        }
      }
    }
  })
})
