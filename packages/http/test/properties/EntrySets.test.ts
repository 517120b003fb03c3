/**
 * Entry set properties, through the real HTTP layer and store, against a
 * model (a list of accepted entry sets): any zero-sum set is accepted and
 * moves the balances by exactly its entries; any other set is refused with a
 * 400 on `entries` and writes nothing (no entry, no balance change, no
 * event); the balance at any `at_time` is the sum of the entries whose set is
 * dated at or before it.
 *
 * Each run works in a group of its own, so its event list holds only its own sets.
 */
import { describe, expect, layer } from "@effect/vitest"
import type { BookkeepingEntrySet } from "@moneta/domain/Bookkeeping"
import { BookkeepingAccountId } from "@moneta/domain/Ids"
import * as TestDatabase from "@moneta/store/testing"
import { DateTime, Effect } from "effect"
import * as fc from "fast-check"
import { property } from "../support/Properties.js"
import * as TestServer from "../support/TestServer.js"

const accountCount = 3

/** A non-zero amount in cents, up to ten million dollars either way. */
const amount = fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }).filter((cents) => cents !== 0)

/** Dates within a few days, often on the same few instants, so that `at_time` meets them exactly. */
const origin = Date.UTC(2026, 0, 1)
const instant = fc.oneof(
  fc.integer({ min: origin, max: origin + 3 * 86_400_000 }),
  fc.constantFrom(origin, origin + 1, origin + 86_400_000)
)

const accountIndex = fc.integer({ min: 0, max: accountCount - 1 })

/** 2 to 6 entries whose amounts sum to zero (the last one balances the others). */
const zeroSumEntries = fc.array(fc.record({ account: accountIndex, amount }), {
  minLength: 1,
  maxLength: 5
})
  .chain((others) => {
    const balancing = -others.reduce((total, entry) => total + entry.amount, 0)
    return fc.record({ account: accountIndex, amount: fc.constant(balancing) })
      .map((last) => [...others, last])
  })
  .filter((entries) => entries.every((entry) => entry.amount !== 0))

/** 2 to 6 non-zero entries that do not sum to zero: arbitrary ones, or a balanced set with one amount nudged. */
const unbalancedEntries = fc.oneof(
  fc.array(fc.record({ account: accountIndex, amount }), { minLength: 2, maxLength: 6 }),
  fc.tuple(
    zeroSumEntries,
    fc.nat(),
    fc.integer({ min: -3, max: 3 }).filter((nudge) => nudge !== 0)
  )
    .map(([entries, index, nudge]) =>
      entries.map((entry, position) =>
        position === index % entries.length ? { ...entry, amount: entry.amount + nudge } : entry
      )
    )
).filter((entries) =>
  entries.every((entry) => entry.amount !== 0) && entries.reduce((total, entry) => total + entry.amount, 0) !== 0
)

const attempt = fc.oneof(
  fc.record({ balanced: fc.constant(true), entries: zeroSumEntries, date: instant }),
  fc.record({ balanced: fc.constant(false), entries: unbalancedEntries, date: instant })
)

/** A balance query: an arbitrary instant, or the date of an attempt moved by -1, 0 or +1 ms. */
const atTime = fc.oneof(
  fc.record({ kind: fc.constant("instant" as const), millis: instant }),
  fc.record({
    kind: fc.constant("near attempt" as const),
    index: fc.nat(),
    offset: fc.integer({ min: -1, max: 1 })
  })
)

const propertyTimeout = 180_000

