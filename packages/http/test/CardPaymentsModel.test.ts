/**
 * Model-based test: random sequences of card simulations (authorize,
 * increment, reverse, expire, settle with and without a hold, refund, fuel
 * confirmation, funding) over a few cards on a few accounts, driven through
 * the HTTP API. After every step the touched card payment's elements and
 * `state`, its hold, and both balances of every account must match a small
 * model of decisions.md f and j; every refusal (409) must be one the model
 * predicts, and every success one it allows.
 */
import { describe, expect, layer } from "@effect/vitest"
import { settlementOf } from "@moneta/domain/CardClearing"
import type { CardPayment } from "@moneta/domain/CardPayment"
import {
  AccountId,
  CardId,
  type CardPaymentId,
  type PendingTransactionId,
  type TransactionId
} from "@moneta/domain/Ids"
import * as TestDatabase from "@moneta/store/testing"
import { Effect, Result } from "effect"
import * as fc from "fast-check"
import { cardPaymentIdOf } from "./support/Cards.js"
import * as TestServer from "./support/TestServer.js"
import { balanceOf, fundedAccount } from "./support/Wires.js"

interface ModelAccount {
  current: number
  available: number
}

interface ModelPayment {
  readonly card: number
  authorized: number
  incremented: number
  reversed: number
  settled: number
  refunded: number
  fuelConfirmed: number
  /** The authorization's hold is pending. */
  open: boolean
  readonly categories: Array<string>
}

interface ModelSettlement {
  readonly payment: number
  readonly amount: number
}

interface Model {
  readonly accounts: Array<ModelAccount>
  readonly payments: Array<ModelPayment>
  readonly settlements: Array<ModelSettlement>
}

interface Real {
  readonly run: <A, E>(effect: Effect.Effect<A, E, TestServer.TestServer>) => Promise<A>
  readonly client: TestServer.Client
  readonly accountIds: ReadonlyArray<AccountId>
  readonly cardIds: ReadonlyArray<CardId>
  readonly paymentIds: Array<CardPaymentId>
  readonly holdIds: Array<PendingTransactionId | null>
  readonly settlementIds: Array<TransactionId>
}

const accountCount = 2
/** Cards 0 and 1 draw on account 0, card 2 on account 1: two cards compete for one balance. */
const cardAccounts = [0, 0, 1] as const
const startingBalance = 10_000

const outstanding = (payment: ModelPayment) =>
  payment.open ? payment.authorized + payment.incremented - payment.reversed - payment.settled : 0

const accountOf = (model: Model, card: number): ModelAccount => {
  const account = model.accounts[cardAccounts[card] ?? 0]
  if (account === undefined) throw new Error("no such account in the model")
  return account
}

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

/** The payment's elements, totals and hold as the API reports them, against the model. */
const checkPayment = async (model: Model, real: Real, index: number) => {
  const payment = model.payments[index]
  const id = real.paymentIds[index]
  if (payment === undefined || id === undefined) throw new Error("no such payment in the model")
  const retrieved: CardPayment = await real.run(real.client.cardPayments.retrieve({ params: { card_payment_id: id } }))
  expect(retrieved.elements.map((element) => element.category)).toEqual(payment.categories)
  expect(retrieved.state).toEqual({
    authorized_amount: payment.authorized,
    fuel_confirmed_amount: payment.fuelConfirmed,
    incremented_amount: payment.incremented,
    refund_authorized_amount: 0,
    refunded_amount: payment.refunded,
    reversed_amount: payment.reversed,
    settled_amount: payment.settled
  })
  const holdId = real.holdIds[index]
  if (holdId !== null && holdId !== undefined) {
    const hold = await real.run(
      real.client.pendingTransactions.retrieve({ params: { pending_transaction_id: holdId } })
    )
    expect(hold.status).toBe(payment.open ? "pending" : "complete")
    if (payment.open) expect(hold.amount).toBe(-outstanding(payment))
  }
}

