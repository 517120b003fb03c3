/**
 * Model-based test: random sequences of lockbox address and recipient status
 * changes, recipient creations, simulated mail (to recipients and to
 * addresses) and actions on mail items, driven through the HTTP API. After
 * every step the statuses, the check deposits and the balances of every
 * account must match a small model of decisions.md h, and every refusal must
 * be the one the model predicts.
 */
import { describe, expect, layer } from "@effect/vitest"
import { AccountId, type InboundMailItemId, type LockboxAddressId, type LockboxRecipientId } from "@moneta/domain/Ids"
import type { CheckAction, InboundMailItemStatus, RejectionReason } from "@moneta/domain/InboundMailItem"
import type { RequestedLockboxAddressStatus } from "@moneta/domain/LockboxAddress"
import type { LockboxRecipientStatus } from "@moneta/domain/LockboxRecipient"
import * as TestDatabase from "@moneta/store/testing"
import { Effect, Result } from "effect"
import * as fc from "fast-check"
import { activeAddress, deposit, ignore } from "./support/Mail.js"
import { checkAgainstModel, type Run } from "./support/ModelRuns.js"
import * as TestServer from "./support/TestServer.js"
import { balanceOf, fundedAccount } from "./support/Wires.js"

type AddressStatus = "active" | RequestedLockboxAddressStatus

interface ModelItem {
  readonly amount: number
  status: InboundMailItemStatus
  readonly rejectionReason: RejectionReason | null
}

interface Model {
  /** Current balance of each account (nothing is held, so it is also the available balance). */
  readonly balances: Array<number>
  readonly deposits: Array<number>
  readonly addresses: Array<AddressStatus>
  readonly recipients: Array<{ readonly address: number; readonly account: number; status: LockboxRecipientStatus }>
  readonly items: Array<ModelItem>
}

interface Real {
  readonly run: Run
  readonly client: TestServer.Client
  readonly accountIds: ReadonlyArray<string>
  readonly addressIds: ReadonlyArray<LockboxAddressId>
  readonly recipientIds: Array<LockboxRecipientId>
  readonly itemIds: Array<InboundMailItemId>
}

const accountCount = 2
const addressCount = 2

/** What the model expects of a call: accepted, or refused with exactly this error. */
type Expected = "accepted" | "InvalidOperationError" | "InvalidParametersError"

const outcomeOf = async <A, E extends { readonly _tag: string }>(
  real: Real,
  call: Effect.Effect<A, E, TestServer.TestServer>,
  expected: Expected
): Promise<A | undefined> => {
  const outcome = await real.run(Effect.result(call))
  expect(Result.isFailure(outcome) ? outcome.failure._tag : "accepted").toBe(expected)
  return Result.isSuccess(outcome) ? outcome.success : undefined
}

/** Balances and deposit counts of every account, and every item's status, against the model. */
const checkAll = async (model: Model, real: Real) => {
  for (const [index, accountId] of real.accountIds.entries()) {
    const balance = await real.run(balanceOf(real.client, accountId))
    const deposits = await real.run(
      real.client.checkDeposits.list({ query: { account_id: AccountId.make(accountId) } })
    )
    expect({ account: index, balance, deposits: deposits.data.length }).toEqual({
      account: index,
      balance: { current: model.balances[index], available: model.balances[index] },
      deposits: model.deposits[index]
    })
  }
  for (const [index, id] of real.itemIds.entries()) {
    const item = await real.run(real.client.inboundMailItems.retrieve({ params: { inbound_mail_item_id: id } }))
    expect({ item: index, status: item.status, rejection_reason: item.rejection_reason }).toEqual({
      item: index,
      status: model.items[index]?.status,
      rejection_reason: model.items[index]?.rejectionReason
    })
  }
}

const addressIdOf = (real: Real, index: number): LockboxAddressId => {
  const id = real.addressIds[index]
  if (id === undefined) throw new Error("no such address")
  return id
}

/** The recipient a command's `pick` names, in the model and for real. */
const pickRecipient = (model: Model, real: Real, pick: number) => {
  const index = pick % model.recipients.length
  const recipient = model.recipients[index]
  const id = real.recipientIds[index]
  if (recipient === undefined || id === undefined) throw new Error("no such recipient")
  return { id, recipient }
}

