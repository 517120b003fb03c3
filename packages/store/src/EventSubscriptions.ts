/**
 * Event subscriptions. The shared secret lives in columns of its own and never
 * in `body` (the object as the API shows it), so no read of the object can
 * leak it. During a rotation the previous secret is kept until it expires.
 */
import { EventSubscription, selectedCategories } from "@moneta/domain/EventSubscription"
import type { EventSubscriptionId } from "@moneta/domain/Ids"
import type { IdempotencyKeyFilter } from "@moneta/domain/ListParameters"
import type { TenantShape } from "@moneta/domain/Tenant"
import { Context, DateTime, Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { filterConditions } from "./FilterConditions.js"
import type { PageRequest } from "./Pagination.js"
import { jsonb, makeResourceTable } from "./ResourceTable.js"
import { tenantIs } from "./Tenant.js"

export interface SigningSecrets {
  readonly current: string
  readonly previous: Option.Option<{ readonly secret: string; readonly expiresAt: DateTime.Utc }>
}

const SecretsRow = Schema.Struct({
  shared_secret: Schema.String,
  previous_shared_secret: Schema.NullOr(Schema.String),
  previous_shared_secret_expires_at: Schema.NullOr(Schema.DateTimeUtcFromDate)
})

export const toSigningSecrets = (row: typeof SecretsRow.Type): SigningSecrets => ({
  current: row.shared_secret,
  previous: row.previous_shared_secret === null || row.previous_shared_secret_expires_at === null
    ? Option.none()
    : Option.some({ secret: row.previous_shared_secret, expiresAt: row.previous_shared_secret_expires_at })
})

export class EventSubscriptionStore
  extends Context.Service<EventSubscriptionStore>()("@moneta/store/EventSubscriptionStore", {
    make: Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const table = yield* makeResourceTable("event_subscriptions", EventSubscription)
      const encode = Schema.encodeEffect(EventSubscription)
      const decodeSecrets = Schema.decodeUnknownEffect(Schema.Array(SecretsRow))
      const decodeBodies = Schema.decodeUnknownEffect(Schema.Array(Schema.Struct({ body: EventSubscription })))

      const insert = (tenant: TenantShape, subscription: EventSubscription, sharedSecret: string) =>
        Effect.gen(function*() {
          const body = yield* Effect.orDie(encode(subscription))
          const categories = selectedCategories(subscription)
          yield* sql`INSERT INTO event_subscriptions
            (id, group_id, environment, created_at, idempotency_key, status, selected_categories, shared_secret, body)
          VALUES (${subscription.id}, ${tenant.groupId}, ${tenant.environment}, ${
            DateTime.toDate(subscription.created_at)
          },
            ${subscription.idempotency_key}, ${subscription.status},
            ${categories === null ? null : jsonb(sql, categories)}, ${sharedSecret}, ${jsonb(sql, body)})`.pipe(
            Effect.orDie
          )
        })

      /** Writes a new status (the only thing an update changes on the object). */
      const update = (tenant: TenantShape, subscription: EventSubscription) =>
        table.update(tenant, subscription, { status: subscription.status })

      /**
       * Makes `secret` the signing secret; the one it replaces keeps signing
       * until `previousExpiresAt`. A secret still in its overlap is dropped.
       */
      const rotateSecret = (
        tenant: TenantShape,
        id: EventSubscriptionId,
        secret: string,
        previousExpiresAt: DateTime.Utc
      ) =>
        sql`UPDATE event_subscriptions
        SET previous_shared_secret = shared_secret,
            previous_shared_secret_expires_at = ${DateTime.toDate(previousExpiresAt)},
            shared_secret = ${secret}
        WHERE id = ${id} AND ${tenantIs(sql, tenant)}`.pipe(Effect.asVoid, Effect.orDie)

      const signingSecrets = (tenant: TenantShape, id: string) =>
        sql`SELECT shared_secret, previous_shared_secret, previous_shared_secret_expires_at
        FROM event_subscriptions WHERE id = ${id} AND ${tenantIs(sql, tenant)}`.pipe(
          Effect.flatMap(decodeSecrets),
          Effect.map((rows) => Option.map(Option.fromNullishOr(rows[0]), toSigningSecrets)),
          Effect.orDie
        )

      /**
       * Serializes the changes that add to the tenant's active subscriptions
       * (the cap on their number, one subscription per real-time decision
       * category), until the transaction ends.
       */
      const lockActiveSet = (tenant: TenantShape) =>
        sql`SELECT pg_advisory_xact_lock(hashtextextended(${`event_subscriptions:${tenant.groupId}:${tenant.environment}`}, 0))`
          .pipe(Effect.asVoid, Effect.orDie)

      /** Every active subscription of the tenant (a handful: they are endpoints, not data). */
      const active = (tenant: TenantShape) =>
        sql`SELECT body FROM event_subscriptions WHERE ${tenantIs(sql, tenant)} AND status = 'active'`.pipe(
          Effect.flatMap(decodeBodies),
          Effect.map((rows) => rows.map((row) => row.body)),
          Effect.orDie
        )

      const list = (
        tenant: TenantShape,
        request: PageRequest,
        filter: IdempotencyKeyFilter
      ) => table.page(tenant, request, filterConditions(sql, filter, { idempotency_key: "idempotency_key" }))

      const find = (tenant: TenantShape, id: EventSubscriptionId) => table.find(tenant, id)
      const lock = (tenant: TenantShape, id: EventSubscriptionId) => table.lock(tenant, id)

      return { insert, update, rotateSecret, signingSecrets, lockActiveSet, active, list, find, lock } as const
    })
  })
{
  static readonly Default = Layer.effect(this, this.make)
}
