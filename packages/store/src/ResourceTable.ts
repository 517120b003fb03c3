/**
 * The shared shape of resource tables: tenant columns, `created_at`, typed
 * columns for what is queried, and the API encoding of the resource in `body`.
 * A row that does not decode is a defect (the store wrote it), never a caller error.
 * A value read or written keeps its body as its encoding (`EncodedOnce`), and
 * a body read as the same text as before is not decoded again (`DecodedBodies`).
 */
import * as EncodedOnce from "@moneta/domain/EncodedOnce"
import type { TenantShape } from "@moneta/domain/Tenant"
import { Effect, type Option, Schema } from "effect"
import { SqlClient, type Statement } from "effect/sql"
import * as DecodedBodies from "./DecodedBodies.js"
import { createdAtConditions, newestFirst, type PageOf, type PageRequest, toPage } from "./Pagination.js"
import { tenantIs } from "./Tenant.js"
import * as Writes from "./Writes.js"

export type ColumnValue = string | number | boolean | Date | Uint8Array | null

/** A JSON value as a jsonb parameter, the same way on Postgres and PGlite. */
export const jsonb = (sql: Statement.Constructor, value: unknown): Statement.Fragment =>
  sql`${JSON.stringify(value)}::text::jsonb`

/** A resource's encoding as a jsonb parameter, its text written once (`EncodedOnce.jsonText`: it is answered too). */
const bodyJsonb = (sql: Statement.Constructor, body: unknown): Statement.Fragment =>
  sql`${EncodedOnce.jsonText(body)}::text::jsonb`

const BodyRow = Schema.Struct({ id: Schema.String, created_at: Schema.Date, body: Schema.String })
/** A row read by id: its body is all the read needs (a page's rows carry their cursor's columns too). */
const BodyOnlyRow = Schema.Struct({ body: Schema.String })

export interface ResourceTable<A extends { readonly id: string }> {
  /**
   * Writes the row. A column may be computed by SQL (a fragment), and
   * `alongside` are other writes of the step run by the same statement
   * (e.g. to amend later rows: `Writes`).
   */
  readonly insert: (
    tenant: TenantShape,
    value: A,
    columns: Record<string, ColumnValue | Statement.Fragment>,
    alongside?: ReadonlyArray<Writes.Write>
  ) => Effect.Effect<void>
  /** The row's insert as a write to run with another statement of the step (`Writes`). */
  readonly insertWrite: (
    tenant: TenantShape,
    value: A,
    columns: Record<string, ColumnValue | Statement.Fragment>
  ) => Effect.Effect<Writes.Write>
  /** Rewrites the row's body and `columns` (a column may be computed by SQL, a fragment). */
  readonly update: (
    tenant: TenantShape,
    value: A,
    columns?: Record<string, ColumnValue | Statement.Fragment>
  ) => Effect.Effect<void>
  /** The row's update as a write to run with another statement of the step (`Writes`). */
  readonly updateWrite: (
    tenant: TenantShape,
    value: A,
    columns?: Record<string, ColumnValue | Statement.Fragment>
  ) => Effect.Effect<Writes.Write>
  readonly find: (tenant: TenantShape, id: A["id"]) => Effect.Effect<Option.Option<A>>
  /** Reads the row and locks it until the transaction ends. */
  readonly lock: (tenant: TenantShape, id: A["id"]) => Effect.Effect<Option.Option<A>>
  /** One newest-first page; the request's `created_at` range applies, plus `conditions`. */
  readonly page: (
    tenant: TenantShape,
    request: PageRequest,
    conditions: ReadonlyArray<Statement.Fragment>
  ) => Effect.Effect<PageOf<A>>
}