const credit = (model: Model, account: number, amount: number) => {
  model.balances[account] = (model.balances[account] ?? 0) + amount
  model.deposits[account] = (model.deposits[account] ?? 0) + 1
}

class SetAddressStatus implements fc.AsyncCommand<Model, Real> {
  constructor(readonly address: number, readonly status: RequestedLockboxAddressStatus) {}
  check = () => true
  async run(model: Model, real: Real) {
    const current = model.addresses[this.address]
    const expected: Expected = current === "canceled" ? "InvalidOperationError" : "accepted"
    const id = addressIdOf(real, this.address)
    const updated = await outcomeOf(
      real,
      real.client.lockboxAddresses.update({ params: { lockbox_address_id: id }, payload: { status: this.status } }),
      expected
    )
    if (updated !== undefined) {
      model.addresses[this.address] = this.status
      expect(updated.status).toBe(this.status)
    }
    await checkAll(model, real)
  }
  toString = () => `address(${this.address}) -> ${this.status}`
}

class CreateRecipient implements fc.AsyncCommand<Model, Real> {
  constructor(readonly address: number, readonly account: number) {}
  check = () => true
  async run(model: Model, real: Real) {
    const expected: Expected = model.addresses[this.address] === "active" ? "accepted" : "InvalidOperationError"
    const created = await outcomeOf(
      real,
      real.client.lockboxRecipients.create({
        payload: {
          account_id: AccountId.make(real.accountIds[this.account] ?? ""),
          lockbox_address_id: addressIdOf(real, this.address)
        }
      }),
      expected
    )
    if (created !== undefined) {
      expect(created.status).toBe("active")
      model.recipients.push({ address: this.address, account: this.account, status: "active" })
      real.recipientIds.push(created.id)
    }
    await checkAll(model, real)
  }
  toString = () => `recipient(address ${this.address}, account ${this.account})`
}

class SetRecipientStatus implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number, readonly status: LockboxRecipientStatus) {}
  check = (model: Readonly<Model>) => model.recipients.length > 0
  async run(model: Model, real: Real) {
    const { id, recipient } = pickRecipient(model, real, this.pick)
    const expected: Expected = recipient.status === "canceled" ? "InvalidOperationError" : "accepted"
    const updated = await outcomeOf(
      real,
      real.client.lockboxRecipients.update({ params: { lockbox_recipient_id: id }, payload: { status: this.status } }),
      expected
    )
    if (updated !== undefined) recipient.status = this.status
    const retrieved = await real.run(real.client.lockboxRecipients.retrieve({ params: { lockbox_recipient_id: id } }))
    expect(retrieved.status).toBe(recipient.status)
    await checkAll(model, real)
  }
  toString = () => `recipient(#${this.pick}) -> ${this.status}`
}

class MailToRecipient implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number, readonly amount: number) {}
  check = (model: Readonly<Model>) => model.recipients.length > 0
  async run(model: Model, real: Real) {
    const { id, recipient } = pickRecipient(model, real, this.pick)
    const reason: RejectionReason | null = model.addresses[recipient.address] !== "active"
      ? "lockbox_address_not_active"
      : recipient.status !== "active"
      ? "lockbox_recipient_not_active"
      : null
    const item = await real.run(
      real.client.inboundMailItemSimulations.create({ payload: { amount: this.amount, lockbox_recipient_id: id } })
    )
    const modelItem: ModelItem = {
      amount: this.amount,
      status: reason === null ? "processed" : "rejected",
      rejectionReason: reason
    }
    expect({ status: item.status, rejection_reason: item.rejection_reason }).toEqual({
      status: modelItem.status,
      rejection_reason: reason
    })
    if (reason === null) credit(model, recipient.account, this.amount)
    model.items.push(modelItem)
    real.itemIds.push(item.id)
    await checkAll(model, real)
  }
  toString = () => `mail(recipient #${this.pick}, ${this.amount})`
}

class MailToAddress implements fc.AsyncCommand<Model, Real> {
  constructor(readonly address: number, readonly amount: number) {}
  check = () => true
  async run(model: Model, real: Real) {
    const active = model.addresses[this.address] === "active"
    const item = await real.run(real.client.inboundMailItemSimulations.create({
      payload: { amount: this.amount, lockbox_address_id: addressIdOf(real, this.address) }
    }))
    const modelItem: ModelItem = active
      ? { amount: this.amount, status: "pending", rejectionReason: null }
      : { amount: this.amount, status: "rejected", rejectionReason: "lockbox_address_not_active" }
    expect(item.status).toBe(modelItem.status)
    model.items.push(modelItem)
    real.itemIds.push(item.id)
    await checkAll(model, real)
  }
  toString = () => `mail(address ${this.address}, ${this.amount})`
}

