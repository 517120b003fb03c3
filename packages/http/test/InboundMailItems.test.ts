import { describe, expect, layer } from "@effect/vitest"
import {
  AccountId,
  BookkeepingAccountId,
  CheckDepositId,
  FileId,
  InboundMailItemId,
  TransactionId
} from "@moneta/domain/Ids"
import * as TestDatabase from "@moneta/store/testing"
import { Effect } from "effect"
import {
  actionItem,
  activeAddress,
  deposit,
  ignore,
  mailToAddress,
  mailToRecipient,
  recipientAt
} from "./support/Mail.js"
import {
  expectError,
  expectInvalidParameters,
  expectNothingWritten,
  expectSameNotFound,
  raw
} from "./support/Requests.js"
import * as TestServer from "./support/TestServer.js"
import { balanceOf, eventCategoriesOf, fundedAccount, objectBody, send } from "./support/Wires.js"

for (const kind of TestDatabase.testDatabases) {
  describe(`inbound mail items (${kind})`, () => {
    layer(TestServer.layer(kind), { timeout: TestDatabase.timeout })((it) => {
      it.effect("mail to an active recipient is processed and its check deposited into the recipient's account", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const accountId = yield* fundedAccount(client, 0)
          const recipient = yield* recipientAt(client, accountId, yield* activeAddress(client))
          const item = yield* mailToRecipient(client, recipient.id, 12_345)
          expect(item).toMatchObject({
            status: "processed",
            rejection_reason: null,
            lockbox_recipient_id: recipient.id,
            lockbox_address_id: recipient.lockbox_address_id,
            recipient_name: "Acme Receivables"
          })
          const check = item.checks[0]
          expect(item.checks).toHaveLength(1)
          expect(check).toMatchObject({ amount: 12_345, status: "deposited" })
          const depositId = CheckDepositId.make(check?.check_deposit_id ?? "")
          const checkDeposit = yield* client.checkDeposits.retrieve({ params: { check_deposit_id: depositId } })
          expect(checkDeposit).toMatchObject({
            account_id: accountId,
            amount: 12_345,
            status: "submitted",
            inbound_mail_item_id: item.id,
            lockbox_recipient_id: recipient.id,
            front_image_file_id: check?.front_file_id,
            back_image_file_id: check?.back_file_id
          })
          const transaction = yield* client.transactions.retrieve({
            params: { transaction_id: TransactionId.make(checkDeposit.transaction_id ?? "") }
          })
          expect(transaction).toMatchObject({ account_id: accountId, amount: 12_345 })
          expect(transaction.source).toMatchObject({
            category: "check_deposit_acceptance",
            check_deposit_acceptance: { check_deposit_id: depositId, amount: 12_345 }
          })
          expect(yield* balanceOf(client, accountId)).toEqual({ current: 12_345, available: 12_345 })
          expect(yield* eventCategoriesOf(client, item.id)).toEqual(["inbound_mail_item.created"])
          expect(yield* eventCategoriesOf(client, depositId)).toEqual(["check_deposit.created"])
          expect(yield* eventCategoriesOf(client, transaction.id)).toEqual(["transaction.created"])
          const listed = yield* client.checkDeposits.list({ query: { account_id: AccountId.make(accountId) } })
          expect(listed.data).toEqual([checkDeposit])
          const byCategory = yield* client.transactions.list({
            query: { account_id: AccountId.make(accountId), "category.in": ["check_deposit_acceptance"] }
          })
          expect(byCategory.data.map((listedTransaction) => listedTransaction.id)).toEqual([transaction.id])
          expect(yield* client.inboundMailItems.retrieve({ params: { inbound_mail_item_id: item.id } })).toEqual(item)
        }))

      it.effect("mail to an address waits pending; depositing and ignoring its check", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const accountId = yield* fundedAccount(client, 0)
          const addressId = yield* activeAddress(client)
          const pending = yield* mailToAddress(client, addressId, 5_000)
          expect(pending).toMatchObject({ status: "pending", lockbox_recipient_id: null, recipient_name: null })
          expect(pending.checks[0]).toMatchObject({ amount: 5_000, status: "pending", check_deposit_id: null })
          expect(yield* balanceOf(client, accountId)).toEqual({ current: 0, available: 0 })

          const processed = yield* actionItem(client, pending.id, [deposit(accountId)])
          expect(processed.status).toBe("processed")
          expect(processed.checks[0]).toMatchObject({ status: "deposited" })
          expect(processed.checks[0]?.check_deposit_id).not.toBeNull()
          expect(yield* balanceOf(client, accountId)).toEqual({ current: 5_000, available: 5_000 })
          expect(yield* eventCategoriesOf(client, pending.id)).toEqual([
            "inbound_mail_item.created",
            "inbound_mail_item.updated"
          ])

          const other = yield* mailToAddress(client, addressId, 7_000)
          const ignored = yield* actionItem(client, other.id, [ignore])
          expect(ignored.status).toBe("processed")
          expect(ignored.checks[0]).toMatchObject({ status: "ignored", check_deposit_id: null })
          expect(yield* balanceOf(client, accountId)).toEqual({ current: 5_000, available: 5_000 })

          const listed = yield* client.inboundMailItems.list({ query: { lockbox_address_id: addressId } })
          expect(listed.data.map((item) => item.id)).toEqual([other.id, pending.id])
        }))

      it.effect("the scan and check images are files whose bytes can be downloaded", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const item = yield* mailToAddress(client, yield* activeAddress(client), 123_456)
          const scan = yield* client.files.retrieve({ params: { file_id: item.file_id } })
          expect(scan).toMatchObject({
            purpose: "inbound_mail_item",
            direction: "from_increase",
            mime_type: "image/svg+xml"
          })
          const front = yield* client.files.retrieve({
            params: { file_id: FileId.make(item.checks[0]?.front_file_id ?? "") }
          })
          expect(front.purpose).toBe("check_image_front")
          const bytes = yield* client.files.contents({ params: { file_id: front.id } })
          const svg = new TextDecoder().decode(bytes)
          expect(svg).toContain("<svg")
          expect(svg).toContain("$1,234.56")
        }))

      it.effect("only a pending item can be actioned; refused actions write nothing", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const { client } = server
          const accountId = yield* fundedAccount(client, 0)
          const addressId = yield* activeAddress(client)
          const item = yield* mailToAddress(client, addressId, 2_500)
          const path = `/inbound_mail_items/${item.id}/action`
          const refuse = (body: unknown) => expectNothingWritten(client, raw(server).post(path, body))
          expectInvalidParameters(yield* refuse({ checks: [deposit(accountId), ignore] }), ["checks"])
          expectInvalidParameters(yield* refuse({ checks: [] }), ["checks"])
          expectInvalidParameters(yield* refuse({ checks: [{ action: "deposit" }] }), ["checks.0.account_id"])
          expectInvalidParameters(yield* refuse({ checks: [{ action: "ignore", account_id: accountId }] }), [
            "checks.0.account_id"
          ])
          expectInvalidParameters(yield* refuse({ checks: [{ action: "cash" }] }), ["checks.0.action"])
          expectInvalidParameters(yield* refuse({}), ["checks"])

          const stranger = yield* server.newGroup()
          const strangerAccount = yield* (yield* server.clientFor(stranger.apiKey)).accounts.create({
            payload: { name: "Theirs" }
          })
          const foreign = yield* refuse({ checks: [deposit(strangerAccount.id)] })
          const unknown = yield* refuse({ checks: [deposit("account_nope")] })
          expectSameNotFound(foreign, strangerAccount.id, unknown, "account_nope")
          expect((yield* client.inboundMailItems.retrieve({ params: { inbound_mail_item_id: item.id } })).status).toBe(
            "pending"
          )

          yield* actionItem(client, item.id, [deposit(accountId)])
          expectError(yield* refuse({ checks: [deposit(accountId)] }), 409, "invalid_operation_error")
          expectError(yield* refuse({ checks: [ignore] }), 409, "invalid_operation_error")
          expect(yield* balanceOf(client, accountId)).toEqual({ current: 2_500, available: 2_500 })

          const rejected = yield* mailToRecipient(
            client,
            (yield* (Effect.gen(function*() {
              const recipient = yield* recipientAt(client, accountId, addressId)
              return yield* client.lockboxRecipients.update({
                params: { lockbox_recipient_id: recipient.id },
                payload: { status: "disabled" }
              })
            }))).id,
            100
          )
          expect(rejected.status).toBe("rejected")
          expectError(
            yield* expectNothingWritten(
              client,
              raw(server).post(`/inbound_mail_items/${rejected.id}/action`, { checks: [ignore] })
            ),
            409,
            "invalid_operation_error"
          )
          const missing = yield* Effect.flip(
            actionItem(client, InboundMailItemId.make("inbound_mail_item_nope"), [ignore])
          )
          expect(missing._tag).toBe("ObjectNotFoundError")
        }))

      it.effect("an action replayed with its idempotency key returns the first answer, not a 409", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const accountId = yield* fundedAccount(server.client, 0)
          const item = yield* mailToAddress(server.client, yield* activeAddress(server.client), 900)
          const body = { checks: [deposit(accountId)] }
          const first = yield* send(server, "POST", `/inbound_mail_items/${item.id}/action`, {
            body,
            idempotencyKey: "action-once"
          })
          const again = yield* send(server, "POST", `/inbound_mail_items/${item.id}/action`, {
            body,
            idempotencyKey: "action-once"
          })
          expect(first.status).toBe(200)
          expect(again).toEqual({ ...first, replayed: true })
          expect(yield* balanceOf(server.client, accountId)).toEqual({ current: 900, available: 900 })
        }))

      it.effect("the simulation needs a positive amount and exactly one lockbox id, of the caller's", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const { client } = server
          const addressId = yield* activeAddress(client)
          const recipient = yield* recipientAt(client, server.accountId, addressId)
          const simulate = (body: unknown) =>
            expectNothingWritten(client, raw(server).post("/simulations/inbound_mail_items", body))
          expectInvalidParameters(yield* simulate({ amount: 100 }), ["lockbox_address_id"])
          expectInvalidParameters(
            yield* simulate({ amount: 100, lockbox_address_id: addressId, lockbox_recipient_id: recipient.id }),
            ["lockbox_address_id", "lockbox_recipient_id"]
          )
          expectInvalidParameters(yield* simulate({ amount: 0, lockbox_address_id: addressId }), ["amount"])
          expectInvalidParameters(yield* simulate({ amount: -5, lockbox_address_id: addressId }), ["amount"])
          expectInvalidParameters(yield* simulate({ amount: 1.5, lockbox_address_id: addressId }), ["amount"])
          expectInvalidParameters(yield* simulate({ lockbox_address_id: addressId }), ["amount"])

          const stranger = yield* server.newGroup()
          const strangerClient = yield* server.clientFor(stranger.apiKey)
          const strangerAddress = yield* strangerClient.lockboxAddresses.create({ payload: {} })
          expectSameNotFound(
            yield* simulate({ amount: 100, lockbox_address_id: strangerAddress.id }),
            strangerAddress.id,
            yield* simulate({ amount: 100, lockbox_address_id: "lockbox_address_nope" }),
            "lockbox_address_nope"
          )
          expectSameNotFound(
            yield* raw(server, stranger.apiKey).post("/simulations/inbound_mail_items", {
              amount: 100,
              lockbox_recipient_id: recipient.id
            }),
            recipient.id,
            yield* raw(server, stranger.apiKey).post("/simulations/inbound_mail_items", {
              amount: 100,
              lockbox_recipient_id: "lockbox_recipient_nope"
            }),
            "lockbox_recipient_nope"
          )
          const strangerItem = yield* strangerClient.inboundMailItemSimulations.create({
            payload: { amount: 100, lockbox_address_id: strangerAddress.id }
          })
          expectSameNotFound(
            yield* simulate({ amount: 100, lockbox_address_id: addressId, contents_file_id: strangerItem.file_id }),
            strangerItem.file_id,
            yield* simulate({ amount: 100, lockbox_address_id: addressId, contents_file_id: "file_nope" }),
            "file_nope"
          )
          const hidden = yield* Effect.flip(
            client.inboundMailItems.retrieve({ params: { inbound_mail_item_id: strangerItem.id } })
          )
          expect(hidden._tag).toBe("ObjectNotFoundError")
          const foreignAction = yield* Effect.flip(actionItem(client, strangerItem.id, [ignore]))
          expect(foreignAction._tag).toBe("ObjectNotFoundError")
          expect((yield* strangerClient.inboundMailItems.list({ query: {} })).data.map((item) => item.id)).toEqual([
            strangerItem.id
          ])
        }))

      it.effect("contents_file_id becomes the item's scan; mail to an inactive address is rejected", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const addressId = yield* activeAddress(client)
          const first = yield* mailToAddress(client, addressId, 100)
          const second = yield* client.inboundMailItemSimulations.create({
            payload: { amount: 200, lockbox_address_id: addressId, contents_file_id: first.file_id }
          })
          expect(second.file_id).toBe(first.file_id)
          expect(second.checks[0]?.front_file_id).not.toBe(first.checks[0]?.front_file_id)

          const recipient = yield* recipientAt(client, yield* fundedAccount(client, 0), addressId)
          yield* client.lockboxAddresses.update({
            params: { lockbox_address_id: addressId },
            payload: { status: "disabled" }
          })
          const atAddress = yield* mailToAddress(client, addressId, 300)
          const toRecipient = yield* mailToRecipient(client, recipient.id, 300)
          for (const item of [atAddress, toRecipient]) {
            expect(item).toMatchObject({ status: "rejected", rejection_reason: "lockbox_address_not_active" })
          }
          expect(toRecipient.lockbox_recipient_id).toBe(recipient.id)
          const byRecipient = yield* client.inboundMailItems.list({ query: { lockbox_recipient_id: recipient.id } })
          expect(byRecipient.data.map((item) => item.id)).toEqual([toRecipient.id])
        }))

      it.effect("deposits are unbookkept cash transactions until an entry set books them", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const accountId = yield* fundedAccount(client, 0)
          const cash = yield* client.bookkeeping.createAccount({
            payload: {
              name: "Lockbox cash",
              compliance_category: "commingled_cash",
              account_id: AccountId.make(accountId)
            }
          })
          const recipient = yield* recipientAt(client, accountId, yield* activeAddress(client))
          const item = yield* mailToRecipient(client, recipient.id, 4_200)
          const checkDeposit = yield* client.checkDeposits.retrieve({
            params: { check_deposit_id: CheckDepositId.make(item.checks[0]?.check_deposit_id ?? "") }
          })
          const unbookkept = yield* client.bookkeeping.listUnbookkeptCashTransactions({
            query: { bookkeeping_account_id: BookkeepingAccountId.make(cash.id) }
          })
          expect(unbookkept.data.map((transaction) => transaction.id)).toEqual([checkDeposit.transaction_id])
          const revenue = yield* client.bookkeeping.createAccount({ payload: { name: "Rent revenue" } })
          yield* client.bookkeeping.createEntrySet({
            payload: {
              transaction_id: TransactionId.make(checkDeposit.transaction_id ?? ""),
              entries: [
                { account_id: BookkeepingAccountId.make(cash.id), amount: 4_200 },
                { account_id: BookkeepingAccountId.make(revenue.id), amount: -4_200 }
              ]
            }
          })
          const booked = yield* client.bookkeeping.listUnbookkeptCashTransactions({
            query: { bookkeeping_account_id: BookkeepingAccountId.make(cash.id) }
          })
          expect(booked.data).toEqual([])
        }))
    })

    layer(TestServer.layer(kind, "live"), { timeout: TestDatabase.timeout })((it) => {
      it.effect("the mail simulation does not exist on a live server", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const response = yield* send(server, "POST", "/simulations/inbound_mail_items", {
            body: { amount: 100, lockbox_address_id: "lockbox_address_x" }
          })
          expect(response.status).toBe(404)
          expect(objectBody(response)).toMatchObject({ type: "api_method_not_found_error" })
        }))
    })
  })
}
