/** Lockbox addresses. */
import type { LockboxAddressId } from "@moneta/domain/Ids"
import type { IdempotencyKeyFilter } from "@moneta/domain/ListParameters"
import { LockboxAddress } from "@moneta/domain/LockboxAddress"
import type { TenantShape } from "@moneta/domain/Tenant"
import { Context, DateTime, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { filterConditions } from "./FilterConditions.js"
import type { PageRequest } from "./Pagination.js"
import { makeResourceTable } from "./ResourceTable.js"

export class LockboxAddressStore extends Context.Service<LockboxAddressStore>()("@moneta/store/LockboxAddressStore", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const table = yield* makeResourceTable("lockbox_addresses", LockboxAddress)

    const insert = (tenant: TenantShape, address: LockboxAddress) =>
      table.insert(tenant, address, {
        created_at: DateTime.toDate(address.created_at),
        idempotency_key: address.idempotency_key,
        status: address.status
      })

    const update = (tenant: TenantShape, address: LockboxAddress) =>
      table.update(tenant, address, { status: address.status })

    const list = (
      tenant: TenantShape,
      request: PageRequest,
      filter: IdempotencyKeyFilter
    ) =>
      table.page(
        tenant,
        request,
        filterConditions(sql, filter, { idempotency_key: "idempotency_key" })
      )

    const find = (tenant: TenantShape, id: LockboxAddressId) => table.find(tenant, id)
    const lock = (tenant: TenantShape, id: LockboxAddressId) => table.lock(tenant, id)

    return { insert, update, find, lock, list } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}
