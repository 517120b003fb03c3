/** The resources wires rely on: external accounts, account numbers, pending transactions and balances. */
import { describe, expect, layer } from "@effect/vitest"
import { AccountId, AccountNumberId, ExternalAccountId, PendingTransactionId } from "@moneta/domain/Ids"
import { RoutingNumber } from "@moneta/domain/RoutingNumber"
import * as TestDatabase from "@moneta/store/testing"
import { DateTime, Effect } from "effect"
import { TestClock } from "effect/testing"
import * as TestServer from "./support/TestServer.js"
import { balanceOf, eventCategoriesOf, fundedAccount, objectBody, send, wireBody } from "./support/Wires.js"

const ids = (page: { readonly data: ReadonlyArray<{ readonly id: string }> }) => page.data.map((item) => item.id)

for (const kind of TestDatabase.testDatabases) {
  describe(`wire transfer resources (${kind})`, () => {
    layer(TestServer.layer(kind), { timeout: TestDatabase.timeout })((it) => {
      it.effect("external accounts are created, retrieved, listed by filter and archived", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const { client } = server
          const keyed = yield* send(server, "POST", "/external_accounts", {
            body: {
              account_number: "11112222",
              routing_number: "021000021",
              description: "Payroll",
              account_holder: "business",
              funding: "savings"
            },
            idempotencyKey: "external-payroll"
          })
          expect(keyed.status).toBe(200)
          const payroll = objectBody(keyed)
          expect(payroll).toMatchObject({
            type: "external_account",
            account_holder: "business",
            funding: "savings",
            status: "active",
            idempotency_key: "external-payroll"
          })
          const payrollId = ExternalAccountId.make(String(payroll["id"]))
          const other = yield* client.externalAccounts.create({
            payload: { account_number: "3333", routing_number: RoutingNumber.make("101050001"), description: "Rent" }
          })
          expect(yield* client.externalAccounts.retrieve({ params: { external_account_id: other.id } })).toEqual(other)
          expect(ids(yield* client.externalAccounts.list({ query: { idempotency_key: "external-payroll" } })))
            .toEqual([payrollId])
          expect(
            ids(yield* client.externalAccounts.list({ query: { routing_number: RoutingNumber.make("101050001") } }))
          )
            .toContain(other.id)
          const archived = yield* client.externalAccounts.update({
            params: { external_account_id: other.id },
            payload: { status: "archived", description: "Old rent" }
          })
          expect(archived).toMatchObject({ status: "archived", description: "Old rent" })
          const active = ids(yield* client.externalAccounts.list({ query: { "status.in": ["active"] } }))
          expect(active).toContain(payrollId)
          expect(active).not.toContain(other.id)
          expect(ids(yield* client.externalAccounts.list({ query: { "status.in": ["archived"] } }))).toEqual([
            other.id
          ])
          expect(yield* eventCategoriesOf(client, other.id)).toEqual([
            "external_account.created",
            "external_account.updated"
          ])
          const bad = yield* send(server, "POST", "/external_accounts", {
            body: { account_number: "12ab", routing_number: "021000022", description: "" }
          })
          expect(bad.status).toBe(400)
          const missing = yield* Effect.flip(
            client.externalAccounts.retrieve({
              params: { external_account_id: ExternalAccountId.make("external_account_none") }
            })
          )
          expect(missing._tag).toBe("ObjectNotFoundError")
        }))

      it.effect("account numbers are created for an account, retrieved and listed by filter", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const accountId = AccountId.make(yield* fundedAccount(client, 0))
          const first = yield* client.accountNumbers.create({ payload: { account_id: accountId, name: "Main" } })
          expect(first).toMatchObject({
            account_id: accountId,
            name: "Main",
            status: "active",
            routing_number: "101050001",
            inbound_ach: { debit_status: "allowed" },
            inbound_checks: { status: "check_transfers_only" }
          })
          expect(first.account_number).toMatch(/^[1-9]\d{11}$/)
          const blocked = yield* client.accountNumbers.create({
            payload: { account_id: accountId, name: "No debits", inbound_ach: { debit_status: "blocked" } }
          })
          expect(blocked.account_number).not.toBe(first.account_number)
          expect(yield* client.accountNumbers.retrieve({ params: { account_number_id: first.id } })).toEqual(first)
          expect(ids(yield* client.accountNumbers.list({ query: { account_id: accountId } }))).toEqual([
            blocked.id,
            first.id
          ])
          expect(
            ids(
              yield* client.accountNumbers.list({
                query: { account_id: accountId, "ach_debit_status.in": ["blocked"] }
              })
            )
          )
            .toEqual([blocked.id])
          expect(
            ids(yield* client.accountNumbers.list({ query: { account_id: accountId, "status.in": ["canceled"] } }))
          ).toEqual([])
          expect(yield* eventCategoriesOf(client, first.id)).toEqual(["account_number.created"])
          const unknownAccount = yield* Effect.flip(
            client.accountNumbers.create({ payload: { account_id: AccountId.make("account_none"), name: "x" } })
          )
          expect(unknownAccount._tag).toBe("ObjectNotFoundError")
          const unknownNumber = yield* Effect.flip(
            client.accountNumbers.retrieve({
              params: { account_number_id: AccountNumberId.make("account_number_none") }
            })
          )
          expect(unknownNumber._tag).toBe("ObjectNotFoundError")
        }))

      it.effect("pending transactions are listed by account, status, category and creation time", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const { client } = server
          const accountId = AccountId.make(yield* fundedAccount(client, 10_000))
          const first = yield* client.wireTransfers.create({
            payload: wireBody(accountId, 1_000, { require_approval: true })
          })
          yield* TestClock.adjust("1 minute")
          const second = yield* client.wireTransfers.create({
            payload: wireBody(accountId, 2_000, { require_approval: true })
          })
          yield* client.wireTransfers.cancel({ params: { wire_transfer_id: first.id } })
          const firstHold = PendingTransactionId.make(first.pending_transaction_id ?? "")
          const secondHold = PendingTransactionId.make(second.pending_transaction_id ?? "")

          expect(ids(yield* client.pendingTransactions.list({ query: { account_id: accountId } }))).toEqual([
            secondHold,
            firstHold
          ])
          expect(
            ids(
              yield* client.pendingTransactions.list({ query: { account_id: accountId, "status.in": ["pending"] } })
            )
          )
            .toEqual([secondHold])
          expect(
            ids(
              yield* client.pendingTransactions.list({
                query: { account_id: accountId, "status.in": ["complete"] }
              })
            )
          )
            .toEqual([firstHold])
          expect(ids(
            yield* client.pendingTransactions.list({
              query: { account_id: accountId, "category.in": ["wire_transfer_instruction", "card_authorization"] }
            })
          )).toEqual([secondHold, firstHold])
          expect(
            ids(
              yield* client.pendingTransactions.list({
                query: { account_id: accountId, "category.in": ["card_authorization"] }
              })
            )
          )
            .toEqual([])
          const secondPending = yield* client.pendingTransactions.retrieve({
            params: { pending_transaction_id: secondHold }
          })
          expect(ids(
            yield* client.pendingTransactions.list({
              query: { account_id: accountId, "created_at.on_or_after": secondPending.created_at }
            })
          )).toEqual([secondHold])
          expect(ids(
            yield* client.pendingTransactions.list({
              query: { account_id: accountId, "created_at.before": secondPending.created_at }
            })
          )).toEqual([firstHold])
          expect(ids(yield* client.pendingTransactions.list({ query: { account_id: accountId, limit: 1 } })))
            .toEqual([secondHold])
          expect(yield* balanceOf(client, accountId)).toEqual({ current: 10_000, available: 8_000 })
          const unknownCategory = yield* send(
            server,
            "GET",
            `/pending_transactions?category.in=wire_transfer_instruction,teleport`
          )
          expect(unknownCategory.status).toBe(400)
          const missing = yield* Effect.flip(
            client.pendingTransactions.retrieve({
              params: { pending_transaction_id: PendingTransactionId.make("pending_transaction_none") }
            })
          )
          expect(missing._tag).toBe("ObjectNotFoundError")
        }))

      it.effect("a balance at a past instant counts the holds open then", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const accountId = AccountId.make(yield* fundedAccount(client, 10_000))
          yield* TestClock.adjust("1 minute")
          const transfer = yield* client.wireTransfers.create({
            payload: wireBody(accountId, 3_000, { require_approval: true })
          })
          yield* TestClock.adjust("1 minute")
          yield* client.wireTransfers.approve({ params: { wire_transfer_id: transfer.id } })
          const at = (time: typeof transfer.created_at) =>
            Effect.map(
              client.accounts.balance({ params: { account_id: accountId }, query: { at_time: time } }),
              (lookup) => ({ current: lookup.current_balance, available: lookup.available_balance })
            )
          expect(yield* at(DateTime.subtract(transfer.created_at, { milliseconds: 1 }))).toEqual({
            current: 10_000,
            available: 10_000
          })
          expect(yield* at(transfer.created_at)).toEqual({ current: 10_000, available: 7_000 })
          expect(yield* at(DateTime.add(transfer.created_at, { seconds: 30 }))).toEqual({
            current: 10_000,
            available: 7_000
          })
          expect(yield* at(DateTime.add(transfer.created_at, { minutes: 2 }))).toEqual({
            current: 7_000,
            available: 7_000
          })
          expect(yield* balanceOf(client, accountId)).toEqual({ current: 7_000, available: 7_000 })
        }))
    })
  })
}
