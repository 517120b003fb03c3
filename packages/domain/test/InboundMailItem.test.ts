import { describe, expect, it } from "@effect/vitest"
import { Result, Schema } from "effect"
import * as fc from "fast-check"
import { InboundMailItemChecksMismatch, InboundMailItemNotPending } from "../src/core/Refusals.js"
import * as InboundMailItem from "../src/mail/InboundMailItem.js"
import * as LockboxAddress from "../src/mail/LockboxAddress.js"
import * as LockboxRecipient from "../src/mail/LockboxRecipient.js"
import * as Simulations from "../src/sandbox/Simulations.js"
import {
  actionInboundMailItemArbitrary,
  actionInboundMailItemArbitraryFor,
  activeLockboxAddressArbitrary,
  checkDepositIdArbitrary,
  createdLockboxRecipientArbitrary,
  fileIdArbitrary,
  inboundMailItemIdArbitrary,
  pendingInboundMailItemArbitrary,
  positiveAmountArbitrary,
  simulateInboundMailItemArbitrary,
  timestampArbitrary
} from "../src/testing/Arbitraries.js"
import { prop } from "./support/Property.js"
import { errorPaths, toJsonObject } from "./support/Violations.js"

// ---------------------------------------------------------------------------
// Bodies
// ---------------------------------------------------------------------------

describe("inbound mail item action body", () => {
  prop("a deposit without account_id is reported at checks.<i>.account_id", [
    actionInboundMailItemArbitrary,
    fc.nat()
  ], ([body, position]) => {
    const index = position % body.checks.length
    const broken = toJsonObject(Schema.encodeSync(InboundMailItem.ActionInboundMailItem)(body))
    const checks = body.checks.map((
      check,
      at
    ) => (at === index ? { action: "deposit" } : Schema.encodeSync(InboundMailItem.CheckAction)(check)))
    expect(errorPaths(InboundMailItem.ActionInboundMailItem, { ...broken, checks })).toContain(
      `checks.${index}.account_id`
    )
  })

  prop("an ignore with an account_id is reported at checks.<i>.account_id", [
    actionInboundMailItemArbitrary,
    fc.nat()
  ], ([body, position]) => {
    const index = position % body.checks.length
    const checks = body.checks.map((check, at) =>
      at === index
        ? { action: "ignore", account_id: "account_1" }
        : Schema.encodeSync(InboundMailItem.CheckAction)(check)
    )
    expect(errorPaths(InboundMailItem.ActionInboundMailItem, { checks })).toContain(`checks.${index}.account_id`)
  })

  prop("an unknown action is reported at checks.<i>.action", [
    fc.string().filter((action) => action !== "deposit" && action !== "ignore")
  ], ([action]) => {
    expect(errorPaths(InboundMailItem.ActionInboundMailItem, { checks: [{ action }] })).toContain("checks.0.action")
  })

  it("checks is required and not empty", () => {
    expect(errorPaths(InboundMailItem.ActionInboundMailItem, {})).toContain("checks")
    expect(errorPaths(InboundMailItem.ActionInboundMailItem, { checks: [] })).toContain("checks")
  })
})

describe("inbound mail simulation body", () => {
  prop("valid bodies name exactly one lockbox id", [simulateInboundMailItemArbitrary], ([body]) => {
    expect((body.lockbox_address_id === undefined) !== (body.lockbox_recipient_id === undefined)).toBe(true)
  })

  prop(
    "both or neither lockbox id is reported at the lockbox id",
    [positiveAmountArbitrary, fc.boolean()],
    ([amount, both]) => {
      const body = both
        ? { amount, lockbox_address_id: "lockbox_address_1", lockbox_recipient_id: "lockbox_recipient_1" }
        : { amount }
      expect(errorPaths(Simulations.SimulateInboundMailItem, body)).toContain("lockbox_address_id")
    }
  )

  prop(
    "amount is a positive integer",
    [fc.oneof(fc.integer({ max: 0 }), fc.constant(1.5), fc.constant("5"))],
    ([amount]) => {
      expect(errorPaths(Simulations.SimulateInboundMailItem, { amount, lockbox_address_id: "lockbox_address_1" }))
        .toContain("amount")
    }
  )
})

