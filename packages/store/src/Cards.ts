/** Cards. */
import { Card, type CardFilter } from "@moneta/domain/Card"
import type { CardId } from "@moneta/domain/Ids"
import type { TenantShape } from "@moneta/domain/Tenant"
import { Context, DateTime, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { filterConditions } from "./FilterConditions.js"
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

    const list = (tenant: TenantShape, request: PageRequest, filter: CardFilter) =>
      table.page(
        tenant,
        request,
        filterConditions(sql, filter, {
          account_id: "account_id",
          idempotency_key: "idempotency_key",
          "status.in": "status"
        })
      )

    const find = (tenant: TenantShape, id: CardId) => table.find(tenant, id)
    const lock = (tenant: TenantShape, id: CardId) => table.lock(tenant, id)

    return { insert, update, find, lock, list } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}
