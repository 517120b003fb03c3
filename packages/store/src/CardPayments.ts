/** Card payments: one row per payment, rewritten as elements are added (the caller holds the row lock). */
import type { CardPaymentFilter } from "@moneta/domain/CardPayment"
import { CardPayment } from "@moneta/domain/CardPayment"
import type { CardPaymentId } from "@moneta/domain/Ids"
import type { TenantShape } from "@moneta/domain/Tenant"
import { Context, DateTime, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { filterConditions } from "./FilterConditions.js"
import type { PageRequest } from "./Pagination.js"
import { makeResourceTable } from "./ResourceTable.js"

export class CardPaymentStore extends Context.Service<CardPaymentStore>()("@moneta/store/CardPaymentStore", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const table = yield* makeResourceTable("card_payments", CardPayment)

    /** The new card payment's insert, as a write to run with another statement of the step (`Writes`). */
    const insertWrite = (tenant: TenantShape, cardPayment: CardPayment) =>
      table.insertWrite(tenant, cardPayment, {
        created_at: DateTime.toDate(cardPayment.created_at),
        account_id: cardPayment.account_id,
        card_id: cardPayment.card_id
      })

    /** The update as a write to run with another statement of the step (`Writes`); the caller holds the row lock. */
    const updateWrite = (tenant: TenantShape, cardPayment: CardPayment) => table.updateWrite(tenant, cardPayment)

    const find = (tenant: TenantShape, id: CardPaymentId) => table.find(tenant, id)

    const lock = (tenant: TenantShape, id: CardPaymentId) => table.lock(tenant, id)

    const list = (tenant: TenantShape, request: PageRequest, filter: CardPaymentFilter) =>
      table.page(tenant, request, filterConditions(sql, filter, { account_id: "account_id", card_id: "card_id" }))

    return { insertWrite, updateWrite, find, lock, list } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}
