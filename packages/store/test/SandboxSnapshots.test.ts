/**
 * The list of tenant tables (`SandboxSnapshots.tenantTables`) is complete: a
 * migration that adds a table with a `group_id` column fails here until the
 * table is listed (as tenant data, reset and snapshotted, or as kept). The
 * list's order puts every table after the tables it references, so deletes
 * (backwards) and restores (forwards) never break a foreign key. On both
 * databases.
 */
import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { keptTables, tenantTables } from "../src/SandboxSnapshots.js"
import * as TestDatabase from "../src/testing.js"

for (const kind of TestDatabase.testDatabases) {
  describe(`the tenant tables (${kind})`, () => {
    layer(TestDatabase.layerFor(kind), { timeout: TestDatabase.timeout })((it) => {
      it.effect("every table with a group column is listed, once", () =>
        Effect.gen(function*() {
          const sql = yield* SqlClient.SqlClient
          const rows = yield* sql<{ readonly table_name: string }>`
            SELECT DISTINCT table_name FROM information_schema.columns
            WHERE table_schema = current_schema() AND column_name = 'group_id' ORDER BY table_name`
          const listed: ReadonlyArray<string> = [...tenantTables, ...keptTables]
          expect(new Set(listed).size).toBe(listed.length)
          expect(rows.map((row) => row.table_name)).toEqual([...listed].sort())
          // Every tenant table has the environment column the tenant condition reads.
          const environments = yield* sql<{ readonly table_name: string }>`
            SELECT table_name FROM information_schema.columns
            WHERE table_schema = current_schema() AND column_name = 'environment' AND table_name IN ${
            sql.in([...tenantTables])
          }`
          expect(environments.map((row) => row.table_name).sort()).toEqual([...tenantTables].sort())
        }))

      it.effect("every table comes after the tables it references", () =>
        Effect.gen(function*() {
          const sql = yield* SqlClient.SqlClient
          const references = yield* sql<{ readonly child: string; readonly parent: string }>`
            SELECT child.relname AS child, parent.relname AS parent
            FROM pg_constraint AS constraint_row
              JOIN pg_class AS child ON child.oid = constraint_row.conrelid
              JOIN pg_class AS parent ON parent.oid = constraint_row.confrelid
            WHERE constraint_row.contype = 'f'`
          const order: ReadonlyArray<string> = tenantTables
          for (const reference of references) {
            if (!order.includes(reference.child) || reference.child === reference.parent) continue
            expect(order, `${reference.child} references ${reference.parent}`).toContain(reference.parent)
            expect(order.indexOf(reference.parent), `${reference.child} after ${reference.parent}`)
              .toBeLessThan(order.indexOf(reference.child))
          }
        }))
    })
  })
}
