/**
 * Posting money. A posting locks the account row, writes the immutable
 * Transaction, moves the running balance and records `transaction.created`,
 * all inside the caller's database transaction.
 */
import { pendingEvent } from "@moneta/domain/Event"
import { InvalidOperationError, ObjectNotFoundError } from "@moneta/domain/Errors"
import { type AccountId, TransactionId } from "@moneta/domain/Ids"
import { Transaction, type RouteType, type TransactionSource } from "@moneta/domain/Transaction"
import { Accounts } from "@moneta/store/Accounts"
import { makeId } from "@moneta/store/IdGenerator"
import { Caller as Tenant } from "@moneta/domain/Caller"
import { Transactions } from "@moneta/store/Transactions"
import { type DateTime, Effect, Option } from "effect"
import { Events } from "./Events.js"

export interface Posting {
  readonly accountId: AccountId
  readonly amount: number
  readonly description: string
  readonly source: TransactionSource
  readonly route: { readonly id: string; readonly type: RouteType } | null
  readonly createdAt: DateTime.Utc
}

export class Ledger extends Effect.Service<Ledger>()("@moneta/bank/Ledger", {
  effect: Effect.gen(function*() {
    const accounts = yield* Accounts
    const transactions = yield* Transactions
    const events = yield* Events

    /** Locks the account and returns its balance; 404 if it is not the caller's. */
    const lockAccount = (accountId: string) =>
      Effect.gen(function*() {
        const tenant = yield* Tenant
        const balance = yield* accounts.lockBalance(tenant, accountId)
        return yield* Option.match(balance, {
          onNone: () => Effect.fail(new ObjectNotFoundError({ objectType: "account", id: accountId })),
          onSome: Effect.succeed
        })
      })

    /** Posts a transaction. Debits must not take the available balance below zero. */
    const post = (posting: Posting) =>
      Effect.gen(function*() {
        const tenant = yield* Tenant
        const balance = yield* lockAccount(posting.accountId)
        if (posting.amount < 0 && balance.available + posting.amount < 0) {
          return yield* Effect.fail(new InvalidOperationError({ detail: "insufficient balance" }))
        }
        const transaction = new Transaction({
          id: TransactionId.make(yield* makeId("transaction")),
          account_id: posting.accountId,
          amount: posting.amount,
          currency: "USD",
          created_at: posting.createdAt,
          description: posting.description,
          route_id: posting.route?.id ?? null,
          route_type: posting.route?.type ?? null,
          source: posting.source
        })
        yield* transactions.insert(tenant, transaction)
        yield* accounts.adjustBalance(tenant, posting.accountId, { posted: posting.amount, held: 0 })
        yield* events.record([pendingEvent("transaction.created", "transaction", transaction.id)], posting.createdAt)
        return transaction
      })

    return { lockAccount, post } as const
  }),
  dependencies: [Accounts.Default, Transactions.Default, Events.Default]
}) {}
