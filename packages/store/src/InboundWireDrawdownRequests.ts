/** Inbound wire drawdown requests: requests from other banks that one of the tenant's account numbers send a wire. */
import type { InboundWireDrawdownRequestId } from "@moneta/domain/Ids"
import { InboundWireDrawdownRequest } from "@moneta/domain/InboundWireDrawdownRequest"
import type { TenantShape } from "@moneta/domain/Tenant"
import { Context, DateTime, Effect, Layer } from "effect"
import type { PageRequest } from "./Pagination.js"
import { makeResourceTable } from "./ResourceTable.js"

export class InboundWireDrawdownRequestStore extends Context.Service<InboundWireDrawdownRequestStore>()(
  "@moneta/store/InboundWireDrawdownRequestStore",
  {
    make: Effect.gen(function*() {
      const table = yield* makeResourceTable("inbound_wire_drawdown_requests", InboundWireDrawdownRequest)

      const insert = (tenant: TenantShape, request: InboundWireDrawdownRequest) =>
        table.insert(tenant, request, {
          created_at: DateTime.toDate(request.created_at),
          recipient_account_number_id: request.recipient_account_number_id
        })

      const find = (tenant: TenantShape, id: InboundWireDrawdownRequestId) => table.find(tenant, id)

      const list = (tenant: TenantShape, request: PageRequest) => table.page(tenant, request, [])

      return { insert, find, list } as const
    })
  }
) {
  static readonly Default = Layer.effect(this, this.make)
}
