/**
 * The rules of the sandbox's and control plane's writes (issue 29): the
 * defaults of a new group and API key, what a server's first run does, who
 * may save snapshots and inject webhook faults, and the interest payment and
 * wire network formats of the simulations.
 */
import { describe, expect, it } from "@effect/vitest"
import { DateTime, Option, Result } from "effect"
import * as fc from "fast-check"
import { InsufficientPermissionsError } from "../src/core/Errors.js"
import { ApiKeyId, GroupId } from "../src/core/Ids.js"
import * as WebhookFault from "../src/events/WebhookFault.js"
import { transactionOf } from "../src/money/Ledger.js"
import * as ControlPlane from "../src/sandbox/ControlPlane.js"
import * as SandboxState from "../src/sandbox/SandboxState.js"
import * as Simulations from "../src/sandbox/Simulations.js"
import {
  simulateInterestPaymentArbitrary,
  timestampArbitrary,
  transactionIdArbitrary
} from "../src/testing/Arbitraries.js"
import { prop } from "./support/Property.js"

const environment = fc.constantFrom("sandbox" as const, "live" as const)
const at = DateTime.makeUnsafe("2026-11-27T10:00:00Z")
const name = fc.string({ minLength: 1, maxLength: 200 })

describe("the control plane's new objects", () => {
  prop("a group is named by its body, else the default name", [fc.option(name, { nil: undefined })], ([given]) => {
    const group = ControlPlane.newGroup({
      id: GroupId.make("group_1"),
      body: given === undefined ? {} : { name: given },
      createdAt: at
    })
    expect(group).toEqual({ id: "group_1", name: given ?? ControlPlane.defaultGroupName, createdAt: at })
  })

  prop(
    "a key is active, of its body's group and environment, shown by its prefix and stored by its hash",
    [environment, fc.option(name, { nil: undefined })],
    ([environment, given]) => {
      const secret = `moneta_${environment}_AbCdEfGhIjKlMnOp`
      const { created, stored } = ControlPlane.newApiKey({
        id: ApiKeyId.make("api_key_1"),
        body: { group_id: GroupId.make("group_1"), environment, ...(given === undefined ? {} : { name: given }) },
        secret,
        hash: "hash",
        createdAt: at
      })
      expect(stored).toEqual({
        id: "api_key_1",
        groupId: "group_1",
        environment,
        name: given ?? null,
        prefix: `moneta_${environment}_AbCd`,
        hash: "hash",
        createdAt: at,
        revokedAt: null
      })
      expect(created.secret).toBe(secret)
      expect(created.status).toBe("active")
      expect(created.prefix).toBe(stored.prefix)
    }
  )

  prop(
    "a first run creates the group only on a fresh database, and seeds only a fresh sandbox",
    [fc.option(fc.constant(GroupId.make("group_old")), { nil: undefined }), environment],
    ([existing, environment]) => {
      const run = ControlPlane.firstRun({
        existingGroup: Option.fromNullishOr(existing),
        newGroupId: GroupId.make("group_new"),
        environment
      })
      expect(run).toEqual({
        groupId: existing ?? "group_new",
        createsGroup: existing === undefined,
        seeds: existing === undefined && environment === "sandbox"
      })
    }
  )
})

describe("sandbox-only operations", () => {
  prop("snapshots and webhook faults are for a sandbox key only", [environment], ([environment]) => {
    for (
      const [rule, detail] of [
        [SandboxState.sandboxOnly, SandboxState.liveKeyRefused],
        [WebhookFault.sandboxOnly, WebhookFault.liveKeyRefused]
      ] as const
    ) {
      const decided = rule(environment)
      if (environment === "sandbox") expect(Result.isSuccess(decided)).toBe(true)
      else expect(decided).toEqual(Result.fail(new InsufficientPermissionsError({ detail })))
    }
  })

  prop(
    "a snapshot is saved below the cap, or under a name in use",
    [
      fc.uniqueArray(fc.stringMatching(/^[a-z]{1,3}$/), { maxLength: SandboxState.maxSnapshots + 2 }),
      fc.stringMatching(/^[a-z]{1,3}$/)
    ],
    ([existing, saved]) => {
      const allowed = existing.includes(saved) || existing.length < SandboxState.maxSnapshots
      expect(Result.isSuccess(SandboxState.saveAllowed(existing, saved))).toBe(allowed)
    }
  )

  prop(
    "a fault is added below the cap, with its kind's fields and one delivery by default",
    [
      fc.nat(WebhookFault.maxPendingFaults + 3),
      fc.option(fc.integer({ min: 1, max: WebhookFault.maxFaultCount }), { nil: undefined })
    ],
    ([pending, count]) => {
      const request: WebhookFault.CreateWebhookFault = count === undefined
        ? { kind: "status", status: 503 }
        : { kind: "status", status: 503, count }
      const decided = WebhookFault.add(pending, request)
      expect(Result.isSuccess(decided)).toBe(pending < WebhookFault.maxPendingFaults)
      if (Result.isSuccess(decided)) {
        expect(decided.success).toEqual({ kind: "status", status: 503, seconds: null, count: count ?? 1 })
      }
    }
  )
})

describe("the sandbox's simulations", () => {
  prop(
    "an interest payment posts one credit of its amount, which needs no available balance",
    [simulateInterestPaymentArbitrary, transactionIdArbitrary, timestampArbitrary],
    ([body, transactionId, createdAt]) => {
      const posting = Simulations.interestPayment({ body, transactionId, createdAt })
      expect(posting.requiresAvailableBalance).toBe(false)
      const transaction = transactionOf(posting, createdAt)
      expect(transaction.id).toBe(transactionId)
      expect(transaction.account_id).toBe(body.account_id)
      expect(transaction.amount).toBe(body.amount)
      expect(transaction.description).toBe("Interest payment")
      expect(transaction.source.category).toBe("interest_payment")
    }
  )

  it("a reversal's sequence number is the network sequence's last six digits, zero-padded", () => {
    expect(Simulations.wireReversalSequenceNumber("42")).toBe("000042")
    expect(Simulations.wireReversalSequenceNumber("1234567")).toBe("234567")
  })

  prop(
    "an end-to-end reference is a version 4 UUID of the drawn bytes",
    [fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 16, maxLength: 16 })],
    ([bytes]) => {
      const uuid = Simulations.uuidOf(bytes)
      expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
      expect(uuid.replaceAll("-", "").slice(0, 12)).toBe(
        bytes.slice(0, 6).map((byte) => byte.toString(16).padStart(2, "0")).join("")
      )
    }
  )
})
