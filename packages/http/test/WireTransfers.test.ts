import { describe, expect, layer } from "@effect/vitest"
import { AccountId, ExternalAccountId, PendingTransactionId, TransactionId, WireTransferId } from "@moneta/domain/Ids"
import { RoutingNumber } from "@moneta/domain/RoutingNumber"
import type { WireTransfer } from "@moneta/domain/WireTransfer"
import * as TestDatabase from "@moneta/store/testing"
import { DateTime, Effect } from "effect"
import { TestClock } from "effect/testing"
import * as TestServer from "./support/TestServer.js"
import { balanceOf, eventCategoriesOf, fundedAccount, objectBody, send, wireBody } from "./support/Wires.js"

type Action = "approve" | "cancel" | "submit" | "reverse"

const act = (client: TestServer.Client, action: Action, id: WireTransferId) => {
  const byId = { params: { wire_transfer_id: id } }
  switch (action) {
    case "approve":
      return client.wireTransfers.approve(byId)
    case "cancel":
      return client.wireTransfers.cancel(byId)
    case "submit":
      return client.wireTransferSimulations.submit(byId)
    case "reverse":
      return client.wireTransferSimulations.reverse(byId)
  }
}

/** A transfer brought to `status` through the API, from a new account funded with 10 000. */
const transferIn = (client: TestServer.Client, status: WireTransfer["status"]) =>
  Effect.gen(function*() {
    const accountId = yield* fundedAccount(client, 10_000)
    const approval = status === "pending_approval" || status === "canceled"
    let transfer = yield* client.wireTransfers.create({
      payload: wireBody(accountId, 2_500, { require_approval: approval })
    })
    if (status === "canceled") transfer = yield* act(client, "cancel", transfer.id)
    if (status === "complete" || status === "reversed") transfer = yield* act(client, "submit", transfer.id)
    if (status === "reversed") transfer = yield* act(client, "reverse", transfer.id)
    expect(transfer.status).toBe(status)
    return { accountId, transfer }
  })

/** Which actions each reachable status allows (decisions.md g); everything else is 409. */
const legal: Record<string, ReadonlyArray<Action>> = {
  pending_approval: ["approve", "cancel", "submit"],
  pending_creating: ["submit"],
  canceled: [],
  complete: ["reverse"],
  reversed: []
}

