/**
 * A group's sandbox data as a whole (docs/workbench.md, "Snapshots and
 * reset"): deleted (reset), saved under a name, written back (restore).
 *
 * - `tenantTables` is the one list of the tables a tenant owns rows of, in an
 *   order where every row's references come before it (deletes run it
 *   backwards). A test fails when a migration adds a table with a `group_id`
 *   column that neither it nor `keptTables` names.
 * - A snapshot keeps every row whole (`to_jsonb`), so a restore writes back the
 *   same ids, times and columns (`jsonb_populate_record`), sequence-made ids
 *   too (`OVERRIDING SYSTEM VALUE`). Sequences are not wound back and text ids
 *   start with their creation time (`IdGenerator`), so ids made after a
 *   restore never meet restored ones.
 * - Call every operation inside one transaction (the bank does): a restore
 *   never leaves deliveries, decisions or idempotency keys half from one state
 *   and half from another. `lockGroup` serializes the group's saves, resets and
 *   restores.
 */
import type { TenantShape } from "@moneta/domain/Tenant"
import { Context, DateTime, Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import * as HeldTotals from "./AccountHeldTotals.js"
import * as BalanceBlocks from "./BalanceBlocks.js"
import { tenantIs } from "./Tenant.js"
import { channel } from "./WebhookDeliveries.js"

/** Every table whose rows belong to a tenant's data, each after the tables its rows refer to. */
export const tenantTables = [
  "entities",
  "accounts",
  "transactions",
  "pending_transactions",
  "bookkeeping_accounts",
  "bookkeeping_entry_sets",
  "bookkeeping_entries",
  "cards",
  "lockbox_addresses",
  "external_accounts",
  "account_numbers",
  "inbound_wire_drawdown_requests",
  "wire_transfers",
  "lockbox_recipients",
  "files",
  "inbound_mail_items",
  "check_deposits",
  "card_payments",
  "declined_transactions",
  "digital_wallet_tokens",
  "real_time_decisions",
  "idempotency_records",
  "events",
  "event_subscriptions",
  "webhook_deliveries",
  "webhook_attempts",
  "webhook_faults"
] as const

/** Tables with a `group_id` that are no tenant data: the group's keys, and the snapshots themselves. */
export const keptTables = ["api_keys", "snapshots"] as const

export interface StoredSnapshot {
  readonly name: string
  readonly createdAt: DateTime.Utc
  readonly rowCount: number
}

const SnapshotRow = Schema.Struct({
  id: Schema.NumberFromString,
  name: Schema.String,
  created_at: Schema.Date,
  row_count: Schema.Number
})
const CountRow = Schema.Struct({ count: Schema.NumberFromString })

const toSnapshot = (row: typeof SnapshotRow.Type): StoredSnapshot => ({
  name: row.name,
  createdAt: DateTime.fromDateUnsafe(row.created_at),
  rowCount: row.row_count
})

export class SandboxSnapshotStore
  extends Context.Service<SandboxSnapshotStore>()("@moneta/store/SandboxSnapshotStore", {
    make: Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const decodeSnapshots = Schema.decodeUnknownEffect(Schema.Array(SnapshotRow))
      const decodeCount = Schema.decodeUnknownEffect(Schema.Array(CountRow))
      const snapshotColumns = sql`id::text AS id, name, created_at, row_count`

      /** Holds the group's row until the transaction ends: saves, resets and restores of a group take turns. */
      const lockGroup = (tenant: TenantShape) =>
        sql`SELECT pg_advisory_xact_lock(hashtextextended(${`sandbox_state:${tenant.groupId}:${tenant.environment}`}, 0))`
          .pipe(Effect.asVoid, Effect.orDie)

      /** Deletes every row of the tenant's data (its keys and snapshots stay). */
      const deleteAll = (tenant: TenantShape) =>
        Effect.forEach(
          [...tenantTables].reverse(),
          (table) => sql`DELETE FROM ${sql(table)} WHERE ${tenantIs(sql, tenant)}`,
          { discard: true }
        ).pipe(Effect.orDie)

      const find = (tenant: TenantShape, name: string) =>
        sql`SELECT ${snapshotColumns} FROM snapshots WHERE ${tenantIs(sql, tenant)} AND name = ${name}`.pipe(
          Effect.flatMap(decodeSnapshots),
          Effect.map((rows) => Option.fromNullishOr(rows[0])),
          Effect.orDie
        )

      const list = (tenant: TenantShape) =>
        sql`SELECT ${snapshotColumns} FROM snapshots WHERE ${tenantIs(sql, tenant)} ORDER BY created_at, id`.pipe(
          Effect.flatMap(decodeSnapshots),
          Effect.map((rows) => rows.map(toSnapshot)),
          Effect.orDie
        )

      const count = (tenant: TenantShape) =>
        sql`SELECT count(*)::text AS count FROM snapshots WHERE ${tenantIs(sql, tenant)}`.pipe(
          Effect.flatMap(decodeCount),
          Effect.map((rows) => rows[0]?.count ?? 0),
          Effect.orDie
        )

      /** Deletes a snapshot (its rows go with it); whether there was one. */
      const remove = (tenant: TenantShape, name: string) =>
        sql`DELETE FROM snapshots WHERE ${tenantIs(sql, tenant)} AND name = ${name} RETURNING 1 AS deleted`.pipe(
          Effect.map((rows) => rows.length > 0),
          Effect.orDie
        )

      /** Saves the tenant's data under `name`, replacing a snapshot of that name. */
      const save = (tenant: TenantShape, name: string, at: DateTime.Utc) =>
        Effect.gen(function*() {
          yield* remove(tenant, name)
          const inserted = yield* sql`INSERT INTO snapshots (group_id, environment, name, created_at, row_count)
            VALUES (${tenant.groupId}, ${tenant.environment}, ${name}, ${DateTime.toDate(at)}, 0)
            RETURNING ${snapshotColumns}`.pipe(Effect.flatMap(decodeSnapshots))
          const snapshot = inserted[0]
          if (snapshot === undefined) return yield* Effect.die(new Error("the snapshot insert returned no row"))
          let rows = 0
          for (const table of tenantTables) {
            const saved = yield* sql`INSERT INTO snapshot_rows (snapshot_id, table_name, position, row)
              SELECT ${snapshot.id}, ${table}, row_number() OVER (), to_jsonb(saved)
              FROM ${sql(table)} AS saved WHERE ${tenantIs(sql, tenant)}
              RETURNING 1 AS saved`
            rows += saved.length
          }
          yield* sql`UPDATE snapshots SET row_count = ${rows} WHERE id = ${snapshot.id}`
          return toSnapshot({ ...snapshot, row_count: rows })
        }).pipe(Effect.orDie)

      /**
       * Replaces the tenant's data with the snapshot's; `None` when there is no
       * such snapshot (nothing changed then). Claims the dispatchers held on
       * the saved deliveries are dropped (the rows fall due as saved), and the
       * dispatchers are woken for the deliveries written back.
       */
      const restore = (tenant: TenantShape, name: string) =>
        Effect.gen(function*() {
          const found = yield* find(tenant, name)
          if (Option.isNone(found)) return Option.none<StoredSnapshot>()
          yield* deleteAll(tenant)
          for (const table of tenantTables) {
            yield* sql`INSERT INTO ${sql(table)} OVERRIDING SYSTEM VALUE
              SELECT (jsonb_populate_record(NULL::${sql(table)}, saved.row)).*
              FROM snapshot_rows AS saved
              WHERE saved.snapshot_id = ${found.value.id} AND saved.table_name = ${table}
              ORDER BY saved.position`
          }
          // The bookkeeping balance blocks and the accounts' held totals are derived, not snapshotted:
          // rebuilt from the entries and the pending transactions written back. So is each account's
          // newest posting time (a snapshot saved before migration 0024 has none).
          yield* BalanceBlocks.rebuild(sql, tenant)
          yield* HeldTotals.rebuild(sql, tenant)
          yield* sql`UPDATE accounts SET last_posted_at = coalesce(
              (SELECT max(created_at) FROM transactions WHERE transactions.account_id = accounts.id), '-infinity')
            WHERE ${tenantIs(sql, tenant)}`
          yield* sql`UPDATE webhook_deliveries SET claimed_until = NULL, claim_token = NULL, unrecorded_claims = 0
            WHERE ${tenantIs(sql, tenant)} AND claim_token IS NOT NULL`
          yield* sql`SELECT pg_notify(${channel}, ${tenant.environment})`
          return Option.some(toSnapshot(found.value))
        }).pipe(Effect.orDie)

      return { lockGroup, deleteAll, list, count, remove, save, restore } as const
    })
  })
{
  static readonly Default = Layer.effect(this, this.make)
}
