/**
 * Pagination properties, through the real HTTP layer and store: paging with
 * `cursor` returns every object that existed before the listing started
 * exactly once, newest first, while other fibers insert objects between (and
 * during) page fetches; `created_at.*` filters hold on every page and keep the
 * cursor valid; ascending event polling eventually sees every event once.
 *
 * Each run works in a group of its own, so the objects of earlier runs do not
 * make later listings longer.
 */
import { describe, expect, layer } from "@effect/vitest"
import type { Event } from "@moneta/domain/Event"
import * as TestDatabase from "@moneta/store/testing"
import { DateTime, Duration, Effect, Fiber, Ref } from "effect"
import * as fc from "fast-check"
import { property } from "../support/Properties.js"
import * as TestServer from "../support/TestServer.js"

interface Page<A> {
  readonly data: ReadonlyArray<A>
  readonly next_cursor: string | null
}

/** Mostly small pages, so that a listing spans many of them; sometimes any size the API allows. */
const limit = fc.oneof(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 100 }))

/** How many objects other fibers start inserting before each page fetch (concurrently with it). */
const insertBatches = fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 30 })

/**
 * Pages through a list until `next_cursor` is null. Before each fetch a batch
 * of inserts is forked, so inserts land before, during or after the fetch.
 */
const pageThrough = <A, E, R, E2, R2>(options: {
  readonly fetch: (cursor: string | undefined) => Effect.Effect<Page<A>, E, R>
  readonly insert: Effect.Effect<unknown, E2, R2>
  readonly batches: ReadonlyArray<number>
  readonly maxPages: number
}) =>
  Effect.gen(function*() {
    const pages: Array<Page<A>> = []
    let cursor: string | undefined = undefined
    while (pages.length < options.maxPages) {
      const batch = options.batches[pages.length] ?? 0
      const inserting = yield* Effect.forkChild(
        Effect.all(Array.from({ length: batch }, () => options.insert), { concurrency: "unbounded", discard: true })
      )
      const page: Page<A> = yield* options.fetch(cursor)
      yield* Fiber.join(inserting)
      pages.push(page)
      if (page.next_cursor === null) return pages
      cursor = page.next_cursor
    }
    return yield* Effect.die(new Error(`the listing did not end within ${options.maxPages} pages`))
  })

/** Every page but the last is full; no page is larger than the limit. */
const expectPageSizes = <A>(pages: ReadonlyArray<Page<A>>, pageLimit: number) =>
  pages.forEach((page) => {
    expect(page.data.length).toBeLessThanOrEqual(pageLimit)
    if (page.next_cursor !== null) expect(page.data.length).toBe(pageLimit)
  })

/**
 * The listed keys are distinct; the keys of objects that existed before the
 * listing appear exactly once each, in `existingNewestFirst` order; any other
 * key is one inserted meanwhile.
 */
const expectEveryExistingOnce = (
  listed: ReadonlyArray<string>,
  existingNewestFirst: ReadonlyArray<string>,
  inserted: ReadonlyArray<string>
) => {
  expect(new Set(listed).size).toBe(listed.length)
  const existing = new Set(existingNewestFirst)
  expect(listed.filter((key) => existing.has(key))).toEqual(existingNewestFirst)
  const known = new Set([...existingNewestFirst, ...inserted])
  expect(listed.filter((key) => !known.has(key))).toEqual([])
}

interface Dated {
  readonly id: string
  readonly created_at: DateTime.Utc
}

const millis = (item: Dated) => DateTime.toEpochMillis(item.created_at)

/** Newest first by (created_at, id). */
const newestFirst = (left: Dated, right: Dated) =>
  millis(right) - millis(left) || (left.id < right.id ? 1 : left.id > right.id ? -1 : 0)

const expectStrictlyNewestFirst = (items: ReadonlyArray<Dated>) =>
  items.forEach((item, index) => {
    const previous = items[index - 1]
    if (previous !== undefined) expect(newestFirst(previous, item)).toBeLessThan(0)
  })

