/**
 * The pending holds whose time has come: card authorization holds past
 * their `expires_at` (ended by their card payment) and check deposits'
 * inbound funds holds past their `automatically_releases_at` (ended by their
 * Pending Transaction). Asked across the groups of an environment by the
 * hold sweeper (`due`), and for one group by a sandbox clock advance
 * (`dueFor`). The time is on its group's sandbox clock (`GroupClock`) for
 * sandbox rows and on real time for live ones.
 *
 * One statement per question for both kinds. Each kind's category is written
 * into the statement's text, not bound: a partial index per kind (migration
 * 0022) holds only its pending rows in the order of their end (`releases_at`),
 * and a plan uses it only when the statement names the category itself. A
 * sweep reads the holds that ended, never those still running.
 */
import { Environment } from "@moneta/domain/Environment"
import { CardPaymentId, GroupId, PendingTransactionId } from "@moneta/domain/Ids"
import type { TenantShape } from "@moneta/domain/Tenant"
import { Context, DateTime, Effect, Layer, Schema } from "effect"
import { SqlClient, type Statement } from "effect/sql"
import { cutoffOnAnyGroupClock, cutoffOnGroupClock, groupOffsetText } from "./GroupClock.js"
import { tenantIs } from "./Tenant.js"

/** A pending hold past its time, with its tenant and the clock offset its end is recorded on. */
export interface DueHoldRow<Id> {
  readonly tenant: TenantShape
  readonly id: Id
  readonly clockOffsetMillis: number
}

/** The questions asked of one kind of hold. */
export interface HoldQueries<Id> {
  /**
   * Up to `limit` holds of `environment` pending past their time, the
   * earliest ended first; `cutoff` is the server's time.
   */
  readonly due: (
    environment: Environment,
    cutoff: DateTime.Utc,
    limit: number
  ) => Effect.Effect<ReadonlyArray<DueHoldRow<Id>>>
  /** Up to `limit` of the tenant's holds pending past their time by `at` (its clock), the earliest ended first. */
  readonly dueFor: (tenant: TenantShape, at: DateTime.Utc, limit: number) => Effect.Effect<ReadonlyArray<Id>>
}

/** A kind's category and where it keeps its id, as SQL text (fixed below, never from a request). */
interface HoldKind<Id> {
  readonly category: string
  readonly id: string
  readonly idSchema: Schema.Codec<Id, string>
}

const cardAuthorization: HoldKind<CardPaymentId> = {
  category: "card_authorization",
  id: "body->'source'->'card_authorization'->>'card_payment_id'",
  idSchema: CardPaymentId
}

const inboundFundsHold: HoldKind<PendingTransactionId> = {
  category: "inbound_funds_hold",
  id: "id",
  idSchema: PendingTransactionId
}

const queriesOf = <Id>(sql: SqlClient.SqlClient, kind: HoldKind<Id>): HoldQueries<Id> => {
  const decodeDue = Schema.decodeUnknownEffect(Schema.Array(Schema.Struct({
    group_id: GroupId,
    environment: Environment,
    id: kind.idSchema,
    clock_offset: Schema.NumberFromString
  })))
  const decodeIds = Schema.decodeUnknownEffect(Schema.Array(Schema.Struct({ id: kind.idSchema })))
  const idColumn = sql.literal(kind.id)

  /** The rows of this kind still pending whose end is at `cutoff` or before. */
  const pendingBy = (cutoff: Statement.Fragment) =>
    sql`status = 'pending' AND category = ${sql.literal(`'${kind.category}'`)} AND releases_at <= ${cutoff}`

  return {
    due: (environment, cutoff, limit) =>
      sql`SELECT group_id, environment, ${idColumn} AS id, ${groupOffsetText(sql, environment)} AS clock_offset
        FROM pending_transactions
        WHERE environment = ${environment}
          AND ${pendingBy(cutoffOnGroupClock(sql, environment, DateTime.toDate(cutoff)))}
          AND releases_at <= ${cutoffOnAnyGroupClock(sql, environment, DateTime.toDate(cutoff))}
        ORDER BY releases_at, id LIMIT ${limit}`.pipe(
        Effect.flatMap(decodeDue),
        Effect.orDie,
        Effect.map((rows) =>
          rows.map((row) => ({
            tenant: { groupId: row.group_id, environment: row.environment },
            id: row.id,
            clockOffsetMillis: row.clock_offset
          }))
        )
      ),
    dueFor: (tenant, at, limit) =>
      sql`SELECT ${idColumn} AS id FROM pending_transactions
        WHERE ${tenantIs(sql, tenant)} AND ${pendingBy(sql`${DateTime.toDate(at)}::timestamptz`)}
        ORDER BY releases_at, id LIMIT ${limit}`.pipe(
        Effect.flatMap(decodeIds),
        Effect.map((rows) => rows.map((row) => row.id)),
        Effect.orDie
      )
  }
}

export class DueHoldStore extends Context.Service<DueHoldStore>()("@moneta/store/DueHoldStore", {
  make: Effect.map(SqlClient.SqlClient, (sql) => ({
    /** Card authorization holds past their `expires_at`, by card payment. */
    cardAuthorizations: queriesOf(sql, cardAuthorization),
    /** Inbound funds holds past their `automatically_releases_at`, by Pending Transaction. */
    inboundFundsHolds: queriesOf(sql, inboundFundsHold)
  }))
}) {
  static readonly Default = Layer.effect(this, this.make)
}
