/**
 * The inbound funds holds (a check deposit's held funds) still pending past
 * their `automatically_releases_at`: what the hold sweeper releases across
 * the groups of an environment, and what a sandbox clock advance releases
 * for its group. The time is on its group's sandbox clock (`GroupClock`) for
 * sandbox rows and on real time for live ones.
 */
import { Environment } from "@moneta/domain/Environment"
import { GroupId, PendingTransactionId } from "@moneta/domain/Ids"
import type { TenantShape } from "@moneta/domain/Tenant"
import { Context, DateTime, Effect, Layer, Schema } from "effect"
import { SqlClient, type Statement } from "effect/sql"
import { cutoffOnGroupClock, groupOffsetText } from "./GroupClock.js"
import { tenantIs } from "./Tenant.js"

const DueRow = Schema.Struct({
  group_id: GroupId,
  environment: Environment,
  id: PendingTransactionId,
  clock_offset: Schema.NumberFromString
})
const IdRow = Schema.Struct({ id: PendingTransactionId })

/** A pending inbound funds hold past its release time, with its tenant and the clock offset its release is recorded on. */
export interface DueInboundFundsHold {
  readonly tenant: TenantShape
  readonly pendingTransactionId: PendingTransactionId
  readonly clockOffsetMillis: number
}

export class InboundFundsHoldStore
  extends Context.Service<InboundFundsHoldStore>()("@moneta/store/InboundFundsHoldStore", {
    make: Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const decodeDue = Schema.decodeUnknownEffect(Schema.Array(DueRow))
      const decodeIds = Schema.decodeUnknownEffect(Schema.Array(IdRow))

      const releasesBy = (cutoff: Statement.Fragment) =>
        sql`status = 'pending' AND category = 'inbound_funds_hold'
          AND (body->'source'->'inbound_funds_hold'->>'automatically_releases_at')::timestamptz <= ${cutoff}`

      /**
       * Up to `limit` holds of `environment` pending past their
       * `automatically_releases_at`, oldest first; `cutoff` is the server's time.
       */
      const due = (environment: Environment, cutoff: DateTime.Utc, limit: number) =>
        sql`SELECT group_id, environment, id, ${groupOffsetText(sql, environment)} AS clock_offset
          FROM pending_transactions
          WHERE environment = ${environment}
            AND ${releasesBy(cutoffOnGroupClock(sql, environment, DateTime.toDate(cutoff)))}
          ORDER BY created_at, id LIMIT ${limit}`.pipe(
          Effect.flatMap(decodeDue),
          Effect.orDie,
          Effect.map((rows) =>
            rows.map((row): DueInboundFundsHold => ({
              tenant: { groupId: row.group_id, environment: row.environment },
              pendingTransactionId: row.id,
              clockOffsetMillis: row.clock_offset
            }))
          )
        )

      /** Up to `limit` of the tenant's holds pending past their release time by `at` (its clock), oldest first. */
      const dueFor = (tenant: TenantShape, at: DateTime.Utc, limit: number) =>
        sql`SELECT id FROM pending_transactions
          WHERE ${tenantIs(sql, tenant)} AND ${releasesBy(sql`${DateTime.toDate(at)}::timestamptz`)}
          ORDER BY created_at, id LIMIT ${limit}`.pipe(
          Effect.flatMap(decodeIds),
          Effect.map((rows): ReadonlyArray<PendingTransactionId> => rows.map((row) => row.id)),
          Effect.orDie
        )

      return { due, dueFor } as const
    })
  })
{
  static readonly Default = Layer.effect(this, this.make)
}
