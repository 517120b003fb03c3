/**
 * Model-based test: random sequences of create / approve / cancel / submit /
 * reverse / fund over a few accounts, driven through the HTTP API; after every
 * step the transfer's status and both balances of every account must match a
 * small model of decisions.md g and its "Sandbox wire outcomes" (a transfer is
 * sent to an ordinary destination or to one of the sandbox's outcome account numbers).
 */
import { describe, expect, layer } from "@effect/vitest"
import { AccountId, type WireTransferId } from "@moneta/domain/Ids"
import { sandboxAccountNumbers, type SandboxWireOutcome, type WireTransferStatus } from "@moneta/domain/WireTransfer"
import * as TestDatabase from "@moneta/store/testing"
import { Effect, Result } from "effect"
import * as fc from "fast-check"
import { checkAgainstModel, type Run } from "./support/ModelRuns.js"
import * as TestServer from "./support/TestServer.js"
import { balanceOf, fundedAccount, wireBody } from "./support/Wires.js"

interface ModelAccount {
  current: number
  available: number
}

interface ModelTransfer {
  readonly account: number
  readonly amount: number
  readonly outcome: SandboxWireOutcome
  status: WireTransferStatus
}

const outcomes: ReadonlyArray<SandboxWireOutcome> = [
  "ordinary",
  "review_passes",
  "review_rejects",
  "requires_attention",
  "stays_submitted"
]

const reviewed = (outcome: SandboxWireOutcome) => outcome === "review_passes" || outcome === "review_rejects"

interface Model {
  readonly accounts: Array<ModelAccount>
  readonly transfers: Array<ModelTransfer>
}

interface Real {
  readonly run: Run
  readonly client: TestServer.Client
  readonly accountIds: ReadonlyArray<string>
  readonly transferIds: Array<WireTransferId>
}

const accountCount = 3
const startingBalance = 10_000

/** Checks the balances of every account against the model. */
const checkBalances = async (model: Model, real: Real) => {
  for (const [index, accountId] of real.accountIds.entries()) {
    const balance = await real.run(balanceOf(real.client, accountId))
    expect({ account: index, ...balance }).toEqual({
      account: index,
      current: model.accounts[index]?.current,
      available: model.accounts[index]?.available
    })
  }
}

/** The result of an API call the model says is legal (the next status) or not (null: 409 expected). */
const expectOutcome = async <E extends { readonly _tag: string }>(
  real: Real,
  call: Effect.Effect<{ readonly status: WireTransferStatus }, E, TestServer.TestServer>,
  expected: WireTransferStatus | null
) => {
  const outcome = await real.run(Effect.result(call))
  if (expected === null) {
    expect(Result.isFailure(outcome) ? outcome.failure._tag : "accepted").toBe("InvalidOperationError")
  } else {
    expect(Result.isSuccess(outcome) ? outcome.success.status : outcome.failure._tag).toBe(expected)
  }
}

class Fund implements fc.AsyncCommand<Model, Real> {
  constructor(readonly account: number, readonly amount: number) {}
  check = () => true
  async run(model: Model, real: Real) {
    const accountId = AccountId.make(real.accountIds[this.account] ?? "")
    await real.run(real.client.simulations.interestPayment({ payload: { account_id: accountId, amount: this.amount } }))
    const account = model.accounts[this.account]
    if (account !== undefined) {
      account.current += this.amount
      account.available += this.amount
    }
    await checkBalances(model, real)
  }
  toString = () => `fund(${this.account}, ${this.amount})`
}

class Create implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly account: number,
    readonly amount: number,
    readonly requireApproval: boolean,
    readonly outcome: SandboxWireOutcome
  ) {}
  check = () => true
  async run(model: Model, real: Real) {
    const account = model.accounts[this.account]
    if (account === undefined) throw new Error("no such account in the model")
    const covered = this.amount <= account.available
    const outcome = await real.run(Effect.result(real.client.wireTransfers.create({
      payload: wireBody(real.accountIds[this.account] ?? "", this.amount, {
        require_approval: this.requireApproval,
        ...(this.outcome === "ordinary" ? {} : { account_number: sandboxAccountNumbers[this.outcome] })
      })
    })))
    if (!covered) {
      expect(Result.isFailure(outcome) ? outcome.failure._tag : "accepted").toBe("InvalidOperationError")
    } else {
      if (Result.isFailure(outcome)) throw new Error(`create refused: ${outcome.failure._tag}`)
      const status: WireTransferStatus = this.requireApproval
        ? "pending_approval"
        : reviewed(this.outcome)
        ? "pending_reviewing"
        : "pending_creating"
      expect(outcome.success.status).toBe(status)
      model.transfers.push({ account: this.account, amount: this.amount, outcome: this.outcome, status })
      real.transferIds.push(outcome.success.id)
      account.available -= this.amount
      if (status === "pending_creating") account.current -= this.amount
    }
    await checkBalances(model, real)
  }
  toString = () =>
    `create(${this.account}, ${this.amount}, ${this.requireApproval ? "approval" : "direct"}, ${this.outcome})`
}

