import { describe, expect, it } from "@effect/vitest"
import { DateTime, Result, Schema } from "effect"
import * as fc from "fast-check"
import * as ExternalAccount from "../src/accounts/ExternalAccount.js"
import * as RoutingNumber from "../src/accounts/RoutingNumber.js"
import { TransactionId } from "../src/core/Ids.js"
import { WireTransferWrongStatus } from "../src/core/Refusals.js"
import type { MoneyEffect } from "../src/money/MoneyEffect.js"
import {
  createdWireTransferArbitrary,
  createWireTransferArbitrary,
  wireTransferCommandArbitrary,
  wireTransferCreationArbitrary
} from "../src/testing/Arbitraries.js"
import * as WireTransfer from "../src/wires/WireTransfer.js"
import { prop } from "./support/Property.js"
import { errorPaths, type JsonObject, objectAt, toJsonObject, type Violation } from "./support/Violations.js"

// ---------------------------------------------------------------------------
// The create body
// ---------------------------------------------------------------------------

const encodeBody = Schema.encodeSync(WireTransfer.CreateWireTransfer)
const validTax = { date: "2024-04-01", identification_number: "123456789", type_code: "09455" }
const violation = (rule: string, path: string, apply: (body: JsonObject) => JsonObject): Violation => ({
  rule,
  path,
  apply
})
const without = (body: JsonObject, ...fields: ReadonlyArray<string>): JsonObject => {
  const copy = { ...body }
  for (const field of fields) delete copy[field]
  return copy
}
const withoutDestination = (body: JsonObject) =>
  without(body, "account_number", "routing_number", "external_account_id")
const tooLong = fc.integer({ min: 201, max: 400 }).map((length) => "x".repeat(length))
const party = fc.constantFrom("creditor", "debtor")

