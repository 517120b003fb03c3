/**
 * Named prepared statements on the embedded database: a statement with
 * parameters is parsed once and reused, values go in and come out exactly as
 * through `pglite.query`, at most `limit` statements are kept, an error
 * leaves the database usable, a table that changes shape gets its statements
 * prepared again, and `preparedStatements: false` prepares nothing.
 */
import { describe, expect, layer } from "@effect/vitest"
import type { PGlite } from "@electric-sql/pglite"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import * as Database from "../src/Database.js"
import { PgliteClient } from "../src/PgliteClient.js"
import * as PglitePrepared from "../src/PglitePrepared.js"
import * as Template from "../src/Template.js"
import * as TestDatabase from "../src/testing.js"

const embedded = (preparedStatements: boolean) =>
  Layer.unwrap(
    Effect.map(Template.load, (loadDataDir) => Database.layerPglite("memory://", { loadDataDir, preparedStatements }))
  )

/** The statements the database holds under a name, by their text. */
const preparedTexts = (pglite: PGlite) =>
  pglite.query<{ statement: string }>("SELECT statement FROM pg_prepared_statements WHERE $1", [true]).then((result) =>
    result.rows.map((row) => row.statement)
  )

/** `f` on the client's PGlite, holding its lock. */
const onPglite = <A>(f: (pglite: PGlite) => Promise<A>) => Effect.flatMap(PgliteClient, (client) => client.exclusive(f))

describe("PgliteClient with prepared statements", () => {
  layer(embedded(true), { timeout: TestDatabase.timeout, excludeTestServices: true })((it) => {
    it.effect("prepares a statement with parameters once and runs it again under its name", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const text = "SELECT $1::int + 1 AS next"
        for (const n of [1, 2, 3]) {
          expect(yield* sql.unsafe<{ next: number }>(text, [n])).toEqual([{ next: n + 1 }])
        }
        // The client's raw rows in array mode come from the same statement.
        expect(yield* sql.unsafe(text, [41]).values).toEqual([[42]])
        const prepared = yield* onPglite(preparedTexts)
        expect(prepared.filter((statement) => statement === text)).toHaveLength(1)
      }))

    it.effect("binds a json() value as sql-pg's PgClient.json does", () =>
      Effect.gen(function*() {
        const client = yield* PgliteClient
        const [row] = yield* client<{ readonly body: unknown }>`SELECT ${client.json({ a: [1, "b"] })}::jsonb AS body,
          ${client.json("text")}::jsonb AS text`
        expect(row).toEqual({ body: { a: [1, "b"] }, text: "text" })
      }))
  })
})

describe("PgliteClient with preparedStatements: false", () => {
  layer(embedded(false), { timeout: TestDatabase.timeout, excludeTestServices: true })((it) => {
    it.effect("runs every statement unnamed", () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        expect(yield* sql.unsafe<{ next: number }>("SELECT $1::int + 1 AS next", [1])).toEqual([{ next: 2 }])
        // The query of preparedTexts runs through PGlite's own query, unnamed.
        expect(yield* onPglite(preparedTexts)).toEqual([])
      }))
  })
})

