/**
 * Snapshots and reset through the real server, on both databases: a reset
 * empties the group's sandbox and seeds it again, leaving other groups, live
 * rows and the keys alone; a restore brings back exactly the rows saved
 * (deliveries and idempotency keys included); names and the snapshot limit
 * are checked; a live key is refused.
 */
import { describe, expect, layer } from "@effect/vitest"
import { seededBalance } from "@moneta/bank/FirstRun"
import { maxSnapshots } from "@moneta/domain/SandboxState"
import { tenantTables } from "@moneta/store/SandboxSnapshots"
import * as TestDatabase from "@moneta/store/testing"
import { Effect, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { type Answer, expectError, expectInvalidParameters, expectNotFound, raw } from "./support/Requests.js"
import * as TestServer from "./support/TestServer.js"

const WithId = Schema.Struct({ id: Schema.String })
const idOf = (answer: Answer) => {
  expect(answer.status, answer.text).toBe(200)
  return Schema.decodeUnknownSync(WithId)(answer.body).id
}

const Listed = Schema.Struct({ data: Schema.Array(Schema.Struct({ id: Schema.String })) })
const idsOf = (answer: Answer) => Schema.decodeUnknownSync(Listed)(answer.body).data.map((item) => item.id)

/** Every row of the group's sandbox data, table by table, in a stable order. */
const dump = (groupId: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const tables: Record<string, ReadonlyArray<unknown>> = {}
    for (const table of tenantTables) {
      const rows = yield* sql<{ readonly row: string }>`
        SELECT to_jsonb(saved)::text AS row FROM ${sql(table)} AS saved
        WHERE group_id = ${groupId} AND environment = 'sandbox' ORDER BY 1`
      tables[table] = rows.map((row) => row.row)
    }
    return tables
  }).pipe(Effect.orDie)

/** A group of its own with an account, a subscription (so events make deliveries) and an idempotent create. */
const populatedGroup = Effect.gen(function*() {
  const server = yield* TestServer.TestServer
  const group = yield* server.newGroup()
  const api = raw(server, group.apiKey)
  idOf(yield* api.post("/event_subscriptions", { url: "https://example.com/hooks" }))
  const accountId = idOf(yield* api.post("/accounts", { name: "Before" }, { headers: { "idempotency-key": "k-1" } }))
  return { ...group, api, accountId }
})