/** Runs a call the model says is refused (`allowed` false: 409, nothing written) or allowed (its result). */
const expectOutcome = async <A, E extends { readonly _tag: string }>(
  real: Real,
  call: Effect.Effect<A, E, TestServer.TestServer>,
  allowed: boolean
): Promise<A | undefined> => {
  const outcome = await real.run(Effect.result(call))
  if (!allowed) {
    expect(Result.isFailure(outcome) ? outcome.failure._tag : "accepted").toBe("InvalidOperationError")
    return undefined
  }
  if (Result.isFailure(outcome)) throw new Error(`refused where the model allows it: ${outcome.failure._tag}`)
  return outcome.success
}

const newPayment = (card: number, categories: Array<string>): ModelPayment => ({
  card,
  authorized: 0,
  incremented: 0,
  reversed: 0,
  settled: 0,
  refunded: 0,
  fuelConfirmed: 0,
  open: false,
  categories
})

class Fund implements fc.AsyncCommand<Model, Real> {
  constructor(readonly account: number, readonly amount: number) {}
  check = () => true
  async run(model: Model, real: Real) {
    const accountId = real.accountIds[this.account] ?? AccountId.make("")
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

class Authorize implements fc.AsyncCommand<Model, Real> {
  constructor(readonly card: number, readonly amount: number, readonly forced: boolean) {}
  check = () => true
  async run(model: Model, real: Real) {
    const account = accountOf(model, this.card)
    const cardId = real.cardIds[this.card] ?? CardId.make("")
    const result = await real.run(real.client.cardSimulations.authorize({
      payload: this.forced
        ? { amount: this.amount, card_id: cardId, decline_reason: "suspected_fraud" }
        : { amount: this.amount, card_id: cardId }
    }))
    if (!this.forced && this.amount <= account.available) {
      const hold = result.pending_transaction
      if (hold === null) throw new Error("declined where the model approves")
      account.available -= this.amount
      model.payments.push({ ...newPayment(this.card, ["card_authorization"]), authorized: this.amount, open: true })
      real.paymentIds.push(cardPaymentIdOf(hold))
      real.holdIds.push(hold.id)
    } else {
      const declined = result.declined_transaction
      if (declined === null) throw new Error("approved where the model declines")
      expect(declined.source).toMatchObject({
        card_decline: { reason: this.forced ? "suspected_fraud" : "insufficient_funds" }
      })
      const source = declined.source
      const paymentId = source.category === "card_decline" ? source.card_decline.card_payment_id : undefined
      if (paymentId === undefined) throw new Error("the decline names no card payment")
      model.payments.push(newPayment(this.card, ["card_decline"]))
      real.paymentIds.push(paymentId)
      real.holdIds.push(null)
    }
    await checkPayment(model, real, model.payments.length - 1)
    await checkBalances(model, real)
  }
  toString = () => `authorize(card ${this.card}, ${this.amount}${this.forced ? ", forced decline" : ""})`
}

type PaymentAction =
  | { readonly _tag: "increment"; readonly amount: number }
  | { readonly _tag: "reverse"; readonly amount: number | undefined }
  | { readonly _tag: "expire" }
  | { readonly _tag: "settle"; readonly amount: number | undefined }
  | { readonly _tag: "fuel"; readonly amount: number }

/** An action on one of the payments opened so far. */
class ActOnPayment implements fc.AsyncCommand<Model, Real> {
  constructor(readonly action: PaymentAction, readonly pick: number) {}
  check = (model: Readonly<Model>) => model.payments.length > 0
  async run(model: Model, real: Real) {
    const index = this.pick % model.payments.length
    const payment = model.payments[index]
    const id = real.paymentIds[index]
    if (payment === undefined || id === undefined) throw new Error("no such payment in the model")
    const account = accountOf(model, payment.card)
    const client = real.client
    const left = outstanding(payment)
    const action = this.action
    switch (action._tag) {
      case "increment": {
        const allowed = payment.open
        const result = await expectOutcome(
          real,
          client.cardSimulations.increment({ payload: { card_payment_id: id, amount: action.amount } }),
          allowed
        )
        if (result !== undefined) {
          if (action.amount <= account.available) {
            payment.incremented += action.amount
            account.available -= action.amount
            payment.categories.push("card_increment")
          } else {
            payment.categories.push("card_decline")
          }
        }
        break
      }
      case "reverse": {
        const amount = action.amount ?? left
        const allowed = payment.open && amount <= left
        const result = await expectOutcome(
          real,
          client.cardSimulations.reverse({
            payload: action.amount === undefined
              ? { card_payment_id: id }
              : { card_payment_id: id, amount: action.amount }
          }),
          allowed
        )
        if (result !== undefined) {
          payment.reversed += amount
          account.available += amount
          payment.categories.push("card_reversal")
          if (amount === left) payment.open = false
        }
        break
      }
      case "expire": {
        const result = await expectOutcome(
          real,
          client.cardSimulations.expire({ payload: { card_payment_id: id } }),
          payment.open
        )
        if (result !== undefined) {
          account.available += left
          payment.open = false
          payment.categories.push("card_authorization_expiration")
        }
        break
      }
      case "settle": {
        const holdId = real.holdIds[index]
        // a declined payment has no hold to settle: that is a forced settlement, its own command
        if (holdId === null || holdId === undefined) break
        const amount = action.amount ?? left
        const allowed = payment.open && amount <= left
        const result = await expectOutcome(
          real,
          client.cardSimulations.settle({
            payload: {
              card_id: real.cardIds[payment.card] ?? CardId.make(""),
              pending_transaction_id: holdId,
              ...(action.amount === undefined ? {} : { amount: action.amount })
            }
          }),
          allowed
        )
        if (result !== undefined) {
          expect(result.amount).toBe(-amount)
          payment.settled += amount
          account.current -= amount
          account.available += left - amount
          payment.open = false
          payment.categories.push("card_settlement")
          model.settlements.push({ payment: index, amount })
          real.settlementIds.push(result.id)
        }
        break
      }
      case "fuel": {
        const allowed = payment.open && !payment.categories.includes("card_fuel_confirmation") && action.amount <= left
        const result = await expectOutcome(
          real,
          client.cardSimulations.confirmFuel({ payload: { card_payment_id: id, amount: action.amount } }),
          allowed
        )
        if (result !== undefined) {
          payment.fuelConfirmed += action.amount
          payment.categories.push("card_fuel_confirmation")
        }
        break
      }
    }
    await checkPayment(model, real, index)
    await checkBalances(model, real)
  }
  toString = () => `${this.action._tag}(#${this.pick}${"amount" in this.action ? `, ${this.action.amount}` : ""})`
}

class ForcedSettlement implements fc.AsyncCommand<Model, Real> {
  constructor(readonly card: number, readonly amount: number) {}
  check = () => true
  async run(model: Model, real: Real) {
    const account = accountOf(model, this.card)
    const allowed = this.amount <= account.available
    const result = await expectOutcome(
      real,
      real.client.cardSimulations.settle({
        payload: { card_id: real.cardIds[this.card] ?? CardId.make(""), amount: this.amount }
      }),
      allowed
    )
    if (result !== undefined) {
      account.current -= this.amount
      account.available -= this.amount
      const paymentId = settlementOf(result)?.card_payment_id
      if (paymentId === undefined) throw new Error("the settlement names no card payment")
      model.payments.push({ ...newPayment(this.card, ["card_settlement"]), settled: this.amount })
      real.paymentIds.push(paymentId)
      real.holdIds.push(null)
      model.settlements.push({ payment: model.payments.length - 1, amount: this.amount })
      real.settlementIds.push(result.id)
      await checkPayment(model, real, model.payments.length - 1)
    }
    await checkBalances(model, real)
  }
  toString = () => `forcedSettlement(card ${this.card}, ${this.amount})`
}

class Refund implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number, readonly amount: number | undefined) {}
  check = (model: Readonly<Model>) => model.settlements.length > 0
  async run(model: Model, real: Real) {
    const index = this.pick % model.settlements.length
    const settlement = model.settlements[index]
    const transactionId = real.settlementIds[index]
    const payment = settlement === undefined ? undefined : model.payments[settlement.payment]
    if (settlement === undefined || transactionId === undefined || payment === undefined) {
      throw new Error("no such settlement in the model")
    }
    const refundable = Math.min(payment.settled - payment.refunded, settlement.amount)
    const amount = this.amount ?? refundable
    const allowed = amount > 0 && amount <= refundable
    const result = await expectOutcome(
      real,
      real.client.cardSimulations.refund({
        payload: this.amount === undefined
          ? { transaction_id: transactionId }
          : { transaction_id: transactionId, amount: this.amount }
      }),
      allowed
    )
    if (result !== undefined) {
      expect(result.amount).toBe(amount)
      const account = accountOf(model, payment.card)
      account.current += amount
      account.available += amount
      payment.refunded += amount
      payment.categories.push("card_refund")
    }
    await checkPayment(model, real, settlement.payment)
    await checkBalances(model, real)
  }
  toString = () => `refund(settlement #${this.pick}, ${this.amount ?? "default"})`
}

