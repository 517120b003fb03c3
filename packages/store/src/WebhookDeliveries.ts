/**
 * The webhook outbox and its log.
 *
 * Deliveries are written in the transaction of their event (`Events.append`)
 * or of a resend / heartbeat (`enqueue`), with a transactional NOTIFY on
 * `channel`. Dispatchers of any number of processes share them:
 *
 * - `claim` takes due deliveries in one statement (`FOR UPDATE SKIP LOCKED`, so
 *   concurrent claimers never take the same row) and moves their `due_at` to
 *   the end of a lease. No transaction stays open while the POST is under way;
 *   if the claiming process dies, the delivery falls due again when the lease
 *   ends and another process sends it again (at least once).
 * - `record` writes the attempts of a batch and, for each delivery still held
 *   under the same claim, its next due time or its final status, in one
 *   statement.
 * - `release` hands claimed deliveries back unsent (graceful shutdown).
 * - A delivery claimed `maxClaims` times without an attempt being recorded
 *   (its sending keeps killing the process) is failed by the next claim
 *   instead of being taken once more.
 * - `deleteExpired` removes attempts and finished deliveries past the event
 *   retention, a bounded batch per statement; `compact` vacuums the two
 *   tables on the embedded database, which has no autovacuum.
 */
import type { Environment } from "@moneta/domain/Environment"
import type { EventFields } from "@moneta/domain/Event"
import { eventCategoryOf } from "@moneta/domain/EventCategory"
import { type EventId, type EventSubscriptionId } from "@moneta/domain/Ids"
import type { TenantShape } from "@moneta/domain/Tenant"
import {
  encodeWebhookAttempt,
  WebhookAttempt,
  type WebhookAttemptFields,
  type WebhookAttemptFilter,
  type WebhookAttemptTrigger
} from "@moneta/domain/WebhookAttempt"
import { Context, DateTime, Effect, Layer, Option, Schema } from "effect"
import { SqlClient, type Statement } from "effect/sql"
import { Info } from "./Database.js"
import { type SigningSecrets, toSigningSecrets } from "./EventSubscriptions.js"
import { groupOffset, maxGroupOffset } from "./GroupClock.js"
import type { PageRequest } from "./Pagination.js"
import { makeResourceTable } from "./ResourceTable.js"
import { tenantIs } from "./Tenant.js"
import { type ClaimRow, claimRowOf } from "./WebhookClaimRows.js"
import { takeFault } from "./WebhookFaults.js"

/** The NOTIFY channel of committed deliveries; the payload is their environment. */
export const channel = "moneta_webhook_deliveries"

/** Tells this process's dispatchers that deliveries of an environment were committed here. */
export interface CommittedHereShape {
  /** Call after the commit, never inside the transaction that wrote the deliveries. */
  readonly signal: (environment: Environment) => void
  /** Starts hearing of commits; the function returned stops it. */
  readonly subscribe: (listener: (environment: Environment) => void) => () => void
}

/**
 * Deliveries committed by this process, for its own dispatchers: where a
 * wait depends on a delivery going out at once (a real-time decision), the
 * writer signals here after its commit, so a dispatcher of the same process
 * looks at once instead of waiting for the NOTIFY to come back from the
 * database. The NOTIFY still goes out for every other process (and stays the
 * only wake-up of other writes). One per process by default, like the id
 * generator.
 */
export const CommittedHere: Context.Reference<CommittedHereShape> = Context.Reference<CommittedHereShape>(
  "@moneta/store/WebhookDeliveries/CommittedHere",
  {
    defaultValue: (): CommittedHereShape => {
      const listeners = new Set<(environment: Environment) => void>()
      return {
        signal: (environment) => {
          for (const listener of listeners) listener(environment)
        },
        subscribe: (listener) => {
          listeners.add(listener)
          return () => listeners.delete(listener)
        }
      }
    }
  }
)

export type DeliveryStatus = "pending" | "succeeded" | "failed" | "canceled"

export interface ClaimedDelivery {
  readonly id: string
  readonly claimToken: string
  readonly tenant: TenantShape
  readonly trigger: WebhookAttemptTrigger
  /** Attempts recorded before this one. */
  readonly attemptCount: number
  readonly event: EventFields
  readonly subscriptionId: EventSubscriptionId
  readonly url: string
  readonly secrets: SigningSecrets
  /** Whether the subscription held an injected fault when claimed (`takeFault` then says which, if still any). */
  readonly faulted: boolean
  /** The offset of the group's sandbox clock when claimed: its attempts and retries are set on that clock. */
  readonly clockOffsetMillis: number
  /** The subscription takes the live retry schedule though it is the sandbox's (`SandboxClocks`). */
  readonly liveRetrySchedule: boolean
}