for (const kind of TestDatabase.testDatabases) {
  describe(`entry set properties (${kind})`, () => {
    layer(TestServer.layer(kind), { excludeTestServices: true, timeout: TestDatabase.timeout })((it) => {
      it.effect(
        "zero-sum sets are accepted and move balances by their entries; others are refused and write nothing",
        () =>
          property(
            fc.record({
              attempts: fc.array(attempt, { minLength: 1, maxLength: 6 }),
              atTimes: fc.array(atTime, { minLength: 1, maxLength: 6 })
            }),
            ({ atTimes, attempts }) =>
              Effect.gen(function*() {
                const { clientFor, newGroup } = yield* TestServer.TestServer
                const client = yield* clientFor((yield* newGroup()).apiKey)
                const accounts = yield* Effect.forEach(
                  Array.from({ length: accountCount }, (_, index) => `Account ${index}`),
                  (name) => client.bookkeeping.createAccount({ payload: { name } })
                )
                // accountIndex stays below accountCount; an unknown id would surface as a 404.
                const accountIdAt = (index: number) =>
                  accounts[index]?.id ?? BookkeepingAccountId.make("bookkeeping_account_missing")
                const accepted: Array<BookkeepingEntrySet> = []

                /** The model: Σ amounts of accepted entries on the account, dated at or before `at` when given. */
                const expectedBalance = (accountId: string, at?: number) =>
                  accepted
                    .filter((entrySet) => at === undefined || DateTime.toEpochMillis(entrySet.date) <= at)
                    .flatMap((entrySet) => entrySet.entries)
                    .filter((entry) => entry.account_id === accountId)
                    .reduce((total, entry) => total + entry.amount, 0)

                const balanceOf = (accountId: BookkeepingAccountId, at?: number) =>
                  client.bookkeeping.balance({
                    params: { bookkeeping_account_id: accountId },
                    query: at === undefined ? {} : { at_time: DateTime.makeUnsafe(at) }
                  }).pipe(Effect.map((lookup) => lookup.balance))

                /** Balances, entries and events are exactly those of the accepted sets. */
                const expectModel = Effect.gen(function*() {
                  for (const account of accounts) {
                    expect(yield* balanceOf(account.id)).toBe(expectedBalance(account.id))
                    const entries = yield* client.bookkeeping.listEntries({
                      query: { account_id: account.id, limit: 100 }
                    })
                    expect(entries.data.map((entry) => entry.id).sort()).toEqual(
                      accepted.flatMap((entrySet) => entrySet.entries)
                        .filter((entry) => entry.account_id === account.id)
                        .map((entry) => entry.id)
                        .sort()
                    )
                  }
                  const events = yield* client.events.list({
                    query: { "category.in": ["bookkeeping_entry_set.updated"], limit: 100 }
                  })
                  expect(events.data.map((event) => event.associated_object_id).sort()).toEqual(
                    accepted.map((entrySet) => entrySet.id).sort()
                  )
                })

                for (const { balanced, date, entries } of attempts) {
                  const payload = {
                    date: DateTime.makeUnsafe(date),
                    entries: entries.map((entry) => ({ account_id: accountIdAt(entry.account), amount: entry.amount }))
                  }
                  if (balanced) {
                    const entrySet = yield* client.bookkeeping.createEntrySet({ payload })
                    expect(entrySet.entries.map((entry) => ({ account_id: entry.account_id, amount: entry.amount })))
                      .toEqual(payload.entries)
                    expect(DateTime.toEpochMillis(entrySet.date)).toBe(date)
                    accepted.push(entrySet)
                  } else {
                    const refused = yield* Effect.flip(client.bookkeeping.createEntrySet({ payload }))
                    expect(refused._tag).toBe("InvalidParametersError")
                    if (refused._tag === "InvalidParametersError") {
                      expect(refused.errors.map((error) => error.field)).toContain("entries")
                    }
                  }
                  yield* expectModel
                }

                const dates = attempts.map((attempt) => attempt.date)
                for (const query of atTimes) {
                  const at = query.kind === "instant"
                    ? query.millis
                    : (dates[query.index % dates.length] ?? origin) + query.offset
                  for (const account of accounts) {
                    expect(yield* balanceOf(account.id, at)).toBe(expectedBalance(account.id, at))
                  }
                }
              }),
            { numRuns: 12 }
          ),
        propertyTimeout
      )
    })
  })
}