describe("PglitePrepared", () => {
  layer(embedded(true), { timeout: TestDatabase.timeout, excludeTestServices: true })((it) => {
    it.effect("passes values in and out exactly as pglite.query does", () =>
      onPglite(async (pglite) => {
        const statements = PglitePrepared.make(pglite, { limit: 8 })
        await pglite.exec(`CREATE TABLE typed (id bigint PRIMARY KEY, label text, amount numeric, at timestamptz,
          body jsonb, raw bytea, flag boolean, tags text[], missing text)`)
        const insert = "INSERT INTO typed VALUES ($1, $2, $3, $4, $5::text::jsonb, $6, $7, $8, $9) RETURNING *"
        const at = new Date("2026-11-26T10:00:00.123Z")
        const values = (id: number) => [
          id,
          "it's \"quoted\"",
          "12345678901234567890.01",
          at,
          JSON.stringify({ nested: [1, { a: "b" }] }),
          new Uint8Array([0, 1, 254, 255]),
          true,
          ["a", "b,c"],
          null
        ]
        const viaQuery = await pglite.query<Record<string, unknown>>(insert, values(1))
        const viaPrepared = await statements.query(insert, values(2))
        expect(viaPrepared.rows).toEqual(viaQuery.rows.map((row) => ({ ...row, id: "2" })))
        expect(viaPrepared.fields).toEqual(viaQuery.fields)
        const select = "SELECT id, label FROM typed WHERE id = ANY($1::bigint[]) ORDER BY id"
        const label = values(1)[1]
        expect((await statements.query(select, [[1, 2]], { rowMode: "array" })).rows).toEqual([["1", label], [
          "2",
          label
        ]])
      }))

    it.effect("keeps at most `limit` statements, closing the oldest, and prepares a closed one again", () =>
      onPglite(async (pglite) => {
        const statements = PglitePrepared.make(pglite, { limit: 2 })
        const [oldest, older, newest] = ["SELECT $1::int AS a", "SELECT $1::int AS b", "SELECT $1::int AS c"] as const
        for (const text of [oldest, older, newest]) await statements.query(text, [1])
        expect(statements.size()).toBe(2)
        const held = await preparedTexts(pglite)
        expect(held).not.toContain(oldest)
        expect(held).toEqual(expect.arrayContaining([older, newest]))
        expect((await statements.query(oldest, [7])).rows).toEqual([{ a: 7 }])
        expect(statements.size()).toBe(2)
      }))

    it.effect("keeps no statement that fails to parse; an error while running leaves the database usable", () =>
      onPglite(async (pglite) => {
        const statements = PglitePrepared.make(pglite, { limit: 8 })
        await expect(statements.query("SELEC $1::int", [1])).rejects.toMatchObject({ code: "42601" })
        expect(statements.size()).toBe(0)
        await pglite.exec("CREATE TABLE unique_names (name text PRIMARY KEY)")
        const insert = "INSERT INTO unique_names VALUES ($1)"
        await statements.query(insert, ["once"])
        await expect(statements.query(insert, ["once"])).rejects.toMatchObject({ code: "23505" })
        await statements.query(insert, ["twice"])
        expect((await statements.query("SELECT count(*)::int AS n FROM unique_names WHERE $1", [true])).rows)
          .toEqual([{ n: 2 }])
      }))

    it.effect("prepares a statement again when its table changes shape", () =>
      onPglite(async (pglite) => {
        const statements = PglitePrepared.make(pglite, { limit: 8 })
        await pglite.exec("CREATE TABLE shapes (id int PRIMARY KEY); INSERT INTO shapes VALUES (1)")
        const text = "SELECT * FROM shapes WHERE id = $1"
        expect((await statements.query(text, [1])).rows).toEqual([{ id: 1 }])
        await pglite.exec("ALTER TABLE shapes ADD COLUMN label text DEFAULT 'new'")
        expect((await statements.query(text, [1])).rows).toEqual([{ id: 1, label: "new" }])
      }))

    it.effect("in a transaction, a statement whose table changed shape fails it once, then is prepared again", () =>
      onPglite(async (pglite) => {
        const statements = PglitePrepared.make(pglite, { limit: 8 })
        await pglite.exec("CREATE TABLE reshaped (id int PRIMARY KEY); INSERT INTO reshaped VALUES (1)")
        const text = "SELECT * FROM reshaped WHERE id = $1"
        await statements.query(text, [1])
        await pglite.exec("ALTER TABLE reshaped ADD COLUMN label text DEFAULT 'new'")
        await pglite.exec("BEGIN")
        await expect(statements.query(text, [1])).rejects.toMatchObject({ code: "0A000" })
        await pglite.exec("ROLLBACK")
        expect((await statements.query(text, [1])).rows).toEqual([{ id: 1, label: "new" }])
        expect((await preparedTexts(pglite)).filter((statement) => statement === text)).toHaveLength(1)
      }))

    it.effect("prepares a statement again after the database deallocated it", () =>
      onPglite(async (pglite) => {
        const statements = PglitePrepared.make(pglite, { limit: 8 })
        const text = "SELECT $1::text AS echoed"
        await statements.query(text, ["before"])
        await pglite.exec("DEALLOCATE ALL")
        expect((await statements.query(text, ["after"])).rows).toEqual([{ echoed: "after" }])
      }))
  })
})
