/**
 * The accounts' held totals over time (migration 0023): filled from the holds
 * that exist when the migration runs, and rebuilt from them when a snapshot is
 * restored, so a balance `at_time` counts the holds open at that instant (each
 * from its opening until its completion), read in one probe however many
 * holds the account had.
 */
import { describe, expect, layer } from "@effect/vitest"
import { AccountId, GroupId } from "@moneta/domain/Ids"
import { DateTime, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import * as HeldTotals from "../src/AccountHeldTotals.js"
import { AccountStore } from "../src/Accounts.js"
import accountHeldTotals from "../src/migrations/0023_account_held_totals.js"
import * as TestDatabase from "../src/testing.js"
import { captured, explain } from "./QueryPlans.js"

const tenant = { groupId: GroupId.make("group_held_totals"), environment: "sandbox" as const }
const account = AccountId.make("account_held_totals")
const start = Date.parse("2026-03-01T00:00:00Z")
const minute = 60_000
const at = (minutes: number) => DateTime.makeUnsafe(start + minutes * minute)

/** Holds written straight into the table, as rows the ledger wrote before 0023 look. */
const holds: ReadonlyArray<{ readonly held: number; readonly opened: number; readonly completed: number | null }> = [
  { held: 100, opened: 0, completed: 10 },
  { held: 50, opened: 5, completed: null },
  { held: 7, opened: 10, completed: 20 },
  { held: 0, opened: 12, completed: 13 }
]

/** What a balance at `minutes` holds: the holds opened by then and not completed by then. */
const expectedHeld = (minutes: number) =>
  holds.reduce(
    (sum, hold) =>
      hold.opened <= minutes && (hold.completed === null || hold.completed > minutes) ? sum + hold.held : sum,
    0
  )

const seed = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`INSERT INTO accounts (id, group_id, environment, created_at, status, current_balance, body)
    VALUES (${account}, ${tenant.groupId}, ${tenant.environment}, ${new Date(start)}, 'open', 1000, '{}'::jsonb)`
  for (const [index, hold] of holds.entries()) {
    yield* sql`INSERT INTO pending_transactions (id, group_id, environment, created_at, account_id, amount,
        held_amount, status, category, route_id, body, completed_at)
      VALUES (${`pending_transaction_held_totals_${index}`}, ${tenant.groupId}, ${tenant.environment},
        ${DateTime.toDate(at(hold.opened))}, ${account}, ${-hold.held}, ${hold.held},
        ${hold.completed === null ? "pending" : "complete"}, 'user_initiated_hold', NULL, '{}'::jsonb,
        ${hold.completed === null ? null : DateTime.toDate(at(hold.completed))})`
  }
})

/** The balance at each minute of the holds' history (and just before and after it) against `expectedHeld`. */
const checkBalances = Effect.gen(function*() {
  const accounts = yield* AccountStore
  for (const minutes of [-1, 0, 4, 5, 9, 10, 11, 12, 13, 19, 20, 21, 60]) {
    const balance = yield* accounts.balanceAt(tenant, account, at(minutes))
    expect(Option.map(balance, (found) => found.held), `at minute ${minutes}`).toEqual(
      Option.some(expectedHeld(minutes))
    )
  }
})

for (const kind of TestDatabase.testDatabases) {
  describe(`accounts' held totals over time (${kind})`, () => {
    layer(AccountStore.Default.pipe(Layer.provideMerge(TestDatabase.layerFor(kind))), {
      timeout: TestDatabase.timeout
    })((it) => {
      it.effect("migration 0023 fills them from the holds it finds", () =>
        Effect.gen(function*() {
          const sql = yield* SqlClient.SqlClient
          yield* seed
          yield* sql`DROP TABLE account_held_totals`
          yield* accountHeldTotals
          yield* checkBalances
        }))

      it.effect("a rebuild (a restored snapshot) writes the same", () =>
        Effect.gen(function*() {
          const sql = yield* SqlClient.SqlClient
          yield* sql`DELETE FROM account_held_totals`
          yield* HeldTotals.rebuild(sql, tenant)
          yield* checkBalances
        }))

      it.effect("a balance at a past instant reads one row of them", () =>
        Effect.gen(function*() {
          const statements = yield* captured(
            AccountStore.make,
            (accounts) => accounts.balanceAt(tenant, account, at(11))
          )
          expect(statements).toHaveLength(1)
          const plan = yield* explain(statements[0]!, ["account_held_totals", "pending_transactions"])
          expect(plan.scans, plan.text).not.toContain("Seq Scan")
          expect(plan.scans, plan.text).not.toContain("Bitmap Heap Scan")
          expect(plan.rowsRead, plan.text).toBeLessThanOrEqual(1)
        }))
    })
  })
}