// ---------------------------------------------------------------------------
// Receiving mail
// ---------------------------------------------------------------------------

const addressInStatus = fc
  .tuple(
    activeLockboxAddressArbitrary,
    fc.constantFrom<LockboxAddress.LockboxAddressStatus>("pending", "active", "disabled", "canceled")
  )
  .map(([address, status]) => new LockboxAddress.LockboxAddress({ ...address, status }))

const recipientInStatus = fc
  .tuple(
    createdLockboxRecipientArbitrary,
    fc.constantFrom<LockboxRecipient.LockboxRecipientStatus>("active", "disabled", "canceled")
  )
  .map(([recipient, status]) => new LockboxRecipient.LockboxRecipient({ ...recipient, status }))

const receivedCheck = fc.record({
  amount: positiveAmountArbitrary,
  frontFileId: fc.option(fileIdArbitrary, { nil: null }),
  backFileId: fc.option(fileIdArbitrary, { nil: null }),
  checkDepositId: checkDepositIdArbitrary
})

describe("the sandbox's rejection amounts", () => {
  it("each reason the lockboxes' state cannot reach has its own amount, and those amounts only", () => {
    for (const reason of InboundMailItem.SandboxRejectionReason.literals) {
      expect(InboundMailItem.sandboxRejectionOf(InboundMailItem.sandboxRejectionAmounts[reason])).toBe(reason)
    }
  })

  prop("any other amount is received as it is", [positiveAmountArbitrary], ([amount]) => {
    fc.pre(!Object.values(InboundMailItem.sandboxRejectionAmounts).includes(amount))
    expect(InboundMailItem.sandboxRejectionOf(amount)).toBeNull()
  })
})

describe("receiving mail", () => {
  prop(
    "an active recipient's checks are deposited at once; an address's wait; inactive lockboxes and the sandbox's amounts reject",
    [
      inboundMailItemIdArbitrary,
      timestampArbitrary,
      fileIdArbitrary,
      fc.array(receivedCheck, { maxLength: 3 }),
      addressInStatus,
      fc.option(recipientInStatus, { nil: null }),
      fc.option(fc.constantFrom(...InboundMailItem.SandboxRejectionReason.literals), { nil: null, freq: 3 })
    ],
    ([id, createdAt, fileId, checks, address, recipient, sandboxRejection]) => {
      const { effects, events, next } = InboundMailItem.receive({
        id,
        createdAt,
        fileId,
        checks,
        address,
        recipient,
        sandboxRejection
      })
      expect(events).toEqual([{
        category: "inbound_mail_item.created",
        associatedObjectType: "inbound_mail_item",
        associatedObjectId: id
      }])
      const expectedReason = sandboxRejection !== null
        ? sandboxRejection
        : checks.length === 0
        ? "no_check"
        : address.status !== "active"
        ? "lockbox_address_not_active"
        : recipient !== null && recipient.status !== "active"
        ? "lockbox_recipient_not_active"
        : null
      expect(next.rejection_reason).toBe(expectedReason)
      expect(next.checks).toHaveLength(expectedReason === "no_check" ? 0 : checks.length)
      expect(next.lockbox_recipient_id).toBe(expectedReason === "no_matching_lockbox" ? null : recipient?.id ?? null)
      if (expectedReason !== null) {
        expect(next.status).toBe("rejected")
        expect(effects).toEqual([])
      } else if (recipient !== null) {
        expect(next.status).toBe("processed")
        expect(next.checks.every((check) => check.status === "deposited" && check.check_deposit_id !== null)).toBe(true)
        expect(effects.map((effect) => [effect.accountId, effect.amount])).toEqual(
          checks.map((check) => [recipient.account_id, check.amount])
        )
      } else {
        expect(next.status).toBe("pending")
        expect(next.checks.every((check) => check.status === "pending" && check.check_deposit_id === null)).toBe(true)
        expect(effects).toEqual([])
      }
    }
  )
})