type Action = "approve" | "cancel" | "submit" | "reverse"

/**
 * The sandbox's submit in the model: the next status, with the balance changes
 * made on `account`, or null (409). A held transfer is reviewed first; the
 * outcome destinations stop at `rejected`, `requires_attention` or `submitted`,
 * and the next submit moves the last two on.
 */
const submitted = (transfer: ModelTransfer, account: ModelAccount): WireTransferStatus | null => {
  const { amount, outcome, status } = transfer
  if (status === "submitted" || status === "requires_attention") return "complete"
  if (status === "pending_reviewing" || (status === "pending_approval" && reviewed(outcome))) {
    if (outcome === "review_rejects") {
      account.available += amount
      return "rejected"
    }
    account.current -= amount
    return "complete"
  }
  if (status !== "pending_approval" && status !== "pending_creating") return null
  if (status === "pending_approval") account.current -= amount
  if (outcome === "requires_attention") return "requires_attention"
  return outcome === "stays_submitted" ? "submitted" : "complete"
}

class Act implements fc.AsyncCommand<Model, Real> {
  constructor(readonly action: Action, readonly pick: number) {}
  check = (model: Readonly<Model>) => model.transfers.length > 0
  async run(model: Model, real: Real) {
    const index = this.pick % model.transfers.length
    const transfer = model.transfers[index]
    const id = real.transferIds[index]
    if (transfer === undefined || id === undefined) throw new Error("no such transfer in the model")
    const account = model.accounts[transfer.account]
    if (account === undefined) throw new Error("no such account in the model")
    const byId = { params: { wire_transfer_id: id } }
    const client = real.client
    // The model of decisions.md g: the next status and the balance changes, or null (409, nothing changes).
    let next: WireTransferStatus | null = null
    switch (this.action) {
      case "approve":
        if (transfer.status === "pending_approval") {
          // Sent to review, the hold stays; otherwise it settles into the debit.
          next = reviewed(transfer.outcome) ? "pending_reviewing" : "pending_creating"
          if (next === "pending_creating") account.current -= transfer.amount
        }
        await expectOutcome(real, client.wireTransfers.approve(byId), next)
        break
      case "cancel":
        if (transfer.status === "pending_approval") {
          next = "canceled"
          account.available += transfer.amount
        }
        await expectOutcome(real, client.wireTransfers.cancel(byId), next)
        break
      case "submit":
        next = submitted(transfer, account)
        await expectOutcome(real, client.wireTransferSimulations.submit(byId), next)
        break
      case "reverse":
        if (transfer.status === "complete") {
          next = "reversed"
          account.current += transfer.amount
          account.available += transfer.amount
        }
        await expectOutcome(real, client.wireTransferSimulations.reverse(byId), next)
        break
    }
    if (next !== null) transfer.status = next
    const retrieved = await real.run(client.wireTransfers.retrieve(byId))
    expect(retrieved.status).toBe(transfer.status)
    await checkBalances(model, real)
  }
  toString = () => `${this.action}(#${this.pick})`
}

const commands = [
  fc.tuple(fc.nat(accountCount - 1), fc.integer({ min: 1, max: 5_000 })).map(([account, amount]) =>
    new Fund(account, amount)
  ),
  fc.tuple(
    fc.nat(accountCount - 1),
    fc.integer({ min: 1, max: 8_000 }),
    fc.boolean(),
    fc.oneof({ arbitrary: fc.constant<SandboxWireOutcome>("ordinary"), weight: 2 }, fc.constantFrom(...outcomes))
  ).map(([account, amount, approval, outcome]) => new Create(account, amount, approval, outcome)),
  fc.tuple(fc.constantFrom<Action>("approve", "cancel", "submit", "reverse"), fc.nat())
    .map(([action, pick]) => new Act(action, pick))
]

for (const kind of TestDatabase.testDatabases) {
  describe(`wire transfers against a model (${kind})`, () => {
    layer(TestServer.layer(kind), { timeout: TestDatabase.timeout })((it) => {
      it.effect(
        "statuses and both balances follow the model after every step",
        () =>
          checkAgainstModel(commands, async (run, { client }) => {
            const accountIds = await run(
              Effect.all(Array.from({ length: accountCount }, () => fundedAccount(client, startingBalance)))
            )
            const model: Model = {
              accounts: accountIds.map(() => ({ current: startingBalance, available: startingBalance })),
              transfers: []
            }
            return { model, real: { run, client, accountIds, transferIds: [] } }
          }, { maxCommands: 25, numRuns: 12 }),
        300_000
      )
    })
  })
}
