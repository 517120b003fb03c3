import { describe, expect, it } from "@effect/vitest"
import { FastCheck as fc } from "effect"
import { createHash, createHmac } from "node:crypto"
import { hmacSha256, sha256 } from "../src/Sha256.js"

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex")

describe("SHA-256 in plain TypeScript", () => {
  it("matches the FIPS 180-4 examples", () => {
    expect(hex(sha256(new TextEncoder().encode("abc")))).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    )
    expect(hex(sha256(new Uint8Array()))).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
  })

  it.prop("agrees with node:crypto on any message (block boundaries included)", [fc.uint8Array({ maxLength: 300 })], ([message]) => {
    expect(hex(sha256(message))).toBe(createHash("sha256").update(message).digest("hex"))
  })

  it.prop(
    "HMAC agrees with node:crypto for short and long keys",
    [fc.uint8Array({ maxLength: 150 }), fc.uint8Array({ maxLength: 300 })],
    ([key, message]) => {
      expect(hex(hmacSha256(key, message))).toBe(createHmac("sha256", key).update(message).digest("hex"))
    }
  )
})