const wireTransferViolation: fc.Arbitrary<Violation> = fc.oneof(
  fc.constantFrom("account_id", "amount", "creditor", "remittance").map((field) =>
    violation(`${field} is required`, field, (body) => without(body, field))
  ),
  fc
    .oneof(
      fc.integer({ max: 0 }),
      fc.double({ noNaN: true, noDefaultInfinity: true }).filter((amount) => !Number.isInteger(amount)),
      fc.string()
    )
    .map((amount) => violation("amount is a positive integer", "amount", (body) => ({ ...body, amount }))),
  fc.tuple(party, fc.oneof(fc.constant(""), tooLong, fc.constant(undefined))).map(([who, name]) =>
    violation(`${who}.name is 1 to 200 characters`, `${who}.name`, (body) => {
      const target = objectAt(body, [who])
      if (name === undefined) delete target.name
      else target.name = name
      return body
    })
  ),
  party.map((who) =>
    violation(`${who}.address needs unstructured`, `${who}.address.unstructured`, (body) => {
      objectAt(body, [who]).name = "Ian Crease"
      objectAt(body, [who]).address = {}
      return body
    })
  ),
  party.map((who) =>
    violation(`${who}.address.unstructured needs line1`, `${who}.address.unstructured.line1`, (body) => {
      objectAt(body, [who]).name = "Ian Crease"
      objectAt(body, [who]).address = { unstructured: { line2: "Suite 1" } }
      return body
    })
  ),
  fc.tuple(party, fc.constantFrom("line1", "line2", "line3"), fc.oneof(fc.constant(""), tooLong)).map((
    [who, line, text]
  ) =>
    violation(`${who} address ${line} is 1 to 200 characters`, `${who}.address.unstructured.${line}`, (body) => {
      objectAt(body, [who]).name = "Ian Crease"
      objectAt(body, [who]).address = { unstructured: { line1: "1 Main St", [line]: text } }
      return body
    })
  ),
  fc.string().filter((category) => category !== "unstructured" && category !== "tax").map((category) =>
    violation("remittance.category is unstructured or tax", "remittance.category", (body) => ({
      ...body,
      remittance: { category, unstructured: { message: "Invoice 1" } }
    }))
  ),
  fc.constant(
    violation("unstructured remittance needs its message object", "remittance.unstructured", (body) => ({
      ...body,
      remittance: { category: "unstructured", tax: validTax }
    }))
  ),
  fc.constant(
    violation("unstructured remittance refuses a tax object", "remittance.tax", (body) => ({
      ...body,
      remittance: { category: "unstructured", unstructured: { message: "Invoice 1" }, tax: validTax }
    }))
  ),
  fc.constant(
    violation("tax remittance needs its tax object", "remittance.tax", (body) => ({
      ...body,
      remittance: { category: "tax", unstructured: { message: "Invoice 1" } }
    }))
  ),
  fc.constant(
    violation("tax remittance refuses an unstructured object", "remittance.unstructured", (body) => ({
      ...body,
      remittance: { category: "tax", tax: validTax, unstructured: { message: "Invoice 1" } }
    }))
  ),
  fc.oneof(fc.constant(""), tooLong).map((message) =>
    violation("remittance message is 1 to 200 characters", "remittance.unstructured.message", (body) => ({
      ...body,
      remittance: { category: "unstructured", unstructured: { message } }
    }))
  ),
  fc.oneof(
    fc.string().filter((date) => !/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(date)).map((value) =>
      ["date", value] as const
    ),
    fc.string().filter((number) => !/^\d{9}$/.test(number)).map((value) => ["identification_number", value] as const),
    fc.string().filter((code) => code.length !== 5).map((value) => ["type_code", value] as const)
  ).map(([field, value]) =>
    violation(`tax ${field} has its format`, `remittance.tax.${field}`, (body) => ({
      ...body,
      remittance: { category: "tax", tax: { ...validTax, [field]: value } }
    }))
  ),
  fc.constantFrom("date", "identification_number", "type_code").map((field) =>
    violation(`tax ${field} is required`, `remittance.tax.${field}`, (body) => ({
      ...body,
      remittance: { category: "tax", tax: without(validTax, field) }
    }))
  ),
  fc.constantFrom("account_number", "routing_number").map((field) =>
    violation(`${field} is absent with external_account_id`, field, (body) => ({
      ...withoutDestination(body),
      external_account_id: "external_account_1",
      [field]: field === "account_number" ? "123456789" : "101050001"
    }))
  ),
  fc.constantFrom("account_number", "routing_number").map((field) =>
    violation(
      `${field} is required without external_account_id`,
      field,
      (body) =>
        without({ ...withoutDestination(body), account_number: "123456789", routing_number: "101050001" }, field)
    )
  ),
  fc
    .oneof(
      fc.stringMatching(/^\d{9}$/).filter((digits) => !RoutingNumber.isValid(digits)),
      fc.string().filter((text) => !/^\d{9}$/.test(text))
    )
    .map((routingNumber) =>
      violation("routing_number is an ABA number with a valid check digit", "routing_number", (body) => ({
        ...withoutDestination(body),
        account_number: "123456789",
        routing_number: routingNumber
      }))
    ),
  fc.string().filter((text) => !/^\d{1,17}$/.test(text)).map((accountNumber) =>
    violation("account_number is 1 to 17 digits", "account_number", (body) => ({
      ...withoutDestination(body),
      account_number: accountNumber,
      routing_number: "101050001"
    }))
  ),
  fc.oneof(fc.string(), fc.integer()).map((requireApproval) =>
    violation(
      "require_approval is a boolean",
      "require_approval",
      (body) => ({ ...body, require_approval: requireApproval })
    )
  )
)

describe("wire transfer create body", () => {
  prop("valid bodies decode", [createWireTransferArbitrary], ([body]) => {
    expect(errorPaths(WireTransfer.CreateWireTransfer, toJsonObject(encodeBody(body)))).toEqual([])
  })

  prop(
    "every violated rule is reported at the offending field's dotted path",
    [createWireTransferArbitrary, wireTransferViolation],
    ([body, broken]) => {
      const paths = errorPaths(WireTransfer.CreateWireTransfer, broken.apply(toJsonObject(encodeBody(body))))
      expect(paths, broken.rule).toContain(broken.path)
    },
    { numRuns: 300 }
  )
})

