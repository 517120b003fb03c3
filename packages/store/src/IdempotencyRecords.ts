/**
 * Idempotency records. A request with a key claims the key inside the same
 * database transaction as the change it makes: a concurrent request with the
 * same key waits on the primary key until the first commits, then finds the
 * record and replays it. A failed request rolls back and leaves no record, so
 * it may be retried with the same key.
 */
import { Context, DateTime, Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { jsonb } from "./ResourceTable.js"
import { tenantIs, type TenantShape } from "./Tenant.js"

const RecordRow = Schema.Struct({
  fingerprint: Schema.String,
  resource_id: Schema.NullOr(Schema.String),
  status: Schema.Number,
  response: Schema.Unknown
})

/**
 * The statuses of a claimed key whose request has not finished: running,
 * given up because its process died while it waited for a real-time decision
 * (the sweeper marks it), and running again after that (its decisions are
 * reused). A finished request's status is its HTTP status.
 */
export const inProgress = 0
export const abandoned = -1
export const retrying = -2

export interface StoredResponse {
  readonly fingerprint: string
  readonly resourceId: string | null
  readonly status: number
  readonly body: unknown
}

export class IdempotencyRecords extends Context.Service<IdempotencyRecords>()("@moneta/store/IdempotencyRecords", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const decodeRecords = Schema.decodeUnknownEffect(Schema.Array(RecordRow))

    /**
     * Claims the key for this transaction. Some(record) when another request
     * already completed with it; None when this transaction now holds it.
     */
    const claim = (tenant: TenantShape, key: string, fingerprint: string, now: DateTime.Utc) =>
      Effect.gen(function*() {
        const inserted =
          yield* sql`INSERT INTO idempotency_records (group_id, environment, key, fingerprint, status, response, created_at)
          VALUES (${tenant.groupId}, ${tenant.environment}, ${key}, ${fingerprint}, 0, '{}'::jsonb, ${
            DateTime.toDate(now)
          })
          ON CONFLICT (group_id, environment, key) DO NOTHING
          RETURNING key`.pipe(Effect.orDie)
        if (inserted.length > 0) return Option.none<StoredResponse>()
        const rows = yield* sql`SELECT fingerprint, resource_id, status, response FROM idempotency_records
          WHERE ${tenantIs(sql, tenant)} AND key = ${key}`.pipe(
          Effect.flatMap(decodeRecords),
          Effect.orDie
        )
        const row = rows[0]
        // The conflicting row was committed (ON CONFLICT waited for it), so it is visible here.
        if (row === undefined) return yield* Effect.die(new Error("idempotency record vanished after a conflict"))
        return Option.some<StoredResponse>({
          fingerprint: row.fingerprint,
          resourceId: row.resource_id,
          status: row.status,
          body: row.response
        })
      })

    const complete = (
      tenant: TenantShape,
      key: string,
      result: { readonly status: number; readonly body: unknown; readonly resourceId: string | null }
    ) =>
      sql`UPDATE idempotency_records SET status = ${result.status}, response = ${
        jsonb(sql, result.body)
      }, resource_id = ${result.resourceId}
        WHERE ${tenantIs(sql, tenant)} AND key = ${key}`.pipe(Effect.asVoid, Effect.orDie)

    /** Gives up a claim whose request failed (only while it is still in progress), so the key may be retried. */
    const release = (tenant: TenantShape, key: string) =>
      sql`DELETE FROM idempotency_records
        WHERE group_id = ${tenant.groupId} AND environment = ${tenant.environment} AND key = ${key}
          AND status IN (${inProgress}, ${retrying})`.pipe(
        Effect.asVoid,
        Effect.orDie
      )

    /**
     * Claims again, as `retrying`, a key whose request was `abandoned` (its
     * process died while it waited); false when another request got it first.
     */
    const reclaim = (tenant: TenantShape, key: string) =>
      sql`UPDATE idempotency_records SET status = ${retrying}
        WHERE ${tenantIs(sql, tenant)} AND key = ${key} AND status = ${abandoned} RETURNING key`.pipe(
        Effect.map((rows) => rows.length > 0),
        Effect.orDie
      )

    return { claim, complete, release, reclaim } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}
