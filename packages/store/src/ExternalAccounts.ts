/** External accounts: saved destinations at other banks. */
import type { ExternalAccountFilter } from "@moneta/domain/ExternalAccount"
import { ExternalAccount } from "@moneta/domain/ExternalAccount"
import type { ExternalAccountId } from "@moneta/domain/Ids"
import type { TenantShape } from "@moneta/domain/Tenant"
import { Context, DateTime, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { filterConditions } from "./FilterConditions.js"
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

      const list = (tenant: TenantShape, request: PageRequest, filter: ExternalAccountFilter) =>
        table.page(
          tenant,
          request,
          filterConditions(sql, filter, {
            idempotency_key: "idempotency_key",
            routing_number: "routing_number",
            "status.in": "status"
          })
        )

      const find = (tenant: TenantShape, id: ExternalAccountId) => table.find(tenant, id)
      const lock = (tenant: TenantShape, id: ExternalAccountId) => table.lock(tenant, id)

      return { insert, update, find, lock, list } as const
    })
  })
{
  static readonly Default = Layer.effect(this, this.make)
}
