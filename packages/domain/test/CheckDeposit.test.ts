/**
 * The check deposit lifecycle: create (its images checked), then random
 * sequences of the sandbox's submit / reject / return / adjustment / hold
 * release against a plain model of the states Increase documents, with the
 * money each step posts and holds.
 */
import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import * as fc from "fast-check"
import { InvalidParametersError } from "../src/core/Errors.js"
import { DeclinedTransactionId, FileId, PendingTransactionId, type TransactionId } from "../src/core/Ids.js"
import { CheckDepositImageInvalid, CheckDepositWrongStatus } from "../src/core/Refusals.js"
import * as CheckDeposit from "../src/mail/CheckDeposit.js"
import type { FilePurpose } from "../src/mail/File.js"
import * as Ledger from "../src/money/Ledger.js"
import { PendingTransaction } from "../src/money/PendingTransaction.js"
import { Transaction } from "../src/money/Transaction.js"
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

/** A small pool, so that a release sometimes names the hold a submit opened and sometimes another. */
const holdIdArbitrary = fc.constantFrom(
  PendingTransactionId.make("pending_transaction_hold00000000000001"),
  PendingTransactionId.make("pending_transaction_hold00000000000002")
)

const commandArbitrary: fc.Arbitrary<CheckDeposit.Command> = fc.oneof(
  fc
    .record({
      at: timestampArbitrary,
      transactionId: transactionIdArbitrary,
      holdId: holdIdArbitrary,
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
  fc.record({ at: timestampArbitrary, transactionId: transactionIdArbitrary }).map(CheckDeposit.Command.Return),
  fc
    .record({
      at: timestampArbitrary,
      transactionId: transactionIdArbitrary,
      amount: fc.option(fc.oneof(fc.constant(0), fc.integer({ min: -2_000_000, max: 2_000_000 })), { nil: undefined }),
      reason: fc.option(
        fc.constantFrom<CheckDeposit.AdjustmentReason>(
          "late_return",
          "wrong_payee_credit",
          "adjusted_amount",
          "non_conforming_item",
          "paid"
        ),
        { nil: undefined }
      )
    })
    .map(CheckDeposit.Command.Adjust),
  fc.record({ at: timestampArbitrary, holdId: holdIdArbitrary }).map(CheckDeposit.Command.ReleaseHold)
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
  Return: { submitted: "returned" },
  Adjust: { submitted: "submitted" },
  ReleaseHold: { submitted: "submitted" }
}

/** The adjustment reasons a Check Deposit's `deposit_adjustments` carry (the SDK's type). */
const depositAdjustmentReasons: ReadonlyArray<string> = ["adjusted_amount", "non_conforming_item", "paid"]

interface Model {
  status: Status
  /** What the deposit has added to the account's current balance. */
  credited: number
  /** What its hold keeps off the available balance (0 when none is held). */
  held: number
  /** The hold's Pending Transaction, once submitted. */
  holdId: PendingTransactionId | null
  adjustments: number
  declined: number
  readonly amount: number
}

interface Real {
  deposit: CheckDeposit.CheckDeposit
  posted: number
  held: number
  /** The amounts of the holds the steps opened, to undo when one is completed. */
  holds: Map<PendingTransactionId, number>
  declined: number
}

/** The refusal a step gets when the status allows it (the model's rules beyond the status table). */
const refusalOf = (model: Model, command: CheckDeposit.Command) => {
  if (command._tag === "Adjust") {
    if (command.reason !== undefined && !depositAdjustmentReasons.includes(command.reason)) return "reason"
    if (command.amount === 0) return "amount"
  }
  if (command._tag === "ReleaseHold" && (model.holdId !== command.holdId || model.held === 0)) return "hold"
  return null
}

class DepositCommand implements fc.Command<Model, Real> {
  constructor(readonly command: CheckDeposit.Command) {}
  check = () => true
  run(model: Model, real: Real) {
    const before = real.deposit
    const result = CheckDeposit.transition(before, this.command)
    const expected = modelNext[this.command._tag][model.status]
    const failure = Result.getFailure(result)
    if (expected === undefined) {
      expect(failure._tag === "Some" && failure.value instanceof CheckDepositWrongStatus).toBe(true)
      return
    }
    const refusal = refusalOf(model, this.command)
    if (refusal !== null) {
      expect(failure._tag).toBe("Some")
      if (failure._tag !== "Some") return
      if (refusal === "hold") expect(failure.value).toBeInstanceOf(CheckDepositWrongStatus)
      else {
        expect(failure.value).toBeInstanceOf(InvalidParametersError)
        expect(failure.value instanceof InvalidParametersError && failure.value.errors[0]?.field).toBe(refusal)
      }
      return
    }
    const { declined, effects, events, next } = Result.getOrThrow(result)
    expect(next.status).toBe(expected)
    expect(events[0]).toEqual({
      category: "check_deposit.updated",
      associatedObjectType: "check_deposit",
      associatedObjectId: before.id
    })
    for (const effect of effects) {
      switch (effect.kind) {
        case "post_transaction":
          real.posted += effect.amount
          break
        case "create_pending_transaction":
          real.held -= effect.amount
          real.holds.set(effect.pendingTransactionId, -effect.amount)
          break
        case "complete_pending_transaction":
          real.held -= real.holds.get(effect.pendingTransactionId) ?? Number.NaN
          expect(effect.source).toMatchObject({
            inbound_funds_hold: { status: "complete", released_at: this.command.at }
          })
          break
        case "revise_pending_transaction":
          throw new Error("a check deposit revises no hold")
      }
    }
    real.declined += declined.length
    real.deposit = next
    model.status = expected
    switch (this.command._tag) {
      case "Submit": {
        model.credited += model.amount
        model.held = model.amount
        model.holdId = this.command.holdId
        expect(next.inbound_funds_hold).toMatchObject({
          amount: model.amount,
          status: "held",
          held_transaction_id: this.command.transactionId,
          pending_transaction_id: this.command.holdId,
          created_at: this.command.at,
          released_at: null
        })
        const scan = this.command.scan
        expect(next.transaction_id).toBe(this.command.transactionId)
        expect(next.deposit_submission?.submitted_at).toEqual(this.command.at)
        expect(next.deposit_acceptance).toMatchObject({
          amount: model.amount,
          check_deposit_id: before.id,
          account_number: scan?.account_number ?? CheckDeposit.sandboxPayerAccountNumber,
          serial_number: scan?.serial_number ?? null
        })
        expect(effects).toMatchObject([
          { source: { category: "check_deposit_acceptance" } },
          {
            amount: -model.amount,
            source: { category: "inbound_funds_hold", inbound_funds_hold: next.inbound_funds_hold }
          }
        ])
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
        model.held = 0
        expect(next.deposit_return).toMatchObject({
          amount: model.amount,
          transaction_id: this.command.transactionId,
          return_reason: CheckDeposit.sandboxReturnReason
        })
        // The acceptance's Transaction stays; the return is a Transaction of its own.
        expect(next.transaction_id).toBe(before.transaction_id)
        expect(effects.at(-1)).toMatchObject({
          amount: -model.amount,
          requiresAvailableBalance: false,
          source: { category: "check_deposit_return", check_deposit_return: next.deposit_return }
        })
        expect(next.inbound_funds_hold?.status).toBe("complete")
        break
      case "Adjust": {
        const amount = this.command.amount ?? -model.amount
        model.credited += amount
        model.adjustments += 1
        expect(next.deposit_adjustments.at(-1)).toEqual({
          adjusted_at: this.command.at,
          amount,
          reason: this.command.reason ?? CheckDeposit.sandboxAdjustmentReason,
          transaction_id: this.command.transactionId
        })
        expect(effects).toMatchObject([{
          amount,
          transactionId: this.command.transactionId,
          requiresAvailableBalance: false,
          source: {
            category: "inbound_check_adjustment",
            inbound_check_adjustment: { adjusted_transaction_id: before.transaction_id, amount }
          }
        }])
        expect(next.inbound_funds_hold).toEqual(before.inbound_funds_hold)
        break
      }
      case "ReleaseHold":
        model.held = 0
        expect(next.inbound_funds_hold).toMatchObject({ status: "complete", released_at: this.command.at })
        break
    }
    expect(next.deposit_adjustments).toHaveLength(model.adjustments)
    expect(real.held).toBe(model.held)
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
      const model: Model = {
        status: "pending",
        credited: 0,
        held: 0,
        holdId: null,
        adjustments: 0,
        declined: 0,
        amount: input.body.amount
      }
      fc.modelRun(
        () => ({ model, real: { deposit: created.next, posted: 0, held: 0, holds: new Map(), declined: 0 } }),
        commands
      )
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

describe("the deposit an inbound funds hold holds the funds of", () => {
  const submitted = (input: CheckDeposit.CreateInput, holdId: PendingTransactionId, transactionId: TransactionId) =>
    Result.getOrThrow(
      CheckDeposit.transition(
        Result.getOrThrow(CheckDeposit.create(input)).next,
        CheckDeposit.Command.Submit({ at: input.createdAt, transactionId, scan: null, holdId })
      )
    )

  prop("is found from the hold's Pending Transaction and its credit; any other hold is refused (409)", [
    creationArbitrary,
    holdIdArbitrary,
    transactionIdArbitrary
  ], ([input, holdId, transactionId]) => {
    const step = submitted(input, holdId, transactionId)
    const [posting, holding] = step.effects
    if (posting?.kind !== "post_transaction" || holding?.kind !== "create_pending_transaction") {
      throw new Error("submit posts a credit and opens a hold")
    }
    const credit = Ledger.transactionOf(posting, input.createdAt)
    const hold = Ledger.holdOf(holding, input.createdAt)
    expect(CheckDeposit.heldTransactionOf(hold)).toEqual(Result.succeed(transactionId))
    expect(CheckDeposit.depositCreditedBy(hold, credit)).toEqual(Result.succeed(input.id))
    const userHold = new PendingTransaction({
      ...hold,
      source: { category: "user_initiated_hold", user_initiated_hold: {} }
    })
    expect(Result.getFailure(CheckDeposit.heldTransactionOf(userHold)).pipe((failure) => failure._tag)).toBe("Some")
    const notACheck = new Transaction({
      ...credit,
      source: {
        category: "interest_payment",
        interest_payment: {
          accrued_on_account_id: credit.account_id,
          amount: 1,
          currency: "USD",
          period_end: input.createdAt,
          period_start: input.createdAt
        }
      }
    })
    expect(Result.isFailure(CheckDeposit.depositCreditedBy(hold, notACheck))).toBe(true)
  })
})
