/**
 * Pages whose cost must not grow with history (migration 0012): on a seeded
 * database (10k rows a table, and another tenant's as many events, analyzed), the
 * statement each list really runs (captured from the store service) reads the
 * intended index and a bounded number of rows: never a walk past the newer
 * rows of the tenant, nor other tenants' rows, nor a sequential scan.
 */
import { describe, expect, layer } from "@effect/vitest"
import { fanOut, topLevel } from "@moneta/domain/BalanceBlocks"
import { BookkeepingEntrySet, BookkeepingEntrySetEntry } from "@moneta/domain/Bookkeeping"
import { EventCategory } from "@moneta/domain/EventCategory"
import { AccountId, BookkeepingAccountId, BookkeepingEntryId, BookkeepingEntrySetId, GroupId } from "@moneta/domain/Ids"
import { DateTime, Duration, Effect, Option, Schema } from "effect"
import type { Statement } from "effect/sql"
import { SqlClient } from "effect/sql"
import * as BalanceBlocks from "../src/BalanceBlocks.js"
import { BookkeepingStore } from "../src/Bookkeeping.js"
import { DeclinedTransactionStore } from "../src/DeclinedTransactions.js"
import { DueHoldStore } from "../src/DueHolds.js"
import { type EventQuery, EventStore } from "../src/Events.js"
import type { PageRequest } from "../src/Pagination.js"
import { PendingTransactionStore } from "../src/PendingTransactions.js"
import * as TestDatabase from "../src/testing.js"
import { TransactionStore } from "../src/Transactions.js"
import { WireTransferStore } from "../src/WireTransfers.js"
import { captured, type CapturedStatement, explain, explainRolledBack } from "./QueryPlans.js"

const rowsPerTable = 10_000
const tenant = { groupId: GroupId.make("group_history_plans"), environment: "sandbox" as const }
const otherTenant = { groupId: GroupId.make("group_history_other"), environment: "sandbox" as const }
const account = AccountId.make("account_history_plans")
const otherAccount = AccountId.make("account_history_other")
const bookkeepingAccount = BookkeepingAccountId.make("bookkeeping_account_history_plans")
const start = Date.parse("2026-01-01T00:00:00Z")
const minute = 60_000
/** A page reads at most this many rows of its table: the page (10 + 1) and a few rare matches, never the history. */
const bounded = 60
/** Balance blocks a read covers at most: 32 a level under one parent, on both sides of a date (domain `BalanceBlocks`). */
const blocksAtMost = 2 * (topLevel + 1) * fanOut

const category = (name: string) => Schema.decodeUnknownSync(EventCategory)(name)

/**
 * One row a minute per tenant; the tenant's first 3 rows (the oldest) are the
 * rare ones, so a plan that walks newest first past non-matching rows reads
 * them all.
 */
