/**
 * Each group's sandbox clock offset (`groups.clock_offset_ms`), and the
 * group's webhook deliveries not yet attempted that are due, which an advance
 * waits for (the holds it ends are `DueHolds`').
 */
import type { Environment } from "@moneta/domain/Environment"
import type { EventSubscriptionId, GroupId } from "@moneta/domain/Ids"
import type { TenantShape } from "@moneta/domain/Tenant"
import { Context, DateTime, Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { tenantIs } from "./Tenant.js"
import { channel } from "./WebhookDeliveries.js"

const OffsetRow = Schema.Struct({ offset: Schema.NumberFromString })
const CountRow = Schema.Struct({ count: Schema.NumberFromString })

export class SandboxClockStore extends Context.Service<SandboxClockStore>()("@moneta/store/SandboxClockStore", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const decodeOffsets = Schema.decodeUnknownEffect(Schema.Array(OffsetRow))
    const decodeCount = Schema.decodeUnknownEffect(Schema.Array(CountRow))

    const offsetRows = (statement: Effect.Effect<ReadonlyArray<unknown>, unknown>) =>
      statement.pipe(
        Effect.flatMap(decodeOffsets),
        Effect.map((rows) => Option.fromNullishOr(rows[0]?.offset)),
        Effect.orDie
      )

    /** The group's offset in milliseconds (0 for a group that does not exist). */
    const offsetOf = (groupId: GroupId) =>
      offsetRows(sql`SELECT clock_offset_ms::text AS offset FROM groups WHERE id = ${groupId}`).pipe(
        Effect.map(Option.getOrElse(() => 0))
      )

    /** The group's offset, its row locked until the transaction ends (advances of one group go one at a time). */
    const lock = (groupId: GroupId) =>
      offsetRows(sql`SELECT clock_offset_ms::text AS offset FROM groups WHERE id = ${groupId} FOR UPDATE`)

    const set = (groupId: GroupId, offsetMillis: number) =>
      sql`UPDATE groups SET clock_offset_ms = ${offsetMillis} WHERE id = ${groupId}`.pipe(Effect.asVoid, Effect.orDie)

    /**
     * The tenant's pending deliveries due by `at` (its clock) or claimed and
     * not yet recorded: what an advance waits for the dispatchers to attempt
     * (asked every 20 ms meanwhile). Counted subscription by subscription of
     * the tenant's (a lateral count, which the planner cannot turn into a
     * scan of every pending delivery): never reading other tenants' rows.
     */
    const deliveriesOwed = (tenant: TenantShape, at: DateTime.Utc) =>
      sql`SELECT coalesce(sum(owed.count), 0)::text AS count
        FROM event_subscriptions AS subscription, LATERAL (
          SELECT count(*) AS count FROM webhook_deliveries AS delivery
          WHERE delivery.event_subscription_id = subscription.id AND delivery.status = 'pending'
            AND (delivery.due_at <= ${DateTime.toDate(at)} OR delivery.claim_token IS NOT NULL)
        ) AS owed
        WHERE ${tenantIs(sql, tenant)}`.pipe(
        Effect.flatMap(decodeCount),
        Effect.map((rows) => rows[0]?.count ?? 0),
        Effect.orDie
      )

    /** Wakes the webhook dispatchers of every process serving `environment`, as committed deliveries do. */
    const wakeDispatchers = (environment: Environment) =>
      sql`SELECT pg_notify(${channel}, ${environment})`.pipe(Effect.asVoid, Effect.orDie)

    /** Sets whether the tenant's subscription takes the live retry schedule; false when it has no such subscription. */
    const setLiveRetrySchedule = (tenant: TenantShape, subscriptionId: EventSubscriptionId, live: boolean) =>
      sql`UPDATE event_subscriptions SET live_retry_schedule = ${live}
        WHERE ${tenantIs(sql, tenant)} AND id = ${subscriptionId} RETURNING id`.pipe(
        Effect.map((rows) => rows.length > 0),
        Effect.orDie
      )

    return {
      setLiveRetrySchedule,
      offsetOf,
      lock,
      set,
      deliveriesOwed,
      wakeDispatchers
    } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}
