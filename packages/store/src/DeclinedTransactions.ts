/** Declined transactions: written once, never changed. */
import type { DeclinedTransactionFilter } from "@moneta/domain/DeclinedTransaction"
import { DeclinedTransaction } from "@moneta/domain/DeclinedTransaction"
import type { DeclinedTransactionId } from "@moneta/domain/Ids"
import type { TenantShape } from "@moneta/domain/Tenant"
import { Context, DateTime, Effect, Layer } from "effect"
import { SqlClient, type Statement } from "effect/sql"
import type { PageRequest } from "./Pagination.js"
import { makeResourceTable } from "./ResourceTable.js"

export class DeclinedTransactionStore
  extends Context.Service<DeclinedTransactionStore>()("@moneta/store/DeclinedTransactionStore", {
    make: Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const table = yield* makeResourceTable("declined_transactions", DeclinedTransaction)

      /** The insert, as a write to run with another statement of the step (`Writes`). */
      const insertWrite = (tenant: TenantShape, declinedTransaction: DeclinedTransaction) =>
        table.insertWrite(tenant, declinedTransaction, {
          created_at: DateTime.toDate(declinedTransaction.created_at),
          account_id: declinedTransaction.account_id,
          category: declinedTransaction.source.category,
          route_id: declinedTransaction.route_id
        })

      const find = (tenant: TenantShape, id: DeclinedTransactionId) => table.find(tenant, id)

      const list = (tenant: TenantShape, request: PageRequest, filter: DeclinedTransactionFilter) => {
        const conditions: Array<Statement.Fragment> = []
        if (filter.account_id !== undefined) conditions.push(sql`account_id = ${filter.account_id}`)
        if (filter.route_id !== undefined) conditions.push(sql`route_id = ${filter.route_id}`)
        if (filter["category.in"] !== undefined && filter["category.in"].length > 0) {
          conditions.push(sql`category IN ${sql.in(filter["category.in"])}`)
        }
        return table.page(tenant, request, conditions)
      }

      return { insertWrite, find, list } as const
    })
  })
{
  static readonly Default = Layer.effect(this, this.make)
}
