/**
 * Writes that share a statement (`Writes`): every write runs, once, whether
 * on its own, alongside another write, or alongside a step's events (and on
 * its own when the step has no event); the statement fails as a whole.
 */
import { describe, expect, layer } from "@effect/vitest"
import { pendingEvent } from "@moneta/domain/Event"
import { GroupId } from "@moneta/domain/Ids"
import { DateTime, Effect, Exit, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { EventStore } from "../src/Events.js"
import * as TestDatabase from "../src/testing.js"
import * as Writes from "../src/Writes.js"

const tenant = { groupId: GroupId.make("group_writes_test"), environment: "sandbox" as const }

const noted = (sql: SqlClient.SqlClient, label: string) =>
  Effect.map(
    sql<{ readonly label: string }>`SELECT label FROM writes_test WHERE label LIKE ${`${label}%`} ORDER BY label`,
    (rows) => rows.map((row) => row.label)
  )

const note = (sql: SqlClient.SqlClient, label: string) =>
  Writes.write(sql`INSERT INTO writes_test (label) VALUES (${label})`)

for (const kind of TestDatabase.testDatabases) {
  describe(`writes sharing a statement (${kind})`, () => {
    layer(EventStore.Default.pipe(Layer.provideMerge(TestDatabase.layerFor(kind))), { timeout: TestDatabase.timeout })(
      (it) => {
        it.effect("runs each write once, alone or together, and none when the statement fails", () =>
          Effect.gen(function*() {
            const sql = yield* SqlClient.SqlClient
            yield* sql`CREATE TABLE writes_test (label text PRIMARY KEY)`
            yield* Writes.run(sql, [])
            yield* Writes.run(sql, [note(sql, "alone")])
            yield* Writes.run(sql, [note(sql, "together 1"), note(sql, "together 2"), note(sql, "together 3")])
            expect(yield* noted(sql, "alone")).toEqual(["alone"])
            expect(yield* noted(sql, "together")).toEqual(["together 1", "together 2", "together 3"])
            // The second write breaks the primary key: the first is undone with it.
            const failed = yield* Effect.exit(Writes.run(sql, [note(sql, "undone"), note(sql, "alone")]))
            expect(Exit.isFailure(failed)).toBe(true)
            expect(yield* noted(sql, "undone")).toEqual([])
          }))

        it.effect("runs a step's writes with its events, and on their own when it has none", () =>
          Effect.gen(function*() {
            const sql = yield* SqlClient.SqlClient
            const events = yield* EventStore
            yield* sql`CREATE TABLE IF NOT EXISTS writes_test (label text PRIMARY KEY)`
            const at = DateTime.makeUnsafe("2026-01-01T00:00:00Z")
            const appended = yield* events.append(
              tenant,
              [pendingEvent("account.created", "account", "account_writes_test")],
              at,
              { alongside: [note(sql, "with events 1"), note(sql, "with events 2")] }
            )
            expect(appended).toHaveLength(1)
            yield* events.append(tenant, [], at, { alongside: [note(sql, "without events")] })
            yield* events.append(tenant, [pendingEvent("account.created", "account", "account_writes_test")], at, {
              deliver: false,
              alongside: [note(sql, "undelivered")]
            })
            expect(yield* noted(sql, "with events")).toEqual(["with events 1", "with events 2"])
            expect(yield* noted(sql, "without events")).toEqual(["without events"])
            expect(yield* noted(sql, "undelivered")).toEqual(["undelivered"])
            const written = yield* sql<{ readonly count: string }>`SELECT count(*)::text AS count FROM events
              WHERE group_id = ${tenant.groupId} AND associated_object_id = 'account_writes_test'`
            expect(written).toEqual([{ count: "2" }])
          }))
      }
    )
  })
}
