/** Account numbers: routes into an account. Numbers are unique across the database. */
import type { AccountNumberFilter } from "@moneta/domain/AccountNumber"
import { AccountNumber } from "@moneta/domain/AccountNumber"
import type { AccountNumberId } from "@moneta/domain/Ids"
import type { TenantShape } from "@moneta/domain/Tenant"
import { Context, DateTime, Effect, Layer } from "effect"
import { SqlClient, type Statement } from "effect/sql"
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

    const list = (tenant: TenantShape, request: PageRequest, filter: AccountNumberFilter) => {
      const conditions: Array<Statement.Fragment> = []
      if (filter.account_id !== undefined) conditions.push(sql`account_id = ${filter.account_id}`)
      if (filter.idempotency_key !== undefined) conditions.push(sql`idempotency_key = ${filter.idempotency_key}`)
      if (filter["status.in"] !== undefined && filter["status.in"].length > 0) {
        conditions.push(sql`status IN ${sql.in(filter["status.in"])}`)
      }
      if (filter["ach_debit_status.in"] !== undefined && filter["ach_debit_status.in"].length > 0) {
        conditions.push(sql`ach_debit_status IN ${sql.in(filter["ach_debit_status.in"])}`)
      }
      return table.page(tenant, request, conditions)
    }

    const find = (tenant: TenantShape, id: AccountNumberId) => table.find(tenant, id)
    const lock = (tenant: TenantShape, id: AccountNumberId) => table.lock(tenant, id)

    return { insert, update, find, lock, list } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}
