/**
 * The check deposit lifecycle: create (its images checked), then random
 * sequences of the sandbox's submit / reject / return against a plain model of
 * the states Increase documents, with the money each step moves.
 */
import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import * as fc from "fast-check"
import { DeclinedTransactionId, FileId } from "../src/core/Ids.js"
import { CheckDepositImageInvalid, CheckDepositWrongStatus } from "../src/core/Refusals.js"
import * as CheckDeposit from "../src/mail/CheckDeposit.js"
import type { FilePurpose } from "../src/mail/File.js"
import {
  checkDepositIdArbitrary,
  createCheckDepositArbitrary,
  idempotencyKeyArbitrary,
  timestampArbitrary,
  transactionIdArbitrary
} from "../src/testing/Arbitraries.js"
import { prop } from "./support/Property.js"

type Status = CheckDeposit.CheckDepositStatus

const declinedTransactionIdArbitrary = fc
  .stringMatching(/^[a-z0-9]{20}$/)
  .map((text) => DeclinedTransactionId.make(`declined_transaction_${text}`))

const creationArbitrary: fc.Arbitrary<CheckDeposit.CreateInput> = fc
  .record({
    id: checkDepositIdArbitrary,
    createdAt: timestampArbitrary,
    body: createCheckDepositArbitrary,
    idempotencyKey: idempotencyKeyArbitrary
  })
  .map((generated) => ({
    ...generated,
    frontImage: { id: generated.body.front_image_file_id, purpose: "check_image_front" },
    backImage: { id: generated.body.back_image_file_id, purpose: "check_image_back" }
  }))

const commandArbitrary: fc.Arbitrary<CheckDeposit.Command> = fc.oneof(
  fc
    .record({
      at: timestampArbitrary,
      transactionId: transactionIdArbitrary,
      scan: fc.option(
        fc.record({
          account_number: fc.stringMatching(/^\d{4,17}$/),
          routing_number: fc.constant("021000021"),
          serial_number: fc.stringMatching(/^\d{1,10}$/)
        }),
        { nil: null }
      )
    })
    .map(CheckDeposit.Command.Submit),
  fc.record({ at: timestampArbitrary, declinedTransactionId: declinedTransactionIdArbitrary }).map(
    CheckDeposit.Command.Reject
  ),
  fc.record({ at: timestampArbitrary, transactionId: transactionIdArbitrary }).map(CheckDeposit.Command.Return)
)

describe("creating a check deposit", () => {
  prop("starts pending, with no money moved, and emits check_deposit.created", [creationArbitrary], ([input]) => {
    const { declined, effects, events, next } = Result.getOrThrow(CheckDeposit.create(input))
    expect(next).toMatchObject({
      status: "pending",
      amount: input.body.amount,
      account_id: input.body.account_id,
      front_image_file_id: input.body.front_image_file_id,
      back_image_file_id: input.body.back_image_file_id,
      description: input.body.description ?? null,
      idempotency_key: input.idempotencyKey,
      transaction_id: null,
      deposit_acceptance: null,
      deposit_submission: null,
      inbound_mail_item_id: null
    })
    expect(effects).toEqual([])
    expect(declined).toEqual([])
    expect(events).toEqual([{
      category: "check_deposit.created",
      associatedObjectType: "check_deposit",
      associatedObjectId: input.id
    }])
  })

  const otherPurpose = (side: FilePurpose) =>
    fc.constantFrom<FilePurpose>("identity_document", "other", "check_image_front", "check_image_back")
      .filter((purpose) => purpose !== side)

  prop("an image of another purpose is refused (400), naming each side at fault", [
    creationArbitrary,
    fc.option(otherPurpose("check_image_front"), { nil: null }),
    fc.option(otherPurpose("check_image_back"), { nil: null })
  ], ([input, front, back]) => {
    fc.pre(front !== null || back !== null)
    const result = CheckDeposit.create({
      ...input,
      frontImage: { ...input.frontImage, purpose: front ?? "check_image_front" },
      backImage: { ...input.backImage, purpose: back ?? "check_image_back" }
    })
    const failure = Result.getFailure(result)
    expect(failure._tag).toBe("Some")
    if (failure._tag !== "Some") return
    expect(failure.value).toBeInstanceOf(CheckDepositImageInvalid)
    const fields = failure.value.errors.map((error) => error.field)
    expect(fields).toEqual([
      ...(front === null ? [] : ["front_image_file_id"]),
      ...(back === null ? [] : ["back_image_file_id"])
    ])
  })

  it("the front and back must not be swapped", () => {
    const front = FileId.make("file_front")
    const back = FileId.make("file_back")
    const result = CheckDeposit.checkImages({
      frontImage: { id: back, purpose: "check_image_back" },
      backImage: { id: front, purpose: "check_image_front" }
    })
    expect(Result.isFailure(result)).toBe(true)
  })
})