// ---------------------------------------------------------------------------
// Create
// ---------------------------------------------------------------------------

describe("creating a wire transfer", () => {
  prop("without approval: pending_creating, and a −amount transaction posts at once", [
    wireTransferCreationArbitrary
  ], ([generated]) => {
    fc.pre(generated.body.require_approval !== true)
    const input = { ...generated, environment: "live" as const }
    const { effects, events, next } = Result.getOrThrow(WireTransfer.create(input))
    expect(next.status).toBe("pending_creating")
    expect(next.transaction_id).toBe(input.transactionId)
    expect(next.pending_transaction_id).toBeNull()
    expect(events).toEqual([{
      category: "wire_transfer.created",
      associatedObjectType: "wire_transfer",
      associatedObjectId: input.id
    }])
    expect(effects).toMatchObject([
      {
        kind: "post_transaction",
        transactionId: input.transactionId,
        amount: -input.body.amount,
        requiresAvailableBalance: true
      }
    ])
  })

  prop("with require_approval: pending_approval, and a pending transaction holds the amount", [
    wireTransferCreationArbitrary
  ], ([input]) => {
    const { effects, next } = Result.getOrThrow(
      WireTransfer.create({ ...input, body: { ...input.body, require_approval: true } })
    )
    expect(next.status).toBe("pending_approval")
    expect(next.transaction_id).toBeNull()
    expect(next.pending_transaction_id).toBe(input.pendingTransactionId)
    expect(effects).toMatchObject([
      {
        kind: "create_pending_transaction",
        pendingTransactionId: input.pendingTransactionId,
        amount: -input.body.amount,
        source: { category: "wire_transfer_instruction" },
        requiresAvailableBalance: true
      }
    ])
  })

  prop("the destination is the external account's when one is named", [wireTransferCreationArbitrary], ([input]) => {
    fc.pre(input.externalAccount !== null)
    const { next } = Result.getOrThrow(WireTransfer.create(input))
    expect(next.account_number).toBe(input.externalAccount?.account_number)
    expect(next.routing_number).toBe(input.externalAccount?.routing_number)
    const archived = input.externalAccount === null
      ? null
      : new ExternalAccount.ExternalAccount({ ...input.externalAccount, status: "archived" })
    expect(Result.isFailure(WireTransfer.create({ ...input, externalAccount: archived }))).toBe(true)
  })
})

// ---------------------------------------------------------------------------
// The lifecycle, against a plain model
// ---------------------------------------------------------------------------

type Status = WireTransfer.WireTransferStatus

/**
 * The model: decisions.md g (and "Sandbox wire outcomes") written as a table,
 * independently of the module; an approval sent to review and a failed review
 * are told apart by their command's fields.
 */
const modelTable: Readonly<Record<WireTransfer.CommandTag, Partial<Record<Status, Status>>>> = {
  Approve: { pending_approval: "pending_creating" },
  Cancel: { pending_approval: "canceled" },
  Review: { pending_approval: "pending_creating", pending_reviewing: "pending_creating" },
  RequireAttention: { pending_approval: "requires_attention", pending_creating: "requires_attention" },
  Submit: { pending_approval: "submitted", pending_creating: "submitted", requires_attention: "submitted" },
  Complete: { submitted: "complete" },
  Reverse: { complete: "reversed" }
}

const modelNext = (command: WireTransfer.Command, status: Status): Status | undefined => {
  const next = modelTable[command._tag][status]
  if (next === undefined) return undefined
  if (command._tag === "Approve" && command.review) return "pending_reviewing"
  if (command._tag === "Review" && !command.passes) return "rejected"
  return next
}

interface Model {
  status: Status
  /** What the transfer takes from the account's available balance. */
  availableChange: number
  readonly amount: number
}

/** The transfer plus a tiny ledger that carries out the effects. */
interface Real {
  transfer: WireTransfer.WireTransfer
  posted: number
  readonly holds: Map<string, number>
}

