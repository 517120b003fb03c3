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

/**
 * Whether `transaction` sorts after every posting of its account, whose
 * newest was made at `lastPostedMicros` (`LockedBalance`): then no row comes
 * after it to amend. In the same microsecond the ids would decide, in the
 * database's collation: that counts as not after, as does a time not known.
 */
export const postsAfter = (transaction: Transaction, lastPostedMicros: number | null): boolean =>
  lastPostedMicros !== null && postedMicros(transaction) > lastPostedMicros

/** When `transaction` was made, in microseconds since the epoch. */
export const postedMicros = (transaction: Transaction): number => DateTime.toEpochMillis(transaction.created_at) * 1000

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
     * new totals: `Accounts.balanceWrite`); `amendsLater` as for `insertWrites`.
     */
    const insert = (
      tenant: TenantShape,
      transaction: Transaction,
      alongside: ReadonlyArray<Write> = [],
      amendsLater = true
    ) => Effect.flatMap(insertWrites(tenant, transaction, alongside, amendsLater), (writes) => Writes.run(sql, writes))

    /**
     * `insert`'s writes, to run with another statement of the step. That
     * statement must not also post to the account: its running balance reads
     * the account's earlier rows, which a write of the same statement does not see.
     * With `amendsLater` false (the posting is known to sort after every other
     * of its account, `postsAfter`) the update of the rows after it is left out.
     */
    const insertWrites = (
      tenant: TenantShape,
      transaction: Transaction,
      alongside: ReadonlyArray<Write> = [],
      amendsLater = true
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
          ...(amendsLater
            ? [
              Writes.write(sql`UPDATE transactions SET running_balance = running_balance + ${transaction.amount}
                WHERE account_id = ${transaction.account_id} AND (created_at, id) > (${createdAt}, ${transaction.id})`)
            ]
            : []),
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
