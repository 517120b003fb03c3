/**
 * Injected webhook faults (`@moneta/domain/WebhookFault`), per subscription,
 * used up in `position` order. `take` claims one delivery's worth of the
 * oldest fault left: the decrement is the statement that claims it, so
 * processes sharing the database never use a fault more often than its count.
 */
import { EventSubscriptionId } from "@moneta/domain/Ids"
import type { TenantShape } from "@moneta/domain/Tenant"
import { type FaultToApply, WebhookFault, WebhookFaultKind } from "@moneta/domain/WebhookFault"
import { Context, DateTime, Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { tenantIs } from "./Tenant.js"

const FaultRow = Schema.Struct({
  event_subscription_id: EventSubscriptionId,
  kind: WebhookFaultKind,
  status: Schema.NullOr(Schema.Number),
  seconds: Schema.NullOr(Schema.Number),
  remaining: Schema.Number,
  created_at: Schema.Date
})
const TakenRow = Schema.Struct({
  kind: WebhookFaultKind,
  status: Schema.NullOr(Schema.Number),
  seconds: Schema.NullOr(Schema.Number)
})
const CountRow = Schema.Struct({ count: Schema.NumberFromString })

const decodeTaken = Schema.decodeUnknownEffect(Schema.Array(TakenRow))

/**
 * Uses one delivery's worth of the subscription's oldest fault left, if any:
 * the decrement is the statement that claims it. A fault another process is
 * taking at the same moment is waited for (`FOR UPDATE`), never used twice; if
 * that used it up, this delivery goes without a fault. The dispatcher calls it
 * through `WebhookDeliveryStore.takeFault`.
 */
export const takeFault = (
  sql: SqlClient.SqlClient,
  subscriptionId: EventSubscriptionId
): Effect.Effect<Option.Option<FaultToApply>> =>
  sql`UPDATE webhook_faults SET remaining = remaining - 1
    WHERE position = (
      SELECT position FROM webhook_faults
      WHERE event_subscription_id = ${subscriptionId} AND remaining > 0
      ORDER BY position LIMIT 1 FOR UPDATE
    ) AND remaining > 0
    RETURNING kind, status, seconds`.pipe(
    Effect.flatMap(decodeTaken),
    Effect.map((rows) => Option.fromNullishOr(rows[0])),
    Effect.orDie
  )

const toFault = (row: typeof FaultRow.Type) =>
  new WebhookFault({
    event_subscription_id: row.event_subscription_id,
    kind: row.kind,
    status: row.status,
    seconds: row.seconds,
    remaining: row.remaining,
    created_at: DateTime.fromDateUnsafe(row.created_at),
    type: "webhook_fault"
  })

export class WebhookFaultStore extends Context.Service<WebhookFaultStore>()("@moneta/store/WebhookFaultStore", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const decodeFaults = Schema.decodeUnknownEffect(Schema.Array(FaultRow))
    const decodeCount = Schema.decodeUnknownEffect(Schema.Array(CountRow))

    const insert = (
      tenant: TenantShape,
      subscriptionId: EventSubscriptionId,
      fault: FaultToApply & { readonly count: number },
      at: DateTime.Utc
    ) =>
      sql`INSERT INTO webhook_faults
          (group_id, environment, event_subscription_id, kind, status, seconds, remaining, created_at)
        VALUES (${tenant.groupId}, ${tenant.environment}, ${subscriptionId}, ${fault.kind}, ${fault.status},
          ${fault.seconds}, ${fault.count}, ${DateTime.toDate(at)})
        RETURNING event_subscription_id, kind, status, seconds, remaining, created_at`.pipe(
        Effect.flatMap(decodeFaults),
        Effect.map((rows) => rows.map(toFault)),
        Effect.flatMap((faults) =>
          faults[0] === undefined
            ? Effect.die(new Error("the fault insert returned no row"))
            : Effect.succeed(faults[0])
        ),
        Effect.orDie
      )

    /** The subscription's faults not used up yet, in the order they apply. */
    const list = (tenant: TenantShape, subscriptionId: EventSubscriptionId) =>
      sql`SELECT event_subscription_id, kind, status, seconds, remaining, created_at FROM webhook_faults
        WHERE ${tenantIs(sql, tenant)} AND event_subscription_id = ${subscriptionId} AND remaining > 0
        ORDER BY position`.pipe(
        Effect.flatMap(decodeFaults),
        Effect.map((rows) => rows.map(toFault)),
        Effect.orDie
      )

    const pending = (tenant: TenantShape, subscriptionId: EventSubscriptionId) =>
      sql`SELECT count(*)::text AS count FROM webhook_faults
        WHERE ${tenantIs(sql, tenant)} AND event_subscription_id = ${subscriptionId} AND remaining > 0`.pipe(
        Effect.flatMap(decodeCount),
        Effect.map((rows) => rows[0]?.count ?? 0),
        Effect.orDie
      )

    /** Deletes every fault of the subscription (used up or not). */
    const clear = (tenant: TenantShape, subscriptionId: EventSubscriptionId) =>
      sql`DELETE FROM webhook_faults WHERE ${tenantIs(sql, tenant)} AND event_subscription_id = ${subscriptionId}`
        .pipe(Effect.asVoid, Effect.orDie)

    const take = (subscriptionId: EventSubscriptionId) => takeFault(sql, subscriptionId)

    return { insert, list, pending, clear, take } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}
