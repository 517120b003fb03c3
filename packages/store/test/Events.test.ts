import { SqlClient } from "@effect/sql"
import { describe, expect, layer } from "@effect/vitest"
import { GroupId } from "@moneta/domain/Ids"
import { DateTime, Effect, Layer } from "effect"
import { Events } from "../src/Events.js"
import * as TestDatabase from "../src/testing.js"

const tenant = { groupId: GroupId.make("group_events_test"), environment: "sandbox" as const }

/**
 * Events written by transactions whose ids straddle digit boundaries: as text
 * they sort 10, 100, 9, 99. (Ids stay below those of any transaction still
 * running, so ascending readers see them all.)
 */
const transactionIds = ["100", "9", "10", "99"]

for (const kind of TestDatabase.testDatabases) {
  describe(`event log order (${kind})`, () => {
    layer(Events.Default.pipe(Layer.provideMerge(TestDatabase.layerFor(kind))), { timeout: TestDatabase.timeout })(
      (it) => {
        it.effect("orders by the writing transaction's id as a number, both ways, across pages", () =>
          Effect.gen(function*() {
            const sql = yield* SqlClient.SqlClient
            const events = yield* Events
            for (const txid of transactionIds) {
              yield* sql`INSERT INTO events (id, group_id, environment, created_at, category, associated_object_type, associated_object_id, txid)
              VALUES (${`event_tx${txid}`}, ${tenant.groupId}, ${tenant.environment}, now(), 'account.created', 'account', ${`account_${txid}`}, ${txid}::xid8)`
            }
            const retainedSince = DateTime.unsafeMake(0)
            const readAll = (direction: "ascending" | "descending") =>
              Effect.gen(function*() {
                const ids: Array<string> = []
                let cursor: string | undefined = undefined
                for (let page = 0; page < 10; page++) {
                  const result: {
                    readonly data: ReadonlyArray<{ readonly id: string }>
                    readonly nextCursor: string | null
                  } = yield* events.list(tenant, { cursor, limit: 1, direction, retainedSince })
                  if (result.data.length === 0 || result.nextCursor === null) {
                    ids.push(...result.data.map((event) => event.id))
                    break
                  }
                  ids.push(...result.data.map((event) => event.id))
                  cursor = result.nextCursor
                }
                return ids
              })
            const numeric = [...transactionIds].sort((left, right) => Number(left) - Number(right)).map((txid) =>
              `event_tx${txid}`
            )
            expect(yield* readAll("ascending")).toEqual(numeric)
            expect(yield* readAll("descending")).toEqual([...numeric].reverse())
          }))
      }
    )
  })
}