export interface AttemptRecord {
  readonly deliveryId: string
  readonly claimToken: string
  readonly tenant: TenantShape
  readonly attempt: WebhookAttemptFields
  /** The delivery's next attempt; `None` finishes it (`succeeded`, or `failed` after its last attempt). */
  readonly next: Option.Option<DateTime.Utc>
}

export interface ClaimRequest {
  readonly environment: Environment
  readonly now: DateTime.Utc
  readonly leaseEnd: DateTime.Utc
  readonly claimToken: string
  readonly limit: number
  /** Claims a delivery may have had without a recorded attempt; a due delivery at the cap is failed instead. */
  readonly maxClaims: number
}

/** A delivery failed at the claim cap: its claims never led to a recorded attempt. */
export interface AbandonedDelivery {
  readonly id: string
  readonly tenant: TenantShape
  readonly eventId: EventId
  readonly subscriptionId: EventSubscriptionId
  readonly claims: number
}

export interface Claimed {
  readonly claimed: ReadonlyArray<ClaimedDelivery>
  readonly abandoned: ReadonlyArray<AbandonedDelivery>
}

export interface ExpiryRequest {
  readonly environment: Environment
  /** Attempts, and finished deliveries, created before it go. */
  readonly before: DateTime.Utc
  /** Rows per statement. */
  readonly limit: number
}

const NextDueRow = Schema.Struct({ due_at: Schema.NullOr(Schema.DateTimeUtcFromDate) })
const CountRow = Schema.Struct({ count: Schema.NumberFromString })

/**
 * The statement that writes the deliveries of a just-inserted event and wakes
 * the dispatchers: `event` must be a CTE returning the inserted event's
 * `id`, `group_id`, `environment`, `category` and `created_at`. Real-time
 * decision categories go only to subscriptions that name them.
 */
export const deliveriesOfEvent = (
  sql: Statement.Constructor,
  realTimeDecisionCategories: ReadonlyArray<string>
): Statement.Fragment =>
  sql`delivery AS (
      INSERT INTO webhook_deliveries
        (group_id, environment, event_id, event_subscription_id, trigger, status, attempt_count, due_at, created_at)
      SELECT event.group_id, event.environment, event.id, subscription.id, 'event', 'pending', 0, event.created_at, event.created_at
      FROM event JOIN event_subscriptions AS subscription
        ON subscription.group_id = event.group_id AND subscription.environment = event.environment
          AND subscription.status = 'active'
      WHERE CASE WHEN subscription.selected_categories IS NULL
        THEN event.category NOT IN ${sql.in(realTimeDecisionCategories)}
        ELSE subscription.selected_categories @> jsonb_build_array(event.category) END
      RETURNING environment
    )
    SELECT pg_notify(${channel}, environment) FROM (SELECT environment FROM delivery LIMIT 1) AS written`

