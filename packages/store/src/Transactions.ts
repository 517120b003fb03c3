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
import * as Writes from "./Writes.js"
import type { Write } from "./Writes.js"

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
    const insert = (tenant: TenantShape, transaction: Transaction, alongside: ReadonlyArray<Write> = []) =>
      Effect.flatMap(insertWrites(tenant, transaction, alongside), (writes) => Writes.run(sql, writes))

    /**
     * `insert`'s writes, to run with another statement of the step. That
     * statement must not also post to the account: its running balance reads
     * the account's earlier rows, which a write of the same statement does not see.
     */
    const insertWrites = (
      tenant: TenantShape,
      transaction: Transaction,
      alongside: ReadonlyArray<Write> = []
    ): Effect.Effect<ReadonlyArray<Write>> => {
      const createdAt = DateTime.toDate(transaction.created_at)
      return Effect.map(
        table.insertWrite(tenant, transaction, {
          created_at: createdAt,
          account_id: transaction.account_id,
          amount: transaction.amount,
          category: transaction.source.category,
          route_id: transaction.route_id,
          running_balance: sql`coalesce((SELECT running_balance FROM transactions
          WHERE account_id = ${transaction.account_id} AND (created_at, id) < (${createdAt}, ${transaction.id})
          ORDER BY created_at DESC, id DESC LIMIT 1), 0) + ${transaction.amount}`
        }),
        (row) => [
          row,
          // The posting's key sits in a subquery the planner keeps (OFFSET 0), so its values are unknown
          // when the statement is planned: every execution gets the same plan, which Postgres caches on
          // the connection. With the values inline each plan's estimate differs, and Postgres planned the
          // statement anew on most executions (about 120 µs of its CPU per posting, docs/benchmarks.md).
          Writes.write(
            sql`UPDATE transactions SET running_balance = transactions.running_balance + ${transaction.amount}
          FROM (SELECT ${transaction.account_id}::text AS account_id, ${createdAt}::timestamptz AS created_at,
            ${transaction.id}::text AS id OFFSET 0) AS posted
          WHERE transactions.account_id = posted.account_id
            AND (transactions.created_at, transactions.id) > (posted.created_at, posted.id)`
          ),
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

    return { insert, insertWrites, find: table.find, list, unbookkept } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}
