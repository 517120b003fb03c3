import { describe, expect, layer } from "@effect/vitest"
import { AccountId } from "@moneta/domain/Ids"
import * as TestDatabase from "@moneta/store/testing"
import { DateTime, Effect } from "effect"
import {
  expectError,
  expectInvalidParameters,
  expectNotFound,
  expectNothingWritten,
  expectSameNotFound,
  raw,
  text
} from "./support/Requests.js"
import * as TestServer from "./support/TestServer.js"

const naturalPerson = {
  structure: "natural_person",
  natural_person: {
    name: "Ada Lovelace",
    date_of_birth: "1815-12-10",
    address: { line1: "12 St James's Square", city: "New York", state: "NY", zip: "10001" },
    identification: { method: "passport", number: "P1234567" }
  }
} as const

const date = DateTime.makeUnsafe("2026-03-01T09:30:00.000Z")

for (const kind of TestDatabase.testDatabases) {
  describe(`bookkeeping (${kind})`, () => {
    layer(TestServer.layer(kind), { timeout: TestDatabase.timeout })((it) => {
      it.effect("creates, renames and lists bookkeeping accounts", () =>
        Effect.gen(function*() {
          const { client, accountId } = yield* TestServer.TestServer
          const cash = yield* client.bookkeeping.createAccount({
            payload: { name: "Cash", compliance_category: "commingled_cash", account_id: AccountId.make(accountId) }
          })
          expect(cash.type).toBe("bookkeeping_account")
          expect(cash.account_id).toBe(accountId)
          const renamed = yield* client.bookkeeping.updateAccount({
            params: { bookkeeping_account_id: cash.id },
            payload: { name: "Operating cash" }
          })
          expect(renamed.name).toBe("Operating cash")
          const page = yield* client.bookkeeping.listAccounts({ query: {} })
          expect(page.data.map((account) => account.id)).toContain(cash.id)
        }))

      it.effect("books a balanced entry set and reports balances at a time", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const debit = yield* client.bookkeeping.createAccount({ payload: { name: "Debit side" } })
          const credit = yield* client.bookkeeping.createAccount({ payload: { name: "Credit side" } })
          const date = DateTime.makeUnsafe("2026-01-15T12:00:00.000Z")
          const entrySet = yield* client.bookkeeping.createEntrySet({
            payload: {
              date,
              entries: [{ account_id: debit.id, amount: 500 }, { account_id: credit.id, amount: -500 }]
            }
          })
          expect(entrySet.entries).toHaveLength(2)
          expect(DateTime.formatIso(entrySet.date)).toBe("2026-01-15T12:00:00.000Z")
          const now = yield* client.bookkeeping.balance({ params: { bookkeeping_account_id: debit.id }, query: {} })
          expect(now.balance).toBe(500)
          const before = yield* client.bookkeeping.balance({
            params: { bookkeeping_account_id: debit.id },
            query: { at_time: DateTime.makeUnsafe("2026-01-15T11:59:59.999Z") }
          })
          expect(before.balance).toBe(0)
        }))

      it.effect("retrieves accounts, entry sets and entries, and lists them by filter", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const entity = yield* client.entities.create({ payload: naturalPerson })
          const customer = yield* client.bookkeeping.createAccount({
            payload: { name: "Customer", compliance_category: "customer_balance", entity_id: entity.id }
          })
          expect(customer).toMatchObject({
            type: "bookkeeping_account",
            compliance_category: "customer_balance",
            entity_id: entity.id,
            account_id: null,
            idempotency_key: null
          })
          expect(yield* client.bookkeeping.retrieveAccount({ params: { bookkeeping_account_id: customer.id } }))
            .toEqual(
              customer
            )
          const plain = yield* client.bookkeeping.createAccount({ payload: { name: "Plain" } })
          expect(plain.compliance_category).toBeNull()

          const entrySet = yield* client.bookkeeping.createEntrySet({
            payload: {
              date,
              entries: [{ account_id: customer.id, amount: -250 }, { account_id: plain.id, amount: 250 }]
            }
          })
          expect(entrySet).toMatchObject({ type: "bookkeeping_entry_set", transaction_id: null, idempotency_key: null })
          expect(entrySet.entries.map((entry) => [entry.account_id, entry.amount])).toEqual([[customer.id, -250], [
            plain.id,
            250
          ]])
          expect(yield* client.bookkeeping.retrieveEntrySet({ params: { bookkeeping_entry_set_id: entrySet.id } }))
            .toEqual(entrySet)
          const sets = yield* client.bookkeeping.listEntrySets({ query: {} })
          expect(sets.data[0]?.id).toBe(entrySet.id)

          const [firstEntry] = entrySet.entries
          expect(firstEntry).toBeDefined()
          if (firstEntry === undefined) return
          const entry = yield* client.bookkeeping.retrieveEntry({ params: { bookkeeping_entry_id: firstEntry.id } })
          expect(entry).toMatchObject({
            type: "bookkeeping_entry",
            id: firstEntry.id,
            account_id: customer.id,
            amount: -250,
            entry_set_id: entrySet.id
          })
          const ofCustomer = yield* client.bookkeeping.listEntries({ query: { account_id: customer.id } })
          expect(ofCustomer.data.map((each) => each.id)).toEqual([firstEntry.id])
          const balance = yield* client.bookkeeping.balance({
            params: { bookkeeping_account_id: customer.id },
            query: {}
          })
          expect(balance).toMatchObject({
            type: "bookkeeping_balance_lookup",
            bookkeeping_account_id: customer.id,
            balance: -250
          })
        }))

      it.effect("lists unbookkept cash transactions until an entry set references them", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const account = yield* client.accounts.create({ payload: { name: "Commingled" } })
          const cash = yield* client.bookkeeping.createAccount({
            payload: { name: "Commingled cash", compliance_category: "commingled_cash", account_id: account.id }
          })
          const customer = yield* client.bookkeeping.createAccount({ payload: { name: "Customer funds" } })
          const first = yield* client.simulations.interestPayment({ payload: { account_id: account.id, amount: 700 } })
          const second = yield* client.simulations.interestPayment({ payload: { account_id: account.id, amount: 300 } })
          const unbookkept = () =>
            Effect.map(
              client.bookkeeping.listUnbookkeptCashTransactions({ query: { bookkeeping_account_id: cash.id } }),
              (page) => page.data.map((transaction) => transaction.id)
            )
          expect(yield* unbookkept()).toEqual([second.id, first.id])

          const booked = yield* client.bookkeeping.createEntrySet({
            payload: {
              transaction_id: first.id,
              entries: [{ account_id: cash.id, amount: 700 }, { account_id: customer.id, amount: -700 }]
            }
          })
          // Without a date, the entry set takes the transaction's.
          expect(booked.transaction_id).toBe(first.id)
          expect(booked.date).toEqual(first.created_at)
          expect(yield* unbookkept()).toEqual([second.id])
          const byTransaction = yield* client.bookkeeping.listEntrySets({ query: { transaction_id: first.id } })
          expect(byTransaction.data.map((each) => each.id)).toEqual([booked.id])

          const paged = yield* client.bookkeeping.listUnbookkeptCashTransactions({
            query: { bookkeeping_account_id: cash.id, limit: 1 }
          })
          expect(paged.data.map((transaction) => transaction.id)).toEqual([second.id])
          expect(paged.next_cursor).toBeNull()
        }))

      it.effect("refuses bad bookkeeping account bodies and writes nothing", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const http = raw(server)
          const otherClient = yield* server.clientFor((yield* server.newGroup()).apiKey)
          const theirAccount = yield* otherClient.accounts.create({ payload: { name: "Theirs" } })
          const theirEntity = yield* otherClient.entities.create({ payload: naturalPerson })
          const before = yield* server.client.bookkeeping.listAccounts({ query: {} })
          yield* expectNothingWritten(
            server.client,
            Effect.gen(function*() {
              const create = (body: unknown) => http.post("/bookkeeping_accounts", body)
              expectInvalidParameters(yield* create({}), ["name"])
              expectInvalidParameters(yield* create({ name: ["Cash"] }), ["name"])
              expectInvalidParameters(yield* create({ name: "" }), ["name"])
              expectInvalidParameters(yield* create({ name: text(201) }), ["name"])
              expectInvalidParameters(yield* create({ name: "Cash", compliance_category: "petty_cash" }), [
                "compliance_category"
              ])
              expectInvalidParameters(yield* create({ name: "Cash", compliance_category: "commingled_cash" }), [
                "account_id"
              ])
              expectInvalidParameters(yield* create({ name: "Cash", compliance_category: "customer_balance" }), [
                "entity_id"
              ])
              expectInvalidParameters(yield* create({ name: "Cash", currency: "USD" }), ["currency"])
              expectError(yield* create("{\"name\": \"Cash\""), 400, "malformed_request_error")
              expectNotFound(yield* create({ name: "Cash", account_id: "account_doesnotexist000000" }))
              expectNotFound(
                yield* create({ name: "Cash", compliance_category: "commingled_cash", account_id: theirAccount.id })
              )
              expectNotFound(
                yield* create({ name: "Cash", compliance_category: "customer_balance", entity_id: theirEntity.id })
              )
            })
          )
          const after = yield* server.client.bookkeeping.listAccounts({ query: {} })
          expect(after.data).toEqual(before.data)
        }))

      it.effect("refuses bad renames and writes nothing", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const http = raw(server)
          const account = yield* server.client.bookkeeping.createAccount({ payload: { name: "Stable" } })
          const otherClient = yield* server.clientFor((yield* server.newGroup()).apiKey)
          const theirs = yield* otherClient.bookkeeping.createAccount({ payload: { name: "Theirs" } })
          const path = `/bookkeeping_accounts/${account.id}`
          yield* expectNothingWritten(
            server.client,
            Effect.gen(function*() {
              expectInvalidParameters(yield* http.patch(path, {}), ["name"])
              expectInvalidParameters(yield* http.patch(path, { name: "" }), ["name"])
              expectInvalidParameters(yield* http.patch(path, { name: 3 }), ["name"])
              expectInvalidParameters(yield* http.patch(path, { name: text(201) }), ["name"])
              expectInvalidParameters(
                yield* http.patch(path, { name: "New", compliance_category: "commingled_cash" }),
                [
                  "compliance_category"
                ]
              )
              expectError(yield* http.patch(path, "name=New"), 400, "malformed_request_error")
              const unknownId = "bookkeeping_account_doesnotexist"
              expectSameNotFound(
                yield* http.patch(`/bookkeeping_accounts/${theirs.id}`, { name: "Mine now" }),
                theirs.id,
                yield* http.patch(`/bookkeeping_accounts/${unknownId}`, { name: "Mine now" }),
                unknownId
              )
            })
          )
          expect(yield* server.client.bookkeeping.retrieveAccount({ params: { bookkeeping_account_id: account.id } }))
            .toEqual(account)
          expect(yield* otherClient.bookkeeping.retrieveAccount({ params: { bookkeeping_account_id: theirs.id } }))
            .toEqual(theirs)
        }))

      it.effect("refuses bad entry sets and writes nothing", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const http = raw(server)
          const debit = yield* server.client.bookkeeping.createAccount({ payload: { name: "Debit" } })
          const credit = yield* server.client.bookkeeping.createAccount({ payload: { name: "Credit" } })
          const otherClient = yield* server.clientFor((yield* server.newGroup()).apiKey)
          const theirAccount = yield* otherClient.bookkeeping.createAccount({ payload: { name: "Theirs" } })
          const theirBankAccount = yield* otherClient.accounts.create({ payload: { name: "Theirs" } })
          const theirTransaction = yield* otherClient.simulations.interestPayment({
            payload: { account_id: theirBankAccount.id, amount: 10 }
          })
          const setsBefore = yield* server.client.bookkeeping.listEntrySets({ query: {} })
          const iso = DateTime.formatIso(date)
          const balanced = [{ account_id: debit.id, amount: 100 }, { account_id: credit.id, amount: -100 }]
          yield* expectNothingWritten(
            server.client,
            Effect.gen(function*() {
              const create = (body: unknown) => http.post("/bookkeeping_entry_sets", body)
              expectInvalidParameters(yield* create({ date: iso }), ["entries"])
              expectInvalidParameters(yield* create({ date: iso, entries: "all of them" }), ["entries"])
              expectInvalidParameters(yield* create({ date: iso, entries: [] }), ["entries"])
              expectInvalidParameters(yield* create({ date: iso, entries: [{ account_id: debit.id, amount: 100 }] }), [
                "entries"
              ])
              expectInvalidParameters(
                yield* create({
                  date: iso,
                  entries: [{ account_id: debit.id, amount: 100 }, { account_id: credit.id, amount: -99 }]
                }),
                ["entries"]
              )
              expectInvalidParameters(
                yield* create({
                  date: iso,
                  entries: [
                    { account_id: debit.id, amount: 0 },
                    { account_id: credit.id, amount: 0 },
                    { account_id: credit.id, amount: 5 },
                    { account_id: debit.id, amount: -5 }
                  ]
                }),
                ["entries.0.amount", "entries.1.amount"]
              )
              expectInvalidParameters(
                yield* create({
                  date: iso,
                  entries: [{ account_id: debit.id, amount: 1.5 }, { account_id: credit.id, amount: -1.5 }]
                }),
                ["entries.0.amount", "entries.1.amount"]
              )
              expectInvalidParameters(
                yield* create({
                  date: iso,
                  entries: [{ account_id: debit.id, amount: 2 ** 53 }, { account_id: credit.id, amount: -(2 ** 53) }]
                }),
                ["entries.0.amount", "entries.1.amount"]
              )
              expectInvalidParameters(
                yield* create({
                  date: iso,
                  entries: [{ account_id: debit.id, amount: "100" }, { account_id: 7, amount: -100 }]
                }),
                ["entries.0.amount", "entries.1.account_id"]
              )
              expectInvalidParameters(yield* create({ date: iso, entries: [{ amount: 100 }, balanced[1]] }), [
                "entries.0.account_id"
              ])
              expectInvalidParameters(
                yield* create({ date: iso, entries: [{ ...balanced[0], memo: "x" }, balanced[1]] }),
                ["entries.0.memo"]
              )
              expectInvalidParameters(yield* create({ entries: balanced }), ["date"])
              expectInvalidParameters(yield* create({ date: "March 1st", entries: balanced }), ["date"])
              expectInvalidParameters(yield* create({ date: iso, entries: balanced, memo: "x" }), ["memo"])
              expectError(yield* create("{\"entries\": ["), 400, "malformed_request_error")
              expectNotFound(
                yield* create({
                  date: iso,
                  entries: [balanced[0], { account_id: "bookkeeping_account_nope", amount: -100 }]
                })
              )
              expectNotFound(
                yield* create({ date: iso, entries: [balanced[0], { account_id: theirAccount.id, amount: -100 }] })
              )
              expectNotFound(yield* create({ transaction_id: "transaction_doesnotexist0", entries: balanced }))
              expectNotFound(yield* create({ transaction_id: theirTransaction.id, entries: balanced }))
            })
          )
          const setsAfter = yield* server.client.bookkeeping.listEntrySets({ query: {} })
          expect(setsAfter.data).toEqual(setsBefore.data)
          for (const account of [debit, credit]) {
            const balance = yield* server.client.bookkeeping.balance({
              params: { bookkeeping_account_id: account.id },
              query: {}
            })
            expect(balance.balance).toBe(0)
          }
          const entries = yield* server.client.bookkeeping.listEntries({ query: { account_id: debit.id } })
          expect(entries.data).toEqual([])
          const theirBalance = yield* otherClient.bookkeeping.balance({
            params: { bookkeeping_account_id: theirAccount.id },
            query: {}
          })
          expect(theirBalance.balance).toBe(0)
        }))

      it.effect("refuses bad list, balance and unbookkept parameters", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const http = raw(server)
          const plain = yield* server.client.bookkeeping.createAccount({ payload: { name: "Not cash" } })
          for (const path of ["/bookkeeping_accounts", "/bookkeeping_entry_sets", "/bookkeeping_entries"]) {
            expectInvalidParameters(yield* http.get(`${path}?limit=0`), ["limit"])
            expectInvalidParameters(yield* http.get(`${path}?limit=101`), ["limit"])
            expectInvalidParameters(yield* http.get(`${path}?name=x`), ["name"])
            expectInvalidParameters(yield* http.get(`${path}?cursor=x`), ["cursor"])
          }
          expectInvalidParameters(yield* http.get(`/bookkeeping_accounts/${plain.id}/balance?at_time=later`), [
            "at_time"
          ])
          expectInvalidParameters(yield* http.get("/unbookkept_cash_transactions"), ["bookkeeping_account_id"])
          expectInvalidParameters(yield* http.get(`/unbookkept_cash_transactions?bookkeeping_account_id=${plain.id}`), [
            "bookkeeping_account_id"
          ])
          expectInvalidParameters(
            yield* http.get(`/unbookkept_cash_transactions?bookkeeping_account_id=${plain.id}&limit=101`),
            ["limit"]
          )
          expectNotFound(
            yield* http.get("/unbookkept_cash_transactions?bookkeeping_account_id=bookkeeping_account_nope")
          )
        }))

      it.effect("answers 404 for unknown ids and for another group's ids alike", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const http = raw(server)
          const otherClient = yield* server.clientFor((yield* server.newGroup()).apiKey)
          const theirBankAccount = yield* otherClient.accounts.create({ payload: { name: "Theirs" } })
          const theirCash = yield* otherClient.bookkeeping.createAccount({
            payload: { name: "Their cash", compliance_category: "commingled_cash", account_id: theirBankAccount.id }
          })
          const theirOther = yield* otherClient.bookkeeping.createAccount({ payload: { name: "Their other" } })
          const theirSet = yield* otherClient.bookkeeping.createEntrySet({
            payload: {
              date,
              entries: [{ account_id: theirCash.id, amount: 1 }, { account_id: theirOther.id, amount: -1 }]
            }
          })
          const theirEntry = theirSet.entries[0]?.id ?? ""
          const pairs: ReadonlyArray<readonly [string, string, string]> = [
            ["/bookkeeping_accounts/", theirCash.id, "bookkeeping_account_doesnotexist"],
            ["/bookkeeping_accounts/", `${theirCash.id}/balance`, "bookkeeping_account_doesnotexist/balance"],
            ["/bookkeeping_entry_sets/", theirSet.id, "bookkeeping_entry_set_doesnotexist"],
            ["/bookkeeping_entries/", theirEntry, "bookkeeping_entry_doesnotexist"],
            ["/unbookkept_cash_transactions?bookkeeping_account_id=", theirCash.id, "bookkeeping_account_doesnotexist"]
          ]
          for (const [prefix, theirs, unknown] of pairs) {
            expectSameNotFound(
              yield* http.get(`${prefix}${theirs}`),
              theirs.replace("/balance", ""),
              yield* http.get(`${prefix}${unknown}`),
              unknown.replace("/balance", "")
            )
          }
          const entriesOfTheirs = yield* server.client.bookkeeping.listEntries({
            query: { account_id: theirCash.id }
          })
          expect(entriesOfTheirs.data).toEqual([])
          const setsOfTheirs = yield* server.client.bookkeeping.listEntrySets({ query: {} })
          expect(setsOfTheirs.data.map((each) => each.id)).not.toContain(theirSet.id)
          const accounts = yield* server.client.bookkeeping.listAccounts({ query: {} })
          expect(accounts.data.map((each) => each.id)).not.toContain(theirCash.id)
        }))
    })
  })
}
