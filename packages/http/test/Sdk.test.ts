/**
 * The happy path of every skeleton endpoint through the official Increase
 * TypeScript SDK (0.583; 0.405 for bookkeeping), pointed at the test server:
 * the wire format, query encoding, pagination, idempotency and error classes
 * as a real client sees them.
 */
import { describe, expect, layer } from "@effect/vitest"
import * as TestDatabase from "@moneta/store/testing"
import { Effect, Schema } from "effect"
import Increase, { toFile } from "increase"
import Increase405 from "increase-405"
import * as TestServer from "./support/TestServer.js"

/** An SDK call that must succeed (a rejection fails the test with the SDK's error). */
const call = <A>(request: () => PromiseLike<A>): Effect.Effect<A> => Effect.promise(() => Promise.resolve(request()))

/** An SDK call that must fail; returns what it threw. */
const failure = (request: () => PromiseLike<unknown>): Effect.Effect<unknown> =>
  Effect.promise(() =>
    Promise.resolve(request()).then(
      (value) => ({ unexpectedSuccess: value }),
      (error: unknown) => error
    )
  )

/** Collects an auto-paginating list. */
const collect = <A>(items: AsyncIterable<A>): Effect.Effect<Array<A>> =>
  Effect.promise(async () => {
    const all: Array<A> = []
    for await (const item of items) all.push(item)
    return all
  })

const PageOfIds = Schema.Struct({
  data: Schema.Array(Schema.Struct({ id: Schema.String })),
  next_cursor: Schema.NullOr(Schema.String)
})

const clients = Effect.map(TestServer.TestServer, (server) => ({
  server,
  increase: new Increase({ apiKey: server.apiKey, baseURL: server.baseUrl, maxRetries: 0 }),
  increase405: new Increase405({ apiKey: server.apiKey, baseURL: server.baseUrl, maxRetries: 0 })
}))

const naturalPerson = {
  structure: "natural_person",
  natural_person: {
    name: "Katherine Johnson",
    date_of_birth: "1918-08-26",
    address: { line1: "1 NASA Way", city: "Hampton", state: "VA", zip: "23666", country: "US" },
    identification: { method: "social_security_number", number: "078051120" }
  }
} as const

