/**
 * The card authorizations whose hold is still pending past its `expires_at`,
 * across every group of an environment: what the expiry sweeper expires.
 * `expires_at` is on its group's sandbox clock (`GroupClock`) for sandbox
 * rows and on real time for live ones.
 */
import { Environment } from "@moneta/domain/Environment"
import { CardPaymentId, GroupId } from "@moneta/domain/Ids"
import type { TenantShape } from "@moneta/domain/Tenant"
import { Context, DateTime, Effect, Layer, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { cutoffOnGroupClock, groupOffsetText } from "./GroupClock.js"

const DueRow = Schema.Struct({
  group_id: GroupId,
  environment: Environment,
  card_payment_id: CardPaymentId,
  clock_offset: Schema.NumberFromString
})

/** A pending authorization past its expiry, with its tenant and the clock offset its expiry is recorded on. */
export interface DueAuthorization {
  readonly tenant: TenantShape
  readonly cardPaymentId: CardPaymentId
  readonly clockOffsetMillis: number
}

export class CardAuthorizationExpiryStore
  extends Context.Service<CardAuthorizationExpiryStore>()("@moneta/store/CardAuthorizationExpiryStore", {
    make: Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const decodeDue = Schema.decodeUnknownEffect(Schema.Array(DueRow))

      /**
       * Up to `limit` card payments of `environment` whose authorization hold is
       * pending past its `expires_at`, oldest first; `cutoff` is the server's time.
       */
      const due = (environment: Environment, cutoff: DateTime.Utc, limit: number) => {
        return sql`SELECT group_id, environment,
            body->'source'->'card_authorization'->>'card_payment_id' AS card_payment_id,
            ${groupOffsetText(sql, environment)} AS clock_offset
          FROM pending_transactions
          WHERE environment = ${environment} AND status = 'pending' AND category = 'card_authorization'
            AND (body->'source'->'card_authorization'->>'expires_at')::timestamptz
              <= ${cutoffOnGroupClock(sql, environment, DateTime.toDate(cutoff))}
          ORDER BY created_at, id LIMIT ${limit}`.pipe(
          Effect.flatMap(decodeDue),
          Effect.orDie,
          Effect.map((rows) =>
            rows.map((row): DueAuthorization => ({
              tenant: { groupId: row.group_id, environment: row.environment },
              cardPaymentId: row.card_payment_id,
              clockOffsetMillis: row.clock_offset
            }))
          )
        )
      }

      return { due } as const
    })
  })
{
  static readonly Default = Layer.effect(this, this.make)
}
