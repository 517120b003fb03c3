/** Cards. */
import { Card } from "@moneta/domain/Card"
import type { AccountId, CardId } from "@moneta/domain/Ids"
import type { TenantShape } from "@moneta/domain/Tenant"
import { Context, DateTime, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import type { PageRequest } from "./Pagination.js"
import { makeResourceTable } from "./ResourceTable.js"

export class CardStore extends Context.Service<CardStore>()("@moneta/store/CardStore", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const table = yield* makeResourceTable("cards", Card)

    const insert = (tenant: TenantShape, card: Card) =>
      table.insert(tenant, card, {
        created_at: DateTime.toDate(card.created_at),
        idempotency_key: card.idempotency_key,
        account_id: card.account_id,
        status: card.status
      })

    const update = (tenant: TenantShape, card: Card) => table.update(tenant, card, { status: card.status })

    const list = (tenant: TenantShape, request: PageRequest, filter: {
      readonly accountId?: AccountId | undefined
      readonly idempotencyKey?: string | undefined
      readonly statuses?: ReadonlyArray<string> | undefined
    }) =>
      table.page(tenant, request, [
        ...(filter.accountId === undefined ? [] : [sql`account_id = ${filter.accountId}`]),
        ...(filter.idempotencyKey === undefined ? [] : [sql`idempotency_key = ${filter.idempotencyKey}`]),
        ...(filter.statuses === undefined || filter.statuses.length === 0
          ? []
          : [sql`status IN ${sql.in(filter.statuses)}`])
      ])

    const find = (tenant: TenantShape, id: CardId) => table.find(tenant, id)
    const lock = (tenant: TenantShape, id: CardId) => table.lock(tenant, id)

    return { insert, update, find, lock, list } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}
