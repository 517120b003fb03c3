/**
 * Migration 0022: holds written before it, and those in saved sandbox
 * snapshots, get their `releases_at` from their body, so the hold sweeps
 * (which read only that column) still end them.
 */
import { describe, expect, layer } from "@effect/vitest"
import { GroupId } from "@moneta/domain/Ids"
import { Effect, Schema } from "effect"
import { SqlClient } from "effect/sql"
import holdReleaseTimes from "../src/migrations/0022_hold_release_times.js"
import * as TestDatabase from "../src/testing.js"

const tenant = { groupId: GroupId.make("group_hold_release_times"), environment: "sandbox" as const }
const at = new Date("2026-01-01T00:00:00.000Z")
const expiresAt = "2026-01-08T00:00:00.000Z"
const releasesAt = "2026-01-03T00:00:00.000Z"

/** A hold's row as written before 0022: its end only in `body`. */
const holdRow = (id: string, category: string, detail: Record<string, unknown>) => ({
  id,
  group_id: tenant.groupId,
  environment: tenant.environment,
  created_at: at.toISOString(),
  account_id: "account_0022",
  amount: -100,
  held_amount: 100,
  status: "pending",
  category,
  route_id: null,
  body: { id, source: { category, [category]: detail } }
})

const rows = [
  holdRow("pending_transaction_0022_card", "card_authorization", { expires_at: expiresAt }),
  holdRow("pending_transaction_0022_check", "inbound_funds_hold", { automatically_releases_at: releasesAt }),
  holdRow("pending_transaction_0022_hold", "user_initiated_hold", {})
]

const Ends = Schema.Array(Schema.Struct({ id: Schema.String, releases_at: Schema.NullOr(Schema.String) }))

for (const kind of TestDatabase.testDatabases) {
  describe(`migration 0022, hold release times (${kind})`, () => {
    layer(TestDatabase.layerFor(kind), { timeout: TestDatabase.timeout })((it) => {
      it.effect("gives existing holds and snapshot rows their end from the body", () =>
        Effect.gen(function*() {
          const sql = yield* SqlClient.SqlClient
          yield* sql`INSERT INTO accounts (id, group_id, environment, created_at, status, body)
            VALUES ('account_0022', ${tenant.groupId}, ${tenant.environment}, ${at}, 'open', '{}'::jsonb)`
          for (const row of rows) {
            yield* sql`INSERT INTO pending_transactions
              SELECT (jsonb_populate_record(NULL::pending_transactions, ${JSON.stringify(row)}::jsonb)).*`
          }
          const [snapshot] = yield* sql<{ readonly id: string }>`INSERT INTO snapshots
              (group_id, environment, name, created_at, row_count)
            VALUES (${tenant.groupId}, ${tenant.environment}, 'before 0022', ${at}, ${rows.length})
            RETURNING id::text AS id`
          for (const [position, row] of rows.entries()) {
            yield* sql`INSERT INTO snapshot_rows (snapshot_id, table_name, position, row)
              VALUES (${snapshot?.id}::bigint, 'pending_transactions', ${position}, ${JSON.stringify(row)}::jsonb)`
          }

          yield* holdReleaseTimes

          const decodeEnds = Schema.decodeUnknownEffect(Ends)
          const written = yield* sql`SELECT id, to_char(releases_at AT TIME ZONE 'UTC',
              'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS releases_at
            FROM pending_transactions WHERE group_id = ${tenant.groupId} ORDER BY id`.pipe(Effect.flatMap(decodeEnds))
          expect(written).toEqual([
            { id: "pending_transaction_0022_card", releases_at: expiresAt },
            { id: "pending_transaction_0022_check", releases_at: releasesAt },
            { id: "pending_transaction_0022_hold", releases_at: null }
          ])
          const saved = yield* sql`SELECT row->>'id' AS id, row->>'releases_at' AS releases_at
            FROM snapshot_rows WHERE snapshot_id = ${snapshot?.id}::bigint ORDER BY position`.pipe(
            Effect.flatMap(decodeEnds)
          )
          expect(saved).toEqual([
            { id: "pending_transaction_0022_card", releases_at: expiresAt },
            { id: "pending_transaction_0022_check", releases_at: releasesAt },
            { id: "pending_transaction_0022_hold", releases_at: null }
          ])
        }))
    })
  })
}
