/** Posted transactions: immutable; the current balance is their sum. */
import { SqlClient, type Statement } from "@effect/sql"
import { Transaction } from "@moneta/domain/Transaction"
import { DateTime, Effect } from "effect"
import type { PageRequest } from "./Pagination.js"
import { makeResourceTable } from "./ResourceTable.js"
import type { TenantShape } from "./Tenant.js"

export interface TransactionFilter {
  readonly accountId?: string | undefined
  readonly routeId?: string | undefined
  readonly categories?: ReadonlyArray<string> | undefined
}

export class Transactions extends Effect.Service<Transactions>()("@moneta/store/Transactions", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const table = yield* makeResourceTable("transactions", Transaction)

    /** Posts the transaction; the caller adjusts the account's running balance in the same transaction. */
    const insert = (tenant: TenantShape, transaction: Transaction) =>
      table.insert(tenant, transaction, {
        created_at: DateTime.toDate(transaction.created_at),
        account_id: transaction.account_id,
        amount: transaction.amount,
        category: transaction.source.category,
        route_id: transaction.route_id
      })

    const list = (tenant: TenantShape, request: PageRequest, filter: TransactionFilter) => {
      const conditions: Array<Statement.Fragment> = []
      if (filter.accountId !== undefined) conditions.push(sql`account_id = ${filter.accountId}`)
      if (filter.routeId !== undefined) conditions.push(sql`route_id = ${filter.routeId}`)
      if (filter.categories !== undefined && filter.categories.length > 0) {
        conditions.push(sql`category IN ${sql.in(filter.categories)}`)
      }
      return table.page(tenant, request, conditions)
    }

    /** Transactions of an account that no bookkeeping entry set references yet. */
    const unbookkept = (tenant: TenantShape, accountId: string, request: PageRequest) =>
      table.page(tenant, request, [
        sql`account_id = ${accountId}`,
        sql`NOT EXISTS (SELECT 1 FROM bookkeeping_entry_sets WHERE bookkeeping_entry_sets.transaction_id = transactions.id)`
      ])

    return { insert, find: table.find, list, unbookkept } as const
  })
}) {}
