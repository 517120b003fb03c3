/**
 * The plans of the statements a store service really runs: `captured` runs a
 * service call on a client that records each compiled statement (and returns
 * no rows), `explain` runs one of them under EXPLAIN ANALYZE on the test
 * database, and `planFacts` sums up what the plan read. Nothing is copied by
 * hand: the SQL is the service's own, compiled as sql-pg compiles it.
 */
import * as PgClient from "@effect/sql-pg/PgClient"
import { Data, Effect, Schema, Stream } from "effect"
import * as Reactivity from "effect/reactivity/Reactivity"
import { SqlClient, type SqlConnection } from "effect/sql"

export interface CapturedStatement {
  readonly sql: string
  readonly params: ReadonlyArray<unknown>
}

/**
 * Builds the service with `make` on a recording client, runs `use` on it and
 * returns the statements it sent.
 */
export const captured = <S, A, E>(
  make: Effect.Effect<S, never, SqlClient.SqlClient>,
  use: (service: S) => Effect.Effect<A, E>
): Effect.Effect<ReadonlyArray<CapturedStatement>, E> =>
  Effect.gen(function*() {
    const statements: Array<CapturedStatement> = []
    const record = (sql: string, params: ReadonlyArray<unknown>) =>
      Effect.sync(() => {
        statements.push({ sql, params })
        return []
      })
    const connection: SqlConnection.Connection = {
      execute: record,
      executeUnprepared: record,
      executeRaw: record,
      executeValues: record,
      executeValuesUnprepared: record,
      executeStream: (sql, params) => Stream.unwrap(Effect.map(record(sql, params), Stream.fromIterable))
    }
    const client = yield* SqlClient.make({
      acquirer: Effect.succeed(connection),
      compiler: PgClient.makeCompiler(),
      driver: "capture",
      spanAttributes: []
    })
    const service = yield* Effect.provideService(make, SqlClient.SqlClient, client)
    yield* use(service)
    return statements
  }).pipe(Effect.provide(Reactivity.layer))

/** A plan node as EXPLAIN (ANALYZE, FORMAT JSON) gives it (the fields read here). */
interface PlanNode {
  readonly "Node Type": string
  readonly "Index Name"?: string | undefined
  readonly "Relation Name"?: string | undefined
  readonly "Actual Rows"?: number | undefined
  readonly "Actual Loops"?: number | undefined
  readonly "Rows Removed by Filter"?: number | undefined
  readonly "Rows Removed by Index Recheck"?: number | undefined
  readonly Plans?: ReadonlyArray<PlanNode> | undefined
}

const PlanNode: Schema.Codec<PlanNode> = Schema.Struct({
  "Node Type": Schema.String,
  "Index Name": Schema.optional(Schema.String),
  "Relation Name": Schema.optional(Schema.String),
  "Actual Rows": Schema.optional(Schema.Number),
  "Actual Loops": Schema.optional(Schema.Number),
  "Rows Removed by Filter": Schema.optional(Schema.Number),
  "Rows Removed by Index Recheck": Schema.optional(Schema.Number),
  Plans: Schema.optional(Schema.Array(Schema.suspend(() => PlanNode)))
})

// The plan column is json: parsed by both clients, text if a driver leaves it so.
const ExplainRows = Schema.Array(Schema.Struct({
  "QUERY PLAN": Schema.Union([
    Schema.Array(Schema.Struct({ Plan: PlanNode })),
    Schema.fromJsonString(Schema.Array(Schema.Struct({ Plan: PlanNode })))
  ])
}))

export interface PlanFacts {
  /** Every node type of the plan, outermost first. */
  readonly nodeTypes: ReadonlyArray<string>
  /** The kinds of scan the plan runs on `relation` (Index Scan, Bitmap Heap Scan, Seq Scan …; ModifyTable for a write). */
  readonly scans: ReadonlyArray<string>
  /** The indexes the plan reads. */
  readonly indexes: ReadonlyArray<string>
  /** Rows the scans of `relation` produced or read and threw away (filters, rechecks), over all loops. */
  readonly rowsRead: number
  /** The plan as text, for a failing assertion's message. */
  readonly text: string
}

const walk = (node: PlanNode, visit: (node: PlanNode) => void): void => {
  visit(node)
  for (const child of node.Plans ?? []) walk(child, visit)
}

/**
 * Runs the statement under EXPLAIN ANALYZE on the current database and sums up what its scans of `relation`
 * (or of any of several) read.
 */
export const explain = (
  statement: CapturedStatement,
  relation: string | ReadonlyArray<string>
): Effect.Effect<PlanFacts, never, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql.unsafe(`EXPLAIN (ANALYZE, FORMAT JSON) ${statement.sql}`, statement.params).pipe(
      Effect.flatMap(Schema.decodeUnknownEffect(ExplainRows)),
      Effect.orDie
    )
    const root = rows[0]?.["QUERY PLAN"][0]?.Plan
    if (root === undefined) return yield* Effect.die(new Error("EXPLAIN returned no plan"))
    const nodeTypes: Array<string> = []
    const scans: Array<string> = []
    const indexes: Array<string> = []
    let rowsRead = 0
    walk(root, (node) => {
      nodeTypes.push(node["Node Type"])
      if (node["Index Name"] !== undefined) indexes.push(node["Index Name"])
      const name = node["Relation Name"]
      if (name !== undefined && (typeof relation === "string" ? name === relation : relation.includes(name))) {
        scans.push(node["Node Type"])
        // EXPLAIN shows each count per loop.
        rowsRead += ((node["Actual Rows"] ?? 0) + (node["Rows Removed by Filter"] ?? 0) +
          (node["Rows Removed by Index Recheck"] ?? 0)) * (node["Actual Loops"] ?? 1)
      }
    })
    return { nodeTypes, scans, indexes, rowsRead, text: JSON.stringify(root, null, 1) }
  })

/** Ends a transaction whose writes were only explained, carrying what was learnt. */
class RolledBack extends Data.TaggedError("RolledBack")<{ readonly facts: ReadonlyArray<PlanFacts> }> {}

/**
 * `explain` of each statement, in order, in one transaction rolled back (so
 * writes leave nothing behind); with `genericPlan`, as a prepared statement's
 * generic plan (`plan_cache_mode`), which knows none of the values.
 */
export const explainRolledBack = (
  statements: ReadonlyArray<CapturedStatement>,
  relation: string | ReadonlyArray<string>,
  options: { readonly genericPlan?: boolean } = {}
): Effect.Effect<ReadonlyArray<PlanFacts>, never, SqlClient.SqlClient> =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql.withTransaction(Effect.gen(function*() {
      if (options.genericPlan === true) yield* sql`SET LOCAL plan_cache_mode = force_generic_plan`
      const facts: Array<PlanFacts> = []
      for (const statement of statements) facts.push(yield* explain(statement, relation))
      return yield* Effect.fail(new RolledBack({ facts }))
    })).pipe(Effect.catchTag("RolledBack", (rolledBack) => Effect.succeed(rolledBack.facts)), Effect.orDie))
