/** Declined transactions: written once, never changed. */
import type { DeclinedTransactionFilter } from "@moneta/domain/DeclinedTransaction"
import { DeclinedTransaction } from "@moneta/domain/DeclinedTransaction"
import type { DeclinedTransactionId } from "@moneta/domain/Ids"
import type { TenantShape } from "@moneta/domain/Tenant"
import { Context, DateTime, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { filterConditions } from "./FilterConditions.js"
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

      const list = (tenant: TenantShape, request: PageRequest, filter: DeclinedTransactionFilter) =>
        table.page(
          tenant,
          request,
          filterConditions(sql, filter, { account_id: "account_id", route_id: "route_id", "category.in": "category" })
        )

      return { insertWrite, find, list } as const
    })
  })
{
  static readonly Default = Layer.effect(this, this.make)
}
