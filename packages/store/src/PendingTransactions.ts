/**
 * Pending transactions: holds on an account's available balance. The API's
 * `held_amount` is negative (what the hold takes away, as the SDK has it); the
 * `held_amount` column is the same amount as a positive number, so that the
 * account's `held_amount` total and the balance at a past instant are plain
 * sums: available = current − Σ held of the open holds.
 */
import type { PendingTransactionId } from "@moneta/domain/Ids"
import type { PendingTransactionFilter } from "@moneta/domain/PendingTransaction"
import { PendingTransaction, releasesAt } from "@moneta/domain/PendingTransaction"
import type { TenantShape } from "@moneta/domain/Tenant"
import { Context, DateTime, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { filterConditions } from "./FilterConditions.js"
import type { PageRequest } from "./Pagination.js"
import { makeResourceTable } from "./ResourceTable.js"

/** The positive amount a pending transaction holds while it is pending (its API `held_amount` is the negative). */
export const heldColumn = (pendingTransaction: PendingTransaction): number => -pendingTransaction.held_amount

export class PendingTransactionStore
  extends Context.Service<PendingTransactionStore>()("@moneta/store/PendingTransactionStore", {
    make: Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const table = yield* makeResourceTable("pending_transactions", PendingTransaction)

      const dateOrNull = (time: DateTime.Utc | null) => time === null ? null : DateTime.toDate(time)

      const columnsOf = (pendingTransaction: PendingTransaction) => ({
        status: pendingTransaction.status,
        amount: pendingTransaction.amount,
        held_amount: heldColumn(pendingTransaction),
        completed_at: dateOrNull(pendingTransaction.completed_at),
        // The hold sweeps' order (migration 0022).
        releases_at: dateOrNull(releasesAt(pendingTransaction))
      })

      const insertColumns = (pendingTransaction: PendingTransaction, idempotencyKey: string | null) => ({
        ...columnsOf(pendingTransaction),
        created_at: DateTime.toDate(pendingTransaction.created_at),
        account_id: pendingTransaction.account_id,
        category: pendingTransaction.source.category,
        route_id: pendingTransaction.route_id,
        idempotency_key: idempotencyKey
      })

      /** Writes the hold; the caller moves the account's held total in the same transaction. */
      const insert = (tenant: TenantShape, pendingTransaction: PendingTransaction, idempotencyKey: string | null) =>
        table.insert(tenant, pendingTransaction, insertColumns(pendingTransaction, idempotencyKey))

      /** `insert` as a write to run with another statement of the step (`Writes`). */
      const insertWrite = (tenant: TenantShape, pendingTransaction: PendingTransaction) =>
        table.insertWrite(tenant, pendingTransaction, insertColumns(pendingTransaction, null))

      /** Saves a status change (`complete`) or a revised amount; the caller holds the row lock. */
      const update = (tenant: TenantShape, pendingTransaction: PendingTransaction) =>
        table.update(tenant, pendingTransaction, columnsOf(pendingTransaction))

      /** `update` as a write to run with another statement of the step (`Writes`). */
      const updateWrite = (tenant: TenantShape, pendingTransaction: PendingTransaction) =>
        table.updateWrite(tenant, pendingTransaction, columnsOf(pendingTransaction))

      const list = (tenant: TenantShape, request: PageRequest, filter: PendingTransactionFilter) =>
        table.page(
          tenant,
          request,
          filterConditions(sql, filter, {
            account_id: "account_id",
            route_id: "route_id",
            "status.in": "status",
            "category.in": "category"
          })
        )

      const find = (tenant: TenantShape, id: PendingTransactionId) => table.find(tenant, id)
      const lock = (tenant: TenantShape, id: PendingTransactionId) => table.lock(tenant, id)

      return { insert, insertWrite, update, updateWrite, find, lock, list } as const
    })
  })
{
  static readonly Default = Layer.effect(this, this.make)
}
