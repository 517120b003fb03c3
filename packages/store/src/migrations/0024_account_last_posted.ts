/**
 * A new posting moved the running balance of every posting of its account
 * after it, in a statement whose plan Postgres made anew for most postings
 * (docs/benchmarks.md). `last_posted_at` is the creation time of the account's
 * newest posting, kept on the account's row with its balance: read under the
 * row's lock, it tells a posting that sorts after it (nearly every one) that
 * there is nothing to move. NULL is "not known" (a snapshot saved before this
 * column, restored): such an account's postings move later rows as before.
 * An account with no posting has `-infinity`.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE accounts ADD COLUMN last_posted_at timestamptz DEFAULT '-infinity'`
  yield* sql`
    UPDATE accounts SET last_posted_at = coalesce(
      (SELECT max(created_at) FROM transactions WHERE transactions.account_id = accounts.id), '-infinity')`
})