for (const kind of TestDatabase.testDatabases) {
  describe(`snapshots and reset (${kind})`, () => {
    layer(TestServer.layer(kind), { timeout: TestDatabase.timeout })((it) => {
      it.effect("a reset empties the group's sandbox, seeds it again and leaves others, live rows and keys alone", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const sql = yield* SqlClient.SqlClient
          const group = yield* populatedGroup
          const other = yield* populatedGroup
          const otherBefore = yield* dump(other.groupId)
          yield* sql`INSERT INTO entities (id, group_id, environment, created_at, body)
            VALUES ('entity_live_row_of_the_group', ${group.groupId}, 'live', now(), '{}')`

          const reset = yield* group.api.post("/moneta/reset", {})
          expect(reset.status, reset.text).toBe(200)
          const seeded = Schema.decodeUnknownSync(Schema.Struct({ account_id: Schema.String, type: Schema.String }))(
            reset.body
          )
          expect(seeded.type).toBe("sandbox_reset")
          expect(idsOf(yield* group.api.get("/accounts"))).toEqual([seeded.account_id])
          expect(idsOf(yield* group.api.get("/event_subscriptions"))).toEqual([])
          expectNotFound(yield* group.api.get(`/accounts/${group.accountId}`))
          const balance = yield* group.api.get(`/accounts/${seeded.account_id}/balance`)
          expect(balance.body).toMatchObject({ current_balance: seededBalance })
          // The idempotency key is gone: the same key with another request is a new create, not a 409.
          const again = yield* group.api.post("/accounts", { name: "After" }, { headers: { "idempotency-key": "k-1" } })
          expect(idOf(again)).not.toBe(group.accountId)

          expect(yield* dump(other.groupId)).toEqual(otherBefore)
          const live = yield* sql<{ readonly id: string }>`SELECT id FROM entities WHERE group_id = ${group.groupId}
            AND environment = 'live'`
          expect(live.map((row) => row.id)).toEqual(["entity_live_row_of_the_group"])
          expect((yield* raw(server).get("/accounts")).status).toBe(200)
        }))

      it.effect("a restore brings back exactly the rows saved, deliveries and idempotency keys included", () =>
        Effect.gen(function*() {
          const group = yield* populatedGroup
          const saved = yield* group.api.post("/moneta/snapshots", { name: "before-change" })
          expect(saved.status, saved.text).toBe(200)
          expect(saved.body).toMatchObject({ name: "before-change", type: "snapshot" })
          const before = yield* dump(group.groupId)
          expect(before["webhook_deliveries"]?.length).toBeGreaterThan(0)
          expect(before["idempotency_records"]?.length).toBe(1)

          const later = idOf(
            yield* group.api.post("/accounts", { name: "Later" }, { headers: { "idempotency-key": "k-2" } })
          )
          idOf(yield* group.api.post("/event_subscriptions", { url: "https://example.com/other" }))
          expect(yield* dump(group.groupId)).not.toEqual(before)

          const restored = yield* group.api.post("/moneta/snapshots/before-change/restore", {})
          expect(restored.status, restored.text).toBe(200)
          expect(yield* dump(group.groupId)).toEqual(before)
          expectNotFound(yield* group.api.get(`/accounts/${later}`))
          // The saved key replays its first answer; the later key is free again.
          const replay = yield* group.api.post("/accounts", { name: "Before" }, {
            headers: { "idempotency-key": "k-1" }
          })
          expect(idOf(replay)).toBe(group.accountId)
          expect(replay.headers.get("idempotent-replayed")).toBe("true")
          const fresh = yield* group.api.post("/accounts", { name: "New" }, { headers: { "idempotency-key": "k-2" } })
          expect(idOf(fresh)).not.toBe(later)

          // New ids never meet restored ones; the snapshot stays for another restore.
          const listed = yield* group.api.get("/moneta/snapshots")
          expect(listed.body).toMatchObject({ data: [{ name: "before-change" }], next_cursor: null })
          expect((yield* group.api.post("/moneta/snapshots/before-change/restore", {})).status).toBe(200)
          expect(yield* dump(group.groupId)).toEqual(before)
        }))

      it.effect("names, the limit and unknown snapshots get clear errors; a delete removes one", () =>
        Effect.gen(function*() {
          const group = yield* populatedGroup
          expectInvalidParameters(yield* group.api.post("/moneta/snapshots", { name: "has space" }), ["name"])
          expectInvalidParameters(yield* group.api.post("/moneta/snapshots", { name: "x".repeat(65) }), ["name"])
          expectInvalidParameters(yield* group.api.post("/moneta/snapshots", {}), ["name"])
          expectNotFound(yield* group.api.post("/moneta/snapshots/missing/restore", {}))
          expectNotFound(yield* group.api.send("DELETE", "/moneta/snapshots/missing"))
          for (let index = 0; index < maxSnapshots; index++) {
            expect((yield* group.api.post("/moneta/snapshots", { name: `s${index}` })).status).toBe(200)
          }
          const refused = expectError(
            yield* group.api.post("/moneta/snapshots", { name: "one-too-many" }),
            409,
            "invalid_operation_error"
          )
          expect(refused.detail).toContain(`${maxSnapshots} snapshots`)
          // Saving under a name in use replaces it.
          expect((yield* group.api.post("/moneta/snapshots", { name: "s0" })).status).toBe(200)
          const deleted = yield* group.api.send("DELETE", "/moneta/snapshots/s0")
          expect(deleted.body).toMatchObject({ name: "s0", type: "snapshot" })
          expect((yield* group.api.post("/moneta/snapshots", { name: "one-more" })).status).toBe(200)
          // Another group sees none of them.
          const other = yield* populatedGroup
          expect((yield* other.api.get("/moneta/snapshots")).body).toEqual({ data: [], next_cursor: null })
          expectNotFound(yield* other.api.post("/moneta/snapshots/one-more/restore", {}))
        }))
    })

    layer(TestServer.layer(kind, "live"), { timeout: TestDatabase.timeout })((it) => {
      it.effect("a live key is refused with 403, and nothing is deleted", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const api = raw(server)
          const accountId = idOf(yield* api.post("/accounts", { name: "Live" }))
          for (
            const answer of [
              yield* api.post("/moneta/reset", {}),
              yield* api.post("/moneta/snapshots", { name: "live" }),
              yield* api.get("/moneta/snapshots")
            ]
          ) {
            expect(expectError(answer, 403, "insufficient_permissions_error").detail).toContain("sandbox")
          }
          expect((yield* api.get(`/accounts/${accountId}`)).status).toBe(200)
        }))
    })
  })
}
