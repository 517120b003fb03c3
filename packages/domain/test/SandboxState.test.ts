/**
 * The rules of snapshots and webhook faults: which snapshot names are
 * accepted, the snapshot limit (a name in use replaces, so never counts),
 * which fault requests decode, the fault limit, and how a fault names itself
 * in the delivery log.
 */
import { describe, expect, it } from "@effect/vitest"
import { maxSnapshots, snapshotAllowed, SnapshotName } from "@moneta/domain/SandboxState"
import {
  CreateWebhookFault,
  faultAllowed,
  faultFields,
  injectedExcerpt,
  injectedFaultLabel,
  maxPendingFaults
} from "@moneta/domain/WebhookFault"
import { Result, Schema } from "effect"
import * as fc from "fast-check"

const isName = Schema.is(SnapshotName)
const decodesFault = (input: unknown) => Result.isSuccess(Schema.decodeUnknownResult(CreateWebhookFault)(input))

describe("snapshots", () => {
  it("names are 1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit", () => {
    for (const name of ["a", "before-change", "v1.2_final", "X".repeat(64), "9lives"]) expect(isName(name)).toBe(true)
    for (const name of ["", "-start", ".hidden", "has space", "x".repeat(65), "ünïcode", "a/b", "a\nb"]) {
      expect(isName(name), JSON.stringify(name)).toBe(false)
    }
    fc.assert(fc.property(fc.string(), (name) => {
      expect(isName(name)).toBe(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(name))
    }))
  })

  it(`a group keeps at most ${maxSnapshots}; saving under a name in use always works`, () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 100 }), fc.boolean(), (existing, replacing) => {
      expect(Result.isSuccess(snapshotAllowed(existing, replacing))).toBe(replacing || existing < maxSnapshots)
    }))
    const refused = snapshotAllowed(maxSnapshots, false)
    expect(Result.isFailure(refused) && refused.failure._tag).toBe("TooManySnapshots")
  })
})

describe("webhook faults", () => {
  it("decode by kind, with the kind's own parameter in range and an optional count of 1 to 100", () => {
    expect(decodesFault({ kind: "status", status: 500, count: 3 })).toBe(true)
    expect(decodesFault({ kind: "timeout" })).toBe(true)
    expect(decodesFault({ kind: "delay", seconds: 30, count: 100 })).toBe(true)
    expect(decodesFault({ kind: "duplicate", count: 1 })).toBe(true)
    expect(decodesFault({ kind: "reorder" })).toBe(true)
    expect(decodesFault({ kind: "status" })).toBe(false)
    expect(decodesFault({ kind: "status", status: 600 })).toBe(false)
    expect(decodesFault({ kind: "delay", seconds: 0 })).toBe(false)
    expect(decodesFault({ kind: "delay", seconds: 31 })).toBe(false)
    expect(decodesFault({ kind: "timeout", count: 0 })).toBe(false)
    expect(decodesFault({ kind: "timeout", count: 101 })).toBe(false)
    expect(decodesFault({ kind: "explode" })).toBe(false)
  })

  it("stored fields keep the kind's parameter only, one delivery by default", () => {
    expect(faultFields({ kind: "status", status: 503 })).toEqual({
      kind: "status",
      status: 503,
      seconds: null,
      count: 1
    })
    expect(faultFields({ kind: "delay", seconds: 5, count: 4 })).toEqual({
      kind: "delay",
      status: null,
      seconds: 5,
      count: 4
    })
    expect(faultFields({ kind: "duplicate", count: 2 })).toEqual({
      kind: "duplicate",
      status: null,
      seconds: null,
      count: 2
    })
  })

  it(`a subscription holds at most ${maxPendingFaults}`, () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 100 }), (pending) => {
      expect(Result.isSuccess(faultAllowed(pending))).toBe(pending < maxPendingFaults)
    }))
  })

  it("names itself in the delivery log", () => {
    expect(injectedFaultLabel({ kind: "status", status: 500, seconds: null })).toBe("status 500")
    expect(injectedFaultLabel({ kind: "delay", status: null, seconds: 5 })).toBe("delay 5s")
    expect(injectedFaultLabel({ kind: "timeout", status: null, seconds: null })).toBe("timeout")
    expect(injectedExcerpt({ kind: "timeout", status: null, seconds: null })).toBe("moneta: injected timeout")
  })
})
