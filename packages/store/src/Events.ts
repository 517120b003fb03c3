/**
 * The event log. Events are written in the transaction of the change they
 * record. Their order is the id of the writing transaction, then insertion:
 * ascending readers only see events below the oldest transaction still
 * running in this database (`pollingHorizon`), so an event that commits late
 * is never skipped by a poller that has already moved past newer ones.
 */
import * as EncodedOnce from "@moneta/domain/EncodedOnce"
import { Event, type EventFilter, type PendingEvent } from "@moneta/domain/Event"
import { RealTimeDecisionEventCategory } from "@moneta/domain/EventCategory"
import type { EventId } from "@moneta/domain/Ids"
import type { TenantShape } from "@moneta/domain/Tenant"
import { Context, DateTime, Effect, Layer, Option, Result, Schema } from "effect"
import * as Base64Url from "effect/encoding/Base64Url"
import { SqlClient, type Statement } from "effect/sql"
import { newId } from "./IdGenerator.js"
import { createdAtConditions, type PageRequest } from "./Pagination.js"
import { tenantIs } from "./Tenant.js"
import { deliveriesOfEvent } from "./WebhookDeliveries.js"
import * as Writes from "./Writes.js"

const Digits = Schema.String.check(Schema.isPattern(/^\d{1,20}$/))
const EventPosition = Schema.Tuple([Schema.Literal("event"), Digits, Digits])
const EventPositionJson = Schema.fromJsonString(EventPosition)

const encodeCursor = (txid: string, seq: string) =>
  Base64Url.encode(Schema.encodeSync(EventPositionJson)(["event", txid, seq]))

const decodeCursor = (cursor: string) =>
  Result.getSuccess(Base64Url.decodeString(cursor)).pipe(
    Option.flatMap((json) => Schema.decodeUnknownOption(EventPositionJson)(json))
  )

export const isValidEventCursor = (cursor: string): boolean => Option.isSome(decodeCursor(cursor))

/**
 * Where ascending readers stop: below the oldest transaction of this database
 * still running when the statement's snapshot was taken. Postgres keeps that
 * horizon for the whole cluster (`pg_snapshot_xmin`), so a transaction left
 * open in another database of the same server would hold every poller back
 * for as long as it stays open; such transactions are set aside when
 * `pg_stat_activity` places them in another database (their 32-bit
 * `backend_xid` is the 64-bit id modulo 2^32). A running transaction it
 * cannot place (finished since the snapshot, prepared, or another role's
 * without the privilege to see it) still counts: an event may show a moment
 * later, never be skipped.
 */
const pollingHorizon = (sql: SqlClient.SqlClient): Statement.Fragment =>
  sql`(SELECT coalesce(
    (SELECT min(running.xid) FROM pg_snapshot_xip(snapshot.current) AS running(xid)
      WHERE running.xid::text::bigint % 4294967296 NOT IN (
        SELECT backend_xid::text::bigint FROM pg_stat_activity
        WHERE backend_xid IS NOT NULL AND datname IS DISTINCT FROM current_database())),
    pg_snapshot_xmax(snapshot.current))
  FROM (SELECT pg_current_snapshot() AS current) AS snapshot)`

const EventRow = Schema.Struct({
  id: Schema.String,
  created_at: Schema.DateTimeUtcFromDate,
  category: Schema.String,
  associated_object_type: Schema.String,
  associated_object_id: Schema.String,
  txid: Schema.String,
  seq: Schema.String
})
type EventRow = typeof EventRow.Type

/** The page of events to read: paging, and the retention horizon. */
export interface EventQuery extends PageRequest {
  /** Events created before this instant are past retention. */
  readonly retainedSince: DateTime.Utc
}

