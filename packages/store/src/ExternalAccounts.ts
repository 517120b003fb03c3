/** External accounts: saved destinations at other banks. */
import type { ExternalAccountFilter } from "@moneta/domain/ExternalAccount"
import { ExternalAccount } from "@moneta/domain/ExternalAccount"
import type { ExternalAccountId } from "@moneta/domain/Ids"
import type { TenantShape } from "@moneta/domain/Tenant"
import { Context, DateTime, Effect, Layer } from "effect"
import { SqlClient, type Statement } from "effect/sql"
import type { PageRequest } from "./Pagination.js"
import { makeResourceTable } from "./ResourceTable.js"

export class ExternalAccountStore
  extends Context.Service<ExternalAccountStore>()("@moneta/store/ExternalAccountStore", {
    make: Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const table = yield* makeResourceTable("external_accounts", ExternalAccount)

      const columnsOf = (account: ExternalAccount) => ({
        status: account.status,
        routing_number: account.routing_number
      })

      const insert = (tenant: TenantShape, account: ExternalAccount) =>
        table.insert(tenant, account, {
          ...columnsOf(account),
          created_at: DateTime.toDate(account.created_at),
          idempotency_key: account.idempotency_key
        })

      /** Saves a change; the caller holds the row lock (`lock`). */
      const update = (tenant: TenantShape, account: ExternalAccount) =>
        table.update(tenant, account, columnsOf(account))

      const list = (tenant: TenantShape, request: PageRequest, filter: ExternalAccountFilter) => {
        const conditions: Array<Statement.Fragment> = []
        if (filter.idempotency_key !== undefined) conditions.push(sql`idempotency_key = ${filter.idempotency_key}`)
        if (filter.routing_number !== undefined) conditions.push(sql`routing_number = ${filter.routing_number}`)
        if (filter["status.in"] !== undefined && filter["status.in"].length > 0) {
          conditions.push(sql`status IN ${sql.in(filter["status.in"])}`)
        }
        return table.page(tenant, request, conditions)
      }

      const find = (tenant: TenantShape, id: ExternalAccountId) => table.find(tenant, id)
      const lock = (tenant: TenantShape, id: ExternalAccountId) => table.lock(tenant, id)

      return { insert, update, find, lock, list } as const
    })
  })
{
  static readonly Default = Layer.effect(this, this.make)
}
