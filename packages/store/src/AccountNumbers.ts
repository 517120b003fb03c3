/** Account numbers: routes into an account. Numbers are unique across the database. */
import { AccountNumber } from "@moneta/domain/AccountNumber"
import type { AccountId, AccountNumberId } from "@moneta/domain/Ids"
import type { TenantShape } from "@moneta/domain/Tenant"
import { Context, DateTime, Effect, Layer } from "effect"
import { SqlClient, type Statement } from "effect/sql"
import type { PageRequest } from "./Pagination.js"
import { makeResourceTable } from "./ResourceTable.js"

export interface AccountNumberFilter {
  readonly accountId?: AccountId | undefined
  readonly idempotencyKey?: string | undefined
  readonly statuses?: ReadonlyArray<string> | undefined
  readonly achDebitStatuses?: ReadonlyArray<string> | undefined
}

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
      if (filter.accountId !== undefined) conditions.push(sql`account_id = ${filter.accountId}`)
      if (filter.idempotencyKey !== undefined) conditions.push(sql`idempotency_key = ${filter.idempotencyKey}`)
      if (filter.statuses !== undefined && filter.statuses.length > 0) {
        conditions.push(sql`status IN ${sql.in(filter.statuses)}`)
      }
      if (filter.achDebitStatuses !== undefined && filter.achDebitStatuses.length > 0) {
        conditions.push(sql`ach_debit_status IN ${sql.in(filter.achDebitStatuses)}`)
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