// ---------------------------------------------------------------------------
// The lifecycle, against a plain model
// ---------------------------------------------------------------------------

/** Increase's simulations written as a table, independently of the module. */
const modelNext: Readonly<Record<CheckDeposit.CommandTag, Partial<Record<Status, Status>>>> = {
  Submit: { pending: "submitted" },
  Reject: { pending: "rejected" },
  Return: { submitted: "returned" }
}

interface Model {
  status: Status
  /** What the deposit has added to the account's balance. */
  credited: number
  declined: number
  readonly amount: number
}

interface Real {
  deposit: CheckDeposit.CheckDeposit
  posted: number
  declined: number
}

class DepositCommand implements fc.Command<Model, Real> {
  constructor(readonly command: CheckDeposit.Command) {}
  check = () => true
  run(model: Model, real: Real) {
    const before = real.deposit
    const result = CheckDeposit.transition(before, this.command)
    const expected = modelNext[this.command._tag][model.status]
    if (expected === undefined) {
      const failure = Result.getFailure(result)
      expect(failure._tag === "Some" && failure.value instanceof CheckDepositWrongStatus).toBe(true)
      return
    }
    const { declined, effects, events, next } = Result.getOrThrow(result)
    expect(next.status).toBe(expected)
    expect(events[0]).toEqual({
      category: "check_deposit.updated",
      associatedObjectType: "check_deposit",
      associatedObjectId: before.id
    })
    for (const effect of effects) real.posted += effect.amount
    real.declined += declined.length
    real.deposit = next
    model.status = expected
    switch (this.command._tag) {
      case "Submit": {
        model.credited += model.amount
        const scan = this.command.scan
        expect(next.transaction_id).toBe(this.command.transactionId)
        expect(next.deposit_submission?.submitted_at).toEqual(this.command.at)
        expect(next.deposit_acceptance).toMatchObject({
          amount: model.amount,
          check_deposit_id: before.id,
          account_number: scan?.account_number ?? CheckDeposit.sandboxPayerAccountNumber,
          serial_number: scan?.serial_number ?? null
        })
        expect(effects).toMatchObject([{ source: { category: "check_deposit_acceptance" } }])
        break
      }
      case "Reject":
        model.declined += 1
        expect(next.deposit_rejection).toMatchObject({
          amount: model.amount,
          declined_transaction_id: this.command.declinedTransactionId,
          reason: CheckDeposit.sandboxRejectionReason
        })
        expect(declined).toMatchObject([{
          id: this.command.declinedTransactionId,
          amount: model.amount,
          source: { category: "check_deposit_rejection", check_deposit_rejection: next.deposit_rejection }
        }])
        expect(events.map((event) => event.category)).toEqual([
          "check_deposit.updated",
          "declined_transaction.created"
        ])
        break
      case "Return":
        model.credited -= model.amount
        expect(next.deposit_return).toMatchObject({
          amount: model.amount,
          transaction_id: this.command.transactionId,
          return_reason: CheckDeposit.sandboxReturnReason
        })
        // The acceptance's Transaction stays; the return is a Transaction of its own.
        expect(next.transaction_id).toBe(before.transaction_id)
        expect(effects).toMatchObject([{
          amount: -model.amount,
          requiresAvailableBalance: false,
          source: { category: "check_deposit_return", check_deposit_return: next.deposit_return }
        }])
        break
    }
    expect(real.posted).toBe(model.credited)
    expect(real.declined).toBe(model.declined)
  }
  toString = () => this.command._tag
}

describe("check deposit lifecycle", () => {
  prop(
    "only Increase's steps are accepted (409 otherwise), each emits check_deposit.updated and moves the right money",
    [
      creationArbitrary,
      fc.commands([commandArbitrary.map((command) => new DepositCommand(command))], {
        maxCommands: 8
      })
    ],
    ([input, commands]) => {
      const created = Result.getOrThrow(CheckDeposit.create(input))
      const model: Model = { status: "pending", credited: 0, declined: 0, amount: input.body.amount }
      fc.modelRun(() => ({ model, real: { deposit: created.next, posted: 0, declined: 0 } }), commands)
    },
    { numRuns: 300 }
  )

  prop("terminal statuses refuse every step", [
    creationArbitrary,
    fc.constantFrom(...CheckDeposit.terminalStatuses),
    commandArbitrary
  ], ([input, status, command]) => {
    const created = Result.getOrThrow(CheckDeposit.create(input)).next
    const terminal = new CheckDeposit.CheckDeposit({ ...created, status })
    const result = CheckDeposit.transition(terminal, command)
    expect(Result.getFailure(result).pipe((failure) => failure._tag === "Some" && failure.value.detail)).toContain(
      `its status is ${status}`
    )
  })
})
