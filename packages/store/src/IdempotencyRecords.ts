/**
 * Idempotency records. A request with a key claims the key inside the same
 * database transaction as the change it makes: a concurrent request with the
 * same key waits on the primary key until the first commits, then finds the
 * record and replays it. A failed request rolls back and leaves no record, so
 * it may be retried with the same key.
 *
 * A request that waits for real-time decisions cannot hold a transaction
 * while it waits: it claims its key in a transaction of its own, under a
 * lease its run renews (docs/decisions.md, "Idempotent requests that wait").
 * `claim` names the request's lineage, `owner` the run holding it now; the
 * transaction that applies the outcome first locks the record as its owner,
 * then stores the response, so the outcome and the answer commit together.
 */
import type { TenantShape } from "@moneta/domain/Tenant"
import { Context, DateTime, Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { randomUUID } from "node:crypto"
import { jsonb } from "./ResourceTable.js"
import { tenantIs } from "./Tenant.js"

const RecordRow = Schema.Struct({
  fingerprint: Schema.String,
  resource_id: Schema.NullOr(Schema.String),
  status: Schema.Number,
  response: Schema.Unknown
})

const ClaimRow = Schema.Struct({ claim: Schema.String })

/**
 * The statuses of a claimed key whose request has not finished: running,
 * given up because its run died or stopped renewing its lease (a retry takes
 * it over at once), and running again after that. A finished request's status
 * is its HTTP status.
 */
export const inProgress = 0
export const abandoned = -1
export const retrying = -2

export interface ClaimedRecord {
  readonly fingerprint: string
  readonly resourceId: string | null
  readonly status: number
  readonly body: unknown
}

/** A run's hold on a key: its lineage (`claim`) and its own token (`owner`). */
export interface Hold {
  readonly claim: string
  readonly owner: string
  /** Whether an earlier run of the same request held the key (its decisions are reused). */
  readonly retry: boolean
}

export class IdempotencyRecordStore
  extends Context.Service<IdempotencyRecordStore>()("@moneta/store/IdempotencyRecordStore", {
    make: Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const decodeRecords = Schema.decodeUnknownEffect(Schema.Array(RecordRow))
      const decodeClaims = Schema.decodeUnknownEffect(Schema.Array(ClaimRow))

      /** The record of a key, if any. */
      const find = (tenant: TenantShape, key: string) =>
        sql`SELECT fingerprint, resource_id, status, response FROM idempotency_records
        WHERE ${tenantIs(sql, tenant)} AND key = ${key}`.pipe(
          Effect.flatMap(decodeRecords),
          Effect.orDie,
          Effect.map((rows) =>
            Option.map(Option.fromUndefinedOr(rows[0]), (row): ClaimedRecord => ({
              fingerprint: row.fingerprint,
              resourceId: row.resource_id,
              status: row.status,
              body: row.response
            }))
          )
        )

      /** The record another request left (committed: ON CONFLICT waited for it, so it is visible). */
      const existing = (tenant: TenantShape, key: string) =>
        Effect.flatMap(find(tenant, key), (record) =>
          Option.isSome(record)
            ? Effect.succeed(record)
            : Effect.die(new Error("idempotency record vanished after a conflict")))

      /**
       * Claims the key for this transaction. Some(record) when another request
       * already completed with it; None when this transaction now holds it.
       */
      const claim = (tenant: TenantShape, key: string, fingerprint: string, now: DateTime.Utc) =>
        Effect.gen(function*() {
          const inserted =
            yield* sql`INSERT INTO idempotency_records (group_id, environment, key, fingerprint, status, response, created_at)
          VALUES (${tenant.groupId}, ${tenant.environment}, ${key}, ${fingerprint}, ${inProgress}, '{}'::jsonb, ${
              DateTime.toDate(now)
            })
          ON CONFLICT (group_id, environment, key) DO NOTHING
          RETURNING key`.pipe(Effect.orDie)
          if (inserted.length > 0) return Option.none<ClaimedRecord>()
          return yield* existing(tenant, key)
        })

      /**
       * Claims the key under a lease until `leaseUntil`, committed on its own:
       * the hold when this run got it, else the record another request left.
       */
      const claimLeased = (
        tenant: TenantShape,
        key: string,
        fingerprint: string,
        now: DateTime.Utc,
        leaseUntil: DateTime.Utc
      ) =>
        Effect.gen(function*() {
          const hold: Hold = { claim: randomUUID(), owner: randomUUID(), retry: false }
          const inserted = yield* sql`INSERT INTO idempotency_records
            (group_id, environment, key, fingerprint, status, response, created_at, claim, owner, lease_until)
          VALUES (${tenant.groupId}, ${tenant.environment}, ${key}, ${fingerprint}, ${inProgress}, '{}'::jsonb, ${
            DateTime.toDate(now)
          }, ${hold.claim}, ${hold.owner}, ${DateTime.toDate(leaseUntil)})
          ON CONFLICT (group_id, environment, key) DO NOTHING
          RETURNING key`.pipe(Effect.orDie)
          if (inserted.length > 0) return { _tag: "Held", hold } as const
          return { _tag: "Existing", record: (yield* existing(tenant, key)).value } as const
        })

      /**
       * Takes over a key whose run is gone: given up (`abandoned`) or its lease
       * expired at `now`. The new hold keeps the lineage; None when the key is
       * not (or no longer) to be taken.
       */
      const takeOver = (tenant: TenantShape, key: string, now: DateTime.Utc, leaseUntil: DateTime.Utc) => {
        const owner = randomUUID()
        return sql`UPDATE idempotency_records
        SET status = ${retrying}, owner = ${owner}, lease_until = ${DateTime.toDate(leaseUntil)},
          claim = coalesce(claim, md5(group_id || ' ' || environment || ' ' || key))
        WHERE ${tenantIs(sql, tenant)} AND key = ${key} AND status <= ${inProgress}
          AND (status = ${abandoned} OR lease_until IS NULL OR lease_until < ${DateTime.toDate(now)})
        RETURNING claim`.pipe(
          Effect.flatMap(decodeClaims),
          Effect.orDie,
          Effect.map((rows) =>
            Option.map(Option.fromUndefinedOr(rows[0]), (row): Hold => ({ claim: row.claim, owner, retry: true }))
          )
        )
      }

      /** Extends the run's lease; false when the key is no longer this run's. */
      const renew = (tenant: TenantShape, key: string, owner: string, leaseUntil: DateTime.Utc) =>
        sql`UPDATE idempotency_records SET lease_until = ${DateTime.toDate(leaseUntil)}
        WHERE ${tenantIs(sql, tenant)} AND key = ${key} AND owner = ${owner} AND status <= ${inProgress}
        RETURNING key`.pipe(
          Effect.map((rows) => rows.length > 0),
          Effect.orDie
        )

      /**
       * Locks the record for this transaction if the run still holds it (a
       * retry taking the key over then waits for this transaction); false when
       * another run took it over or the request finished.
       */
      const lockHeld = (tenant: TenantShape, key: string, owner: string) =>
        sql`SELECT key FROM idempotency_records
        WHERE ${tenantIs(sql, tenant)} AND key = ${key} AND owner = ${owner} AND status <= ${inProgress}
        FOR UPDATE`.pipe(
          Effect.map((rows) => rows.length > 0),
          Effect.orDie
        )

      /** Stores the request's response: the key is finished. */
      const complete = (
        tenant: TenantShape,
        key: string,
        result: { readonly status: number; readonly body: unknown; readonly resourceId: string | null }
      ) =>
        sql`UPDATE idempotency_records SET status = ${result.status}, response = ${
          jsonb(sql, result.body)
        }, resource_id = ${result.resourceId}, owner = NULL, lease_until = NULL
        WHERE ${tenantIs(sql, tenant)} AND key = ${key}`.pipe(Effect.asVoid, Effect.orDie)

      /** Gives up a held key whose request failed, so it may be retried (and asks anew). */
      const release = (tenant: TenantShape, key: string, owner: string) =>
        sql`DELETE FROM idempotency_records
        WHERE ${tenantIs(sql, tenant)} AND key = ${key} AND owner = ${owner} AND status <= ${inProgress}`.pipe(
          Effect.asVoid,
          Effect.orDie
        )

      /** Gives up a held key whose run stopped unfinished, so a retry takes it over at once. */
      const abandon = (tenant: TenantShape, key: string, owner: string) =>
        sql`UPDATE idempotency_records SET status = ${abandoned}
        WHERE ${tenantIs(sql, tenant)} AND key = ${key} AND owner = ${owner} AND status <= ${inProgress}`.pipe(
          Effect.asVoid,
          Effect.orDie
        )

      /** Marks `abandoned` the keys of `environment` whose lease expired before `now` (their run died); how many. */
      const abandonExpired = (environment: string, now: DateTime.Utc) =>
        sql`UPDATE idempotency_records SET status = ${abandoned}
        WHERE environment = ${environment} AND status IN (${inProgress}, ${retrying})
          AND lease_until < ${DateTime.toDate(now)}
        RETURNING key`.pipe(
          Effect.map((rows) => rows.length),
          Effect.orDie
        )

      return {
        find,
        claim,
        claimLeased,
        takeOver,
        renew,
        lockHeld,
        complete,
        release,
        abandon,
        abandonExpired
      } as const
    })
  })
{
  static readonly Default = Layer.effect(this, this.make)
}