export class WebhookDeliveryStore
  extends Context.Service<WebhookDeliveryStore>()("@moneta/store/WebhookDeliveryStore", {
    make: Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const database = yield* Effect.serviceOption(Info)
      const attempts = yield* makeResourceTable("webhook_attempts", WebhookAttempt)
      const decodeClaims = (rows: ReadonlyArray<unknown>) => Effect.try(() => rows.map(claimRowOf))
      const decodeNextDue = Schema.decodeUnknownEffect(Schema.Array(NextDueRow))
      const decodeCount = Schema.decodeUnknownEffect(Schema.Array(CountRow))
      // Due times and creation times are on the row's group's sandbox clock; the dispatcher's `now` is the server's.
      const onGroupClock = groupOffset(sql, sql`group_id`)

      // The row was checked once, whole: the event is built from it, not checked again.
      const toClaimed = (claimToken: string) => (row: ClaimRow): ClaimedDelivery => ({
        id: row.id,
        claimToken,
        tenant: { groupId: row.group_id, environment: row.environment },
        trigger: row.trigger,
        attemptCount: row.attempt_count,
        event: {
          id: row.event_id,
          created_at: row.event_created_at,
          category: eventCategoryOf(row.category),
          associated_object_type: row.associated_object_type,
          associated_object_id: row.associated_object_id,
          type: "event"
        },
        subscriptionId: row.event_subscription_id,
        url: row.url,
        secrets: toSigningSecrets(row),
        faulted: row.faulted,
        clockOffsetMillis: row.clock_offset,
        liveRetrySchedule: row.live_retry_schedule
      })

      /**
       * Takes up to `limit` due deliveries of the environment, oldest due first,
       * under a lease; those already claimed `maxClaims` times without a
       * recorded attempt are failed instead, and returned as abandoned.
       */
      const claim = (request: ClaimRequest): Effect.Effect<Claimed> =>
        sql`WITH due AS (
          SELECT id, unrecorded_claims FROM webhook_deliveries
          WHERE status = 'pending' AND environment = ${request.environment}
            AND due_at <= ${DateTime.toDate(request.now)}::timestamptz + ${maxGroupOffset(sql)}
            AND due_at <= ${DateTime.toDate(request.now)}::timestamptz + ${onGroupClock}
          ORDER BY due_at
          LIMIT ${request.limit}
          FOR UPDATE SKIP LOCKED
        ), claimed AS (
          UPDATE webhook_deliveries AS delivery
          SET due_at = ${DateTime.toDate(request.leaseEnd)}::timestamptz + ${groupOffset(sql, sql`delivery.group_id`)},
            claimed_until = ${DateTime.toDate(request.leaseEnd)},
            claim_token = ${request.claimToken}, unrecorded_claims = delivery.unrecorded_claims + 1
          FROM due WHERE delivery.id = due.id AND due.unrecorded_claims < ${request.maxClaims}
          RETURNING 'claimed'::text AS outcome, delivery.id, delivery.group_id, delivery.environment, delivery.event_id,
            delivery.event_subscription_id, delivery.trigger, delivery.attempt_count, delivery.unrecorded_claims
        ), abandoned AS (
          UPDATE webhook_deliveries AS delivery
          SET status = 'failed', claimed_until = NULL, claim_token = NULL
          FROM due WHERE delivery.id = due.id AND due.unrecorded_claims >= ${request.maxClaims}
          RETURNING 'abandoned'::text AS outcome, delivery.id, delivery.group_id, delivery.environment, delivery.event_id,
            delivery.event_subscription_id, delivery.trigger, delivery.attempt_count, delivery.unrecorded_claims
        ), taken AS (
          SELECT * FROM claimed UNION ALL SELECT * FROM abandoned
        )
        SELECT taken.outcome, taken.unrecorded_claims, taken.id::text AS id, taken.group_id, taken.environment,
          taken.trigger, taken.attempt_count,
          event.id AS event_id, event.created_at AS event_created_at, event.category,
          event.associated_object_type, event.associated_object_id,
          subscription.id AS event_subscription_id, subscription.body->>'url' AS url, subscription.shared_secret,
          subscription.previous_shared_secret, subscription.previous_shared_secret_expires_at,
          EXISTS (SELECT 1 FROM webhook_faults AS fault
            WHERE fault.event_subscription_id = subscription.id AND fault.remaining > 0) AS faulted,
          (SELECT clock_offset_ms FROM groups WHERE groups.id = taken.group_id)::text AS clock_offset,
          subscription.live_retry_schedule
        FROM taken
          JOIN events AS event ON event.id = taken.event_id
          JOIN event_subscriptions AS subscription ON subscription.id = taken.event_subscription_id`.pipe(
          Effect.flatMap(decodeClaims),
          Effect.map((rows): Claimed => ({
            claimed: rows.filter((row) => row.outcome === "claimed").map(toClaimed(request.claimToken)),
            abandoned: rows.filter((row) => row.outcome === "abandoned").map((row) => ({
              id: row.id,
              tenant: { groupId: row.group_id, environment: row.environment },
              eventId: row.event_id,
              subscriptionId: row.event_subscription_id,
              claims: row.unrecorded_claims
            }))
          })),
          Effect.orDie
        )

      /**
       * Records a batch of attempts and moves their deliveries on, in one
       * statement. The batch travels as one JSON parameter (a row per attempt),
       * not as a dozen parameters per attempt: binding those cost more than the
       * statement itself. The deliveries are found by their ids (`= ANY`): the
       * planner cannot tell how many rows the JSON holds, and joined to it the
       * table was read whole, pending backlog and finished history, per batch.
       */
      const record = (records: ReadonlyArray<AttemptRecord>) => {
        if (records.length === 0) return Effect.void
        // The attempts were built by the dispatcher from checked values: encoded as the Schema would, not re-checked.
        const rows = records.map((record) => {
          const body = encodeWebhookAttempt(record.attempt)
          return {
            id: record.attempt.id,
            group_id: record.tenant.groupId,
            environment: record.tenant.environment,
            created_at: body.created_at,
            delivery_id: record.deliveryId,
            event_id: record.attempt.event_id,
            event_subscription_id: record.attempt.event_subscription_id,
            attempt_status: record.attempt.status,
            body,
            claim_token: record.claimToken,
            delivery_status: Option.isSome(record.next)
              ? "pending"
              : record.attempt.status === "succeeded"
              ? "succeeded"
              : "failed" satisfies DeliveryStatus,
            due_at: Option.match(record.next, { onNone: () => null, onSome: DateTime.formatIso })
          }
        })
        return sql`WITH recorded AS (
          SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::text::jsonb) AS row (
            id text, group_id text, environment text, created_at timestamptz, delivery_id bigint, event_id text,
            event_subscription_id text, attempt_status text, body jsonb, claim_token text, delivery_status text,
            due_at timestamptz
          )
        ), moved AS (
          UPDATE webhook_deliveries AS delivery
          SET attempt_count = delivery.attempt_count + 1, status = recorded.delivery_status,
            due_at = coalesce(recorded.due_at, delivery.due_at), claimed_until = NULL, claim_token = NULL,
            unrecorded_claims = 0
          FROM recorded
          WHERE delivery.id = ANY (ARRAY(SELECT delivery_id FROM recorded))
            AND delivery.id = recorded.delivery_id AND delivery.claim_token = recorded.claim_token
            AND delivery.status = 'pending'
        )
        INSERT INTO webhook_attempts
          (id, group_id, environment, created_at, delivery_id, event_id, event_subscription_id, status, body)
        SELECT id, group_id, environment, created_at, delivery_id, event_id, event_subscription_id, attempt_status, body
        FROM recorded
        -- A reset or a restore may have deleted the delivery while it was under way: its attempt goes with it.
        WHERE delivery_id IN (
          SELECT kept.id FROM webhook_deliveries AS kept WHERE kept.id = ANY (ARRAY(SELECT delivery_id FROM recorded))
        )`.pipe(
          Effect.asVoid,
          Effect.orDie
        )
      }

      /** Hands claimed deliveries back, due at `now`, for this or another process to send. */
      const release = (
        claims: ReadonlyArray<{ readonly id: string; readonly claimToken: string }>,
        now: DateTime.Utc
      ) =>
        claims.length === 0
          ? Effect.void
          : sql`UPDATE webhook_deliveries AS delivery
            SET due_at = ${DateTime.toDate(now)}::timestamptz + ${groupOffset(sql, sql`delivery.group_id`)},
              claimed_until = NULL, claim_token = NULL,
              unrecorded_claims = greatest(delivery.unrecorded_claims - 1, 0)
            FROM (VALUES ${sql.csv(claims.map((claim) => sql`(${claim.id}::bigint, ${claim.claimToken}::text)`))})
              AS released (id, claim_token)
            WHERE delivery.id = released.id AND delivery.claim_token = released.claim_token
              AND delivery.status = 'pending'`.pipe(Effect.asVoid, Effect.orDie)

      /** A delivery of an existing event to one subscription (resend, heartbeat); call inside the transaction. */
      const enqueue = (tenant: TenantShape, input: {
        readonly eventId: EventId
        readonly subscriptionId: EventSubscriptionId
        readonly trigger: WebhookAttemptTrigger
        readonly dueAt: DateTime.Utc
      }) =>
        sql`WITH delivery AS (
          INSERT INTO webhook_deliveries
            (group_id, environment, event_id, event_subscription_id, trigger, status, attempt_count, due_at, created_at)
          VALUES (${tenant.groupId}, ${tenant.environment}, ${input.eventId}, ${input.subscriptionId}, ${input.trigger},
            'pending', 0, ${DateTime.toDate(input.dueAt)}, ${DateTime.toDate(input.dueAt)})
          RETURNING environment
        )
        SELECT pg_notify(${channel}, environment) FROM delivery`.pipe(Effect.asVoid, Effect.orDie)

      /** Stops the pending deliveries of a subscription that no longer receives (disabled or deleted). */
      const cancelPending = (tenant: TenantShape, subscriptionId: EventSubscriptionId) =>
        sql`UPDATE webhook_deliveries SET status = 'canceled', claimed_until = NULL, claim_token = NULL
        WHERE event_subscription_id = ${subscriptionId} AND status = 'pending'
          AND ${tenantIs(sql, tenant)}`.pipe(Effect.asVoid, Effect.orDie)

      /**
       * When the earliest pending delivery of the environment falls due
       * (claimed ones: when their lease ends), if that is by `horizon`; none,
       * or a time after `horizon`, otherwise. It reads the first rows in the
       * order of the queue's index up to the horizon, never the retries
       * scheduled for later: exact while no group's clock was advanced, and
       * otherwise at worst later than the true time (a delivery of an
       * advanced group among more than 100 others), which the dispatcher's
       * poll interval bounds.
       */
      const nextDueAt = (environment: Environment, horizon: DateTime.Utc) =>
        sql`SELECT min(due_at - ${onGroupClock}) AS due_at FROM (
          SELECT due_at, group_id FROM webhook_deliveries
          WHERE status = 'pending' AND environment = ${environment}
            AND due_at <= ${DateTime.toDate(horizon)}::timestamptz + ${maxGroupOffset(sql)}
          ORDER BY due_at
          LIMIT 100
        ) AS first_due`
          .pipe(
            Effect.flatMap(decodeNextDue),
            Effect.map((rows) => Option.fromNullishOr(rows[0]?.due_at)),
            Effect.orDie
          )

      const deleted = (statement: Statement.Statement<unknown>) =>
        statement.pipe(
          Effect.flatMap(decodeCount),
          Effect.map((rows) => rows[0]?.count ?? 0),
          Effect.orDie
        )

      /**
       * Deletes up to `limit` attempts, then up to `limit` finished deliveries
       * without attempts, created before the cutoff; returns how many rows went.
       * Call again until it returns 0. The rows go by their ids (`= ANY`), each
       * found by its key: a join could hash the whole table for one batch.
       */
      const deleteExpired = (request: ExpiryRequest) =>
        Effect.gen(function*() {
          const before = DateTime.toDate(request.before)
          const attemptsDeleted = yield* deleted(sql`WITH expired AS (
            DELETE FROM webhook_attempts WHERE id = ANY (ARRAY(
              SELECT id FROM webhook_attempts
              WHERE environment = ${request.environment}
                AND created_at < ${before}::timestamptz + ${maxGroupOffset(sql)}
                AND created_at < ${before}::timestamptz + ${onGroupClock}
              LIMIT ${request.limit} FOR UPDATE SKIP LOCKED
            )) RETURNING 1
          ) SELECT count(*)::text AS count FROM expired`)
          const deliveriesDeleted = yield* deleted(sql`WITH expired AS (
            DELETE FROM webhook_deliveries WHERE id = ANY (ARRAY(
              SELECT delivery.id FROM webhook_deliveries AS delivery
              WHERE delivery.environment = ${request.environment} AND delivery.status <> 'pending'
                AND delivery.created_at < ${before}::timestamptz + ${maxGroupOffset(sql)}
                AND delivery.created_at < ${before}::timestamptz + ${groupOffset(sql, sql`delivery.group_id`)}
                -- OFFSET 0 keeps this a lookup per candidate (webhook_attempts_delivery): as an anti-join,
                -- the planner may hash every attempt of the retention for one batch.
                AND NOT EXISTS (
                  SELECT 1 FROM webhook_attempts AS attempt WHERE attempt.delivery_id = delivery.id OFFSET 0
                )
              LIMIT ${request.limit} FOR UPDATE SKIP LOCKED
            )) RETURNING 1
          ) SELECT count(*)::text AS count FROM expired`)
          return attemptsDeleted + deliveriesDeleted
        })

      /** Reclaims the space of deleted and updated rows where nothing else does (the embedded database). */
      const compact = Option.exists(database, (info) => info.kind === "embedded")
        ? sql`VACUUM webhook_deliveries, webhook_attempts`.pipe(Effect.asVoid, Effect.orDie)
        : Effect.void

      /** The log, newest first: the attempts of a subscription, of an event, or of an event to a subscription. */
      const listAttempts = (tenant: TenantShape, request: PageRequest, filter: WebhookAttemptFilter) =>
        attempts.page(tenant, request, [
          ...(filter.event_subscription_id === undefined
            ? []
            : [sql`event_subscription_id = ${filter.event_subscription_id}`]),
          ...(filter.event_id === undefined ? [] : [sql`event_id = ${filter.event_id}`])
        ])

      return {
        claim,
        takeFault: (subscriptionId: EventSubscriptionId) => takeFault(sql, subscriptionId),
        record,
        release,
        enqueue,
        cancelPending,
        nextDueAt,
        listAttempts,
        deleteExpired,
        compact
      } as const
    })
  })
{
  static readonly Default = Layer.effect(this, this.make)
}