export const makeResourceTable = <A extends { readonly id: string }, I>(
  table: string,
  schema: Schema.Codec<A, I>
): Effect.Effect<ResourceTable<A>, never, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const name = sql(table)
    // The bodies this table writes are the schema's encodings: each value
    // keeps the body it was written as or read from, for the response.
    const encode = EncodedOnce.encodeEffect(schema)
    const decodeRows = Schema.decodeUnknownEffect(Schema.Array(BodyRow))
    const decodeBodyRows = Schema.decodeUnknownEffect(Schema.Array(BodyOnlyRow))
    const decodeBody = DecodedBodies.make(schema)

    /** The rows `statement` selects, decoded by `decode` (a row that does not decode is a defect). */
    const rowsOf = <Row>(
      statement: Statement.Statement<unknown>,
      decode: (rows: unknown) => Effect.Effect<Row, Schema.SchemaError>
    ) => statement.pipe(Effect.flatMap(decode), Effect.orDie)

    const select = (statement: Statement.Statement<unknown>) => rowsOf(statement, decodeRows)

    /** The value of the one row `statement` selects (its `body`), if any. */
    const selectOne = (id: string, statement: Statement.Statement<unknown>) =>
      Effect.flatMap(rowsOf(statement, decodeBodyRows), (rows) =>
        rows[0] === undefined ? Effect.succeedNone : Effect.asSome(Effect.orDie(decodeBody(id, rows[0].body))))

    const insertWrite: ResourceTable<A>["insertWrite"] = (tenant, value, columns) =>
      Effect.map(Effect.orDie(encode(value)), (body) => {
        const record = { ...columns, id: value.id, group_id: tenant.groupId, environment: tenant.environment }
        const names = Object.keys(record)
        const values = Object.values(record)
        return Writes.write(sql`INSERT INTO ${name} (${
          sql.csv(names.map((column) => sql`${sql(column)}`))
        }, body)
          VALUES (${sql.csv(values.map((v) => sql`${v}`))}, ${bodyJsonb(sql, body)})`)
      })

    const insert: ResourceTable<A>["insert"] = (tenant, value, columns, alongside = []) =>
      Effect.flatMap(insertWrite(tenant, value, columns), (row) => Writes.run(sql, [row, ...alongside]))

    const updateWrite: ResourceTable<A>["updateWrite"] = (tenant, value, columns = {}) =>
      Effect.map(Effect.orDie(encode(value)), (body) => {
        const assignments = Object.entries(columns).map(([column, v]) => sql`${sql(column)} = ${v}`)
        return Writes.write(sql`UPDATE ${name} SET ${sql.csv([...assignments, sql`body = ${bodyJsonb(sql, body)}`])}
          WHERE id = ${value.id} AND ${tenantIs(sql, tenant)}`)
      })

    const update: ResourceTable<A>["update"] = (tenant, value, columns) =>
      Effect.flatMap(updateWrite(tenant, value, columns), (row) => Writes.run(sql, [row]))

    const find: ResourceTable<A>["find"] = (tenant, id) =>
      selectOne(id, sql`SELECT body::text AS body FROM ${name} WHERE id = ${id} AND ${tenantIs(sql, tenant)}`)

    const lock: ResourceTable<A>["lock"] = (tenant, id) =>
      selectOne(
        id,
        sql`SELECT body::text AS body FROM ${name} WHERE id = ${id} AND ${tenantIs(sql, tenant)} FOR UPDATE`
      )

    const page: ResourceTable<A>["page"] = (tenant, request, conditions) =>
      Effect.gen(function*() {
        const keyset = newestFirst(sql, request)
        const rows = yield* select(sql`SELECT id, created_at, body::text AS body FROM ${name}
          WHERE ${
          sql.and([
            tenantIs(sql, tenant),
            keyset.condition,
            ...createdAtConditions(sql, request.createdAt),
            ...conditions
          ])
        }
          ${keyset.orderAndLimit}`)
        const pageOfRows = toPage(rows, request.limit, (row) => row)
        const data = yield* Effect.forEach(pageOfRows.data, (row) => Effect.orDie(decodeBody(row.id, row.body)))
        return { data, nextCursor: pageOfRows.nextCursor }
      })

    return { insert, insertWrite, update, updateWrite, find, lock, page }
  })
