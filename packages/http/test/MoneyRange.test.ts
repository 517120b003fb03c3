/**
 * Amounts and balances past 2^53 − 1 (issue 9, item 4): a request whose
 * effect would take an account's or a bookkeeping account's balance out of
 * the range JSON numbers carry exactly is refused with 409
 * `invalid_operation_error`, writes nothing, and every balance stays readable.
 */
import { describe, expect, layer } from "@effect/vitest"
import * as TestDatabase from "@moneta/store/testing"
import { Effect } from "effect"
import { field } from "./support/RawHttp.js"
import { expectError, expectNothingWritten, raw } from "./support/Requests.js"
import * as TestServer from "./support/TestServer.js"
import { wireBody } from "./support/Wires.js"

const max = Number.MAX_SAFE_INTEGER

const idOf = (body: unknown) => String(field(body, "id"))

for (const kind of TestDatabase.testDatabases) {
  describe(`money beyond 2^53 - 1 (${kind})`, () => {
    layer(TestServer.layer(kind), { timeout: TestDatabase.timeout })((it) => {
      it.effect("an interest payment past the largest balance is refused; wires and holds still work and balances stay readable", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const http = raw(server)
          const accountId = idOf((yield* http.post("/accounts", { name: "Full" })).body)
          expect((yield* http.post("/simulations/interest_payments", { account_id: accountId, amount: max })).status)
            .toBe(200)
          yield* expectNothingWritten(
            server.client,
            Effect.gen(function*() {
              const refused = yield* http.post("/simulations/interest_payments", { account_id: accountId, amount: 1 })
              expect(expectError(refused, 409, "invalid_operation_error").detail).toContain(String(max))
            })
          )
          expect((yield* http.get(`/accounts/${accountId}/balance`)).body).toMatchObject({
            current_balance: max,
            available_balance: max
          })
          // A wire holds the whole balance: available goes to 0, and a credit is still refused on the current balance.
          const wire = yield* http.post("/wire_transfers", wireBody(accountId, max, { require_approval: true }))
          expect(wire.status).toBe(200)
          expect((yield* http.get(`/accounts/${accountId}/balance`)).body).toMatchObject({
            current_balance: max,
            available_balance: 0
          })
          expectError(
            yield* http.post("/simulations/interest_payments", { account_id: accountId, amount: 1 }),
            409,
            "invalid_operation_error"
          )
          expect((yield* http.post(`/wire_transfers/${idOf(wire.body)}/cancel`, undefined)).status).toBe(200)
          expect((yield* http.get(`/accounts/${accountId}/balance`)).body).toMatchObject({
            current_balance: max,
            available_balance: max
          })
        }))

      it.effect("an entry set past the largest bookkeeping balance is refused, at any date", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const http = raw(server)
          const [assets, equity, other] = yield* Effect.forEach(
            ["Assets", "Equity", "Other"],
            (name) => Effect.map(http.post("/bookkeeping_accounts", { name }), (answer) => idOf(answer.body))
          )
          const entrySet = (date: string, entries: ReadonlyArray<readonly [string | undefined, number]>) =>
            http.post("/bookkeeping_entry_sets", {
              date,
              entries: entries.map(([account_id, amount]) => ({ account_id, amount }))
            })
          expect((yield* entrySet("2026-01-02T00:00:00Z", [[assets, max], [equity, -max]])).status).toBe(200)
          yield* expectNothingWritten(
            server.client,
            Effect.gen(function*() {
              expectError(
                yield* entrySet("2026-01-03T00:00:00Z", [[assets, max], [equity, -max]]),
                409,
                "invalid_operation_error"
              )
              expectError(
                yield* entrySet("2026-01-03T00:00:00Z", [[assets, 1], [other, -1]]),
                409,
                "invalid_operation_error"
              )
              // Dated earlier, +1 then the later +max would show max + 1 at 2026-01-02.
              expectError(
                yield* entrySet("2026-01-01T00:00:00Z", [[assets, 1], [other, -1]]),
                409,
                "invalid_operation_error"
              )
            })
          )
          // Taking money out first keeps every dated balance in range.
          expect((yield* entrySet("2026-01-03T00:00:00Z", [[assets, -5], [other, 5]])).status).toBe(200)
          expect((yield* entrySet("2026-01-04T00:00:00Z", [[assets, 5], [other, -5]])).status).toBe(200)
          expect((yield* http.get(`/bookkeeping_accounts/${assets}/balance`)).body).toMatchObject({ balance: max })
          expect((yield* http.get(`/bookkeeping_accounts/${equity}/balance`)).body).toMatchObject({ balance: -max })
          expect((yield* http.get(`/bookkeeping_accounts/${assets}/balance?at_time=2026-01-03T12:00:00Z`)).body)
            .toMatchObject({
              balance: max - 5
            })
        }))

      it.effect("amounts past 2^53 - 1, or entries that only sum to zero in floating point, are 400", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const http = raw(server)
          const accountId = idOf((yield* http.post("/accounts", { name: "Edge" })).body)
          const [a, b] = yield* Effect.forEach(
            ["A", "B"],
            (name) => Effect.map(http.post("/bookkeeping_accounts", { name }), (answer) => idOf(answer.body))
          )
          yield* expectNothingWritten(
            server.client,
            Effect.gen(function*() {
              expectError(
                yield* http.post(
                  "/simulations/interest_payments",
                  `{"account_id":"${accountId}","amount":9007199254740992}`
                ),
                400,
                "invalid_parameters_error"
              )
              expectError(
                yield* http.post("/wire_transfers", { ...wireBody(accountId, 1), amount: 2 ** 53 }),
                400,
                "invalid_parameters_error"
              )
              expectError(
                yield* http.post("/bookkeeping_entry_sets", {
                  date: "2026-01-01T00:00:00Z",
                  entries: [[a, max], [a, 2], [b, -max], [b, -1]].map(([account_id, amount]) => ({
                    account_id,
                    amount
                  }))
                }),
                400,
                "invalid_parameters_error"
              )
            })
          )
        }))
    })
  })
}