for (const kind of TestDatabase.testDatabases) {
  describe(`wire transfers (${kind})`, () => {
    layer(TestServer.layer(kind), { timeout: TestDatabase.timeout })((it) => {
      it.effect("a transfer without approval debits the account at once and is pending_creating", () =>
        Effect.gen(function*() {
          const { client, accountId } = yield* TestServer.TestServer
          const before = yield* balanceOf(client, accountId)
          const transfer = yield* client.wireTransfers.create({ payload: wireBody(accountId, 12_345) })
          expect(transfer.status).toBe("pending_creating")
          expect(transfer.pending_transaction_id).toBeNull()
          expect(transfer.created_by).toEqual({
            category: "api_key",
            api_key: { description: "Created at start-up" },
            oauth_application: null,
            user: null
          })
          // No debtor in the body: the seeded account's entity is the debtor.
          expect(transfer.debtor?.name).toBe("Ada Lovelace")
          expect(transfer.debtor?.address?.unstructured?.line1).toBe("1 Analytical Way")
          expect(transfer.debtor?.address?.unstructured?.line2).toBe("New York, NY 10001")
          expect(transfer.approval).toBeNull()
          expect(transfer.submission).toBeNull()
          const transactionId = transfer.transaction_id
          expect(transactionId).not.toBeNull()
          const transaction = yield* client.transactions.retrieve({
            params: { transaction_id: TransactionId.make(transactionId ?? "") }
          })
          expect(transaction.amount).toBe(-12_345)
          expect(transaction.source).toMatchObject({
            category: "wire_transfer_intention",
            wire_transfer_intention: { transfer_id: transfer.id, amount: 12_345, message_to_recipient: "Invoice 1234" }
          })
          expect(yield* balanceOf(client, accountId)).toEqual({
            current: before.current - 12_345,
            available: before.available - 12_345
          })
          expect(yield* eventCategoriesOf(client, transfer.id)).toEqual(["wire_transfer.created"])
          expect(yield* eventCategoriesOf(client, transaction.id)).toEqual(["transaction.created"])
          const retrieved = yield* client.wireTransfers.retrieve({ params: { wire_transfer_id: transfer.id } })
          expect(retrieved).toEqual(transfer)
        }))

      it.effect("a group without any entity opens accounts of no entity, whose wires name no debtor", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const client = yield* server.clientFor((yield* server.newGroup()).apiKey)
          const accountId = yield* fundedAccount(client, 10_000)
          const account = yield* client.accounts.retrieve({ params: { account_id: AccountId.make(accountId) } })
          expect(account.entity_id).toBeNull()
          const transfer = yield* client.wireTransfers.create({ payload: wireBody(accountId, 1_000) })
          expect(transfer.debtor).toBeNull()
        }))

      it.effect("a transfer that requires approval holds the amount in a pending transaction", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const accountId = yield* fundedAccount(client, 10_000)
          const transfer = yield* client.wireTransfers.create({
            payload: wireBody(accountId, 4_000, { require_approval: true })
          })
          expect(transfer.status).toBe("pending_approval")
          expect(transfer.transaction_id).toBeNull()
          // An account opened without entity_id belongs to the group's entity, the debtor.
          expect(transfer.debtor?.name).toBe("Ada Lovelace")
          const holdId = PendingTransactionId.make(transfer.pending_transaction_id ?? "")
          const hold = yield* client.pendingTransactions.retrieve({ params: { pending_transaction_id: holdId } })
          expect(hold).toMatchObject({ status: "pending", amount: -4_000, held_amount: -4_000, completed_at: null })
          expect(hold.source).toMatchObject({
            category: "wire_transfer_instruction",
            wire_transfer_instruction: { transfer_id: transfer.id, amount: 4_000 }
          })
          expect(yield* balanceOf(client, accountId)).toEqual({ current: 10_000, available: 6_000 })
          expect(yield* eventCategoriesOf(client, holdId)).toEqual(["pending_transaction.created"])
        }))

      it.effect("approving completes the hold and posts the debit", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const { accountId, transfer } = yield* transferIn(client, "pending_approval")
          const approved = yield* client.wireTransfers.approve({ params: { wire_transfer_id: transfer.id } })
          expect(approved.status).toBe("pending_creating")
          expect(approved.approval).toEqual({ approved_at: approved.approval?.approved_at, approved_by: null })
          expect(approved.pending_transaction_id).toBe(transfer.pending_transaction_id)
          const holdId = PendingTransactionId.make(transfer.pending_transaction_id ?? "")
          const hold = yield* client.pendingTransactions.retrieve({ params: { pending_transaction_id: holdId } })
          expect(hold.status).toBe("complete")
          expect(hold.completed_at).not.toBeNull()
          const debit = yield* client.transactions.retrieve({
            params: { transaction_id: TransactionId.make(approved.transaction_id ?? "") }
          })
          expect(debit.amount).toBe(-2_500)
          expect(yield* balanceOf(client, accountId)).toEqual({ current: 7_500, available: 7_500 })
          expect(yield* eventCategoriesOf(client, transfer.id)).toEqual([
            "wire_transfer.created",
            "wire_transfer.updated"
          ])
          expect(yield* eventCategoriesOf(client, holdId)).toEqual([
            "pending_transaction.created",
            "pending_transaction.updated"
          ])
        }))

      it.effect("canceling releases the hold and posts nothing", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const { accountId, transfer } = yield* transferIn(client, "pending_approval")
          const canceled = yield* client.wireTransfers.cancel({ params: { wire_transfer_id: transfer.id } })
          expect(canceled.status).toBe("canceled")
          expect(canceled.cancellation?.canceled_by).toBeNull()
          expect(canceled.transaction_id).toBeNull()
          const hold = yield* client.pendingTransactions.retrieve({
            params: { pending_transaction_id: PendingTransactionId.make(transfer.pending_transaction_id ?? "") }
          })
          expect(hold.status).toBe("complete")
          expect(yield* balanceOf(client, accountId)).toEqual({ current: 10_000, available: 10_000 })
          const posted = yield* client.transactions.list({ query: { account_id: AccountId.make(accountId) } })
          expect(posted.data.map((transaction) => transaction.source.category)).toEqual(["interest_payment"])
        }))

      it.effect("the sandbox submits a transfer and the network completes it", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const { accountId, transfer } = yield* transferIn(client, "pending_creating")
          const submitted = yield* client.wireTransferSimulations.submit({ params: { wire_transfer_id: transfer.id } })
          expect(submitted.status).toBe("complete")
          expect(submitted.transaction_id).toBe(transfer.transaction_id)
          expect(submitted.submission?.input_message_accountability_data).toMatch(/^\d{8}MONETASB\d{6}$/)
          expect(submitted.unique_end_to_end_transaction_reference).toMatch(
            /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
          )
          expect(yield* balanceOf(client, accountId)).toEqual({ current: 7_500, available: 7_500 })
          expect(yield* eventCategoriesOf(client, transfer.id)).toEqual([
            "wire_transfer.created",
            "wire_transfer.updated",
            "wire_transfer.updated"
          ])
        }))

      it.effect("submitting a transfer that awaits approval settles it like an approval", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const { accountId, transfer } = yield* transferIn(client, "pending_approval")
          const submitted = yield* client.wireTransferSimulations.submit({ params: { wire_transfer_id: transfer.id } })
          expect(submitted.status).toBe("complete")
          expect(submitted.transaction_id).not.toBeNull()
          const hold = yield* client.pendingTransactions.retrieve({
            params: { pending_transaction_id: PendingTransactionId.make(transfer.pending_transaction_id ?? "") }
          })
          expect(hold.status).toBe("complete")
          expect(yield* balanceOf(client, accountId)).toEqual({ current: 7_500, available: 7_500 })
        }))

      it.effect("reversing a completed transfer credits the amount back", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const { accountId, transfer } = yield* transferIn(client, "complete")
          const reversed = yield* client.wireTransferSimulations.reverse({ params: { wire_transfer_id: transfer.id } })
          expect(reversed.status).toBe("reversed")
          const reversal = reversed.reversal
          expect(reversal).toMatchObject({
            amount: 2_500,
            wire_transfer_id: transfer.id,
            input_source: "MONETASB",
            return_reason_code: "CUST",
            return_reason_code_description: "Requested by customer"
          })
          expect(reversal?.input_message_accountability_data).toMatch(/^\d{8}MONETASB\d{6}$/)
          const credit = yield* client.transactions.retrieve({
            params: { transaction_id: TransactionId.make(reversal?.transaction_id ?? "") }
          })
          expect(credit.amount).toBe(2_500)
          expect(credit.source.category).toBe("inbound_wire_reversal")
          expect(yield* balanceOf(client, accountId)).toEqual({ current: 10_000, available: 10_000 })
          expect(yield* eventCategoriesOf(client, credit.id)).toEqual(["transaction.created"])
        }))

      for (const [status, allowed] of Object.entries(legal)) {
        for (const action of ["approve", "cancel", "submit", "reverse"] as const) {
          if (allowed.includes(action)) continue
          it.effect(`${action} is refused (409) when the transfer is ${status}, and changes nothing`, () =>
            Effect.gen(function*() {
              const server = yield* TestServer.TestServer
              const { client } = server
              const { accountId, transfer } = yield* transferIn(client, status as WireTransfer["status"])
              const balance = yield* balanceOf(client, accountId)
              const events = yield* eventCategoriesOf(client, transfer.id)
              const path = action === "approve" || action === "cancel"
                ? `/wire_transfers/${transfer.id}/${action}`
                : `/simulations/wire_transfers/${transfer.id}/${action}`
              const refused = yield* send(server, "POST", path, { idempotencyKey: `refused-${transfer.id}-${action}` })
              expect(refused.status).toBe(409)
              expect(objectBody(refused)).toMatchObject({ type: "invalid_operation_error", status: 409 })
              const error = yield* Effect.flip(act(client, action, transfer.id))
              expect(error._tag).toBe("InvalidOperationError")
              expect(yield* client.wireTransfers.retrieve({ params: { wire_transfer_id: transfer.id } })).toEqual(
                transfer
              )
              expect(yield* balanceOf(client, accountId)).toEqual(balance)
              expect(yield* eventCategoriesOf(client, transfer.id)).toEqual(events)
            }))
        }
      }

      it.effect("a transfer above the available balance is refused (409) and writes nothing", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const { client } = server
          const accountId = yield* fundedAccount(client, 5_000)
          yield* client.wireTransfers.create({ payload: wireBody(accountId, 3_000, { require_approval: true }) })
          for (const requireApproval of [false, true]) {
            const refused = yield* send(server, "POST", "/wire_transfers", {
              body: wireBody(accountId, 2_001, { require_approval: requireApproval }),
              idempotencyKey: `too-much-${accountId}-${requireApproval}`
            })
            expect(refused.status).toBe(409)
            expect(objectBody(refused)).toMatchObject({ type: "invalid_operation_error" })
          }
          const transfers = yield* client.wireTransfers.list({ query: { account_id: AccountId.make(accountId) } })
          expect(transfers.data).toHaveLength(1)
          const holds = yield* client.pendingTransactions.list({ query: { account_id: AccountId.make(accountId) } })
          expect(holds.data).toHaveLength(1)
          expect(yield* balanceOf(client, accountId)).toEqual({ current: 5_000, available: 2_000 })
          // The refused request stored nothing under its key: once funded, the same request succeeds.
          yield* client.simulations.interestPayment({ payload: { account_id: AccountId.make(accountId), amount: 1 } })
          const retried = yield* send(server, "POST", "/wire_transfers", {
            body: wireBody(accountId, 2_001, { require_approval: false }),
            idempotencyKey: `too-much-${accountId}-false`
          })
          expect(retried.status).toBe(200)
          expect(retried.replayed).toBe(false)
          expect(yield* balanceOf(client, accountId)).toEqual({ current: 3_000, available: 0 })
        }))

      it.effect("approve, cancel, submit and reverse replayed with the same key return the stored response", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const { client } = server
          for (const action of ["approve", "cancel", "submit", "reverse"] as const) {
            const { transfer } = yield* transferIn(client, action === "reverse" ? "complete" : "pending_approval")
            const path = action === "approve" || action === "cancel"
              ? `/wire_transfers/${transfer.id}/${action}`
              : `/simulations/wire_transfers/${transfer.id}/${action}`
            const key = `replay-${transfer.id}`
            const first = yield* send(server, "POST", path, { idempotencyKey: key })
            expect(first.status).toBe(200)
            const second = yield* send(server, "POST", path, { idempotencyKey: key })
            expect(second.status).toBe(200)
            expect(second.replayed).toBe(true)
            expect(second.body).toEqual(first.body)
            // Without the key the action is a new request, refused in the new status.
            expect((yield* send(server, "POST", path)).status).toBe(409)
          }
        }))

      it.effect("external accounts: a transfer to one copies its numbers; archived ones are refused", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const accountId = yield* fundedAccount(client, 10_000)
          const external = yield* client.externalAccounts.create({
            payload: {
              account_number: "123456789012",
              routing_number: RoutingNumber.make("101050001"),
              description: "Landlord"
            }
          })
          expect(external).toMatchObject({ status: "active", account_holder: "unknown", funding: "checking" })
          const { account_number: _number, routing_number: _routing, ...withoutNumbers } = wireBody(accountId, 100)
          const transfer = yield* client.wireTransfers.create({
            payload: { ...withoutNumbers, external_account_id: external.id }
          })
          expect(transfer).toMatchObject({
            external_account_id: external.id,
            account_number: "123456789012",
            routing_number: "101050001"
          })
          const listed = yield* client.wireTransfers.list({ query: { external_account_id: external.id } })
          expect(listed.data.map((wire) => wire.id)).toEqual([transfer.id])
          yield* client.externalAccounts.update({
            params: { external_account_id: external.id },
            payload: { status: "archived" }
          })
          const refused = yield* Effect.flip(client.wireTransfers.create({
            payload: { ...withoutNumbers, external_account_id: external.id }
          }))
          expect(refused._tag).toBe("InvalidOperationError")
          const unknown = yield* Effect.flip(client.wireTransfers.create({
            payload: { ...withoutNumbers, external_account_id: ExternalAccountId.make("external_account_unknown") }
          }))
          expect(unknown._tag).toBe("ObjectNotFoundError")
        }))

      it.effect("the create body's rules are 400s naming the field; unknown accounts are 404", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const { accountId } = server
          const fieldsOf = (body: unknown) =>
            Effect.map(send(server, "POST", "/wire_transfers", { body }), (response) => {
              expect(response.status).toBe(400)
              const errors = objectBody(response)["errors"]
              return Array.isArray(errors)
                ? errors.map((error) => objectBody({ status: 400, replayed: false, body: error })["field"])
                : []
            })
          const valid = wireBody(accountId, 100)
          expect(yield* fieldsOf({ ...valid, external_account_id: "external_account_x" })).toEqual(
            expect.arrayContaining(["account_number", "routing_number"])
          )
          const { routing_number: _routing, ...noRouting } = valid
          expect(yield* fieldsOf(noRouting)).toContain("routing_number")
          expect(yield* fieldsOf({ ...valid, routing_number: "123456789" })).toContain("routing_number")
          expect(yield* fieldsOf({ ...valid, amount: 0 })).toContain("amount")
          expect(yield* fieldsOf({ ...valid, creditor: { name: "" } })).toContain("creditor.name")
          expect(yield* fieldsOf({ ...valid, remittance: { category: "tax" } })).toContain("remittance.tax")
          expect(yield* fieldsOf({ ...valid, surprise: true })).toContain("surprise")
          const unknownAccount = yield* send(server, "POST", "/wire_transfers", {
            body: { ...valid, account_id: "account_nope" }
          })
          expect(unknownAccount.status).toBe(404)
          expect(objectBody(unknownAccount)).toMatchObject({ type: "object_not_found_error" })
          const taxed = yield* send(server, "POST", "/wire_transfers", {
            body: {
              ...valid,
              remittance: {
                category: "tax",
                tax: { date: "2026-04-01", identification_number: "123456789", type_code: "09455" }
              }
            }
          })
          expect(taxed.status).toBe(200)
          expect(objectBody(taxed)["remittance"]).toEqual({
            category: "tax",
            tax: { date: "2026-04-01", identification_number: "123456789", type_code: "09455" },
            unstructured: null
          })
        }))

      it.effect("source_account_number_id must be an active account number of the sending account", () =>
        Effect.gen(function*() {
          const { client, accountId } = yield* TestServer.TestServer
          const other = yield* fundedAccount(client, 1_000)
          const own = yield* client.accountNumbers.create({
            payload: { account_id: AccountId.make(accountId), name: "Wires" }
          })
          const foreign = yield* client.accountNumbers.create({
            payload: { account_id: AccountId.make(other), name: "Other" }
          })
          const transfer = yield* client.wireTransfers.create({
            payload: wireBody(accountId, 100, { source_account_number_id: own.id })
          })
          expect(transfer.source_account_number_id).toBe(own.id)
          const refused = yield* Effect.flip(client.wireTransfers.create({
            payload: wireBody(accountId, 100, { source_account_number_id: foreign.id })
          }))
          expect(refused._tag).toBe("InvalidParametersError")
        }))

      it.effect("lists filter by account, idempotency key, status and creation time", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const { client } = server
          const accountId = yield* fundedAccount(client, 100_000)
          const account = AccountId.make(accountId)
          const first = yield* client.wireTransfers.create({ payload: wireBody(accountId, 100) })
          yield* TestClock.adjust("1 minute")
          const second = yield* client.wireTransfers.create({
            payload: wireBody(accountId, 200, { require_approval: true })
          })
          yield* TestClock.adjust("1 minute")
          const keyed = yield* send(server, "POST", "/wire_transfers", {
            body: wireBody(accountId, 300),
            idempotencyKey: `list-${accountId}`
          })
          const thirdId = String(objectBody(keyed)["id"])
          const ids = (page: { readonly data: ReadonlyArray<{ readonly id: string }> }) =>
            page.data.map((wire) => wire.id)

          expect(ids(yield* client.wireTransfers.list({ query: { account_id: account } }))).toEqual([
            thirdId,
            second.id,
            first.id
          ])
          expect(ids(yield* client.wireTransfers.list({ query: { account_id: account, limit: 2 } }))).toEqual([
            thirdId,
            second.id
          ])
          expect(ids(yield* client.wireTransfers.list({ query: { idempotency_key: `list-${accountId}` } })))
            .toEqual([thirdId])
          expect(
            ids(
              yield* client.wireTransfers.list({
                query: { account_id: account, "status.in": ["pending_approval"] }
              })
            )
          )
            .toEqual([second.id])
          expect(ids(
            yield* client.wireTransfers.list({
              query: { account_id: account, "status.in": ["pending_approval", "pending_creating"] }
            })
          )).toEqual([thirdId, second.id, first.id])
          const at = second.created_at
          expect(ids(yield* client.wireTransfers.list({ query: { account_id: account, "created_at.after": at } })))
            .toEqual([thirdId])
          expect(ids(yield* client.wireTransfers.list({ query: { account_id: account, "created_at.before": at } })))
            .toEqual([first.id])
          expect(
            ids(yield* client.wireTransfers.list({ query: { account_id: account, "created_at.on_or_after": at } }))
          )
            .toEqual([thirdId, second.id])
          expect(
            ids(yield* client.wireTransfers.list({ query: { account_id: account, "created_at.on_or_before": at } }))
          )
            .toEqual([second.id, first.id])
          const badStatus = yield* send(server, "GET", `/wire_transfers?status.in=pending_approval,flying`)
          expect(badStatus.status).toBe(400)
          // The SDK sends `.in` lists comma-joined and URL-encoded.
          const encoded = yield* send(
            server,
            "GET",
            `/wire_transfers?account_id=${accountId}&status.in=pending_approval%2Ccanceled`
          )
          expect(encoded.status).toBe(200)
          expect(DateTime.isDateTime(at)).toBe(true)
        }))

      it.effect("another group's transfers are 404", () =>
        Effect.gen(function*() {
          const { client, clientFor, newGroup, accountId } = yield* TestServer.TestServer
          const transfer = yield* client.wireTransfers.create({
            payload: wireBody(accountId, 100, { require_approval: true })
          })
          const stranger = yield* clientFor((yield* newGroup()).apiKey)
          for (
            const attempt of [
              stranger.wireTransfers.retrieve({ params: { wire_transfer_id: transfer.id } }),
              stranger.wireTransfers.approve({ params: { wire_transfer_id: transfer.id } }),
              stranger.wireTransfers.cancel({ params: { wire_transfer_id: transfer.id } }),
              stranger.wireTransferSimulations.submit({ params: { wire_transfer_id: transfer.id } })
            ]
          ) {
            expect((yield* Effect.flip(attempt))._tag).toBe("ObjectNotFoundError")
          }
          const stolen = yield* Effect.flip(stranger.wireTransfers.create({ payload: wireBody(accountId, 100) }))
          expect(stolen._tag).toBe("ObjectNotFoundError")
          const unknown = yield* Effect.flip(
            client.wireTransfers.approve({ params: { wire_transfer_id: WireTransferId.make("wire_transfer_nope") } })
          )
          expect(unknown._tag).toBe("ObjectNotFoundError")
        }))
    })

    layer(TestServer.layer(kind, "live"), { timeout: TestDatabase.timeout })((it) => {
      it.effect("the wire simulations do not exist on a live server", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const response = yield* send(server, "POST", "/simulations/wire_transfers/wire_transfer_x/submit")
          expect(response.status).toBe(404)
          expect(objectBody(response)).toMatchObject({ type: "api_method_not_found_error" })
        }))
    })
  })
}