/** `deposit` into an account, `ignore`, or a body with the wrong number of entries. */
type Choice = { readonly kind: "deposit"; readonly account: number } | { readonly kind: "ignore" } | {
  readonly kind: "two_entries"
}

class Action implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number, readonly choice: Choice) {}
  check = (model: Readonly<Model>) => model.items.length > 0
  async run(model: Model, real: Real) {
    const index = this.pick % model.items.length
    const item = model.items[index]
    const id = real.itemIds[index]
    if (item === undefined || id === undefined) throw new Error("no such mail item")
    const choice = this.choice
    const checks: ReadonlyArray<CheckAction> = choice.kind === "deposit"
      ? [deposit(real.accountIds[choice.account] ?? "")]
      : choice.kind === "ignore"
      ? [ignore]
      : [ignore, ignore]
    // The state is checked before the body's length (decisions.md h).
    const expected: Expected = item.status !== "pending"
      ? "InvalidOperationError"
      : choice.kind === "two_entries"
      ? "InvalidParametersError"
      : "accepted"
    const actioned = await outcomeOf(
      real,
      real.client.inboundMailItems.action({ params: { inbound_mail_item_id: id }, payload: { checks } }),
      expected
    )
    if (actioned !== undefined) {
      item.status = "processed"
      expect(actioned.checks[0]?.status).toBe(choice.kind === "deposit" ? "deposited" : "ignored")
      if (choice.kind === "deposit") credit(model, choice.account, item.amount)
    }
    await checkAll(model, real)
  }
  toString = () =>
    `action(#${this.pick}, ${this.choice.kind === "deposit" ? `deposit ${this.choice.account}` : this.choice.kind})`
}

const amount = fc.integer({ min: 1, max: 100_000 })
const choice: fc.Arbitrary<Choice> = fc.oneof(
  fc.nat(accountCount - 1).map((account): Choice => ({ kind: "deposit", account })),
  fc.constant<Choice>({ kind: "ignore" }),
  fc.constant<Choice>({ kind: "two_entries" })
)

const commands = [
  fc.tuple(fc.nat(addressCount - 1), fc.constantFrom<RequestedLockboxAddressStatus>("active", "disabled", "canceled"))
    .map(([address, status]) => new SetAddressStatus(address, status)),
  fc.tuple(fc.nat(addressCount - 1), fc.nat(accountCount - 1)).map(([address, account]) =>
    new CreateRecipient(address, account)
  ),
  fc.tuple(fc.nat(), fc.constantFrom<LockboxRecipientStatus>("active", "disabled", "canceled"))
    .map(([pick, status]) => new SetRecipientStatus(pick, status)),
  fc.tuple(fc.nat(), amount).map(([pick, value]) => new MailToRecipient(pick, value)),
  fc.tuple(fc.nat(addressCount - 1), amount).map(([address, value]) => new MailToAddress(address, value)),
  fc.tuple(fc.nat(), choice).map(([pick, chosen]) => new Action(pick, chosen))
]

for (const kind of TestDatabase.testDatabases) {
  describe(`inbound mail against a model (${kind})`, () => {
    layer(TestServer.layer(kind), { timeout: TestDatabase.timeout })((it) => {
      it.effect(
        "statuses, deposits and balances follow the model after every step",
        () =>
          checkAgainstModel(commands, async (run, { client }) => {
            const accountIds = await run(
              Effect.all(Array.from({ length: accountCount }, () => fundedAccount(client, 0)))
            )
            const addressIds = await run(Effect.all(Array.from({ length: addressCount }, () => activeAddress(client))))
            const model: Model = {
              balances: accountIds.map(() => 0),
              deposits: accountIds.map(() => 0),
              addresses: addressIds.map((): AddressStatus => "active"),
              recipients: [],
              items: []
            }
            return { model, real: { run, client, accountIds, addressIds, recipientIds: [], itemIds: [] } }
          }, { maxCommands: 20, numRuns: 10 }),
        300_000
      )
    })
  })
}
