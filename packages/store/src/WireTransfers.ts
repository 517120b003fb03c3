/** Wire transfers, the locked sender of a new transfer, and the wire message sequence. */
import { AddressObject } from "@moneta/domain/Entity"
import type { AccountId } from "@moneta/domain/Ids"
import type { TenantShape } from "@moneta/domain/Tenant"
import { WireTransfer } from "@moneta/domain/WireTransfer"
import type { WireTransferFilter } from "@moneta/domain/WireTransferRequests"
import { Context, DateTime, Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { type LockedBalance, lockedBalanceColumns, lockedBalanceOf, LockedBalanceRow } from "./Accounts.js"
import { filterConditions } from "./FilterConditions.js"
import type { PageRequest } from "./Pagination.js"
import { makeResourceTable } from "./ResourceTable.js"

/** Name and address of the entity that owns an account (a natural person's or a corporation's). */
export const EntityParty = Schema.Struct({ name: Schema.String, address: AddressObject })
export type EntityParty = typeof EntityParty.Type

const SenderRow = Schema.Struct({ ...LockedBalanceRow.fields, party: Schema.NullOr(EntityParty) })

/** The sending account of a new transfer, read under its row lock. */
export interface Sender {
  readonly balance: LockedBalance
  /** The name and address of the account's entity (None without one). */
  readonly party: Option.Option<EntityParty>
}
const SequenceRow = Schema.Struct({ value: Schema.String })

export class WireTransferStore extends Context.Service<WireTransferStore>()("@moneta/store/WireTransferStore", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const table = yield* makeResourceTable("wire_transfers", WireTransfer)
    const decodeSenders = Schema.decodeUnknownEffect(Schema.Array(SenderRow))
    const decodeSequence = Schema.decodeUnknownEffect(Schema.Array(SequenceRow))

    const columnsOf = (transfer: WireTransfer) => ({ status: transfer.status })

    /** The new transfer's insert, as a write to run with another statement of the step (`Writes`). */
    const insertWrite = (tenant: TenantShape, transfer: WireTransfer) =>
      table.insertWrite(tenant, transfer, {
        ...columnsOf(transfer),
        created_at: DateTime.toDate(transfer.created_at),
        idempotency_key: transfer.idempotency_key,
        account_id: transfer.account_id,
        external_account_id: transfer.external_account_id
      })

    /** A transition saved, as a write to run with another statement of the step (`Writes`); the caller holds the row lock (`lock`). */
    const updateWrite = (tenant: TenantShape, transfer: WireTransfer) =>
      table.updateWrite(tenant, transfer, columnsOf(transfer))

    /**
     * Locks the sending account (the row lock every spender takes, see the
     * bank's Ledger) and reads, in the same statement, its balance and the
     * party of its entity (the detail object of its structure that is not a
     * JSON null). None when the caller has no such account.
     */
    const lockSender = (tenant: TenantShape, accountId: AccountId) =>
      sql`SELECT ${lockedBalanceColumns(sql)}, coalesce(
            nullif(entities.body -> 'natural_person', 'null'), nullif(entities.body -> 'corporation', 'null'),
            nullif(entities.body -> 'trust', 'null'), nullif(entities.body -> 'government_authority', 'null')
          ) AS party
        FROM accounts LEFT JOIN entities ON entities.id = accounts.entity_id
          AND entities.group_id = accounts.group_id AND entities.environment = accounts.environment
        WHERE accounts.id = ${accountId} AND accounts.group_id = ${tenant.groupId} AND accounts.environment = ${tenant.environment}
        FOR UPDATE OF accounts`
        .pipe(
          Effect.flatMap(decodeSenders),
          Effect.orDie,
          Effect.map((rows) =>
            Option.map(Option.fromNullishOr(rows[0]), (row): Sender => ({
              balance: lockedBalanceOf(row),
              party: Option.fromNullishOr(row.party)
            }))
          )
        )

    /** The next wire message sequence number (increasing across the database, never reused). */
    const nextMessageSequence = sql`SELECT nextval('wire_message_sequence')::text AS value`.pipe(
      Effect.flatMap(decodeSequence),
      Effect.orDie,
      Effect.flatMap((rows) =>
        rows[0] === undefined ? Effect.die(new Error("nextval returned no row")) : Effect.succeed(rows[0].value)
      )
    )

    const list = (tenant: TenantShape, request: PageRequest, filter: WireTransferFilter) =>
      table.page(
        tenant,
        request,
        filterConditions(sql, filter, {
          account_id: "account_id",
          external_account_id: "external_account_id",
          idempotency_key: "idempotency_key",
          "status.in": "status"
        })
      )

    return {
      insertWrite,
      updateWrite,
      find: table.find,
      lock: table.lock,
      lockSender,
      nextMessageSequence,
      list
    } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}