/** A bound of a `created_at` filter: the creation time of one existing object, moved by -1, 0 or +1 ms. */
const bound = fc.option(
  fc.record({ index: fc.nat(), offset: fc.integer({ min: -1, max: 1 }) }),
  { nil: undefined }
)
const createdAtFilter = fc.record({ after: bound, before: bound, onOrAfter: bound, onOrBefore: bound })
type CreatedAtFilter = typeof createdAtFilter extends fc.Arbitrary<infer T> ? T : never

interface CreatedAtParameters {
  "created_at.after"?: DateTime.Utc
  "created_at.before"?: DateTime.Utc
  "created_at.on_or_after"?: DateTime.Utc
  "created_at.on_or_before"?: DateTime.Utc
}

/** The filter's query parameters, bounds taken from `existing`, and the predicate they mean. */
const filterOver = (filter: CreatedAtFilter, existing: ReadonlyArray<Dated>) => {
  const instant = (chosen: CreatedAtFilter["after"]) => {
    if (chosen === undefined || existing.length === 0) return undefined
    const item = existing[chosen.index % existing.length]
    return item === undefined ? undefined : DateTime.add(item.created_at, { milliseconds: chosen.offset })
  }
  const after = instant(filter.after)
  const before = instant(filter.before)
  const onOrAfter = instant(filter.onOrAfter)
  const onOrBefore = instant(filter.onOrBefore)
  const parameters: CreatedAtParameters = {}
  if (after !== undefined) parameters["created_at.after"] = after
  if (before !== undefined) parameters["created_at.before"] = before
  if (onOrAfter !== undefined) parameters["created_at.on_or_after"] = onOrAfter
  if (onOrBefore !== undefined) parameters["created_at.on_or_before"] = onOrBefore
  const matches = (item: Dated) => {
    const at = millis(item)
    return (after === undefined || at > DateTime.toEpochMillis(after)) &&
      (before === undefined || at < DateTime.toEpochMillis(before)) &&
      (onOrAfter === undefined || at >= DateTime.toEpochMillis(onOrAfter)) &&
      (onOrBefore === undefined || at <= DateTime.toEpochMillis(onOrBefore))
  }
  return { parameters, matches }
}

const cursorParameter = (cursor: string | undefined) => cursor === undefined ? {} : { cursor }

/** A group of its own and its client, so each run starts from an empty group. */
const freshGroup = Effect.gen(function*() {
  const { clientFor, newGroup } = yield* TestServer.TestServer
  return yield* clientFor((yield* newGroup()).apiKey)
})

const propertyTimeout = 180_000