export class EventStore extends Context.Service<EventStore>()("@moneta/store/EventStore", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const decodeRows = Schema.decodeUnknownEffect(Schema.Array(EventRow))
    // An event's columns make its canonical encoding: the value keeps it for the response.
    const decodeEvent = EncodedOnce.decodeCanonicalEffect(Event)

    const toEvent = (row: EventRow) =>
      decodeEvent({
        id: row.id,
        created_at: DateTime.formatIso(row.created_at),
        category: row.category,
        associated_object_type: row.associated_object_type,
        associated_object_id: row.associated_object_id,
        type: "event"
      }).pipe(Effect.orDie)

    const select = (statement: Statement.Statement<unknown>) => statement.pipe(Effect.flatMap(decodeRows), Effect.orDie)

    const columns =
      sql`id, created_at, category, associated_object_type, associated_object_id, txid::text AS txid, seq::text AS seq`

    /**
     * Writes events inside the caller's transaction; they share one creation
     * time. One statement writes them all (in order: `seq` follows the rows),
     * their webhook deliveries (the outbox), the NOTIFY that wakes the
     * dispatchers on commit, and `alongside`: other writes of the step
     * (`Writes`), which run on their own when there is no event.
     */
    const append = (
      tenant: TenantShape,
      events: ReadonlyArray<PendingEvent>,
      createdAt: DateTime.Utc,
      options?: {
        /** False for an event sent to one subscription only (a heartbeat): the caller enqueues that delivery. */
        readonly deliver?: boolean | undefined
        readonly alongside?: ReadonlyArray<Writes.Write> | undefined
      }
    ) =>
      Effect.gen(function*() {
        const writes = options?.alongside ?? []
        if (events.length === 0) {
          yield* Writes.run(sql, writes)
          return []
        }
        const alongside = Writes.asCtes(sql, writes)
        const written = yield* Effect.forEach(
          events,
          (pending) => Effect.map(newId("event"), (id) => ({ id, pending }))
        )
        const at = DateTime.toDate(createdAt)
        const rows = written.map(({ id, pending }) =>
          sql`(${id}, ${tenant.groupId}, ${tenant.environment}, ${at}, ${pending.category},
            ${pending.associatedObjectType}, ${pending.associatedObjectId})`
        )
        const insert =
          sql`INSERT INTO events (id, group_id, environment, created_at, category, associated_object_type, associated_object_id)
          VALUES ${sql.csv(rows)}`
        yield* (options?.deliver === false
          ? sql`${Writes.withClause(sql, alongside)} ${insert}`
          : sql`WITH ${
            sql.csv([...alongside, sql`event AS (${insert} RETURNING id, group_id, environment, category, created_at)`])
          }, ${deliveriesOfEvent(sql, RealTimeDecisionEventCategory.literals)}`).pipe(Effect.orDie)
        return written.map(({ id, pending }) =>
          new Event({
            id,
            created_at: createdAt,
            category: pending.category,
            associated_object_type: pending.associatedObjectType,
            associated_object_id: pending.associatedObjectId
          })
        )
      })

    const find = (tenant: TenantShape, id: EventId, retainedSince: DateTime.Utc) =>
      select(sql`SELECT ${columns} FROM events
        WHERE id = ${id} AND ${tenantIs(sql, tenant)} AND created_at >= ${DateTime.toDate(retainedSince)}`).pipe(
        Effect.flatMap((rows) => rows[0] === undefined ? Effect.succeedNone : Effect.asSome(toEvent(rows[0])))
      )

    const list = (tenant: TenantShape, query: EventQuery, filter: EventFilter) =>
      Effect.gen(function*() {
        // Newest first unless asked for oldest first (the documented default).
        const ascending = filter["order_by.direction"] === "ascending"
        const position = query.cursor === undefined ? Option.none() : decodeCursor(query.cursor)
        const conditions: Array<Statement.Fragment> = [
          tenantIs(sql, tenant),
          sql`created_at >= ${DateTime.toDate(query.retainedSince)}`,
          ...createdAtConditions(sql, query.createdAt)
        ]
        const categories = [...new Set(filter["category.in"] ?? [])]
        if (filter.associated_object_id !== undefined) {
          conditions.push(sql`associated_object_id = ${filter.associated_object_id}`)
        }
        if (Option.isSome(position)) {
          const [, txid, seq] = position.value
          conditions.push(
            ascending
              ? sql`(txid, seq) > (${txid}::xid8, ${seq}::bigint)`
              : sql`(txid, seq) < (${txid}::xid8, ${seq}::bigint)`
          )
        }
        if (ascending) conditions.push(sql`txid < ${pollingHorizon(sql)}`)
        // Qualified: a bare `txid` / `seq` in ORDER BY would name the text output columns of
        // `columns` and sort as text ("999" after "1011").
        const order = ascending
          ? sql`ORDER BY events.txid ASC, events.seq ASC`
          : sql`ORDER BY events.txid DESC, events.seq DESC`
        // The pages' `txid` and `seq` are text (`columns`): merged in their own order, not as text.
        const mergedOrder = ascending
          ? sql`ORDER BY pages.txid::xid8 ASC, pages.seq::bigint ASC`
          : sql`ORDER BY pages.txid::xid8 DESC, pages.seq::bigint DESC`
        const pageOf = (where: ReadonlyArray<Statement.Fragment>) =>
          sql`SELECT ${columns} FROM events WHERE ${sql.and(where)} ${order} LIMIT ${query.limit + 1}`
        // Several categories: a page of each (the `events_category` index gives each one's rows in
        // order), merged. `category IN (…)` in one scan reads either every matching row to sort them
        // or, newest first, every row between matches: cost that grows with history.
        const rows = yield* select(
          categories.length <= 1
            ? pageOf([...conditions, ...categories.map((category) => sql`category = ${category}`)])
            : sql`SELECT * FROM (${
              sql.join(" UNION ALL ", false)(
                categories.map((category) => sql`(${pageOf([...conditions, sql`category = ${category}`])})`)
              )
            }) AS pages ${mergedOrder} LIMIT ${query.limit + 1}`
        )
        const pageRows = rows.slice(0, query.limit)
        const data = yield* Effect.forEach(pageRows, toEvent)
        const last = pageRows[pageRows.length - 1]
        const hasMore = rows.length > query.limit
        // Ascending polling never ends: the cursor always names where to resume.
        const nextCursor = last !== undefined && (hasMore || ascending)
          ? encodeCursor(last.txid, last.seq)
          : ascending
          ? query.cursor ?? encodeCursor("0", "0")
          : null
        return { data, nextCursor }
      })

    return { append, find, list } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}
