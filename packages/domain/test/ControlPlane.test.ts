/**
 * The control API's rules: a revocation's time (the first one stands, a
 * second one changes nothing), what a key list shows of a secret, and which
 * admin keys a server refuses to start with.
 */
import { describe, expect, it } from "@effect/vitest"
import { DateTime } from "effect"
import * as fc from "fast-check"
import { ApiKeyId, GroupId } from "../src/core/Ids.js"
import { adminKeyProblem, apiKey, keyPrefix, revoke } from "../src/sandbox/ControlPlane.js"
import { prop } from "./support/Property.js"

const instant = fc.integer({ min: 0, max: 4_102_444_800_000 }).map((ms) => DateTime.makeUnsafe(ms))

const key = (revokedAt: DateTime.Utc | null) =>
  apiKey({
    id: ApiKeyId.make("api_key_test"),
    groupId: GroupId.make("group_test"),
    environment: "sandbox",
    name: null,
    prefix: null,
    createdAt: DateTime.makeUnsafe(0),
    revokedAt
  })

describe("control plane rules", () => {
  prop("the first revocation stands: an active key is revoked now, a revoked key keeps its time", [
    instant,
    instant
  ], ([first, second]) => {
    const once = revoke(key(null), first)
    expect(once).toEqual({ revokedAt: first, newly: true })
    const revoked = key(once.revokedAt)
    expect(revoked.status).toBe("revoked")
    expect(revoke(revoked, second)).toEqual({ revokedAt: first, newly: false })
  })

  prop("a key list shows at most the key's form and 4 characters of its random part", [
    fc.constantFrom("moneta_sandbox_", "moneta_live_", ""),
    fc.string({ minLength: 0, maxLength: 40 })
  ], ([form, random]) => {
    const secret = `${form}${random}`
    const shown = keyPrefix(secret)
    if (shown === null) {
      expect(form).toBe("")
      expect(secret.length).toBeLessThan(16)
    } else {
      expect(secret.startsWith(shown)).toBe(true)
      expect(shown.length).toBeLessThanOrEqual(form.length + 4)
    }
  })

  it("refuses an admin key that is short, looks like an API key or is the configured API key", () => {
    expect(adminKeyProblem("short", undefined)).toMatch(/at least 16/)
    expect(adminKeyProblem("moneta_sandbox_0123456789abcdef", undefined)).toMatch(/API key/)
    expect(adminKeyProblem("the-same-long-secret", "the-same-long-secret")).toMatch(/differ/)
    expect(adminKeyProblem("a-long-secret-of-yours", undefined)).toBeUndefined()
  })
})
