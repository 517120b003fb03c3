/**
 * Real-time decisions. A change of a decision's status sends a NOTIFY on
 * `channel` (payload: the decision's id) inside the transaction that makes it,
 * so a waiting simulation on any process hears of it on commit; waiters poll
 * `statusOf` as well, since a notification can be missed.
 */
import { SqlClient } from "@effect/sql"
import { Environment } from "@moneta/domain/Environment"
import { GroupId, type RealTimeDecisionId } from "@moneta/domain/Ids"
import { RealTimeDecision } from "@moneta/domain/RealTimeDecision"
import { DateTime, Effect, Schema } from "effect"
import { makeResourceTable } from "./ResourceTable.js"
import type { TenantShape } from "./Tenant.js"

/** The NOTIFY channel of answered and timed-out decisions; the payload is the decision's id. */
export const channel = "moneta_real_time_decisions"

const DueRow = Schema.Struct({ group_id: GroupId, environment: Environment, body: RealTimeDecision })

export class RealTimeDecisions extends Effect.Service<RealTimeDecisions>()("@moneta/store/RealTimeDecisions", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const table = yield* makeResourceTable("real_time_decisions", RealTimeDecision)
    const decodeDue = Schema.decodeUnknown(Schema.Array(DueRow))

    const notify = (decision: RealTimeDecision) =>
      sql`SELECT pg_notify(${channel}, ${decision.id})`.pipe(Effect.asVoid, Effect.orDie)

    const insert = (tenant: TenantShape, decision: RealTimeDecision) =>
      table.insert(tenant, decision, {
        created_at: DateTime.toDate(decision.created_at),
        category: decision.category,
        status: decision.status,
        timeout_at: DateTime.toDate(decision.timeout_at)
      })

    /** Writes the decision's new status and tells its waiters (on commit). */
    const update = (tenant: TenantShape, decision: RealTimeDecision) =>
      Effect.zipRight(table.update(tenant, decision, { status: decision.status }), notify(decision))

    const find = (tenant: TenantShape, id: RealTimeDecisionId) => table.find(tenant, id)

    const lock = (tenant: TenantShape, id: RealTimeDecisionId) => table.lock(tenant, id)

    /**
     * Pending decisions of `environment` whose window has passed at `now`,
     * with their tenant, locked for this transaction; rows another process is
     * already changing are skipped.
     */
    const lockDue = (environment: Environment, now: DateTime.Utc, limit: number) =>
      sql`SELECT group_id, environment, body FROM real_time_decisions
        WHERE status = 'pending' AND timeout_at <= ${DateTime.toDate(now)} AND environment = ${environment}
        ORDER BY timeout_at LIMIT ${limit} FOR UPDATE SKIP LOCKED`.pipe(
        Effect.flatMap(decodeDue),
        Effect.orDie,
        Effect.map((rows) =>
          rows.map((row) => ({
            tenant: { groupId: row.group_id, environment: row.environment } satisfies TenantShape,
            decision: row.body
          }))
        )
      )

    /** Whether an active subscription of the tenant names this real-time decision event category. */
    const hasSubscriber = (tenant: TenantShape, eventCategory: string) =>
      sql`SELECT 1 AS found FROM event_subscriptions
        WHERE group_id = ${tenant.groupId} AND environment = ${tenant.environment} AND status = 'active'
          AND selected_categories @> jsonb_build_array(${eventCategory}::text) LIMIT 1`.pipe(
        Effect.map((rows) => rows.length > 0),
        Effect.orDie
      )

    return { insert, update, find, lock, lockDue, hasSubscriber } as const
  })
}) {}
