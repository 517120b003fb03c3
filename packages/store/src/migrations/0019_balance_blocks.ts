/**
 * Bookkeeping balances from blocks instead of running balances. Since 0017
 * every entry carried its account's balance at the end of its date, so an
 * entry set dated before the account's history rewrote every later entry
 * (159× the cost at 100,000 entries). Now each account keeps balance blocks
 * (domain `money/BalanceBlocks`): its dates (level 0: the sum of the entries
 * dated then) and, at levels 1 to 9, the spans of 32^level milliseconds that
 * hold dates, each with the sum of its dates and the lowest and highest
 * running sum at the end of one of them, from its start. A write changes the
 * ten blocks covering its date, each recomputed from at most 32 children; a
 * balance at a date sums at most 32 blocks a level; the range check's
 * extremes from a date on combine as many. The entries' `running_balance`
 * (0008, 0017) is read no more and goes.
 *
 * The blocks are derived from the entries: they go with their account
 * (`ON DELETE CASCADE`, so a sandbox reset needs nothing more), are not
 * snapshotted, and are rebuilt from the entries a snapshot restore writes back
 * (store `BalanceBlocks.rebuild`). This backfill is the same rebuild over
 * every account.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

const topLevel = 9
const fanOut = 32

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE bookkeeping_balance_blocks (
      account_id text NOT NULL REFERENCES bookkeeping_accounts (id) ON DELETE CASCADE,
      level smallint NOT NULL,
      start_ms bigint NOT NULL,
      net numeric NOT NULL,
      lowest numeric NOT NULL,
      highest numeric NOT NULL,
      PRIMARY KEY (account_id, level, start_ms)
    )`
  yield* sql`
    INSERT INTO bookkeeping_balance_blocks (account_id, level, start_ms, net, lowest, highest)
    SELECT account_id, 0, start_ms, sum(amount), sum(amount), sum(amount)
    FROM (SELECT account_id, amount, floor(extract(epoch FROM date) * 1000)::bigint AS start_ms
      FROM bookkeeping_entries) AS dated
    GROUP BY account_id, start_ms`
  for (let level = 1; level <= topLevel; level++) {
    const size = fanOut ** level
    // Each child's place in its parent: the sum of the children before it, added to its own extremes.
    yield* sql`
      INSERT INTO bookkeeping_balance_blocks (account_id, level, start_ms, net, lowest, highest)
      SELECT account_id, ${level}, parent, sum(net), min(earlier + lowest), max(earlier + highest)
      FROM (SELECT account_id, net, lowest, highest, parent,
          coalesce(sum(net) OVER (PARTITION BY account_id, parent ORDER BY start_ms
            ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS earlier
        FROM (SELECT *, start_ms - ((start_ms % ${size}::bigint) + ${size}::bigint) % ${size}::bigint AS parent
          FROM bookkeeping_balance_blocks WHERE level = ${level - 1}) AS children) AS placed
      GROUP BY account_id, parent`
  }
  yield* sql`ALTER TABLE bookkeeping_entries DROP COLUMN running_balance`
})
