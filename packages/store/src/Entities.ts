/** Entities: the legal persons that own accounts. */
import { Entity } from "@moneta/domain/Entity"
import { DateTime, Effect } from "effect"
import { makeResourceTable } from "./ResourceTable.js"
import type { TenantShape } from "./Tenant.js"

export class Entities extends Effect.Service<Entities>()("@moneta/store/Entities", {
  effect: Effect.gen(function*() {
    const table = yield* makeResourceTable("entities", Entity)
    const insert = (tenant: TenantShape, entity: Entity) =>
      table.insert(tenant, entity, { created_at: DateTime.toDate(entity.created_at), idempotency_key: entity.idempotency_key })
    return { insert, find: table.find, page: table.page } as const
  })
}) {}