// ---------------------------------------------------------------------------
// Actioning, against a plain model
// ---------------------------------------------------------------------------

interface Model {
  status: InboundMailItem.InboundMailItemStatus
  readonly checkCount: number
}

interface Real {
  item: InboundMailItem.InboundMailItem
}

class Action implements fc.Command<Model, Real> {
  constructor(
    readonly body: InboundMailItem.ActionInboundMailItem,
    readonly checkDepositIds: ReadonlyArray<InboundMailItem.DepositCheck["checkDepositId"]>
  ) {}
  check = () => true
  run(model: Model, real: Real) {
    const result = InboundMailItem.action(real.item, { body: this.body, checkDepositIds: this.checkDepositIds })
    if (model.status !== "pending") {
      expect(
        Result.getFailure(result).pipe((failure) =>
          failure._tag === "Some" && failure.value instanceof InboundMailItemNotPending
        )
      )
        .toBe(true)
      return
    }
    if (this.body.checks.length !== model.checkCount) {
      const error = Result.getFailure(result)
      expect(
        error._tag === "Some" && error.value instanceof InboundMailItemChecksMismatch && error.value.errors[0]?.field
      )
        .toBe("checks")
      return
    }
    const { effects, events, next } = Result.getOrThrow(result)
    expect(next.status).toBe("processed")
    expect(events).toEqual([{
      category: "inbound_mail_item.updated",
      associatedObjectType: "inbound_mail_item",
      associatedObjectId: real.item.id
    }])
    this.body.checks.forEach((requested, index) => {
      const check = next.checks[index]
      expect(check?.status).toBe(requested.action === "deposit" ? "deposited" : "ignored")
      expect(check?.check_deposit_id).toBe(requested.action === "deposit" ? this.checkDepositIds[index] : null)
      expect(check?.amount).toBe(real.item.checks[index]?.amount)
    })
    const deposits = this.body.checks.flatMap((requested, index) =>
      requested.action === "deposit"
        ? [{ accountId: requested.account_id, amount: real.item.checks[index]?.amount }]
        : []
    )
    expect(effects.map(({ accountId, amount }) => ({ accountId, amount }))).toEqual(deposits)
    model.status = "processed"
    real.item = next
  }
  toString = () => `Action(${this.body.checks.map((check) => check.action).join(",")})`
}

const actionCommand = fc
  .integer({ min: 1, max: 5 })
  .chain((count) =>
    fc.tuple(
      actionInboundMailItemArbitraryFor(count),
      fc.array(checkDepositIdArbitrary, { minLength: 5, maxLength: 5 })
    )
  )
  .map(([body, ids]) => new Action(body, ids))

describe("actioning inbound mail items", () => {
  prop(
    "only a pending item is actioned, once, with one entry per check; processed and rejected items stay so",
    [pendingInboundMailItemArbitrary, fc.commands([actionCommand], { maxCommands: 6 })],
    ([item, commands]) => {
      fc.modelRun(() => ({ model: { status: item.status, checkCount: item.checks.length }, real: { item } }), commands)
    },
    { numRuns: 300 }
  )

  prop("a rejected item refuses every action", [
    pendingInboundMailItemArbitrary,
    actionInboundMailItemArbitrary,
    fc.array(checkDepositIdArbitrary, { minLength: 5, maxLength: 5 })
  ], ([item, body, checkDepositIds]) => {
    const rejected = new InboundMailItem.InboundMailItem({
      ...item,
      status: "rejected",
      rejection_reason: "lockbox_address_not_active"
    })
    expect(Result.isFailure(InboundMailItem.action(rejected, { body, checkDepositIds }))).toBe(true)
  })
})
