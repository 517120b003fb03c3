/** Lockbox recipients, and the mail stop codes taken at an address. */
import type { LockboxAddressId, LockboxRecipientId } from "@moneta/domain/Ids"
import type { LockboxRecipientFilter } from "@moneta/domain/LockboxRecipient"
import { LockboxRecipient } from "@moneta/domain/LockboxRecipient"
import type { TenantShape } from "@moneta/domain/Tenant"
import { Context, DateTime, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { filterConditions } from "./FilterConditions.js"
import type { PageRequest } from "./Pagination.js"
import { makeResourceTable } from "./ResourceTable.js"

export class LockboxRecipientStore
  extends Context.Service<LockboxRecipientStore>()("@moneta/store/LockboxRecipientStore", {
    make: Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const table = yield* makeResourceTable("lockbox_recipients", LockboxRecipient)

      const insert = (tenant: TenantShape, recipient: LockboxRecipient) =>
        table.insert(tenant, recipient, {
          created_at: DateTime.toDate(recipient.created_at),
          idempotency_key: recipient.idempotency_key,
          account_id: recipient.account_id,
          lockbox_address_id: recipient.lockbox_address_id,
          mail_stop_code: recipient.mail_stop_code,
          status: recipient.status
        })

      /** Saves a transition; the caller holds the row lock (`lock`). */
      const update = (tenant: TenantShape, recipient: LockboxRecipient) =>
        table.update(tenant, recipient, { status: recipient.status })

      /** Whether a recipient at the address (of any group: the code is printed on mail) already has the code. */
      const mailStopCodeTaken = (lockboxAddressId: LockboxAddressId, mailStopCode: string) =>
        sql`SELECT 1 AS taken FROM lockbox_recipients
        WHERE lockbox_address_id = ${lockboxAddressId} AND mail_stop_code = ${mailStopCode}`.pipe(
          Effect.orDie,
          Effect.map((rows) => rows.length > 0)
        )

      const list = (tenant: TenantShape, request: PageRequest, filter: LockboxRecipientFilter) =>
        table.page(
          tenant,
          request,
          filterConditions(sql, filter, {
            account_id: "account_id",
            lockbox_address_id: "lockbox_address_id",
            idempotency_key: "idempotency_key"
          })
        )

      const find = (tenant: TenantShape, id: LockboxRecipientId) => table.find(tenant, id)
      const lock = (tenant: TenantShape, id: LockboxRecipientId) => table.lock(tenant, id)

      return { insert, update, mailStopCodeTaken, find, lock, list } as const
    })
  })
{
  static readonly Default = Layer.effect(this, this.make)
}