const seed = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  // The other tenant's rows only where a plan could read them: the event log's `created_at` index.
  const series = (
    table: string,
    columns: string,
    values: (group: string, prefix: string) => Statement.Fragment
  ) =>
    Effect.forEach(
      table === "events" ? [[tenant.groupId, "a"], [otherTenant.groupId, "b"]] as const : [[tenant.groupId, "a"]],
      ([group, prefix]) =>
        sql`INSERT INTO ${sql(table)} (${sql.literal(columns)})
        SELECT ${values(group, prefix)} FROM generate_series(1, ${rowsPerTable}) AS i`
    )
  const at = sql.literal(`timestamptz '2026-01-01T00:00:00Z' + i * interval '1 minute'`)
  const rare = (common: string, rareValue: string) => sql`CASE WHEN i <= 3 THEN ${rareValue} ELSE ${common} END`
  const id = (kind: string, prefix: string) => sql`${`${kind}_${prefix}`} || lpad(i::text, 8, '0')`

  for (const [id, group] of [[account, tenant.groupId], [otherAccount, otherTenant.groupId]] as const) {
    yield* sql`INSERT INTO accounts (id, group_id, environment, created_at, status, body)
      VALUES (${id}, ${group}, 'sandbox', ${new Date(start)}, 'open', '{}'::jsonb)`
  }
  const accountOf = (group: string) => group === tenant.groupId ? account : otherAccount

  yield* series(
    "events",
    "id, group_id, environment, created_at, category, associated_object_type, associated_object_id",
    (group, prefix) =>
      sql`${id("event", prefix)}, ${group}, 'sandbox', ${at},
        ${rare("transaction.created", "wire_transfer.updated")}, 'transaction', 'transaction_' || i`
  )
  yield* series(
    "transactions",
    "id, group_id, environment, created_at, account_id, amount, category, route_id, running_balance, body",
    (group, prefix) =>
      sql`${id("transaction", prefix)}, ${group}, 'sandbox', ${at}, ${accountOf(group)}, 100,
        ${rare("card_settlement", "interest_payment")}, ${rare("card_common", "card_rare")}, 100 * i, '{}'::jsonb`
  )
  yield* series(
    "pending_transactions",
    "id, group_id, environment, created_at, account_id, amount, held_amount, status, category, route_id, body",
    (group, prefix) =>
      sql`${id("pending_transaction", prefix)}, ${group}, 'sandbox', ${at}, ${accountOf(group)}, -100, 0,
        ${rare("complete", "pending")}, ${rare("card_authorization", "wire_transfer_instruction")},
        ${rare("card_common", "card_rare")}, '{}'::jsonb`
  )
  yield* series(
    "declined_transactions",
    "id, group_id, environment, created_at, account_id, category, route_id, body",
    (group, prefix) =>
      sql`${id("declined_transaction", prefix)}, ${group}, 'sandbox', ${at}, ${accountOf(group)},
        ${rare("card_decline", "check_decline")}, ${rare("card_common", "card_rare")}, '{}'::jsonb`
  )
  yield* series(
    "wire_transfers",
    "id, group_id, environment, created_at, account_id, status, body",
    (group, prefix) =>
      sql`${id("wire_transfer", prefix)}, ${group}, 'sandbox', ${at}, ${accountOf(group)},
        ${rare("complete", "pending_approval")}, '{}'::jsonb`
  )
  // One bookkeeping account with an entry a minute, each in its own set, and its balance blocks.
  yield* sql`INSERT INTO bookkeeping_accounts (id, group_id, environment, created_at, body)
    VALUES (${bookkeepingAccount}, ${tenant.groupId}, 'sandbox', ${new Date(start)}, '{}'::jsonb)`
  yield* series(
    "bookkeeping_entry_sets",
    "id, group_id, environment, created_at, date, body",
    (group, prefix) => sql`${id("bookkeeping_entry_set", prefix)}, ${group}, 'sandbox', ${at}, ${at}, '{}'::jsonb`
  )
  yield* series(
    "bookkeeping_entries",
    "id, group_id, environment, created_at, account_id, entry_set_id, amount, date, body",
    (group, prefix) =>
      sql`${id("bookkeeping_entry", prefix)}, ${group}, 'sandbox', ${at}, ${bookkeepingAccount},
        ${id("bookkeeping_entry_set", prefix)}, 100, ${at}, '{}'::jsonb`
  )
  yield* BalanceBlocks.rebuild(sql, tenant)
  yield* sql`ANALYZE`
})

const page: PageRequest = { limit: 10 }
const eventQuery: EventQuery = { limit: 10, retainedSince: DateTime.makeUnsafe(0) }
const middle = (minutes: number) => DateTime.makeUnsafe(start + minutes * minute)

interface Case {
  readonly name: string
  readonly table: string
  /** The indexes the plan may read (any one of them). */
  readonly indexes: ReadonlyArray<string>
  /** At most this many rows of the table read; `bounded` unless given. */
  readonly rows?: number
  readonly statement: Effect.Effect<ReadonlyArray<CapturedStatement>>
}

