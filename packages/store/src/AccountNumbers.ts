/** Account numbers: routes into an account. Numbers are unique across the database. */
import type { AccountNumberFilter } from "@moneta/domain/AccountNumber"
import { AccountNumber } from "@moneta/domain/AccountNumber"
import type { AccountNumberId } from "@moneta/domain/Ids"
import type { TenantShape } from "@moneta/domain/Tenant"
import { Context, DateTime, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { filterConditions } from "./FilterConditions.js"
import type { PageRequest } from "./Pagination.js"
import { makeResourceTable } from "./ResourceTable.js"

export class AccountNumberStore extends Context.Service<AccountNumberStore>()("@moneta/store/AccountNumberStore", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const table = yield* makeResourceTable("account_numbers", AccountNumber)

    const columnsOf = (accountNumber: AccountNumber) => ({
      status: accountNumber.status,
      ach_debit_status: accountNumber.inbound_ach.debit_status
    })

    const insert = (tenant: TenantShape, accountNumber: AccountNumber) =>
      table.insert(tenant, accountNumber, {
        ...columnsOf(accountNumber),
        created_at: DateTime.toDate(accountNumber.created_at),
        idempotency_key: accountNumber.idempotency_key,
        account_id: accountNumber.account_id,
        account_number: accountNumber.account_number
      })

    /** Saves a change; the caller holds the row lock (`lock`). */
    const update = (tenant: TenantShape, accountNumber: AccountNumber) =>
      table.update(tenant, accountNumber, columnsOf(accountNumber))

    const list = (tenant: TenantShape, request: PageRequest, filter: AccountNumberFilter) =>
      table.page(
        tenant,
        request,
        filterConditions(sql, filter, {
          account_id: "account_id",
          idempotency_key: "idempotency_key",
          "status.in": "status",
          "ach_debit_status.in": "ach_debit_status"
        })
      )

    const find = (tenant: TenantShape, id: AccountNumberId) => table.find(tenant, id)
    const lock = (tenant: TenantShape, id: AccountNumberId) => table.lock(tenant, id)

    return { insert, update, find, lock, list } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}
