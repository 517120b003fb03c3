/** Entities: the legal persons that own accounts. */
import { Entity, type EntityFilter } from "@moneta/domain/Entity"
import { EntityId } from "@moneta/domain/Ids"
import type { TenantShape } from "@moneta/domain/Tenant"
import { Array as Arr, Context, DateTime, Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { filterConditions } from "./FilterConditions.js"
import type { PageRequest } from "./Pagination.js"
import { makeResourceTable } from "./ResourceTable.js"
import { tenantIs } from "./Tenant.js"

const decodeIds = Schema.decodeUnknownEffect(Schema.Array(Schema.Struct({ id: EntityId })))

export class EntityStore extends Context.Service<EntityStore>()("@moneta/store/EntityStore", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const table = yield* makeResourceTable("entities", Entity)
    const insert = (tenant: TenantShape, entity: Entity) =>
      table.insert(tenant, entity, {
        created_at: DateTime.toDate(entity.created_at),
        idempotency_key: entity.idempotency_key
      })
    const list = (tenant: TenantShape, request: PageRequest, filter: EntityFilter) =>
      table.page(
        tenant,
        request,
        filterConditions(sql, filter, {
          idempotency_key: "idempotency_key",
          "status.in": sql`body->>'status'`,
          "validation_status.in": sql`body->'validation'->>'status'`
        })
      )

    const find = (tenant: TenantShape, id: EntityId) => table.find(tenant, id)
    const lock = (tenant: TenantShape, id: EntityId) => table.lock(tenant, id)

    /** Saves a change; the caller holds the row lock (`lock`). */
    const update = (tenant: TenantShape, entity: Entity) => table.update(tenant, entity)

    /** The tenant's oldest active entity, if it has one. */
    const oldestActive = (tenant: TenantShape) =>
      sql`SELECT id FROM entities WHERE ${tenantIs(sql, tenant)} AND body->>'status' = 'active'
        ORDER BY created_at, id LIMIT 1`.pipe(
        Effect.flatMap(decodeIds),
        Effect.map((rows) => Option.map(Arr.head(rows), (row) => row.id)),
        Effect.orDie
      )

    return { insert, find, lock, update, list, oldestActive } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}
