import { describe, expect, layer } from "@effect/vitest"
import type { Event } from "@moneta/domain/Event"
import { AccountId, EventId } from "@moneta/domain/Ids"
import * as TestDatabase from "@moneta/store/testing"
import { DateTime, Effect } from "effect"
import { TestClock } from "effect/testing"
import { expectInvalidParameters, expectSameNotFound, raw } from "./support/Requests.js"
import * as TestServer from "./support/TestServer.js"
import type { Client } from "./support/TestServer.js"

/** Polls in ascending order from `cursor` until a page comes back empty. */
const pollToTheEnd = (client: Client, cursor: string | undefined, limit: number) =>
  Effect.gen(function*() {
    const seen: Array<Event> = []
    let next = cursor
    for (;;) {
      const page = yield* client.events.list({
        query: { "order_by.direction": "ascending", limit, ...(next === undefined ? {} : { cursor: next }) }
      })
      // Ascending polling never ends: there is always a cursor to resume from.
      expect(page.next_cursor).not.toBeNull()
      next = page.next_cursor ?? undefined
      if (page.data.length === 0) return { seen, cursor: next }
      seen.push(...page.data)
    }
  })

const categoriesOf = (client: Client, associatedObjectId: string) =>
  Effect.map(
    client.events.list({ query: { associated_object_id: associatedObjectId } }),
    (page) => page.data.map((event) => [event.category, event.associated_object_type])
  )