for (const kind of TestDatabase.testDatabases) {
  describe(`the official SDK (${kind})`, () => {
    layer(TestServer.layer(kind), { timeout: TestDatabase.timeout })((it) => {
      it.effect("entities, accounts, balances, interest payments and transactions", () =>
        Effect.gen(function*() {
          const { increase } = yield* clients
          const entity = yield* call(() => increase.entities.create(naturalPerson))
          expect(entity).toMatchObject({ type: "entity", structure: "natural_person", status: "active" })
          expect(yield* call(() => increase.entities.retrieve(entity.id))).toEqual(entity)

          const account = yield* call(() => increase.accounts.create({ name: "SDK checking", entity_id: entity.id }))
          expect(account).toMatchObject({
            type: "account",
            name: "SDK checking",
            entity_id: entity.id,
            currency: "USD"
          })
          expect(yield* call(() => increase.accounts.retrieve(account.id))).toEqual(account)
          const ofEntity = yield* call(() => increase.accounts.list({ entity_id: entity.id }))
          expect(ofEntity.data.map((each) => each.id)).toEqual([account.id])
          const recent = yield* call(() => increase.accounts.list({ created_at: { on_or_after: account.created_at } }))
          expect(recent.data.map((each) => each.id)).toContain(account.id)

          const payment = yield* call(() =>
            increase.simulations.interestPayments.create({ account_id: account.id, amount: 4200 })
          )
          expect(payment).toMatchObject({
            type: "transaction",
            account_id: account.id,
            amount: 4200,
            source: { category: "interest_payment" }
          })
          const balance = yield* call(() => increase.accounts.balance(account.id))
          expect(balance).toEqual({
            type: "balance_lookup",
            account_id: account.id,
            current_balance: 4200,
            available_balance: 4200,
            loan: null
          })
          const before = yield* call(() =>
            increase.accounts.balance(account.id, {
              at_time: new Date(Date.parse(payment.created_at) - 1).toISOString()
            })
          )
          expect(before.current_balance).toBe(0)

          expect(yield* call(() => increase.transactions.retrieve(payment.id))).toEqual(payment)
          const listed = yield* call(() =>
            increase.transactions.list({
              account_id: account.id,
              category: { in: ["interest_payment", "card_settlement"] }
            })
          )
          expect(listed.data.map((each) => each.id)).toEqual([payment.id])
        }))

      it.effect("a person identified by passport and a deposit account, with the SDK's own fields", () =>
        Effect.gen(function*() {
          const { increase } = yield* clients
          // The scan is a file of the caller's (another group's or a made-up id is a 404).
          const scan = yield* call(async () =>
            increase.files.create({
              file: await toFile(new Uint8Array([0x25, 0x50, 0x44, 0x46]), "passport.pdf", { type: "application/pdf" }),
              purpose: "identity_document"
            })
          )
          const traveller = yield* call(() =>
            increase.entities.create({
              structure: "natural_person",
              natural_person: {
                name: "Ada Traveller",
                date_of_birth: "1980-02-03",
                address: { line1: "1 Quay St", city: "Hampton", state: "VA", zip: "23666", country: "US" },
                identification: {
                  method: "passport",
                  number: "X1234567",
                  passport: { country: "GB", expiration_date: "2031-01-01", file_id: scan.id }
                },
                confirmed_no_us_tax_id: true
              }
            })
          )
          expect(traveller.natural_person?.identification).toEqual({ method: "passport", number_last4: "4567" })
          const account = yield* call(() =>
            increase.accounts.create({ name: "Deposits", entity_id: traveller.id, funding: "deposits" })
          )
          expect(account).toMatchObject({ funding: "deposits", entity_id: traveller.id })
          // Loans are not offered: asking for one is refused, not silently opened as deposits.
          const loan = yield* failure(() => increase.accounts.create({ name: "Loan", funding: "loan" }))
          expect(loan).toBeInstanceOf(Increase.InvalidParametersError)
        }))

      it.effect("an account opened without entity_id belongs to the group's entity (SDK 0.583 types it a string)", () =>
        Effect.gen(function*() {
          const { increase } = yield* clients
          const [seeded] = (yield* call(() => increase.entities.list())).data.slice(-1)
          const account = yield* call(() => increase.accounts.create({ name: "No entity named" }))
          expect(account.entity_id).toBe(seeded?.id)
          expect(yield* call(() => increase.entities.retrieve(account.entity_id))).toMatchObject({ id: seeded?.id })
        }))

      it.effect("subscribes to the event categories SDK 0.583 names beyond the specification's list", () =>
        Effect.gen(function*() {
          const { increase } = yield* clients
          const categories = [
            "checkbook.created",
            "checkbook.updated",
            "inbound_real_time_payments_request_for_payment.created",
            "inbound_real_time_payments_request_for_payment.updated",
            "interest_rate_plan.created",
            "interest_rate_plan.updated"
          ] as const
          const subscription = yield* call(() =>
            increase.eventSubscriptions.create({
              url: "https://example.com/webhooks",
              selected_event_categories: categories.map((event_category) => ({ event_category }))
            })
          )
          expect(subscription.selected_event_categories?.map((selected) => selected.event_category)).toEqual(categories)
        }))

      it.effect("auto-paginates a list, every object once", () =>
        Effect.gen(function*() {
          const { increase, server } = yield* clients
          for (let index = 0; index < 3; index++) {
            yield* call(() => increase.accounts.create({ name: `Paged ${index}` }))
          }
          const expected = yield* server.client.accounts.list({ query: { limit: 100 } })
          const paged = yield* collect(increase.accounts.list({ limit: 2 }))
          expect(paged.map((each) => each.id)).toEqual(expected.data.map((each) => each.id))
          const firstPage = yield* call(() => increase.accounts.list({ limit: 2 }))
          expect(firstPage.hasNextPage()).toBe(true)
          const entities = yield* collect(increase.entities.list({ limit: 1 }))
          expect(new Set(entities.map((each) => each.id)).size).toBe(entities.length)
        }))

      it.effect("lists events with order_by, category and object filters, and retrieves one", () =>
        Effect.gen(function*() {
          const { increase, server } = yield* clients
          const account = yield* call(() => increase.accounts.create({ name: "Evented" }))
          const [created] = (yield* call(() => increase.events.list({ associated_object_id: account.id }))).data
          expect(created).toMatchObject({
            type: "event",
            category: "account.created",
            associated_object_type: "account",
            associated_object_id: account.id
          })
          if (created === undefined) return
          expect(yield* call(() => increase.events.retrieve(created.id))).toEqual(created)

          const newestFirst = yield* server.client.events.list({ query: { limit: 100 } })
          // Ascending auto-pagination ends on the first empty page (the cursor never runs out).
          const ascending = yield* collect(increase.events.list({ order_by: { direction: "ascending" }, limit: 3 }))
          expect(ascending.map((event) => event.id)).toEqual(newestFirst.data.map((event) => event.id).reverse())
          const descending = yield* call(() =>
            increase.events.list({ order_by: { direction: "descending", field: "created_at" }, limit: 1 })
          )
          expect(descending.data[0]?.id).toBe(newestFirst.data[0]?.id)
          const accountsOnly = yield* call(() =>
            increase.events.list({ category: { in: ["account.created", "bookkeeping_account.created"] } })
          )
          expect(new Set(accountsOnly.data.map((event) => event.category))).toEqual(new Set(["account.created"]))
          const inRange = yield* call(() =>
            increase.events.list({ associated_object_id: account.id, created_at: { on_or_before: account.created_at } })
          )
          expect(inRange.data.map((event) => event.id)).toEqual([created.id])
        }))

      it.effect("Idempotency-Key through request options: replays, conflicts and the list filter", () =>
        Effect.gen(function*() {
          const { increase } = yield* clients
          const key = `sdk-${kind}-account`
          const first = yield* call(() =>
            increase.accounts.create({ name: "Once" }, { idempotencyKey: key }).withResponse()
          )
          expect(first.data.idempotency_key).toBe(key)
          expect(first.response.headers.get("idempotent-replayed")).toBeNull()
          const replay = yield* call(() =>
            increase.accounts.create({ name: "Once" }, { idempotencyKey: key }).withResponse()
          )
          expect(replay.response.headers.get("idempotent-replayed")).toBe("true")
          expect(replay.data).toEqual(first.data)
          const conflict = yield* failure(() => increase.accounts.create({ name: "Twice" }, { idempotencyKey: key }))
          expect(conflict).toBeInstanceOf(Increase.IdempotencyKeyAlreadyUsedError)
          if (conflict instanceof Increase.IdempotencyKeyAlreadyUsedError) {
            expect(conflict.resource_id).toBe(first.data.id)
          }
          const filtered = yield* call(() => increase.accounts.list({ idempotency_key: key }))
          expect(filtered.data.map((each) => each.id)).toEqual([first.data.id])
          // Without an explicit key the SDK sends one of its own, which the object keeps.
          const automatic = yield* call(() => increase.accounts.create({ name: "Automatic key" }))
          expect(automatic.idempotency_key).toMatch(/^stainless-node-retry-/)
        }))

      it.effect("errors arrive as the SDK's error classes and are not retried", () =>
        Effect.gen(function*() {
          const { increase, server } = yield* clients
          const notFound = yield* failure(() => increase.accounts.retrieve("account_doesnotexist000000"))
          expect(notFound).toBeInstanceOf(Increase.ObjectNotFoundError)
          const invalid = yield* failure(() => increase.accounts.create({ name: "" }))
          expect(invalid).toBeInstanceOf(Increase.InvalidParametersError)
          if (invalid instanceof Increase.InvalidParametersError) {
            expect(invalid.errors).toEqual([expect.objectContaining({ field: "name" })])
          }
          const tooMany = yield* failure(() => increase.accounts.list({ limit: 101 }))
          expect(tooMany).toBeInstanceOf(Increase.InvalidParametersError)
          const noMethod = yield* failure(() => increase.get("/no_such_resource"))
          expect(noMethod).toBeInstanceOf(Increase.APIMethodNotFoundError)
          const badKey = new Increase({ apiKey: "moneta_sandbox_unknown", baseURL: server.baseUrl, maxRetries: 0 })
          const unauthorized = yield* failure(() => badKey.accounts.list())
          expect(unauthorized).toBeInstanceOf(Increase.InvalidAPIKeyError)
          if (unauthorized instanceof Increase.InvalidAPIKeyError) expect(unauthorized.reason).toBe("no_credential")
          const live = yield* server.newGroup("live")
          const wrongEnvironment = new Increase({ apiKey: live.apiKey, baseURL: server.baseUrl, maxRetries: 0 })
          expect(yield* failure(() => wrongEnvironment.accounts.list())).toBeInstanceOf(
            Increase.EnvironmentMismatchError
          )

          // With its default retries, the SDK retries a 409 unless told not to: one request each.
          let requests = 0
          const counting = new Increase({
            apiKey: server.apiKey,
            baseURL: server.baseUrl,
            fetch: (input, init) => {
              requests++
              return fetch(input, init)
            }
          })
          yield* call(() => counting.accounts.create({ name: "Counted" }, { idempotencyKey: `sdk-${kind}-counted` }))
          const conflict = yield* failure(() =>
            counting.accounts.create({ name: "Other" }, { idempotencyKey: `sdk-${kind}-counted` })
          )
          expect(conflict).toBeInstanceOf(Increase.IdempotencyKeyAlreadyUsedError)
          yield* failure(() => counting.accounts.retrieve("account_doesnotexist000000"))
          expect(requests).toBe(3)
        }))

      it.effect("bookkeeping through the 0.405 SDK", () =>
        Effect.gen(function*() {
          const { increase, increase405 } = yield* clients
          const account = yield* call(() => increase.accounts.create({ name: "Commingled" }))
          const cash = yield* call(() =>
            increase405.bookkeepingAccounts.create({
              name: "Cash",
              compliance_category: "commingled_cash",
              account_id: account.id
            })
          )
          expect(cash).toMatchObject({
            type: "bookkeeping_account",
            compliance_category: "commingled_cash",
            account_id: account.id
          })
          const customers = yield* call(() => increase405.bookkeepingAccounts.create({ name: "Customers" }))
          const renamed = yield* call(() =>
            increase405.bookkeepingAccounts.update(customers.id, { name: "Customer balances" })
          )
          expect(renamed).toEqual({ ...customers, name: "Customer balances" })
          const listed = yield* collect(increase405.bookkeepingAccounts.list({ limit: 1 }))
          expect(listed.map((each) => each.id)).toEqual(expect.arrayContaining([cash.id, customers.id]))
          const byKey = yield* call(() =>
            increase405.bookkeepingAccounts.list({ idempotency_key: cash.idempotency_key ?? "" })
          )
          expect(byKey.data.map((each) => each.id)).toEqual([cash.id])

          const payment = yield* call(() =>
            increase.simulations.interestPayments.create({ account_id: account.id, amount: 900 })
          )
          // The SDK has no method for this list; its generic `get` sends the same request a method would.
          const unbookkept = () =>
            Effect.map(
              call(() =>
                increase405.get<unknown>("/unbookkept_cash_transactions", {
                  query: { bookkeeping_account_id: cash.id }
                })
              ),
              Schema.decodeUnknownSync(PageOfIds)
            )
          expect((yield* unbookkept()).data.map((each) => each.id)).toEqual([payment.id])

          const entrySet = yield* call(() =>
            increase405.bookkeepingEntrySets.create({
              transaction_id: payment.id,
              entries: [{ account_id: cash.id, amount: 900 }, { account_id: customers.id, amount: -900 }]
            })
          )
          expect(entrySet).toMatchObject({
            type: "bookkeeping_entry_set",
            transaction_id: payment.id,
            date: payment.created_at
          })
          expect((yield* unbookkept()).data).toEqual([])
          expect(yield* call(() => increase405.bookkeepingEntrySets.retrieve(entrySet.id))).toEqual(entrySet)
          const byTransaction = yield* call(() => increase405.bookkeepingEntrySets.list({ transaction_id: payment.id }))
          expect(byTransaction.data.map((each) => each.id)).toEqual([entrySet.id])
          const dated = yield* call(() =>
            increase405.bookkeepingEntrySets.create({
              date: "2030-06-30T00:00:00Z",
              entries: [{ account_id: customers.id, amount: 100 }, { account_id: cash.id, amount: -100 }]
            })
          )
          expect(Date.parse(dated.date)).toBe(Date.parse("2030-06-30T00:00:00Z"))

          const entries = yield* call(() => increase405.bookkeepingEntries.list({ account_id: cash.id }))
          expect(entries.data.map((entry) => entry.amount).sort((left, right) => left - right)).toEqual([-100, 900])
          const [entry] = entries.data
          if (entry !== undefined) {
            expect(yield* call(() => increase405.bookkeepingEntries.retrieve(entry.id))).toEqual(entry)
          }
          const balance = yield* call(() => increase405.bookkeepingAccounts.balance(cash.id))
          expect(balance).toEqual({ type: "bookkeeping_balance_lookup", bookkeeping_account_id: cash.id, balance: 800 })
          const beforeDated = yield* call(() =>
            increase405.bookkeepingAccounts.balance(cash.id, { at_time: "2030-06-29T23:59:59Z" })
          )
          expect(beforeDated.balance).toBe(900)
        }))
    })
  })
}
