/**
 * The hold sweeps (bank/src/HoldSweeper.ts) ask every few seconds for the
 * holds past their end. 0018 and 0020 kept the pending holds in creation
 * order, their ends inside `body`: a sweep that found fewer ended holds than
 * its limit read every pending hold still running (a card authorization runs
 * 7 days). `releases_at` keeps the end (domain `PendingTransaction.releasesAt`)
 * and these indexes keep the pending holds in its order, so a sweep reads the
 * ended ones only. Existing rows, and the rows of saved sandbox snapshots, get
 * theirs from `body`.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

const ends = [
  ["card_authorization", "expires_at", "pending_transactions_card_authorizations_by_release"],
  ["inbound_funds_hold", "automatically_releases_at", "pending_transactions_inbound_funds_holds_by_release"]
] as const

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE pending_transactions ADD COLUMN IF NOT EXISTS releases_at timestamptz`
  for (const [category, field, index] of ends) {
    yield* sql`UPDATE pending_transactions
      SET releases_at = (body->'source'->${category}::text->>${field}::text)::timestamptz
      WHERE category = ${category}`
    yield* sql`UPDATE snapshot_rows
      SET row = row || jsonb_build_object('releases_at', row->'body'->'source'->${category}::text->${field}::text)
      WHERE table_name = 'pending_transactions' AND row->>'category' = ${category}`
    yield* sql`CREATE INDEX IF NOT EXISTS ${sql(index)} ON pending_transactions (environment, releases_at, id)
      WHERE status = 'pending' AND category = ${sql.literal(`'${category}'`)}`
  }
  yield* sql`DROP INDEX IF EXISTS pending_transactions_pending_card_authorizations`
  yield* sql`DROP INDEX IF EXISTS pending_transactions_pending_inbound_funds_holds`
})