for (const kind of TestDatabase.testDatabases) {
  describe(`events (${kind})`, () => {
    layer(TestServer.layer(kind), { timeout: TestDatabase.timeout })((it) => {
      it.effect("every create and update of the skeleton records its event", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const entity = yield* client.entities.create({
            payload: {
              structure: "corporation",
              corporation: {
                name: "Evented Inc.",
                tax_identifier: "123456789",
                address: { line1: "1 Main St", city: "Albany", state: "NY", zip: "12207" }
              }
            }
          })
          expect(yield* categoriesOf(client, entity.id)).toEqual([["entity.created", "entity"]])
          const account = yield* client.accounts.create({ payload: { name: "Evented", entity_id: entity.id } })
          expect(yield* categoriesOf(client, account.id)).toEqual([["account.created", "account"]])
          const transaction = yield* client.simulations.interestPayment({
            payload: { account_id: account.id, amount: 5 }
          })
          expect(yield* categoriesOf(client, transaction.id)).toEqual([["transaction.created", "transaction"]])
          const cash = yield* client.bookkeeping.createAccount({
            payload: { name: "Cash", compliance_category: "commingled_cash", account_id: account.id }
          })
          const equity = yield* client.bookkeeping.createAccount({ payload: { name: "Equity" } })
          expect(yield* categoriesOf(client, cash.id)).toEqual([["bookkeeping_account.created", "bookkeeping_account"]])
          yield* client.bookkeeping.updateAccount({
            params: { bookkeeping_account_id: cash.id },
            payload: { name: "Cash at bank" }
          })
          expect(yield* categoriesOf(client, cash.id)).toEqual([
            ["bookkeeping_account.updated", "bookkeeping_account"],
            ["bookkeeping_account.created", "bookkeeping_account"]
          ])
          const entrySet = yield* client.bookkeeping.createEntrySet({
            payload: {
              transaction_id: transaction.id,
              entries: [{ account_id: cash.id, amount: 5 }, { account_id: equity.id, amount: -5 }]
            }
          })
          expect(yield* categoriesOf(client, entrySet.id)).toEqual([[
            "bookkeeping_entry_set.updated",
            "bookkeeping_entry_set"
          ]])

          const [event] = (yield* client.events.list({ query: { associated_object_id: entrySet.id } })).data
          expect(event).toBeDefined()
          if (event === undefined) return
          expect(event.id).toMatch(/^event_[0-9a-z]{20}$/)
          expect(event.type).toBe("event")
          expect(yield* client.events.retrieve({ params: { event_id: event.id } })).toEqual(event)
        }))

      it.effect("lists newest first by default and filters by category", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const first = yield* client.accounts.create({ payload: { name: "One" } })
          const second = yield* client.accounts.create({ payload: { name: "Two" } })
          const newest = yield* client.bookkeeping.createAccount({ payload: { name: "Three" } })
          const page = yield* client.events.list({
            query: { "category.in": ["account.created", "bookkeeping_account.created"], limit: 3 }
          })
          expect(page.data.map((event) => event.associated_object_id)).toEqual([newest.id, second.id, first.id])
          const accountsOnly = yield* client.events.list({ query: { "category.in": ["account.created"] } })
          expect(new Set(accountsOnly.data.map((event) => event.category))).toEqual(new Set(["account.created"]))
          const explicit = yield* client.events.list({
            query: { "order_by.direction": "descending", "order_by.field": "created_at", limit: 3 }
          })
          expect(explicit.data.map((event) => event.associated_object_id)).toEqual([newest.id, second.id, first.id])
          // Newest-first paging ends with a null cursor.
          let cursor: string | null = (yield* client.events.list({ query: { limit: 5 } })).next_cursor
          while (cursor !== null) {
            cursor = (yield* client.events.list({ query: { limit: 5, cursor } })).next_cursor
          }
        }))

      it.effect("filters on created_at", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const early = yield* client.accounts.create({ payload: { name: "Early" } })
          yield* TestClock.adjust("2 seconds")
          const late = yield* client.accounts.create({ payload: { name: "Late" } })
          const ids = (query: Parameters<typeof client.events.list>[0]["query"]) =>
            Effect.map(
              client.events.list({ query: { "category.in": ["account.created"], ...query } }),
              (page) => page.data.map((event) => event.associated_object_id)
            )
          const after = yield* ids({ "created_at.after": early.created_at })
          expect(after).toContain(late.id)
          expect(after).not.toContain(early.id)
          const onOrAfter = yield* ids({ "created_at.on_or_after": late.created_at })
          expect(onOrAfter).toEqual([late.id])
          const before = yield* ids({ "created_at.before": late.created_at })
          expect(before).toContain(early.id)
          expect(before).not.toContain(late.id)
          const onOrBefore = yield* ids({ "created_at.on_or_before": early.created_at })
          expect(onOrBefore).toContain(early.id)
          expect(onOrBefore).not.toContain(late.id)
          const window = yield* ids({
            "created_at.after": DateTime.subtract(late.created_at, { seconds: 1 }),
            "created_at.before": DateTime.add(late.created_at, { seconds: 1 })
          })
          expect(window).toEqual([late.id])
        }))

      it.effect("polls in ascending order: every event once, a cursor always, empty data when caught up", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const everything = yield* pollToTheEnd(client, undefined, 3)
          const newestFirst: Array<string> = []
          let cursor: string | null | undefined = undefined
          do {
            const page: { readonly data: ReadonlyArray<Event>; readonly next_cursor: string | null } = yield* client
              .events.list({
                query: cursor === undefined ? { limit: 100 } : { limit: 100, cursor }
              })
            newestFirst.push(...page.data.map((event) => event.id))
            cursor = page.next_cursor
          } while (cursor !== null)
          expect(everything.seen.map((event) => event.id)).toEqual([...newestFirst].reverse())
          expect(new Set(everything.seen.map((event) => event.id)).size).toBe(everything.seen.length)

          const account = yield* client.accounts.create({ payload: { name: "Polled" } })
          const update = yield* pollToTheEnd(client, everything.cursor, 3)
          expect(update.seen.map((event) => [event.category, event.associated_object_id])).toEqual([
            ["account.created", account.id]
          ])
          const idle = yield* pollToTheEnd(client, update.cursor, 3)
          expect(idle.seen).toEqual([])
        }))

      it.effect("a newest-first page's cursor, sent ascending, polls from after that event", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          yield* client.accounts.create({ payload: { name: "Before the poller" } })
          yield* client.accounts.create({ payload: { name: "Newest before the poller" } })
          const newest = yield* client.events.list({ query: { limit: 1 } })
          expect(newest.next_cursor).not.toBeNull()
          const account = yield* client.accounts.create({ payload: { name: "After the poller" } })
          const polled = yield* pollToTheEnd(client, newest.next_cursor ?? undefined, 10)
          expect(polled.seen.map((event) => event.associated_object_id)).toEqual([account.id])
        }))

      it.effect("a group without events polls from the beginning", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const otherClient = yield* server.clientFor((yield* server.newGroup()).apiKey)
          const empty = yield* otherClient.events.list({ query: { "order_by.direction": "ascending" } })
          expect(empty.data).toEqual([])
          expect(empty.next_cursor).not.toBeNull()
          const newestFirst = yield* otherClient.events.list({ query: {} })
          expect(newestFirst).toEqual({ data: [], next_cursor: null })
          const account = yield* otherClient.accounts.create({ payload: { name: "First of its group" } })
          const polled = yield* pollToTheEnd(otherClient, empty.next_cursor ?? undefined, 10)
          expect(polled.seen.map((event) => event.associated_object_id)).toEqual([account.id])
        }))

      it.effect("refuses bad list parameters", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const http = raw(server)
          expectInvalidParameters(yield* http.get("/events?order_by.direction=sideways"), ["order_by.direction"])
          expectInvalidParameters(yield* http.get("/events?order_by.field=id"), ["order_by.field"])
          expectInvalidParameters(yield* http.get("/events?limit=0"), ["limit"])
          expectInvalidParameters(yield* http.get("/events?limit=101"), ["limit"])
          expectInvalidParameters(yield* http.get("/events?created_at.after=recently"), ["created_at.after"])
          expectInvalidParameters(yield* http.get("/events?category=account.created"), ["category"])
          expectInvalidParameters(yield* http.get("/events?cursor=garbage"), ["cursor"])
          // A cursor of another list is not a cursor of this one, and the other way round.
          const accounts = yield* server.client.accounts.list({ query: { limit: 1 } })
          expect(accounts.next_cursor).not.toBeNull()
          expectInvalidParameters(yield* http.get(`/events?cursor=${accounts.next_cursor}`), ["cursor"])
          const events = yield* server.client.events.list({
            query: { "order_by.direction": "ascending", limit: 1 }
          })
          expectInvalidParameters(yield* http.get(`/accounts?cursor=${events.next_cursor}`), ["cursor"])
          // The category set is open (new categories appear over time): an unknown one filters to nothing.
          const unknown = yield* http.get("/events?category.in=account.renamed")
          expect(unknown.status).toBe(200)
          expect(unknown.body).toEqual({ data: [], next_cursor: null })
        }))

      it.effect("answers 404 for unknown ids and for another group's events alike", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const http = raw(server)
          const otherClient = yield* server.clientFor((yield* server.newGroup()).apiKey)
          const theirAccount = yield* otherClient.accounts.create({ payload: { name: "Theirs" } })
          const [theirEvent] =
            (yield* otherClient.events.list({ query: { associated_object_id: theirAccount.id } })).data
          expect(theirEvent).toBeDefined()
          if (theirEvent === undefined) return
          const unknownId = "event_doesnotexist0000000"
          expectSameNotFound(
            yield* http.get(`/events/${theirEvent.id}`),
            theirEvent.id,
            yield* http.get(`/events/${unknownId}`),
            unknownId
          )
          const error = yield* Effect.flip(
            server.client.events.retrieve({ params: { event_id: EventId.make(unknownId) } })
          )
          expect(error._tag).toBe("ObjectNotFoundError")
          const ours = yield* server.client.events.list({ query: { associated_object_id: theirAccount.id } })
          expect(ours.data).toEqual([])
          const theirs = yield* otherClient.events.list({ query: { limit: 100 } })
          expect(theirs.data.map((event) => event.associated_object_id)).not.toContain(AccountId.make(server.accountId))
        }))
    })
  })
}
