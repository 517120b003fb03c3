import { describe, expect, it } from "@effect/vitest"
import { DateTime, Result } from "effect"
import { AccountId, PendingTransactionId, TransactionId } from "../src/core/Ids.js"
import * as Ledger from "../src/money/Ledger.js"
import type { CreatePendingTransaction, PostTransaction } from "../src/money/MoneyEffect.js"

const at = DateTime.makeUnsafe("2026-11-23T12:00:00.000Z")
const accountA = AccountId.make("account_a")
const accountB = AccountId.make("account_b")

const post = (accountId: AccountId, amount: number, requiresAvailableBalance: boolean): PostTransaction => ({
  kind: "post_transaction",
  transactionId: TransactionId.make(`transaction_${accountId}_${amount}`),
  accountId,
  amount,
  description: "test",
  source: {
    category: "interest_payment",
    interest_payment: { accrued_on_account_id: accountId, amount, currency: "USD", period_end: at, period_start: at }
  },
  requiresAvailableBalance
})

const hold = (accountId: AccountId, amount: number): CreatePendingTransaction => ({
  kind: "create_pending_transaction",
  pendingTransactionId: PendingTransactionId.make(`pending_transaction_${amount}`),
  accountId,
  amount,
  description: "hold",
  source: { category: "user_initiated_hold", user_initiated_hold: {} },
  requiresAvailableBalance: true
})

describe("Ledger.plan and Ledger.settle", () => {
  it("plans each account's change in account id order, with the objects and events to write", () => {
    const plan = Result.getOrThrow(
      Ledger.plan([post(accountB, -300, true), hold(accountA, -200), post(accountA, 500, false)], at)
    )
    expect(plan.changes.map(([accountId]) => accountId)).toEqual([accountA, accountB])
    expect(plan.changes[0]?.[1]).toEqual({ posted: 500n, held: 200n, guarded: true })
    expect(plan.changes[1]?.[1]).toEqual({ posted: -300n, held: 0n, guarded: true })
    expect(plan.transactions.map((transaction) => transaction.amount)).toEqual([-300, 500])
    expect(plan.createdHolds.map((created) => created.held_amount)).toEqual([-200])
    expect(plan.events.map((event) => event.category)).toEqual([
      "transaction.created",
      "pending_transaction.created",
      "transaction.created"
    ])
  })

  it("settles into next totals, or refuses a guarded change the available balance does not cover", () => {
    const plan = Result.getOrThrow(Ledger.plan([post(accountA, -300, true)], at))
    const [change] = plan.changes
    if (change === undefined) throw new Error("one change planned")
    const covered = Ledger.settle([[change[0], change[1], { current: 1_000, held: 600, status: "open" }]])
    expect(Result.getOrThrow(covered)).toEqual([[accountA, { current: 700, held: 600, available: 100 }]])
    const refused = Ledger.settle([[change[0], change[1], { current: 1_000, held: 800, status: "open" }]])
    expect(Result.isFailure(refused) && refused.failure._tag).toBe("InsufficientAvailableBalance")
  })

  it("refuses any money movement that touches a closed account, credits included", () => {
    const credit = Result.getOrThrow(Ledger.plan([post(accountA, 300, false)], at)).changes[0]
    if (credit === undefined) throw new Error("one change planned")
    const refused = Ledger.settle([[credit[0], credit[1], { current: 0, held: 0, status: "closed" }]])
    expect(Result.isFailure(refused) && refused.failure._tag).toBe("AccountClosed")
  })

  it("refuses to end a hold that is already complete", () => {
    const created = Result.getOrThrow(Ledger.plan([hold(accountA, -200)], at)).createdHolds[0]
    if (created === undefined) throw new Error("one hold planned")
    const ended = Result.getOrThrow(
      Ledger.plan([{ kind: "complete_pending_transaction", pendingTransactionId: created.id, hold: created }], at)
    )
    expect(ended.changes[0]?.[1]).toEqual({ posted: 0n, held: -200n, guarded: false })
    const completed = ended.completedHolds[0]
    if (completed === undefined) throw new Error("one hold completed")
    const again = Ledger.plan([{
      kind: "complete_pending_transaction",
      pendingTransactionId: completed.id,
      hold: completed
    }], at)
    expect(Result.isFailure(again)).toBe(true)
  })
})