const card = fc.nat(cardAccounts.length - 1)
const optionalAmount = (max: number) => fc.option(fc.integer({ min: 1, max }), { nil: undefined })

const commands = [
  fc.tuple(fc.nat(accountCount - 1), fc.integer({ min: 1, max: 4_000 })).map(([account, amount]) =>
    new Fund(account, amount)
  ),
  fc.tuple(card, fc.integer({ min: 1, max: 7_000 }), fc.integer({ min: 0, max: 7 }))
    .map(([index, amount, draw]) => new Authorize(index, amount, draw === 0)),
  fc.tuple(card, fc.integer({ min: 1, max: 3_000 })).map(([index, amount]) => new ForcedSettlement(index, amount)),
  fc.tuple(
    fc.oneof(
      fc.integer({ min: 1, max: 4_000 }).map((amount): PaymentAction => ({ _tag: "increment", amount })),
      optionalAmount(4_000).map((amount): PaymentAction => ({ _tag: "reverse", amount })),
      fc.constant<PaymentAction>({ _tag: "expire" }),
      optionalAmount(6_000).map((amount): PaymentAction => ({ _tag: "settle", amount })),
      fc.integer({ min: 1, max: 6_000 }).map((amount): PaymentAction => ({ _tag: "fuel", amount }))
    ),
    fc.nat()
  ).map(([action, pick]) => new ActOnPayment(action, pick)),
  fc.tuple(fc.nat(), optionalAmount(3_000)).map(([pick, amount]) => new Refund(pick, amount))
]

