/**
 * The sandbox's wire outcome destinations (decisions.md, "Sandbox wire
 * outcomes") through the HTTP API and the official SDK: the statuses an
 * ordinary transfer never reaches, their money and their events. (That a live
 * server treats them as ordinary destinations is the domain's test.)
 */
import { describe, expect, layer } from "@effect/vitest"
import { PendingTransactionId, TransactionId, type WireTransferId } from "@moneta/domain/Ids"
import { sandboxAccountNumbers } from "@moneta/domain/WireTransfer"
import * as TestDatabase from "@moneta/store/testing"
import { Effect } from "effect"
import Increase from "increase"
import * as TestServer from "./support/TestServer.js"
import { balanceOf, eventCategoriesOf, fundedAccount, wireBody } from "./support/Wires.js"

const byId = (id: WireTransferId) => ({ params: { wire_transfer_id: id } })

const outcomeTag = <A, E extends { readonly _tag: string }, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.match(effect, { onFailure: (error) => error._tag, onSuccess: () => "accepted" })

for (const kind of TestDatabase.testDatabases) {
  describe(`sandbox wire outcomes (${kind})`, () => {
    layer(TestServer.layer(kind), { timeout: TestDatabase.timeout })((it) => {
      it.effect("review: pending_reviewing holds the amount; the submit passes it to complete", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const accountId = yield* fundedAccount(client, 10_000)
          const transfer = yield* client.wireTransfers.create({
            payload: wireBody(accountId, 4_000, { account_number: sandboxAccountNumbers.review_passes })
          })
          expect(transfer).toMatchObject({ status: "pending_reviewing", transaction_id: null })
          expect(transfer.pending_transaction_id).not.toBeNull()
          expect(yield* balanceOf(client, accountId)).toEqual({ current: 10_000, available: 6_000 })
          expect(yield* outcomeTag(client.wireTransfers.cancel(byId(transfer.id)))).toBe("InvalidOperationError")
          const complete = yield* client.wireTransferSimulations.submit(byId(transfer.id))
          expect(complete.status).toBe("complete")
          expect(complete.submission).not.toBeNull()
          const debit = yield* client.transactions.retrieve({
            params: { transaction_id: TransactionId.make(complete.transaction_id ?? "") }
          })
          expect(debit).toMatchObject({ amount: -4_000, source: { category: "wire_transfer_intention" } })
          expect(yield* balanceOf(client, accountId)).toEqual({ current: 6_000, available: 6_000 })
          // created; reviewed (pending_creating), submitted, completed
          expect(yield* eventCategoriesOf(client, transfer.id)).toEqual([
            "wire_transfer.created",
            "wire_transfer.updated",
            "wire_transfer.updated",
            "wire_transfer.updated"
          ])
        }))

      it.effect("an approved transfer to a reviewed destination is reviewed; rejected, its hold is released", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const accountId = yield* fundedAccount(client, 10_000)
          const transfer = yield* client.wireTransfers.create({
            payload: wireBody(accountId, 2_500, {
              account_number: sandboxAccountNumbers.review_rejects,
              require_approval: true
            })
          })
          expect(transfer.status).toBe("pending_approval")
          const approved = yield* client.wireTransfers.approve(byId(transfer.id))
          expect(approved).toMatchObject({ status: "pending_reviewing", transaction_id: null })
          expect(approved.approval).not.toBeNull()
          expect(yield* balanceOf(client, accountId)).toEqual({ current: 10_000, available: 7_500 })
          const rejected = yield* client.wireTransferSimulations.submit(byId(transfer.id))
          expect(rejected).toMatchObject({ status: "rejected", transaction_id: null, submission: null })
          expect(yield* balanceOf(client, accountId)).toEqual({ current: 10_000, available: 10_000 })
          const hold = yield* client.pendingTransactions.retrieve({
            params: { pending_transaction_id: PendingTransactionId.make(rejected.pending_transaction_id ?? "") }
          })
          expect(hold.status).toBe("complete")
          for (const action of ["submit", "reverse"] as const) {
            expect(yield* outcomeTag(client.wireTransferSimulations[action](byId(transfer.id)))).toBe(
              "InvalidOperationError"
            )
          }
          expect(yield* eventCategoriesOf(client, transfer.id)).toEqual([
            "wire_transfer.created",
            "wire_transfer.updated",
            "wire_transfer.updated"
          ])
        }))

      it.effect("requires_attention and submitted are where the submit stops; the next submit completes them", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const accountId = yield* fundedAccount(client, 10_000)
          for (
            const [outcome, stop] of [["requires_attention", "requires_attention"], [
              "stays_submitted",
              "submitted"
            ]] as const
          ) {
            const transfer = yield* client.wireTransfers.create({
              payload: wireBody(accountId, 1_000, { account_number: sandboxAccountNumbers[outcome] })
            })
            expect(transfer.status).toBe("pending_creating")
            const stopped = yield* client.wireTransferSimulations.submit(byId(transfer.id))
            expect(stopped.status).toBe(stop)
            expect(yield* outcomeTag(client.wireTransferSimulations.reverse(byId(transfer.id)))).toBe(
              "InvalidOperationError"
            )
            expect((yield* client.wireTransferSimulations.submit(byId(transfer.id))).status).toBe("complete")
            expect((yield* client.wireTransferSimulations.reverse(byId(transfer.id))).status).toBe("reversed")
          }
          expect(yield* balanceOf(client, accountId)).toEqual({ current: 10_000, available: 10_000 })
        }))

      it.effect("the official SDK sees pending_reviewing and rejected", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const sdk = new Increase({ apiKey: server.apiKey, baseURL: server.baseUrl, maxRetries: 0 })
          yield* Effect.promise(async () => {
            const account = await sdk.accounts.create({ name: "SDK wire outcomes" })
            await sdk.simulations.interestPayments.create({ account_id: account.id, amount: 5_000 })
            const transfer = await sdk.wireTransfers.create({
              account_id: account.id,
              amount: 1_200,
              creditor: { name: "Review Me" },
              remittance: { category: "unstructured", unstructured: { message: "Invoice 7" } },
              account_number: sandboxAccountNumbers.review_rejects,
              routing_number: "021000021"
            })
            expect(transfer.status).toBe("pending_reviewing")
            const listed = await sdk.wireTransfers.list({ status: { in: ["pending_reviewing"] } })
            expect(listed.data.map((item) => item.id)).toContain(transfer.id)
            const rejected = await sdk.simulations.wireTransfers.submit(transfer.id)
            expect(rejected.status).toBe("rejected")
            expect(await sdk.accounts.balance(account.id)).toMatchObject({
              current_balance: 5_000,
              available_balance: 5_000
            })
          })
        }), 180_000)
    })
  })
}
