/** Inbound mail items. */
import type { InboundMailItemId } from "@moneta/domain/Ids"
import type { InboundMailItemFilter } from "@moneta/domain/InboundMailItem"
import { InboundMailItem } from "@moneta/domain/InboundMailItem"
import type { TenantShape } from "@moneta/domain/Tenant"
import { Context, DateTime, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { filterConditions } from "./FilterConditions.js"
import type { PageRequest } from "./Pagination.js"
import { makeResourceTable } from "./ResourceTable.js"

export class InboundMailItemStore
  extends Context.Service<InboundMailItemStore>()("@moneta/store/InboundMailItemStore", {
    make: Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const table = yield* makeResourceTable("inbound_mail_items", InboundMailItem)

      /** The new item's insert, as a write to run with another statement of the step (`Writes`). */
      const insertWrite = (tenant: TenantShape, item: InboundMailItem) =>
        table.insertWrite(tenant, item, {
          created_at: DateTime.toDate(item.created_at),
          lockbox_address_id: item.lockbox_address_id,
          lockbox_recipient_id: item.lockbox_recipient_id,
          status: item.status
        })

      /** A transition saved, as a write to run with another statement of the step (`Writes`); the caller holds the row lock (`lock`). */
      const updateWrite = (tenant: TenantShape, item: InboundMailItem) =>
        table.updateWrite(tenant, item, { status: item.status })

      const list = (tenant: TenantShape, request: PageRequest, filter: InboundMailItemFilter) =>
        table.page(
          tenant,
          request,
          filterConditions(sql, filter, {
            lockbox_address_id: "lockbox_address_id",
            lockbox_recipient_id: "lockbox_recipient_id"
          })
        )

      const find = (tenant: TenantShape, id: InboundMailItemId) => table.find(tenant, id)
      const lock = (tenant: TenantShape, id: InboundMailItemId) => table.lock(tenant, id)

      return { insertWrite, updateWrite, find, lock, list } as const
    })
  })
{
  static readonly Default = Layer.effect(this, this.make)
}