for (const kind of TestDatabase.testDatabases) {
  describe(`card payments against a model (${kind})`, () => {
    layer(TestServer.layer(kind), { timeout: TestDatabase.timeout })((it) => {
      it.effect(
        "elements, state, holds and both balances follow the model after every step",
        () =>
          Effect.gen(function*() {
            const { client } = yield* TestServer.TestServer
            const context = yield* Effect.context<TestServer.TestServer>()
            const run = <A, E>(effect: Effect.Effect<A, E, TestServer.TestServer>) =>
              Effect.runPromiseWith(context)(effect)
            yield* Effect.promise(() =>
              fc.assert(
                fc.asyncProperty(fc.commands(commands, { maxCommands: 30, size: "+1" }), async (sequence) => {
                  const accountIds = await run(Effect.all(
                    Array.from(
                      { length: accountCount },
                      () => Effect.map(fundedAccount(client, startingBalance), AccountId.make)
                    )
                  ))
                  const cardIds = await run(Effect.all(cardAccounts.map((account) =>
                    Effect.map(
                      client.cards.create({ payload: { account_id: accountIds[account] ?? AccountId.make("") } }),
                      (created) => CardId.make(created.id)
                    )
                  )))
                  const model: Model = {
                    accounts: accountIds.map(() => ({ current: startingBalance, available: startingBalance })),
                    payments: [],
                    settlements: []
                  }
                  const real: Real = {
                    run,
                    client,
                    accountIds,
                    cardIds,
                    paymentIds: [],
                    holdIds: [],
                    settlementIds: []
                  }
                  await fc.asyncModelRun(() => ({ model, real }), sequence)
                }),
                { numRuns: 10 }
              )
            )
          }),
        300_000
      )
    })
  })
}