const cases: ReadonlyArray<Case> = [
  {
    name: "events of a rare category, newest first",
    table: "events",
    indexes: ["events_category"],
    statement: captured(
      EventStore.make,
      (events) => events.list(tenant, eventQuery, { "category.in": [category("wire_transfer.updated")] })
    )
  },
  {
    // A page of each category, merged: never every row of a common one, nor a walk between rare ones.
    name: "events of a common and a rare category, newest first",
    table: "events",
    indexes: ["events_category"],
    statement: captured(
      EventStore.make,
      (events) =>
        events.list(tenant, eventQuery, {
          "category.in": [category("transaction.created"), category("wire_transfer.updated")]
        })
    )
  },
  {
    name: "events of a common and a rare category, oldest first (polling)",
    table: "events",
    indexes: ["events_category"],
    statement: captured(
      EventStore.make,
      (events) =>
        events.list(tenant, eventQuery, {
          "order_by.direction": "ascending",
          "category.in": [category("transaction.created"), category("wire_transfer.updated")]
        })
    )
  },
  {
    name: "events of a rare category, oldest first (polling)",
    table: "events",
    indexes: ["events_category"],
    statement: captured(
      EventStore.make,
      (events) =>
        events.list(tenant, eventQuery, {
          "order_by.direction": "ascending",
          "category.in": [category("wire_transfer.updated")]
        })
    )
  },
  {
    name: "events of a category that has none",
    table: "events",
    indexes: ["events_category"],
    statement: captured(
      EventStore.make,
      (events) => events.list(tenant, eventQuery, { "category.in": [category("account.created")] })
    )
  },
  {
    name: "events in a created_at window in the middle of history",
    table: "events",
    indexes: ["events_tenant_created"],
    // The window holds 30 of the tenant's events (and 30 of the other tenant's, which it must not read).
    rows: 40,
    statement: captured(EventStore.make, (events) =>
      events.list(tenant, {
        ...eventQuery,
        createdAt: { onOrAfter: middle(rowsPerTable / 2), before: middle(rowsPerTable / 2 + 30) }
      }, {}))
  },
  {
    name: "transactions of an account in a category it has none of",
    table: "transactions",
    indexes: ["transactions_account_category"],
    statement: captured(
      TransactionStore.make,
      (transactions) =>
        transactions.list(tenant, page, { account_id: account, "category.in": ["wire_transfer_intention"] })
    )
  },
  {
    name: "transactions of an account in a rare category",
    table: "transactions",
    indexes: ["transactions_account_category"],
    statement: captured(
      TransactionStore.make,
      (transactions) => transactions.list(tenant, page, { account_id: account, "category.in": ["interest_payment"] })
    )
  },
  {
    name: "transactions of a rare category",
    table: "transactions",
    indexes: ["transactions_category"],
    statement: captured(
      TransactionStore.make,
      (transactions) => transactions.list(tenant, page, { "category.in": ["interest_payment"] })
    )
  },
  {
    name: "transactions of a rarely used card (route)",
    table: "transactions",
    indexes: ["transactions_route"],
    statement: captured(
      TransactionStore.make,
      (transactions) => transactions.list(tenant, page, { route_id: "card_rare" })
    )
  },
  {
    name: "pending transactions still pending",
    table: "pending_transactions",
    indexes: ["pending_transactions_status"],
    statement: captured(
      PendingTransactionStore.make,
      (pending) => pending.list(tenant, page, { "status.in": ["pending"] })
    )
  },
  {
    name: "pending transactions of an account still pending",
    table: "pending_transactions",
    indexes: ["pending_transactions_account_status", "pending_transactions_status"],
    statement: captured(
      PendingTransactionStore.make,
      (pending) => pending.list(tenant, page, { account_id: account, "status.in": ["pending"] })
    )
  },
  {
    name: "pending transactions of an account in a category it has none of",
    table: "pending_transactions",
    indexes: ["pending_transactions_account_category"],
    statement: captured(
      PendingTransactionStore.make,
      (pending) =>
        pending.list(tenant, page, { account_id: account, "category.in": ["inbound_wire_transfer_reversal"] })
    )
  },
  {
    name: "pending transactions of a rarely used card (route)",
    table: "pending_transactions",
    indexes: ["pending_transactions_route"],
    statement: captured(
      PendingTransactionStore.make,
      (pending) => pending.list(tenant, page, { route_id: "card_rare" })
    )
  },
  {
    name: "declined transactions of an account in a category it has none of",
    table: "declined_transactions",
    indexes: ["declined_transactions_account_category"],
    statement: captured(
      DeclinedTransactionStore.make,
      (declined) => declined.list(tenant, page, { account_id: account, "category.in": ["ach_decline"] })
    )
  },
  {
    name: "declined transactions of a rare category",
    table: "declined_transactions",
    indexes: ["declined_transactions_category"],
    statement: captured(
      DeclinedTransactionStore.make,
      (declined) => declined.list(tenant, page, { "category.in": ["check_decline"] })
    )
  },
  {
    // The range check of an entry set on an account past ±(2^53 − 1) of Σ|amount| (migration 0019):
    // the balance blocks before and from the set's date, never the account's entries.
    name: "the balances an entry set dated at the end of history can change",
    table: "bookkeeping_balance_blocks",
    indexes: ["bookkeeping_balance_blocks_pkey"],
    rows: blocksAtMost,
    statement: captured(
      BookkeepingStore.make,
      (bookkeeping) => bookkeeping.balanceExtremes(tenant, [bookkeepingAccount], middle(rowsPerTable - 5))
    )
  },
  {
    name: "the balances an entry set dated in the middle of history can change",
    table: "bookkeeping_balance_blocks",
    indexes: ["bookkeeping_balance_blocks_pkey"],
    rows: blocksAtMost,
    statement: captured(
      BookkeepingStore.make,
      (bookkeeping) => bookkeeping.balanceExtremes(tenant, [bookkeepingAccount], middle(rowsPerTable / 2))
    )
  },
  {
    name: "a bookkeeping account's balance at a date in the middle of history",
    table: "bookkeeping_balance_blocks",
    indexes: ["bookkeeping_balance_blocks_pkey"],
    rows: blocksAtMost,
    statement: captured(
      BookkeepingStore.make,
      (bookkeeping) => bookkeeping.balance(tenant, bookkeepingAccount, Option.some(middle(rowsPerTable / 2)))
    )
  },
  {
    // The authorization expiry sweep, every few seconds across groups (migrations 0018, 0022): only the
    // pending holds, never the completed history.
    name: "card authorization holds still pending, oldest first",
    table: "pending_transactions",
    indexes: ["pending_transactions_card_authorizations_by_release"],
    statement: captured(
      DueHoldStore.make,
      (holds) => holds.cardAuthorizations.due("sandbox", middle(rowsPerTable), 100)
    )
  },
  {
    // The inbound funds hold release sweep, beside it (migrations 0020, 0022): only the pending holds.
    name: "inbound funds holds still pending, oldest first",
    table: "pending_transactions",
    indexes: ["pending_transactions_inbound_funds_holds_by_release"],
    statement: captured(
      DueHoldStore.make,
      (holds) => holds.inboundFundsHolds.due("sandbox", middle(rowsPerTable), 100)
    )
  },
  {
    name: "wire transfers pending approval",
    table: "wire_transfers",
    indexes: ["wire_transfers_status"],
    statement: captured(
      WireTransferStore.make,
      (wires) => wires.list(tenant, page, { "status.in": ["pending_approval"] })
    )
  }
]