for (const kind of TestDatabase.testDatabases) {
  describe(`pagination properties (${kind})`, () => {
    layer(TestServer.layer(kind), { excludeTestServices: true, timeout: TestDatabase.timeout })((it) => {
      // Events are ordered by transaction id: a run whose events straddle a new digit of the
      // database's transaction ids (999 → 1000) caught them being sorted as text (fixed in store/src/Events.ts).
      it.effect(
        "events: every existing event exactly once, newest first, while others are created",
        () =>
          property(
            fc.record({ existing: fc.integer({ min: 0, max: 20 }), limit, batches: insertBatches }),
            ({ batches, existing, limit }) =>
              Effect.gen(function*() {
                const client = yield* freshGroup
                const create = (name: string) => client.bookkeeping.createAccount({ payload: { name } })
                // Each account records one bookkeeping_account.created event naming it.
                const created = yield* Effect.forEach(
                  Array.from({ length: existing }, (_, index) => `Existing ${index}`),
                  create
                )
                const inserted = yield* Ref.make<ReadonlyArray<string>>([])
                const pages = yield* pageThrough({
                  fetch: (cursor) => client.events.list({ query: { limit, ...cursorParameter(cursor) } }),
                  insert: Effect.tap(create("Inserted"), (account) =>
                    Ref.update(inserted, (ids) => [...ids, account.id])),
                  batches,
                  maxPages: existing + batches.length * 3 + 2
                })
                expectPageSizes(pages, limit)
                const events = pages.flatMap((page) =>
                  page.data
                )
                expect(new Set(events.map((event) => event.id)).size).toBe(events.length)
                expect(events.every((event) => event.category === "bookkeeping_account.created")).toBe(true)
                expectEveryExistingOnce(
                  events.map((event) => event.associated_object_id),
                  created.map((account) => account.id).reverse(),
                  yield* Ref.get(inserted)
                )
              }),
            { numRuns: 15 }
          ),
        propertyTimeout
      )

      it.effect(
        "bookkeeping accounts: every existing account exactly once, newest first, while others are inserted",
        () =>
          property(
            fc.record({ existing: fc.integer({ min: 0, max: 20 }), limit, batches: insertBatches }),
            ({ batches, existing, limit }) =>
              Effect.gen(function*() {
                const client = yield* freshGroup
                const create = (name: string) => client.bookkeeping.createAccount({ payload: { name } })
                // Created one after another, so their creation order is known.
                const created = yield* Effect.forEach(
                  Array.from({ length: existing }, (_, index) => `Existing ${index}`),
                  create
                )
                const inserted = yield* Ref.make<ReadonlyArray<string>>([])
                const pages = yield* pageThrough({
                  fetch: (cursor) => client.bookkeeping.listAccounts({ query: { limit, ...cursorParameter(cursor) } }),
                  insert: Effect.tap(create("Inserted"), (account) =>
                    Ref.update(inserted, (ids) => [...ids, account.id])),
                  batches,
                  maxPages: existing + batches.length * 3 + 2
                })
                expectPageSizes(pages, limit)
                expectEveryExistingOnce(
                  pages.flatMap((page) =>
                    page.data.map((account) => account.id)
                  ),
                  created.map((account) => account.id).reverse(),
                  yield* Ref.get(inserted)
                )
              }),
            { numRuns: 15 }
          ),
        propertyTimeout
      )

      it.effect(
        "entry sets: every page of a created_at-filtered list matches the filter, and the cursor keeps it",
        () =>
          property(
            fc.record({
              existing: fc.integer({ min: 1, max: 20 }),
              filter: createdAtFilter,
              limit,
              batches: insertBatches
            }),
            ({ batches, existing, filter, limit }) =>
              Effect.gen(function*() {
                const client = yield* freshGroup
                const debit = yield* client.bookkeeping.createAccount({ payload: { name: "Debit" } })
                const credit = yield* client.bookkeeping.createAccount({ payload: { name: "Credit" } })
                const create = (amount: number) =>
                  client.bookkeeping.createEntrySet({
                    payload: {
                      date: DateTime.makeUnsafe("2026-01-15T12:00:00.000Z"),
                      entries: [{ account_id: debit.id, amount }, { account_id: credit.id, amount: -amount }]
                    }
                  })
                const created = yield* Effect.forEach(Array.from({ length: existing }, (_, index) => index + 1), create)
                const { matches, parameters } = filterOver(filter, created)
                const inserted = yield* Ref.make<ReadonlyArray<string>>([])
                const pages = yield* pageThrough({
                  fetch: (cursor) =>
                    client.bookkeeping.listEntrySets({ query: { limit, ...parameters, ...cursorParameter(cursor) } }),
                  insert: Effect.tap(create(1_000), (entrySet) => Ref.update(inserted, (ids) => [...ids, entrySet.id])),
                  batches,
                  maxPages: existing + batches.length * 3 + 2
                })
                expectPageSizes(pages, limit)
                const listed = pages.flatMap((page) => page.data)
                expect(listed.filter((entrySet) => !matches(entrySet))).toEqual([])
                expectStrictlyNewestFirst(listed)
                expectEveryExistingOnce(
                  listed.map((entrySet) => entrySet.id),
                  created.filter(matches).sort(newestFirst).map((entrySet) => entrySet.id),
                  yield* Ref.get(inserted)
                )
              }),
            { numRuns: 15 }
          ),
        propertyTimeout
      )

      it.effect(
        "events: every page of a created_at-filtered list matches the filter, and the cursor keeps it",
        () =>
          property(
            fc.record({
              existing: fc.integer({ min: 1, max: 20 }),
              filter: createdAtFilter,
              limit,
              batches: insertBatches
            }),
            ({ batches, existing, filter, limit }) =>
              Effect.gen(function*() {
                const client = yield* freshGroup
                const create = (name: string) => client.bookkeeping.createAccount({ payload: { name } })
                yield* Effect.forEach(Array.from({ length: existing }, (_, index) => `Existing ${index}`), create)
                // The existing events and their times, read before anything else happens in the group.
                const before = yield* client.events.list({ query: { limit: 100 } })
                expect(before.data).toHaveLength(existing)
                const { matches, parameters } = filterOver(filter, before.data)
                const inserted = yield* Ref.make<ReadonlyArray<string>>([])
                const pages = yield* pageThrough({
                  fetch: (cursor) =>
                    client.events.list({ query: { limit, ...parameters, ...cursorParameter(cursor) } }),
                  insert: Effect.tap(
                    create("Inserted"),
                    (account) => Ref.update(inserted, (ids) => [...ids, account.id])
                  ),
                  batches,
                  maxPages: existing + batches.length * 3 + 2
                })
                expectPageSizes(pages, limit)
                const listed: ReadonlyArray<Event> = pages.flatMap((page) => page.data)
                expect(listed.filter((event) => !matches(event))).toEqual([])
                // Events of objects inserted meanwhile are recognised by the object they name.
                const insertedIds = new Set(yield* Ref.get(inserted))
                expectEveryExistingOnce(
                  listed.map((event) => event.id),
                  before.data.filter(matches).map((event) => event.id),
                  listed.filter((event) => insertedIds.has(event.associated_object_id)).map((event) => event.id)
                )
              }),
            { numRuns: 15 }
          ),
        propertyTimeout
      )

      it.effect(
        "events: ascending polling with next_cursor sees every event exactly once while events are created",
        () =>
          property(
            fc.record({
              existing: fc.integer({ min: 0, max: 8 }),
              creations: fc.integer({ min: 1, max: 15 }),
              concurrency: fc.integer({ min: 1, max: 4 }),
              pauses: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 15 }),
              limit
            }),
            ({ concurrency, creations, existing, limit, pauses }) =>
              Effect.gen(function*() {
                const client = yield* freshGroup
                const create = (name: string) => client.bookkeeping.createAccount({ payload: { name } })
                const created = yield* Effect.forEach(
                  Array.from({ length: existing }, (_, index) => `Existing ${index}`),
                  create
                )
                const creating = yield* Effect.forkChild(Effect.forEach(
                  Array.from({ length: creations }, (_, index) => index),
                  (index) =>
                    Effect.andThen(
                      Effect.sleep(Duration.millis(pauses[index % pauses.length] ?? 0)),
                      create(`New ${index}`)
                    ),
                  { concurrency }
                ))
                const poll = (cursor: string | undefined) =>
                  client.events.list({
                    query: { "order_by.direction": "ascending", limit, ...cursorParameter(cursor) }
                  }).pipe(Effect.tap((page) => Effect.sync(() => expect(page.next_cursor).not.toBeNull())))
                const seen: Array<Event> = []
                let cursor: string | undefined = undefined
                for (let polls = 0; seen.length < existing + creations; polls++) {
                  if (polls > 2_000) {
                    return yield* Effect.die(new Error(`saw ${seen.length} of ${existing + creations} events`))
                  }
                  const page: Page<Event> = yield* poll(cursor)
                  seen.push(...page.data)
                  cursor = page.next_cursor ?? undefined
                  if (page.data.length === 0) yield* Effect.sleep(Duration.millis(2))
                }
                const createdMeanwhile = yield* Fiber.join(creating)
                const last = yield* poll(cursor)
                expect(last.data).toEqual([])
                expect(new Set(seen.map((event) => event.id)).size).toBe(seen.length)
                const associated = seen.map((event) => event.associated_object_id)
                // The existing events committed before polling began: they come first, in creation order.
                expect(associated.slice(0, existing)).toEqual(created.map((account) => account.id))
                expect([...associated].sort()).toEqual(
                  [...created, ...createdMeanwhile].map((account) => account.id).sort()
                )
              }),
            { numRuns: 15 }
          ),
        propertyTimeout
      )
    })
  })
}
