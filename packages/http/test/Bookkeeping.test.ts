import { describe, expect, it } from "@effect/vitest"
import * as TestDatabase from "@moneta/store/testing"
import { DateTime, Effect } from "effect"
import * as TestServer from "./support/TestServer.js"

for (const kind of TestDatabase.testDatabases) {
  describe(`bookkeeping (${kind})`, () => {
    it.layer(TestServer.layer(kind), { timeout: TestDatabase.timeout })((it) => {
      it.effect("creates, renames and lists bookkeeping accounts", () =>
        Effect.gen(function*() {
          const { client, accountId } = yield* TestServer.TestServer
          const cash = yield* client.bookkeeping.createAccount({
            payload: { name: "Cash", compliance_category: "commingled_cash", account_id: accountId as never }
          })
          expect(cash.type).toBe("bookkeeping_account")
          expect(cash.account_id).toBe(accountId)
          const renamed = yield* client.bookkeeping.updateAccount({
            path: { bookkeeping_account_id: cash.id },
            payload: { name: "Operating cash" }
          })
          expect(renamed.name).toBe("Operating cash")
          const page = yield* client.bookkeeping.listAccounts({ urlParams: {} })
          expect(page.data.map((account) => account.id)).toContain(cash.id)
        }))

      it.effect("books a balanced entry set and reports balances at a time", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const debit = yield* client.bookkeeping.createAccount({ payload: { name: "Debit side" } })
          const credit = yield* client.bookkeeping.createAccount({ payload: { name: "Credit side" } })
          const date = DateTime.unsafeMake("2026-01-15T12:00:00.000Z")
          const entrySet = yield* client.bookkeeping.createEntrySet({
            payload: {
              date,
              entries: [{ account_id: debit.id, amount: 500 }, { account_id: credit.id, amount: -500 }]
            }
          })
          expect(entrySet.entries).toHaveLength(2)
          expect(DateTime.formatIso(entrySet.date)).toBe("2026-01-15T12:00:00.000Z")
          const now = yield* client.bookkeeping.balance({ path: { bookkeeping_account_id: debit.id }, urlParams: {} })
          expect(now.balance).toBe(500)
          const before = yield* client.bookkeeping.balance({
            path: { bookkeeping_account_id: debit.id },
            urlParams: { at_time: DateTime.unsafeMake("2026-01-15T11:59:59.999Z") }
          })
          expect(before.balance).toBe(0)
        }))
    })
  })
}
