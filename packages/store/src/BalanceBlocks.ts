/**
 * The bookkeeping accounts' balance blocks (migration 0019; what they hold and
 * why: domain `money/BalanceBlocks`) as rows of `bookkeeping_balance_blocks`:
 * read by ranges of a level, written as the ten blocks covering a date, and
 * rebuilt from a tenant's entries (after a snapshot restore writes them back).
 */
import type { BalanceBlock, BlockRange } from "@moneta/domain/BalanceBlocks"
import { fanOut, topLevel } from "@moneta/domain/BalanceBlocks"
import type { TenantShape } from "@moneta/domain/Tenant"
import { Effect, Schema } from "effect"
import type { SqlClient, Statement } from "effect/sql"
import { type Write, write } from "./Writes.js"

const BlockRow = Schema.Struct({
  account_id: Schema.String,
  level: Schema.Number,
  start_ms: Schema.NumberFromString,
  net: Schema.BigIntFromString,
  lowest: Schema.BigIntFromString,
  highest: Schema.BigIntFromString
})
const decodeBlocks = Schema.decodeUnknownEffect(Schema.Array(BlockRow))

/** The ranges as a VALUES list (`ranges (level, from_ms, to_ms)`): the same text for every date. */
export const rangesTable = (sql: Statement.Constructor, ranges: ReadonlyArray<BlockRange>): Statement.Fragment =>
  sql`(VALUES ${
    sql.csv(ranges.map((range) => sql`(${range.level}::int, ${range.from}::bigint, ${range.to}::bigint)`))
  }) AS ranges (level, from_ms, to_ms)`

/**
 * The blocks of the account in the range of the row of `ranges` at hand, as a
 * LATERAL subquery: one index range scan of each range. Joined instead (and a
 * plain subquery is flattened into a join; `OFFSET 0` keeps it one), the
 * ranges' bounds tell the planner nothing, and it hashes every block.
 */
export const blocksIn = (sql: Statement.Constructor, accountId: Statement.Fragment | string): Statement.Fragment =>
  sql`(SELECT level, start_ms, net, lowest, highest FROM bookkeeping_balance_blocks
    WHERE account_id = ${accountId} AND level = ranges.level AND start_ms >= ranges.from_ms
      AND start_ms < ranges.to_ms OFFSET 0)`

/** The blocks in `ranges` of each of the tenant's accounts named, one index range scan per account and range. */
export const readBlocks = (
  sql: SqlClient.SqlClient,
  tenant: TenantShape,
  accountIds: ReadonlyArray<string>,
  ranges: ReadonlyArray<BlockRange>
): Effect.Effect<ReadonlyMap<string, ReadonlyArray<BalanceBlock>>> =>
  sql`SELECT accounts.id AS account_id, blocks.level::int AS level, blocks.start_ms::text AS start_ms,
      blocks.net::text AS net, blocks.lowest::text AS lowest, blocks.highest::text AS highest
    FROM bookkeeping_accounts AS accounts CROSS JOIN ${rangesTable(sql, ranges)}
      CROSS JOIN LATERAL ${blocksIn(sql, sql`accounts.id`)} AS blocks
    WHERE accounts.id IN ${sql.in(accountIds)} AND accounts.group_id = ${tenant.groupId}
      AND accounts.environment = ${tenant.environment}`.pipe(
    Effect.flatMap(decodeBlocks),
    Effect.map((rows) => {
      const byAccount = new Map<string, Array<BalanceBlock>>()
      for (const row of rows) {
        const blocks = byAccount.get(row.account_id) ?? []
        blocks.push({ level: row.level, start: row.start_ms, net: row.net, lowest: row.lowest, highest: row.highest })
        byAccount.set(row.account_id, blocks)
      }
      return byAccount
    }),
    Effect.orDie
  )

/** Writes the blocks (each account's, as `pathAfter` gives them) over the ones they replace. */
export const writeBlocks = (
  sql: SqlClient.SqlClient,
  blocks: ReadonlyArray<{ readonly accountId: string; readonly block: BalanceBlock }>
): Write =>
  write(sql`INSERT INTO bookkeeping_balance_blocks (account_id, level, start_ms, net, lowest, highest)
    VALUES ${
    sql.csv(blocks.map(({ accountId, block }) =>
      sql`(${accountId}, ${block.level}::smallint, ${block.start}::bigint, ${block.net.toString()}::numeric,
        ${block.lowest.toString()}::numeric, ${block.highest.toString()}::numeric)`
    ))
  }
    ON CONFLICT (account_id, level, start_ms)
    DO UPDATE SET net = excluded.net, lowest = excluded.lowest, highest = excluded.highest`)

/**
 * The statements that rebuild the blocks of the accounts of the tenant `$1`
 * (group), `$2` (environment) from their entries, as migration 0019 built
 * everyone's: the dates, then each level from the one below (a child's place
 * in its parent is the sum of the children before it). Plain SQL, so that a
 * benchmark that seeds entries by SQL can run them too.
 */
export const rebuildStatements: ReadonlyArray<string> = [
  `DELETE FROM bookkeeping_balance_blocks WHERE account_id IN
    (SELECT id FROM bookkeeping_accounts WHERE group_id = $1 AND environment = $2)`,
  `INSERT INTO bookkeeping_balance_blocks (account_id, level, start_ms, net, lowest, highest)
    SELECT account_id, 0, start_ms, sum(amount), sum(amount), sum(amount)
    FROM (SELECT account_id, amount, floor(extract(epoch FROM date) * 1000)::bigint AS start_ms
      FROM bookkeeping_entries WHERE group_id = $1 AND environment = $2) AS dated
    GROUP BY account_id, start_ms`,
  ...Array.from({ length: topLevel }, (_, index) => {
    const level = index + 1
    const size = `${fanOut ** level}::bigint`
    return `INSERT INTO bookkeeping_balance_blocks (account_id, level, start_ms, net, lowest, highest)
      SELECT account_id, ${level}, parent, sum(net), min(earlier + lowest), max(earlier + highest)
      FROM (SELECT account_id, net, lowest, highest, parent,
          coalesce(sum(net) OVER (PARTITION BY account_id, parent ORDER BY start_ms
            ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS earlier
        FROM (SELECT *, start_ms - ((start_ms % ${size}) + ${size}) % ${size} AS parent
          FROM bookkeeping_balance_blocks WHERE level = ${level - 1} AND account_id IN
            (SELECT id FROM bookkeeping_accounts WHERE group_id = $1 AND environment = $2)) AS children) AS placed
      GROUP BY account_id, parent`
  })
]

/** Rebuilds the blocks of the tenant's accounts from their entries. */
export const rebuild = (sql: SqlClient.SqlClient, tenant: TenantShape): Effect.Effect<void> =>
  Effect.forEach(
    rebuildStatements,
    (statement) => sql.unsafe(statement, [tenant.groupId, tenant.environment]),
    { discard: true }
  ).pipe(Effect.orDie)