for (const kind of TestDatabase.testDatabases) {
  describe(`pages that stay flat as history grows (${kind})`, () => {
    layer(TestDatabase.layerFor(kind), { timeout: TestDatabase.timeout, excludeTestServices: true })((it) => {
      it.effect("seeds and analyzes the history", () => seed, Duration.toMillis(TestDatabase.timeout))

      for (const testCase of cases) {
        it.effect(testCase.name, () =>
          Effect.gen(function*() {
            const statements = yield* testCase.statement
            expect(statements).toHaveLength(1)
            const plan = yield* explain(statements[0]!, testCase.table)
            const message = `${testCase.name}: ${plan.text}`
            expect(plan.scans, message).not.toContain("Seq Scan")
            expect(plan.indexes.some((index) => testCase.indexes.includes(index)), message).toBe(true)
            expect(plan.rowsRead, message).toBeLessThanOrEqual(testCase.rows ?? bounded)
          }))
      }

      // Migration 0019: before it, this set moved the running balance of each of the 10,000 later entries.
      it.effect("an entry set dated before a 10,000-entry account's history reads and writes a bounded number of rows", () =>
        Effect.gen(function*() {
          const backDated = new BookkeepingEntrySet({
            id: BookkeepingEntrySetId.make("bookkeeping_entry_set_back_dated"),
            created_at: middle(rowsPerTable),
            date: middle(-24 * 60),
            entries: [
              new BookkeepingEntrySetEntry({
                id: BookkeepingEntryId.make("bookkeeping_entry_back_dated_debit"),
                account_id: bookkeepingAccount,
                amount: 5
              }),
              new BookkeepingEntrySetEntry({
                id: BookkeepingEntryId.make("bookkeeping_entry_back_dated_credit"),
                account_id: bookkeepingAccount,
                amount: -5
              })
            ],
            idempotency_key: null,
            transaction_id: null
          })
          const statements = yield* captured(
            BookkeepingStore.make,
            (bookkeeping) => bookkeeping.insertEntrySet(tenant, backDated)
          )
          const plans = yield* explainRolledBack(statements, ["bookkeeping_entries", "bookkeeping_balance_blocks"])
          const message = plans.map((plan) => plan.text).join("\n")
          expect(statements.length).toBeLessThanOrEqual(5)
          for (const plan of plans) expect(plan.scans, message).not.toContain("Seq Scan")
          expect(plans.reduce((total, plan) => total + plan.rowsRead, 0), message).toBeLessThanOrEqual(blocksAtMost)
        }))
    })
  })
}
