/** A whole wire transfer lifecycle driven by the official SDK (`increase` 0.583.x), as a client of the service would. */
import { describe, expect, layer } from "@effect/vitest"
import * as TestDatabase from "@moneta/store/testing"
import { Effect } from "effect"
import Increase from "increase"
import * as TestServer from "./support/TestServer.js"

const sdkFor = (server: TestServer.TestServerShape) =>
  new Increase({ apiKey: server.apiKey, baseURL: server.baseUrl, maxRetries: 0 })

for (const kind of TestDatabase.testDatabases) {
  describe(`wire transfers through the official SDK (${kind})`, () => {
    layer(TestServer.layer(kind), { timeout: TestDatabase.timeout })((it) => {
      it.effect(
        "external account, wire with approval, approve, submit, reverse, holds and balances",
        () =>
          Effect.gen(function*() {
            const server = yield* TestServer.TestServer
            const sdk = sdkFor(server)
            yield* Effect.promise(async () => {
              const account = await sdk.accounts.create({ name: "SDK wires" })
              await sdk.simulations.interestPayments.create({ account_id: account.id, amount: 50_000 })
              const accountNumber = await sdk.accountNumbers.create({ account_id: account.id, name: "Outgoing wires" })
              expect(accountNumber).toMatchObject({ status: "active", routing_number: "101050001" })
              expect((await sdk.accountNumbers.retrieve(accountNumber.id)).id).toBe(accountNumber.id)
              const numbers = await sdk.accountNumbers.list({ account_id: account.id, status: { in: ["active"] } })
              expect(numbers.data.map((number) => number.id)).toEqual([accountNumber.id])

              const external = await sdk.externalAccounts.create({
                account_number: "987654321",
                routing_number: "021000021",
                description: "Supplier"
              })
              expect((await sdk.externalAccounts.retrieve(external.id)).description).toBe("Supplier")
              const externals = await sdk.externalAccounts.list({
                status: { in: ["active"] },
                routing_number: "021000021"
              })
              expect(externals.data.map((item) => item.id)).toContain(external.id)

              const transfer = await sdk.wireTransfers.create({
                account_id: account.id,
                amount: 12_000,
                creditor: {
                  name: "Supplier Inc",
                  address: { unstructured: { line1: "1 Main St", line2: "Springfield" } }
                },
                remittance: { category: "unstructured", unstructured: { message: "Invoice 42" } },
                external_account_id: external.id,
                source_account_number_id: accountNumber.id,
                require_approval: true
              })
              expect(transfer).toMatchObject({
                status: "pending_approval",
                account_number: "987654321",
                routing_number: "021000021",
                currency: "USD",
                network: "wire",
                created_by: { category: "api_key" }
              })
              // The SDK sends its own Idempotency-Key on every POST; the object carries it.
              expect(transfer.idempotency_key).toMatch(/^stainless-node-retry-/)
              const awaiting = await sdk.wireTransfers.list({
                account_id: account.id,
                status: { in: ["pending_approval", "canceled"] }
              })
              expect(awaiting.data.map((item) => item.id)).toEqual([transfer.id])

              const holds = await sdk.pendingTransactions.list({
                account_id: account.id,
                category: { in: ["wire_transfer_instruction"] },
                status: { in: ["pending"] }
              })
              expect(holds.data.map((hold) => hold.id)).toEqual([transfer.pending_transaction_id])
              expect(await sdk.accounts.balance(account.id)).toMatchObject({
                current_balance: 50_000,
                available_balance: 38_000
              })

              const approved = await sdk.wireTransfers.approve(transfer.id)
              expect(approved.status).toBe("pending_creating")
              expect(approved.approval?.approved_by).toBeNull()
              const hold = await sdk.pendingTransactions.retrieve(transfer.pending_transaction_id ?? "")
              expect(hold.status).toBe("complete")

              const refused = await sdk.wireTransfers.cancel(transfer.id).then(() => null, (error: unknown) => error)
              expect(refused).toBeInstanceOf(Increase.InvalidOperationError)

              const submitted = await sdk.simulations.wireTransfers.submit(transfer.id)
              expect(submitted.status).toBe("complete")
              expect(submitted.submission?.input_message_accountability_data).toMatch(/^\d{8}MONETASB\d{6}$/)
              expect(submitted.unique_end_to_end_transaction_reference).not.toBeNull()

              const reversed = await sdk.simulations.wireTransfers.reverse(transfer.id)
              expect(reversed.status).toBe("reversed")
              const credit = await sdk.transactions.retrieve(reversed.reversal?.transaction_id ?? "")
              expect(credit).toMatchObject({ amount: 12_000, source: { category: "inbound_wire_reversal" } })
              // The credit's source is the SDK 0.583 Inbound Wire Reversal: the transfer's own reversal.
              expect(credit.source.inbound_wire_reversal).toEqual(reversed.reversal)
              expect(credit.source.inbound_wire_reversal?.return_reason_code).toBe("CUST")
              expect(await sdk.accounts.balance(account.id)).toMatchObject({
                current_balance: 50_000,
                available_balance: 50_000
              })

              const retrieved = await sdk.wireTransfers.retrieve(transfer.id)
              expect(retrieved).toEqual(reversed)

              const events = await sdk.events.list({ associated_object_id: transfer.id })
              expect(events.data.map((event) => event.category).sort()).toEqual([
                "wire_transfer.created",
                "wire_transfer.updated",
                "wire_transfer.updated",
                "wire_transfer.updated",
                "wire_transfer.updated"
              ])
            })
          }),
        180_000
      )

      it.effect("insufficient funds and unknown objects are the SDK's error classes", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const sdk = sdkFor(server)
          yield* Effect.promise(async () => {
            const account = await sdk.accounts.create({ name: "Empty" })
            const body = {
              account_id: account.id,
              amount: 1,
              creditor: { name: "Nobody" },
              remittance: { category: "unstructured" as const, unstructured: { message: "x" } },
              account_number: "123",
              routing_number: "021000021"
            }
            const broke = await sdk.wireTransfers.create(body).then(() => null, (error: unknown) => error)
            expect(broke).toBeInstanceOf(Increase.InvalidOperationError)
            const missing = await sdk.wireTransfers.retrieve("wire_transfer_missing").then(
              () => null,
              (error: unknown) => error
            )
            expect(missing).toBeInstanceOf(Increase.ObjectNotFoundError)
            const invalid = await sdk.wireTransfers.create({ ...body, external_account_id: "external_account_x" })
              .then(() => null, (error: unknown) => error)
            expect(invalid).toBeInstanceOf(Increase.InvalidParametersError)
          })
        }), 180_000)
    })
  })
}
