/**
 * Accounts and account numbers after creation, through the HTTP layer and the
 * store: `PATCH /accounts/{id}`, `POST /accounts/{id}/close` (only at a zero
 * balance; a closed account moves no money) and `PATCH /account_numbers/{id}`
 * (status transitions, name, inbound settings), each with its `*.updated` event.
 */
import { describe, expect, layer } from "@effect/vitest"
import { AccountId, AccountNumberId } from "@moneta/domain/Ids"
import * as TestDatabase from "@moneta/store/testing"
import { Effect } from "effect"
import { expectError, expectInvalidParameters, expectNotFound, expectNothingWritten, raw } from "./support/Requests.js"
import * as TestServer from "./support/TestServer.js"
import { eventCategoriesOf, fundedAccount, wireBody } from "./support/Wires.js"

for (const kind of TestDatabase.testDatabases) {
  describe(`account lifecycle (${kind})`, () => {
    layer(TestServer.layer(kind), { timeout: TestDatabase.timeout })((it) => {
      it.effect("renames an account with account.updated; loan terms are 400 and unknown ids 404", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const http = raw(server)
          const account = yield* server.client.accounts.create({ payload: { name: "Before" } })
          const renamed = yield* server.client.accounts.update({
            params: { account_id: account.id },
            payload: { name: "After" }
          })
          expect(renamed).toEqual({ ...account, name: "After" })
          expect(yield* server.client.accounts.retrieve({ params: { account_id: account.id } })).toEqual(renamed)
          expect(yield* eventCategoriesOf(server.client, account.id)).toEqual(["account.created", "account.updated"])
          yield* expectNothingWritten(
            server.client,
            Effect.gen(function*() {
              expectInvalidParameters(yield* http.patch(`/accounts/${account.id}`, { loan: { credit_limit: 100 } }), [
                "loan"
              ])
              expectInvalidParameters(yield* http.patch(`/accounts/${account.id}`, { name: "" }), ["name"])
              expectInvalidParameters(yield* http.patch(`/accounts/${account.id}`, { status: "closed" }), ["status"])
              expectNotFound(yield* http.patch("/accounts/account_doesnotexist", { name: "x" }))
              expectNotFound(yield* http.post("/accounts/account_doesnotexist/close", undefined))
            })
          )
        }))

      it.effect("closes only at a zero balance, and a closed account takes no change and moves no money", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const http = raw(server)
          const funded = yield* fundedAccount(server.client, 500)
          yield* expectNothingWritten(
            server.client,
            Effect.gen(function*() {
              const refused = expectError(
                yield* http.post(`/accounts/${funded}/close`, undefined),
                409,
                "invalid_operation_error"
              )
              expect(refused.detail).toContain("current balance 500")
            })
          )
          // money held by a pending wire also keeps the account open
          const held = yield* fundedAccount(server.client, 300)
          yield* server.client.wireTransfers.create({ payload: wireBody(held, 300, { require_approval: true }) })
          const refusedHeld = expectError(
            yield* http.post(`/accounts/${held}/close`, undefined),
            409,
            "invalid_operation_error"
          )
          expect(refusedHeld.detail).toContain("pending holds 300")

          const empty = yield* server.client.accounts.create({ payload: { name: "To close" } })
          const closed = yield* server.client.accounts.close({ params: { account_id: empty.id } })
          expect(closed).toMatchObject({ id: empty.id, status: "closed" })
          expect(closed.closed_at).not.toBeNull()
          expect(yield* eventCategoriesOf(server.client, empty.id)).toEqual(["account.created", "account.updated"])
          const listed = yield* server.client.accounts.list({ query: { "status.in": ["closed"] } })
          expect(listed.data.map((each) => each.id)).toContain(empty.id)

          yield* expectNothingWritten(
            server.client,
            Effect.gen(function*() {
              const again = expectError(
                yield* http.post(`/accounts/${empty.id}/close`, undefined),
                409,
                "invalid_operation_error"
              )
              expect(again.detail).toContain("closed")
              expectError(yield* http.patch(`/accounts/${empty.id}`, { name: "x" }), 409, "invalid_operation_error")
              expectError(
                yield* http.post("/simulations/interest_payments", { account_id: empty.id, amount: 100 }),
                409,
                "invalid_operation_error"
              )
              expectError(
                yield* http.post("/account_numbers", { account_id: empty.id, name: "Too late" }),
                409,
                "invalid_operation_error"
              )
              expectError(yield* http.post("/wire_transfers", wireBody(empty.id, 1)), 409, "invalid_operation_error")
            })
          )
        }))

      it.effect("a replayed close answers the first close", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const http = raw(server)
          const account = yield* server.client.accounts.create({ payload: { name: "Replayed close" } })
          const headers = { "idempotency-key": `close-${account.id}` }
          const first = yield* http.post(`/accounts/${account.id}/close`, undefined, { headers })
          const second = yield* http.post(`/accounts/${account.id}/close`, undefined, { headers })
          expect(first.status).toBe(200)
          expect(second.status).toBe(200)
          expect(second.body).toEqual(first.body)
          expect(second.headers.get("idempotent-replayed")).toBe("true")
        }))

      it.effect("changes an account number's status, name and inbound settings, with account_number.updated", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const http = raw(server)
          const number = yield* server.client.accountNumbers.create({
            payload: { account_id: AccountId.make(server.accountId), name: "Rent" }
          })
          const params = { account_number_id: number.id }
          const disabled = yield* server.client.accountNumbers.update({
            params,
            payload: { status: "disabled", name: "Old rent", inbound_ach: { debit_status: "blocked" } }
          })
          expect(disabled).toEqual({
            ...number,
            status: "disabled",
            name: "Old rent",
            inbound_ach: { debit_status: "blocked" }
          })
          const active = yield* server.client.accountNumbers.update({
            params,
            payload: { status: "active", inbound_checks: { status: "allowed" } }
          })
          expect(active).toMatchObject({
            status: "active",
            inbound_ach: { debit_status: "blocked" },
            inbound_checks: { status: "allowed" }
          })
          const blocked = yield* server.client.accountNumbers.list({ query: { "ach_debit_status.in": ["blocked"] } })
          expect(blocked.data.map((each) => each.id)).toContain(number.id)
          const canceled = yield* server.client.accountNumbers.update({ params, payload: { status: "canceled" } })
          expect(canceled.status).toBe("canceled")
          expect(yield* eventCategoriesOf(server.client, number.id)).toEqual([
            "account_number.created",
            "account_number.updated",
            "account_number.updated",
            "account_number.updated"
          ])
          yield* expectNothingWritten(
            server.client,
            Effect.gen(function*() {
              const final = expectError(
                yield* http.patch(`/account_numbers/${number.id}`, { status: "active" }),
                409,
                "invalid_operation_error"
              )
              expect(final.detail).toContain("canceled")
              expectError(
                yield* http.patch(`/account_numbers/${number.id}`, { name: "x" }),
                409,
                "invalid_operation_error"
              )
              expectInvalidParameters(yield* http.patch(`/account_numbers/${number.id}`, { status: "paused" }), [
                "status"
              ])
              expectInvalidParameters(
                yield* http.patch(`/account_numbers/${number.id}`, { inbound_checks: {} }),
                ["inbound_checks.status"]
              )
              expectNotFound(yield* http.patch("/account_numbers/account_number_doesnotexist", { name: "x" }))
            })
          )
        }))

      it.effect("an account number of a closed account cannot be made active again", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const http = raw(server)
          const account = yield* server.client.accounts.create({ payload: { name: "Closing with a number" } })
          const number = yield* server.client.accountNumbers.create({
            payload: { account_id: account.id, name: "Soon disabled" }
          })
          const params = { account_number_id: AccountNumberId.make(number.id) }
          yield* server.client.accountNumbers.update({ params, payload: { status: "disabled" } })
          yield* server.client.accounts.close({ params: { account_id: account.id } })
          expectError(
            yield* http.patch(`/account_numbers/${number.id}`, { status: "active" }),
            409,
            "invalid_operation_error"
          )
          const renamed = yield* server.client.accountNumbers.update({ params, payload: { name: "Renamed" } })
          expect(renamed).toMatchObject({ status: "disabled", name: "Renamed" })
        }))
    })
  })
}
