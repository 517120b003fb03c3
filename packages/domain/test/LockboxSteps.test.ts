/**
 * The rules of the bank's lockbox writes (issue 29): a sandbox address is
 * active as soon as it is created; a mail stop code is made of the drawn
 * characters.
 */
import { describe, expect } from "@effect/vitest"
import { Result } from "effect"
import * as fc from "fast-check"
import * as LockboxAddress from "../src/mail/LockboxAddress.js"
import * as LockboxRecipient from "../src/mail/LockboxRecipient.js"
import {
  createLockboxAddressArbitrary,
  idempotencyKeyArbitrary,
  lockboxAddressIdArbitrary,
  timestampArbitrary
} from "../src/testing/Arbitraries.js"
import { prop } from "./support/Property.js"

describe("a sandbox lockbox address", () => {
  prop(
    "is created and assigned its sandbox mailing address at once: active, with both events",
    [fc.record({
      id: lockboxAddressIdArbitrary,
      createdAt: timestampArbitrary,
      body: createLockboxAddressArbitrary,
      idempotencyKey: idempotencyKeyArbitrary
    })],
    ([input]) => {
      const decided = LockboxAddress.createInSandbox(input)
      if (Result.isFailure(decided)) throw new Error("a new address is pending, so it can be activated")
      const { events, next } = decided.success
      expect(next.status).toBe("active")
      expect(next.address).toEqual(LockboxAddress.sandboxMailingAddress(input.id))
      expect(next.description).toBe(LockboxAddress.create(input).next.description)
      expect(events.map((event) => event.category)).toEqual(["lockbox.created", "lockbox.updated"])
    }
  )
})

describe("mail stop codes", () => {
  prop(
    "are one alphabet character per draw, each draw within its range",
    [fc.array(fc.nat(LockboxRecipient.mailStopCodeAlphabet.length - 1), {
      minLength: LockboxRecipient.mailStopCodeDraws.length,
      maxLength: LockboxRecipient.mailStopCodeDraws.length
    })],
    ([draws]) => {
      const code = LockboxRecipient.mailStopCodeOf(draws)
      expect(code).toHaveLength(LockboxRecipient.mailStopCodeLength)
      expect([...code].map((character) => LockboxRecipient.mailStopCodeAlphabet.indexOf(character))).toEqual(draws)
      for (const [min, max] of LockboxRecipient.mailStopCodeDraws) {
        expect(min).toBe(0)
        expect(max).toBe(LockboxRecipient.mailStopCodeAlphabet.length)
      }
    }
  )
})
