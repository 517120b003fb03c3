/** Posted transactions: immutable; the current balance is their sum. */
import type { AccountId } from "@moneta/domain/Ids"
import type { TenantShape } from "@moneta/domain/Tenant"
import type { TransactionFilter } from "@moneta/domain/Transaction"
import { Transaction } from "@moneta/domain/Transaction"
import { Context, DateTime, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { filterConditions } from "./FilterConditions.js"
import type { PageRequest } from "./Pagination.js"
import { makeResourceTable } from "./ResourceTable.js"
import { type Write, write } from "./Writes.js"

export class TransactionStore extends Context.Service<TransactionStore>()("@moneta/store/TransactionStore", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const table = yield* makeResourceTable("transactions", Transaction)

    /**
     * Posts the transaction with the account's balance up to and including it
     * (in `created_at`, `id` order), and moves that balance on any row that
     * sorts after it, in one statement. The caller holds the account's row
     * lock, so writers of one account do this one at a time. `alongside` are
     * other writes of the step that the same statement runs (the account's
     * new totals: `Accounts.balanceWrite`).
     */
    const insert = (tenant: TenantShape, transaction: Transaction, alongside: ReadonlyArray<Write> = []) => {
      const createdAt = DateTime.toDate(transaction.created_at)
      const after = sql`account_id = ${transaction.account_id} AND (created_at, id) > (${createdAt}, ${transaction.id})`
      return table.insert(
        tenant,
        transaction,
        {
          created_at: createdAt,
          account_id: transaction.account_id,
          amount: transaction.amount,
          category: transaction.source.category,
          route_id: transaction.route_id,
          running_balance: sql`coalesce((SELECT running_balance FROM transactions
          WHERE account_id = ${transaction.account_id} AND (created_at, id) < (${createdAt}, ${transaction.id})
          ORDER BY created_at DESC, id DESC LIMIT 1), 0) + ${transaction.amount}`
        },
        [
          write(sql`UPDATE transactions SET running_balance = running_balance + ${transaction.amount} WHERE ${after}`),
          ...alongside
        ]
      )
    }

    const list = (tenant: TenantShape, request: PageRequest, filter: TransactionFilter) =>
      table.page(
        tenant,
        request,
        filterConditions(sql, filter, { account_id: "account_id", route_id: "route_id", "category.in": "category" })
      )

    /** Transactions of an account that no bookkeeping entry set references yet. */
    const unbookkept = (tenant: TenantShape, accountId: AccountId, request: PageRequest) =>
      table.page(tenant, request, [
        sql`account_id = ${accountId}`,
        sql`NOT EXISTS (SELECT 1 FROM bookkeeping_entry_sets WHERE bookkeeping_entry_sets.transaction_id = transactions.id)`
      ])

    return { insert, find: table.find, list, unbookkept } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}