const applyEffects = (real: Real, effects: ReadonlyArray<MoneyEffect>) => {
  for (const effect of effects) {
    switch (effect.kind) {
      case "post_transaction":
        real.posted += effect.amount
        break
      case "create_pending_transaction":
        real.holds.set(effect.pendingTransactionId, effect.amount)
        break
      case "complete_pending_transaction":
        expect(real.holds.has(effect.pendingTransactionId)).toBe(true)
        real.holds.delete(effect.pendingTransactionId)
        break
    }
  }
}

const available = (real: Real) => real.posted + [...real.holds.values()].reduce((total, held) => total + held, 0)

class WireCommand implements fc.Command<Model, Real> {
  constructor(readonly command: WireTransfer.Command) {}
  check = () => true
  run(model: Model, real: Real) {
    const before = real.transfer
    const result = WireTransfer.transition(before, this.command)
    const expectedStatus = modelNext(this.command, model.status)
    if (expectedStatus === undefined) {
      expect(Result.isFailure(result)).toBe(true)
      expect(
        Result.getFailure(result).pipe((failure) =>
          failure._tag === "Some" && failure.value instanceof WireTransferWrongStatus
        )
      )
        .toBe(true)
      return
    }
    const { effects, events, next } = Result.getOrThrow(result)
    expect(next.status).toBe(expectedStatus)
    expect(events).toEqual([{
      category: "wire_transfer.updated",
      associatedObjectType: "wire_transfer",
      associatedObjectId: before.id
    }])
    applyEffects(real, effects)
    real.transfer = next
    model.status = expectedStatus
    if (expectedStatus === "canceled" || expectedStatus === "rejected" || expectedStatus === "reversed") {
      model.availableChange = 0
    }
    // Money: the account is down by the amount exactly while the transfer is neither canceled, rejected nor reversed.
    expect(available(real)).toBe(model.availableChange)
    switch (this.command._tag) {
      case "Approve":
        expect(next.approval?.approved_at).toEqual(this.command.at)
        // Sent to review, the hold stays and nothing is debited yet.
        expect(next.transaction_id).toBe(this.command.review ? null : this.command.transactionId)
        expect(real.holds.size).toBe(this.command.review ? 1 : 0)
        break
      case "Review":
        expect(next.transaction_id).toBe(this.command.passes ? this.command.transactionId : null)
        expect(real.holds.size).toBe(0)
        break
      case "Cancel":
        expect(next.cancellation?.canceled_at).toEqual(this.command.at)
        expect(next.transaction_id).toBeNull()
        break
      case "Submit":
        expect(next.submission?.submitted_at).toEqual(this.command.at)
        expect(next.transaction_id).not.toBeNull()
        break
      case "Reverse":
        expect(next.reversal).toMatchObject({
          amount: model.amount,
          transaction_id: this.command.transactionId,
          wire_transfer_id: before.id,
          debtor_routing_number: before.routing_number,
          instruction_identification: this.command.instructionIdentification
        })
        break
    }
  }
  toString = () => `${this.command._tag}`
}

describe("wire transfer lifecycle", () => {
  prop(
    "only the transitions of decisions.md g are accepted, each emits wire_transfer.updated and moves the right money",
    [
      wireTransferCreationArbitrary,
      fc.commands([wireTransferCommandArbitrary.map((command) => new WireCommand(command))], { maxCommands: 12 })
    ],
    ([input, commands]) => {
      const created = Result.getOrThrow(WireTransfer.create(input))
      const real: Real = { transfer: created.next, posted: 0, holds: new Map() }
      applyEffects(real, created.effects)
      const model: Model = {
        status: created.next.status,
        availableChange: -input.body.amount,
        amount: input.body.amount
      }
      expect(available(real)).toBe(model.availableChange)
      fc.modelRun(() => ({ model, real }), commands)
    },
    { numRuns: 300 }
  )

  prop("terminal statuses refuse every command", [
    createdWireTransferArbitrary,
    fc.constantFrom(...WireTransfer.terminalStatuses),
    wireTransferCommandArbitrary
  ], ([transfer, status, command]) => {
    const terminal = new WireTransfer.WireTransfer({ ...transfer, status })
    expect(Result.isFailure(WireTransfer.transition(terminal, command))).toBe(true)
  })

  prop("a pending_creating transfer cannot be canceled", [wireTransferCreationArbitrary], ([input]) => {
    const { next } = Result.getOrThrow(
      WireTransfer.create({ ...input, environment: "live", body: { ...input.body, require_approval: false } })
    )
    const result = WireTransfer.transition(next, WireTransfer.Command.Cancel({ at: next.created_at, canceledBy: null }))
    expect(Result.getFailure(result).pipe((failure) => failure._tag === "Some" && failure.value.detail)).toContain(
      "pending_creating"
    )
  })
})

