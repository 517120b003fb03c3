/**
 * A bookkeeping entry's running balance becomes its account's balance at the
 * end of the entry's date (Σ amounts of every entry dated at or before it),
 * the balance `at_time` serves, instead of the sum up to the entry in (date,
 * id) order. Every entry of one date then carries the same balance, so the
 * balances an entry set can change (those dated from its date on) are exactly
 * the running balances of the rows from that date on, and the range check an
 * entry set needs reads those rows through the account's date index instead of
 * windowing the account's whole history (docs/benchmarks.md, "Cost that grows
 * with history").
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  // `ORDER BY date` alone frames each row with its peers: the sum to the end of its date.
  yield* sql`
    UPDATE bookkeeping_entries SET running_balance = dated.running
    FROM (SELECT id, sum(amount::numeric) OVER (PARTITION BY account_id ORDER BY date) AS running
      FROM bookkeeping_entries) AS dated
    WHERE bookkeeping_entries.id = dated.id AND bookkeeping_entries.running_balance <> dated.running`
})
