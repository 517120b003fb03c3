/**
 * Real-time decisions. A change of a decision's status sends a NOTIFY on
 * `channel` (payload: the decision's id) inside the transaction that makes it,
 * so a waiting simulation on any process hears of it on commit; waiters poll
 * (`findAnswered`) as well, since a notification can be missed.
 */
import { Environment } from "@moneta/domain/Environment"
import { GroupId, RealTimeDecisionId } from "@moneta/domain/Ids"
import { type Category, RealTimeDecision, RealTimeDecisionAction } from "@moneta/domain/RealTimeDecision"
import type { TenantShape } from "@moneta/domain/Tenant"
import { Context, DateTime, Effect, Layer, Option, Schema } from "effect"
import { SqlClient, type Statement } from "effect/sql"
import { groupOffset, maxGroupOffset } from "./GroupClock.js"
import { jsonb, makeResourceTable } from "./ResourceTable.js"
import { tenantIs } from "./Tenant.js"
import * as Writes from "./Writes.js"

/** The NOTIFY channel of answered and timed-out decisions; the payload is the decision's id. */
export const channel = "moneta_real_time_decisions"

const DueRow = Schema.Struct({
  group_id: GroupId,
  environment: Environment,
  clock_offset: Schema.NumberFromString,
  body: RealTimeDecision
})
const AnsweredRow = Schema.Struct({ body: RealTimeDecision, answer: Schema.NullOr(RealTimeDecisionAction) })
const IdRow = Schema.Struct({ id: RealTimeDecisionId })

export class RealTimeDecisionStore
  extends Context.Service<RealTimeDecisionStore>()("@moneta/store/RealTimeDecisionStore", {
    make: Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const table = yield* makeResourceTable("real_time_decisions", RealTimeDecision)
      const decodeDue = Schema.decodeUnknownEffect(Schema.Array(DueRow))
      const decodeAnswered = Schema.decodeUnknownEffect(Schema.Array(AnsweredRow))
      const decodeIds = Schema.decodeUnknownEffect(Schema.Array(IdRow))
      const encodeAnswer = Schema.encodeEffect(RealTimeDecisionAction)

      /**
       * A new decision's insert, to run with its event (`EventStore.append`'s `alongside`: one
       * statement); `raisedBy` is the idempotent request that raised it, if any: its key, and the
       * claim (the request's lineage) under which a retry finds it again.
       */
      const insertWrite = (
        tenant: TenantShape,
        decision: RealTimeDecision,
        raisedBy: { readonly key: string; readonly claim: string } | null
      ) =>
        table.insertWrite(tenant, decision, {
          created_at: DateTime.toDate(decision.created_at),
          category: decision.category,
          status: decision.status,
          timeout_at: DateTime.toDate(decision.timeout_at),
          idempotency_key: raisedBy?.key ?? null,
          idempotency_claim: raisedBy?.claim ?? null
        })

      /**
       * Writes the decision's new status (and `columns`) and tells its waiters (on commit), in one
       * statement: the NOTIFY rides on the UPDATE, a round trip fewer on the answer's way to its waiter.
       */
      const update = (
        tenant: TenantShape,
        decision: RealTimeDecision,
        columns: Record<string, Statement.Fragment> = {}
      ) =>
        Effect.flatMap(
          table.updateWrite(tenant, decision, { status: decision.status, ...columns }),
          (write) =>
            sql`${Writes.withClause(sql, Writes.asCtes(sql, [write]))} SELECT pg_notify(${channel}, ${decision.id})`
              .pipe(Effect.asVoid, Effect.orDie)
        )

      /** Writes the decision answered, keeping the client's answer as given, and tells its waiters (on commit). */
      const updateAnswered = (tenant: TenantShape, decision: RealTimeDecision, answer: RealTimeDecisionAction) =>
        Effect.flatMap(
          Effect.orDie(encodeAnswer(answer)),
          (encoded) => update(tenant, decision, { answer: jsonb(sql, encoded) })
        )

      /**
       * The decision with the client's answer as it was given (null while unanswered or timed
       * out), in one statement: what a waiter needs after a wake-up.
       */
      const findAnswered = (tenant: TenantShape, id: RealTimeDecisionId) =>
        sql`SELECT body, answer FROM real_time_decisions WHERE ${tenantIs(sql, tenant)} AND id = ${id}`.pipe(
          Effect.flatMap(decodeAnswered),
          Effect.orDie,
          Effect.map((rows) => Option.fromNullishOr(rows[0]))
        )

      /** The latest decision of `category` raised under the idempotency claim, if any (a retry reuses it). */
      const findByClaim = (tenant: TenantShape, claim: string, category: Category) =>
        sql`SELECT id FROM real_time_decisions
        WHERE ${tenantIs(sql, tenant)} AND idempotency_claim = ${claim} AND category = ${category}
        ORDER BY created_at DESC LIMIT 1`.pipe(
          Effect.flatMap(decodeIds),
          Effect.orDie,
          Effect.flatMap((rows) => rows[0] === undefined ? Effect.succeedNone : table.find(tenant, rows[0].id))
        )

      /**
       * Marks the decision's outcome applied, in the transaction that applies
       * it; false when it already was (another run of the same request applied it).
       */
      const markApplied = (tenant: TenantShape, id: RealTimeDecisionId) =>
        sql`UPDATE real_time_decisions SET applied = true
        WHERE ${tenantIs(sql, tenant)} AND id = ${id} AND NOT applied RETURNING id`.pipe(
          Effect.map((rows) => rows.length > 0),
          Effect.orDie
        )

      const find = (tenant: TenantShape, id: RealTimeDecisionId) => table.find(tenant, id)

      const lock = (tenant: TenantShape, id: RealTimeDecisionId) => table.lock(tenant, id)

      /**
       * Pending decisions of `environment` due by `cutoff` (their `timeout_at` at
       * or before it: the domain's `RealTimeDecision.dueCutoff` of now), with
       * their tenant, locked for this transaction; rows another process is
       * already changing are skipped.
       */
      const lockDue = (environment: Environment, cutoff: DateTime.Utc, limit: number) =>
        // `timeout_at` is on its group's sandbox clock (`SandboxClocks`); `cutoff` is the server's time.
        sql`SELECT group_id, environment, body,
          (SELECT clock_offset_ms FROM groups WHERE groups.id = group_id)::text AS clock_offset
        FROM real_time_decisions
        WHERE status = 'pending' AND environment = ${environment}
          AND timeout_at <= ${DateTime.toDate(cutoff)}::timestamptz + ${maxGroupOffset(sql)}
          AND timeout_at <= ${DateTime.toDate(cutoff)}::timestamptz + ${groupOffset(sql, sql`group_id`)}
        ORDER BY timeout_at LIMIT ${limit} FOR UPDATE SKIP LOCKED`.pipe(
          Effect.flatMap(decodeDue),
          Effect.orDie,
          Effect.map((rows) =>
            rows.map((row) => ({
              tenant: { groupId: row.group_id, environment: row.environment } satisfies TenantShape,
              clockOffsetMillis: row.clock_offset,
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

      return {
        insertWrite,
        update,
        updateAnswered,
        findAnswered,
        findByClaim,
        markApplied,
        find,
        lock,
        lockDue,
        hasSubscriber
      } as const
    })
  })
{
  static readonly Default = Layer.effect(this, this.make)
}
