/** Check deposits. */
import type { CheckDepositFilter } from "@moneta/domain/CheckDeposit"
import { CheckDeposit } from "@moneta/domain/CheckDeposit"
import type { CheckDepositId } from "@moneta/domain/Ids"
import type { TenantShape } from "@moneta/domain/Tenant"
import { Context, DateTime, Effect, Layer } from "effect"
import { SqlClient, type Statement } from "effect/sql"
import type { PageRequest } from "./Pagination.js"
import { makeResourceTable } from "./ResourceTable.js"

export class CheckDepositStore extends Context.Service<CheckDepositStore>()("@moneta/store/CheckDepositStore", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const table = yield* makeResourceTable("check_deposits", CheckDeposit)

    /**
     * A new deposit's insert, as a write to run with another statement of the
     * step (`Writes`); the caller has locked its account (see the bank's Ledger).
     */
    const insertWrite = (tenant: TenantShape, deposit: CheckDeposit) =>
      table.insertWrite(tenant, deposit, {
        created_at: DateTime.toDate(deposit.created_at),
        idempotency_key: deposit.idempotency_key,
        account_id: deposit.account_id,
        inbound_mail_item_id: deposit.inbound_mail_item_id,
        status: deposit.status
      })

    const list = (tenant: TenantShape, request: PageRequest, filter: CheckDepositFilter) => {
      const conditions: Array<Statement.Fragment> = []
      if (filter.account_id !== undefined) conditions.push(sql`account_id = ${filter.account_id}`)
      if (filter.idempotency_key !== undefined) conditions.push(sql`idempotency_key = ${filter.idempotency_key}`)
      return table.page(tenant, request, conditions)
    }

    /** A step saved, as a write to run with another statement of the step (`Writes`); the caller holds the row lock (`lock`). */
    const updateWrite = (tenant: TenantShape, deposit: CheckDeposit) =>
      table.updateWrite(tenant, deposit, { status: deposit.status })

    const find = (tenant: TenantShape, id: CheckDepositId) => table.find(tenant, id)

    /** Reads the deposit under its row lock, so that concurrent steps on it queue. */
    const lock = (tenant: TenantShape, id: CheckDepositId) => table.lock(tenant, id)

    return { insertWrite, updateWrite, find, lock, list } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}
