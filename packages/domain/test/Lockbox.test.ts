import { describe, expect } from "@effect/vitest"
import { Result } from "effect"
import * as fc from "fast-check"
import * as LockboxAddress from "../src/mail/LockboxAddress.js"
import * as LockboxRecipient from "../src/mail/LockboxRecipient.js"
import {
  activeLockboxAddressArbitrary,
  createdLockboxAddressArbitrary,
  createdLockboxRecipientArbitrary,
  createLockboxRecipientArbitrary,
  lockboxAddressCommandArbitrary,
  lockboxRecipientIdArbitrary,
  mailStopCodeArbitrary,
  timestampArbitrary,
  updateLockboxRecipientArbitrary
} from "../src/testing/Arbitraries.js"
import { prop } from "./support/Property.js"
import { errorPaths } from "./support/Violations.js"

const tooLongOrEmpty = fc.oneof(fc.constant(""), fc.integer({ min: 201, max: 300 }).map((length) => "y".repeat(length)))

describe("lockbox recipient bodies", () => {
  prop(
    "description and recipient_name are 1 to 200 characters, on create and update",
    [fc.constantFrom("description", "recipient_name"), tooLongOrEmpty],
    ([field, text]) => {
      const create = { account_id: "account_1", lockbox_address_id: "lockbox_address_1", [field]: text }
      expect(errorPaths(LockboxRecipient.CreateLockboxRecipient, create)).toContain(field)
      expect(errorPaths(LockboxRecipient.UpdateLockboxRecipient, { [field]: text })).toContain(field)
    }
  )

  prop(
    "account_id and lockbox_address_id are required",
    [fc.constantFrom("account_id", "lockbox_address_id")],
    ([field]) => {
      const body: Record<string, string> = { account_id: "account_1", lockbox_address_id: "lockbox_address_1" }
      delete body[field]
      expect(errorPaths(LockboxRecipient.CreateLockboxRecipient, body)).toContain(field)
    }
  )

  prop("status is active, disabled or canceled", [
    fc.string().filter((status) => !["active", "disabled", "canceled"].includes(status))
  ], ([status]) => {
    expect(errorPaths(LockboxRecipient.UpdateLockboxRecipient, { status })).toContain("status")
  })
})

describe("creating lockbox recipients", () => {
  prop(
    "needs an active address; the recipient starts active and emits lockbox.created",
    [
      lockboxRecipientIdArbitrary,
      timestampArbitrary,
      createLockboxRecipientArbitrary,
      activeLockboxAddressArbitrary,
      fc.constantFrom<LockboxAddress.LockboxAddressStatus>("pending", "active", "disabled", "canceled"),
      mailStopCodeArbitrary
    ],
    ([id, createdAt, body, activeAddress, status, mailStopCode]) => {
      const address = new LockboxAddress.LockboxAddress({ ...activeAddress, status })
      const result = LockboxRecipient.create({ id, createdAt, body, address, mailStopCode, idempotencyKey: null })
      if (status !== "active") {
        expect(Result.isFailure(result)).toBe(true)
        return
      }
      const { events, next } = Result.getOrThrow(result)
      expect(next.status).toBe("active")
      expect(next.lockbox_address_id).toBe(address.id)
      expect(events).toEqual([{
        category: "lockbox.created",
        associatedObjectType: "lockbox_recipient",
        associatedObjectId: id
      }])
    }
  )
})

// ---------------------------------------------------------------------------
// Recipient statuses against a plain model
// ---------------------------------------------------------------------------

interface RecipientModel {
  status: LockboxRecipient.LockboxRecipientStatus | null
  description: string | null
  recipientName: string | null
}