// ---------------------------------------------------------------------------
// Sandbox wire outcomes
// ---------------------------------------------------------------------------

type Outcome = WireTransfer.SandboxWireOutcome

/** Where each outcome's transfer rests after each sandbox submit, until it rests in a status no submit leaves. */
const submitStops: Readonly<Record<Outcome, ReadonlyArray<Status>>> = {
  ordinary: ["complete"],
  review_passes: ["complete"],
  review_rejects: ["rejected"],
  requires_attention: ["requires_attention", "complete"],
  stays_submitted: ["submitted", "complete"]
}

const outcomes: ReadonlyArray<Outcome> = [
  "ordinary",
  "review_passes",
  "review_rejects",
  "requires_attention",
  "stays_submitted"
]

/** The creation input sent to `outcome`'s destination on a sandbox server. */
const toOutcome = (input: WireTransfer.CreateInput, outcome: Outcome): WireTransfer.CreateInput => {
  const accountNumber = outcome === "ordinary" ? "987654321" : WireTransfer.sandboxAccountNumbers[outcome]
  const { external_account_id: _named, ...body } = input.body
  return {
    ...input,
    environment: "sandbox",
    externalAccount: null,
    body: { ...body, account_number: accountNumber, routing_number: RoutingNumber.RoutingNumber.make("021000021") }
  }
}

const submitInput = (at: DateTime.Utc, index: number): WireTransfer.SandboxSubmitInput => ({
  at,
  environment: "sandbox",
  transactionId: TransactionId.make(`transaction_submit${index}`),
  inputMessageAccountabilityData: "20260101MONETASB000001",
  uniqueEndToEndTransactionReference: "00000000-0000-4000-8000-000000000000"
})

describe("sandbox wire outcomes", () => {
  it("only a sandbox applies the outcome destinations", () => {
    for (const outcome of outcomes) {
      if (outcome === "ordinary") continue
      const accountNumber = WireTransfer.sandboxAccountNumbers[outcome]
      expect(WireTransfer.outcomeOf("sandbox", accountNumber)).toBe(outcome)
      expect(WireTransfer.outcomeOf("live", accountNumber)).toBe("ordinary")
    }
    expect(WireTransfer.outcomeOf("sandbox", "987654321")).toBe("ordinary")
  })

  prop("a transfer held for review waits in pending_reviewing with its amount held", [
    wireTransferCreationArbitrary,
    fc.constantFrom<Outcome>("review_passes", "review_rejects")
  ], ([generated, outcome]) => {
    const input = toOutcome({ ...generated, body: { ...generated.body, require_approval: false } }, outcome)
    const { effects, next } = Result.getOrThrow(WireTransfer.create(input))
    expect(next.status).toBe("pending_reviewing")
    expect(next.transaction_id).toBeNull()
    expect(next.pending_transaction_id).toBe(input.pendingTransactionId)
    expect(effects).toMatchObject([{ kind: "create_pending_transaction", amount: -input.body.amount }])
    const approved = Result.getOrThrow(
      WireTransfer.create({ ...input, body: { ...input.body, require_approval: true } })
    ).next
    expect(WireTransfer.reviewedOnApproval(approved, "sandbox")).toBe(true)
    expect(WireTransfer.reviewedOnApproval(approved, "live")).toBe(false)
  })

  prop(
    "each submit moves a transfer to its outcome's next stop, the money following, and a further submit is refused",
    [wireTransferCreationArbitrary, fc.constantFrom(...outcomes), fc.boolean()],
    ([generated, outcome, requireApproval]) => {
      const input = toOutcome({ ...generated, body: { ...generated.body, require_approval: requireApproval } }, outcome)
      const created = Result.getOrThrow(WireTransfer.create(input))
      const real: Real = { transfer: created.next, posted: 0, holds: new Map() }
      applyEffects(real, created.effects)
      const stops = submitStops[outcome]
      for (const [index, stop] of stops.entries()) {
        const steps = WireTransfer.sandboxSubmitSteps(real.transfer, submitInput(input.createdAt, index))
        for (const step of steps) {
          const { effects, events, next } = Result.getOrThrow(WireTransfer.transition(real.transfer, step))
          expect(events.map((event) => event.category)).toEqual(["wire_transfer.updated"])
          applyEffects(real, effects)
          real.transfer = next
        }
        expect(real.transfer.status).toBe(stop)
      }
      // Rejected: the hold released, nothing debited; otherwise debited once, no hold left.
      expect(real.holds.size).toBe(0)
      expect(real.posted).toBe(outcome === "review_rejects" ? 0 : -input.body.amount)
      const again = WireTransfer.sandboxSubmitSteps(real.transfer, submitInput(input.createdAt, stops.length))
      const first = again[0]
      expect(first === undefined ? "none" : Result.isFailure(WireTransfer.transition(real.transfer, first))).toBe(true)
    },
    { numRuns: 200 }
  )
})

