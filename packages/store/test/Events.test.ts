import * as PgClient from "@effect/sql-pg/PgClient"
import { describe, expect, layer } from "@effect/vitest"
import { pendingEvent } from "@moneta/domain/Event"
import { GroupId } from "@moneta/domain/Ids"
import { Config, DateTime, Deferred, Duration, Effect, Layer, Schedule } from "effect"
import * as Reactivity from "effect/reactivity/Reactivity"
import { SqlClient } from "effect/sql"
import { EventStore } from "../src/Events.js"
import * as TestDatabase from "../src/testing.js"

const tenant = { groupId: GroupId.make("group_events_test"), environment: "sandbox" as const }

/**
 * Events written by transactions whose ids straddle digit boundaries: as text
 * they sort 10, 100, 9, 99. (Ids stay below those of any transaction still
 * running, so ascending readers see them all.)
 */
const transactionIds = ["100", "9", "10", "99"]
/** Two categories among them, so that a page of several categories merges rows of both. */
const categoryOf = (txid: string) => Number(txid) % 2 === 0 ? "account.created" : "card.created"

for (const kind of TestDatabase.testDatabases) {
  describe(`event log order (${kind})`, () => {
    layer(EventStore.Default.pipe(Layer.provideMerge(TestDatabase.layerFor(kind))), { timeout: TestDatabase.timeout })(
      (it) => {
        it.effect("orders by the writing transaction's id as a number, both ways, across pages", () =>
          Effect.gen(function*() {
            const sql = yield* SqlClient.SqlClient
            const events = yield* EventStore
            for (const txid of transactionIds) {
              yield* sql`INSERT INTO events (id, group_id, environment, created_at, category, associated_object_type, associated_object_id, txid)
              VALUES (${`event_tx${txid}`}, ${tenant.groupId}, ${tenant.environment}, now(), ${
                categoryOf(txid)
              }, 'account', ${`account_${txid}`}, ${txid}::xid8)`
            }
            const retainedSince = DateTime.makeUnsafe(0)
            const readAll = (
              direction: "ascending" | "descending",
              categories?: ReadonlyArray<"account.created" | "card.created" | "wire_transfer.created">
            ) =>
              Effect.gen(function*() {
                const ids: Array<string> = []
                let cursor: string | undefined = undefined
                for (let page = 0; page < 10; page++) {
                  const result: {
                    readonly data: ReadonlyArray<{ readonly id: string }>
                    readonly nextCursor: string | null
                  } = yield* events.list(tenant, { cursor, limit: 1, retainedSince }, {
                    "order_by.direction": direction,
                    ...(categories === undefined ? {} : { "category.in": categories })
                  })
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
            // Several categories: each one's page, merged in the same order.
            const both = ["account.created", "card.created", "wire_transfer.created"] as const
            expect(yield* readAll("ascending", both)).toEqual(numeric)
            expect(yield* readAll("descending", both)).toEqual([...numeric].reverse())
            const odd = numeric.filter((id) => categoryOf(id.replace("event_tx", "")) === "card.created")
            expect(yield* readAll("ascending", ["card.created", "wire_transfer.created"])).toEqual(odd)
          }))
      }
    )
  })
}

/**
 * Ascending polling's horizon is this database's oldest running transaction,
 * not the whole server's: one left open in another database of the same
 * Postgres server holds no poller back, one open in this database still does.
 */
if (TestDatabase.testDatabases.includes("postgres")) {
  describe("event polling on a shared Postgres server", () => {
    // Real time: the test waits for another connection's COMMIT to become visible.
    layer(EventStore.Default.pipe(Layer.provideMerge(TestDatabase.layerFor("postgres"))), {
      timeout: TestDatabase.timeout,
      excludeTestServices: true
    })((it) => {
      /** Runs a transaction that takes a transaction id and stays open until `release`. */
      const holdOpen = (sql: SqlClient.SqlClient, release: Deferred.Deferred<void>) =>
        Effect.gen(function*() {
          const open = yield* Deferred.make<void>()
          yield* Effect.forkScoped(sql.withTransaction(
            sql`SELECT pg_current_xact_id()::text`.pipe(
              Effect.andThen(Deferred.succeed(open, undefined)),
              Effect.andThen(Deferred.await(release))
            )
          ))
          yield* Deferred.await(open)
        })

      it.effect(
        "an open transaction holds pollers back only in its own database",
        () =>
          Effect.gen(function*() {
            const sql = yield* SqlClient.SqlClient
            const events = yield* EventStore
            // The server's own database: another database than the test's.
            const url = yield* Config.Redacted("DATABASE_URL")
            const elsewhere = yield* PgClient.make({ url, maxConnections: 1, applicationName: "moneta-tests" }).pipe(
              Effect.provide(Reactivity.layer)
            )
            const at = DateTime.makeUnsafe(Date.now())
            const poll = (cursor: string | undefined) =>
              events.list(tenant, { cursor, limit: 100, retainedSince: DateTime.makeUnsafe(0) }, {
                "order_by.direction": "ascending"
              })
            const start = yield* poll(undefined)
            const releaseElsewhere = yield* Deferred.make<void>()
            yield* holdOpen(elsewhere, releaseElsewhere)

            const [first] = yield* events.append(tenant, [pendingEvent("account.created", "account", "account_a")], at)
            const seen = yield* poll(start.nextCursor ?? undefined)
            expect(seen.data.map((event) => event.id)).toEqual([first?.id])

            const releaseHere = yield* Deferred.make<void>()
            yield* holdOpen(sql, releaseHere)
            const [second] = yield* events.append(tenant, [pendingEvent("account.created", "account", "account_b")], at)
            const heldBack = yield* poll(seen.nextCursor ?? undefined)
            expect(heldBack.data).toEqual([])
            yield* Deferred.succeed(releaseHere, undefined)
            // The transaction ends after the release: poll until its end is visible.
            const after = yield* poll(seen.nextCursor ?? undefined).pipe(
              Effect.filterOrFail((page) => page.data.length > 0),
              Effect.retry({ schedule: Schedule.spaced("10 millis"), times: 500 })
            )
            expect(after.data.map((event) => event.id)).toEqual([second?.id])
            yield* Deferred.succeed(releaseElsewhere, undefined)
          }),
        // vitest's 5 s default is less than the polling above may wait for on a loaded machine.
        Duration.toMillis(TestDatabase.timeout)
      )
    })
  })
}