class UpdateRecipient implements fc.Command<RecipientModel, { recipient: LockboxRecipient.LockboxRecipient }> {
  constructor(readonly body: LockboxRecipient.UpdateLockboxRecipient) {}
  check = () => true
  run(model: RecipientModel, real: { recipient: LockboxRecipient.LockboxRecipient }) {
    const result = LockboxRecipient.update(real.recipient, this.body)
    if (model.status === "canceled") {
      expect(Result.isFailure(result)).toBe(true)
      return
    }
    const expected: RecipientModel = {
      status: this.body.status ?? model.status,
      description: this.body.description ?? model.description,
      recipientName: this.body.recipient_name ?? model.recipientName
    }
    const changed = expected.status !== model.status || expected.description !== model.description ||
      expected.recipientName !== model.recipientName
    const { events, next } = Result.getOrThrow(result)
    expect({ status: next.status, description: next.description, recipientName: next.recipient_name }).toEqual(expected)
    expect(events).toEqual(
      changed
        ? [{ category: "lockbox.updated", associatedObjectType: "lockbox_recipient", associatedObjectId: next.id }]
        : []
    )
    Object.assign(model, expected)
    real.recipient = next
  }
  toString = () => `Update(${JSON.stringify(this.body)})`
}

describe("lockbox recipient statuses", () => {
  prop(
    "active and disabled recipients take any update; canceled is terminal; a change emits lockbox.updated",
    [
      createdLockboxRecipientArbitrary,
      fc.commands([updateLockboxRecipientArbitrary.map((body) => new UpdateRecipient(body))], { maxCommands: 10 })
    ],
    ([recipient, commands]) => {
      const model: RecipientModel = {
        status: recipient.status,
        description: recipient.description,
        recipientName: recipient.recipient_name
      }
      fc.modelRun(() => ({ model, real: { recipient } }), commands)
    },
    { numRuns: 300 }
  )
})

// ---------------------------------------------------------------------------
// Address statuses against a plain model
// ---------------------------------------------------------------------------

type AddressStatus = LockboxAddress.LockboxAddressStatus

/** What a client may ask for, from each status (the service alone activates a pending address). */
const clientMoves: Readonly<Record<AddressStatus, ReadonlyArray<AddressStatus>>> = {
  pending: ["pending", "canceled"],
  active: ["active", "disabled", "canceled"],
  disabled: ["disabled", "active", "canceled"],
  canceled: []
}

interface AddressModel {
  status: AddressStatus
  description: string | null
  hasMailingAddress: boolean
}

class AddressCommand implements fc.Command<AddressModel, { address: LockboxAddress.LockboxAddress }> {
  constructor(readonly command: LockboxAddress.Command) {}
  check = () => true
  run(model: AddressModel, real: { address: LockboxAddress.LockboxAddress }) {
    const result = LockboxAddress.transition(real.address, this.command)
    const expected: AddressModel | undefined = this.command._tag === "Activate"
      ? model.status === "pending"
        ? { status: "active", description: model.description, hasMailingAddress: true }
        : undefined
      : clientMoves[model.status].includes(this.command.body.status ?? model.status)
      ? {
        ...model,
        status: this.command.body.status ?? model.status,
        description: this.command.body.description ?? model.description
      }
      : undefined
    if (expected === undefined) {
      expect(Result.isFailure(result)).toBe(true)
      return
    }
    const { events, next } = Result.getOrThrow(result)
    expect({ status: next.status, description: next.description, hasMailingAddress: next.address !== null }).toEqual(
      expected
    )
    const changed = expected.status !== model.status || expected.description !== model.description ||
      this.command._tag === "Activate"
    expect(events).toEqual(
      changed
        ? [{ category: "lockbox.updated", associatedObjectType: "lockbox_address", associatedObjectId: next.id }]
        : []
    )
    Object.assign(model, expected)
    real.address = next
  }
  toString = () => `${this.command._tag}(${JSON.stringify(this.command._tag === "Update" ? this.command.body : {})})`
}

describe("lockbox address statuses", () => {
  prop(
    "pending → active by the service only; active ⇄ disabled; canceled is terminal; a change emits lockbox.updated",
    [
      createdLockboxAddressArbitrary,
      fc.commands([lockboxAddressCommandArbitrary.map((command) => new AddressCommand(command))], { maxCommands: 10 })
    ],
    ([address, commands]) => {
      const model: AddressModel = {
        status: address.status,
        description: address.description,
        hasMailingAddress: address.address !== null
      }
      fc.modelRun(() => ({ model, real: { address } }), commands)
    },
    { numRuns: 300 }
  )
})