describe("transitionAll", () => {
  prop(
    "applies the sandbox's submit steps as one: the last state, every step's events and money, or the first refusal",
    [wireTransferCreationArbitrary, fc.constantFrom(...outcomes), fc.boolean(), fc.nat({ max: 3 })],
    ([generated, outcome, requireApproval, submits]) => {
      const input = toOutcome({ ...generated, body: { ...generated.body, require_approval: requireApproval } }, outcome)
      let transfer = Result.getOrThrow(WireTransfer.create(input)).next
      for (let index = 0; index <= submits; index++) {
        const steps = WireTransfer.sandboxSubmitSteps(transfer, submitInput(input.createdAt, index))
        const all = WireTransfer.transitionAll(transfer, steps)
        // One at a time, stopping at the first refusal.
        let expected: Result.Result<WireTransfer.Transition, unknown> = Result.succeed({
          next: transfer,
          events: [],
          effects: []
        })
        for (const step of steps) {
          if (Result.isFailure(expected)) break
          const done = expected.success
          expected = Result.map(WireTransfer.transition(done.next, step), (next) => ({
            next: next.next,
            events: [...done.events, ...next.events],
            effects: [...done.effects, ...next.effects]
          }))
        }
        expect(Result.isSuccess(all)).toBe(Result.isSuccess(expected))
        if (Result.isFailure(all) || Result.isFailure(expected)) return
        expect(all.success).toEqual(expected.success)
        expect(all.success.events).toHaveLength(steps.length)
        transfer = all.success.next
      }
    },
    { numRuns: 100 }
  )
})

describe("Fedwire cycle dates", () => {
  it("the wire day begins at 9:00 PM Eastern Time the evening before", () => {
    expect(WireTransfer.cycleDate(DateTime.makeUnsafe("2024-03-10T01:59:00.000Z"))).toBe("2024-03-09") // 20:59 EST
    expect(WireTransfer.cycleDate(DateTime.makeUnsafe("2024-03-10T02:00:00.000Z"))).toBe("2024-03-10") // 21:00 EST
    expect(WireTransfer.cycleDate(DateTime.makeUnsafe("2024-07-01T00:59:00.000Z"))).toBe("2024-06-30") // 20:59 EDT
    expect(WireTransfer.cycleDate(DateTime.makeUnsafe("2024-07-01T01:00:00.000Z"))).toBe("2024-07-01") // 21:00 EDT
  })

  it("IMADs are date, source and sequence", () => {
    expect(WireTransfer.inputMessageAccountabilityData(DateTime.makeUnsafe("2024-07-01T15:00:00.000Z"), "42")).toBe(
      `20240701${WireTransfer.inputSource}000042`
    )
  })
})
