import { describe, expect, layer } from "@effect/vitest"
import { AccountId, LockboxAddressId, LockboxRecipientId } from "@moneta/domain/Ids"
import { mailStopCodeAlphabet, mailStopCodeLength } from "@moneta/domain/LockboxRecipient"
import * as TestDatabase from "@moneta/store/testing"
import { Effect } from "effect"
import { activeAddress, mailToRecipient, recipientAt } from "./support/Mail.js"
import {
  expectError,
  expectInvalidParameters,
  expectNothingWritten,
  expectSameNotFound,
  raw,
  text
} from "./support/Requests.js"
import * as TestServer from "./support/TestServer.js"
import { balanceOf, eventCategoriesOf, fundedAccount } from "./support/Wires.js"

const mailStopCode = new RegExp(`^[${mailStopCodeAlphabet}]{${mailStopCodeLength}}$`)

for (const kind of TestDatabase.testDatabases) {
  describe(`lockbox recipients (${kind})`, () => {
    layer(TestServer.layer(kind), { timeout: TestDatabase.timeout })((it) => {
      it.effect("a new recipient is active at an active address, with a mail stop code, and can be retrieved and listed", () =>
        Effect.gen(function*() {
          const { client, accountId } = yield* TestServer.TestServer
          const addressId = yield* activeAddress(client)
          const recipient = yield* client.lockboxRecipients.create({
            payload: {
              account_id: AccountId.make(accountId),
              lockbox_address_id: addressId,
              description: "Rent checks",
              recipient_name: "Ada Lovelace"
            }
          })
          expect(recipient).toMatchObject({
            type: "lockbox_recipient",
            account_id: accountId,
            lockbox_address_id: addressId,
            description: "Rent checks",
            recipient_name: "Ada Lovelace",
            status: "active",
            idempotency_key: null
          })
          expect(recipient.mail_stop_code).toMatch(mailStopCode)
          expect(yield* eventCategoriesOf(client, recipient.id)).toEqual(["lockbox.created"])
          expect(yield* client.lockboxRecipients.retrieve({ params: { lockbox_recipient_id: recipient.id } })).toEqual(
            recipient
          )
          const byAddress = yield* client.lockboxRecipients.list({ query: { lockbox_address_id: addressId } })
          expect(byAddress.data).toEqual([recipient])
          const other = yield* recipientAt(client, yield* fundedAccount(client, 0), addressId)
          const byAccount = yield* client.lockboxRecipients.list({
            query: { account_id: AccountId.make(accountId), lockbox_address_id: addressId }
          })
          expect(byAccount.data.map((listed) => listed.id)).toEqual([recipient.id])
          expect(other.mail_stop_code).not.toBe(recipient.mail_stop_code)
        }))

      it.effect("the idempotency key becomes the recipient's and filters the list", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const addressId = yield* activeAddress(server.client)
          const body = { account_id: server.accountId, lockbox_address_id: addressId }
          const first = yield* raw(server).post("/lockbox_recipients", body, {
            headers: { "idempotency-key": "recipient-key-1" }
          })
          const again = yield* raw(server).post("/lockbox_recipients", body, {
            headers: { "idempotency-key": "recipient-key-1" }
          })
          expect(first.status).toBe(200)
          expect(again.body).toEqual(first.body)
          expect(again.headers.get("idempotent-replayed")).toBe("true")
          const listed = yield* server.client.lockboxRecipients.list({
            query: { idempotency_key: "recipient-key-1" }
          })
          expect(listed.data.map((recipient) => recipient.idempotency_key)).toEqual(["recipient-key-1"])
        }))

      it.effect("updates emit lockbox.updated; a canceled recipient can no longer change", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const { client } = server
          const recipient = yield* recipientAt(client, server.accountId, yield* activeAddress(client))
          const params = { lockbox_recipient_id: recipient.id }
          const renamed = yield* client.lockboxRecipients.update({
            params,
            payload: { recipient_name: "Acme Inc", description: "Invoices" }
          })
          expect(renamed).toMatchObject({ recipient_name: "Acme Inc", description: "Invoices", status: "active" })
          const unchanged = yield* client.lockboxRecipients.update({ params, payload: {} })
          expect(unchanged).toEqual(renamed)
          const disabled = yield* client.lockboxRecipients.update({ params, payload: { status: "disabled" } })
          expect(disabled.status).toBe("disabled")
          const canceled = yield* client.lockboxRecipients.update({ params, payload: { status: "canceled" } })
          expect(canceled.status).toBe("canceled")
          expect(yield* eventCategoriesOf(client, recipient.id)).toEqual([
            "lockbox.created",
            "lockbox.updated",
            "lockbox.updated",
            "lockbox.updated"
          ])
          for (const body of [{ status: "active" }, { description: "again" }, {}]) {
            const refused = yield* expectNothingWritten(
              client,
              raw(server).patch(`/lockbox_recipients/${recipient.id}`, body)
            )
            expectError(refused, 409, "invalid_operation_error")
          }
          expect(yield* client.lockboxRecipients.retrieve({ params })).toEqual(canceled)
        }))

      it.effect("mail to a disabled or canceled recipient is rejected and deposits nothing", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const accountId = yield* fundedAccount(client, 0)
          const addressId = yield* activeAddress(client)
          for (const status of ["disabled", "canceled"] as const) {
            const recipient = yield* recipientAt(client, accountId, addressId)
            yield* client.lockboxRecipients.update({
              params: { lockbox_recipient_id: recipient.id },
              payload: { status }
            })
            const item = yield* mailToRecipient(client, recipient.id, 1_000)
            expect(item).toMatchObject({ status: "rejected", rejection_reason: "lockbox_recipient_not_active" })
            expect(item.checks[0]).toMatchObject({ status: null, check_deposit_id: null })
          }
          expect(yield* balanceOf(client, accountId)).toEqual({ current: 0, available: 0 })
          expect((yield* client.checkDeposits.list({ query: { account_id: AccountId.make(accountId) } })).data)
            .toEqual([])
        }))

      it.effect("a recipient needs an active address (409) and the caller's account and address (404)", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const { client, accountId } = server
          const addressId = yield* activeAddress(client)
          yield* client.lockboxAddresses.update({
            params: { lockbox_address_id: addressId },
            payload: { status: "disabled" }
          })
          const refused = yield* expectNothingWritten(
            client,
            raw(server).post("/lockbox_recipients", { account_id: accountId, lockbox_address_id: addressId })
          )
          expectError(refused, 409, "invalid_operation_error")

          const activeId = yield* activeAddress(client)
          const stranger = yield* server.newGroup()
          const strangerAddress = yield* (yield* server.clientFor(stranger.apiKey)).lockboxAddresses.create({
            payload: {}
          })
          const foreign = yield* raw(server).post("/lockbox_recipients", {
            account_id: accountId,
            lockbox_address_id: strangerAddress.id
          })
          const unknown = yield* raw(server).post("/lockbox_recipients", {
            account_id: accountId,
            lockbox_address_id: "lockbox_address_nope"
          })
          expectSameNotFound(foreign, strangerAddress.id, unknown, "lockbox_address_nope")
          const foreignAccount = yield* raw(server, stranger.apiKey).post("/lockbox_recipients", {
            account_id: accountId,
            lockbox_address_id: strangerAddress.id
          })
          const unknownAccount = yield* raw(server, stranger.apiKey).post("/lockbox_recipients", {
            account_id: "account_nope",
            lockbox_address_id: strangerAddress.id
          })
          expectSameNotFound(foreignAccount, accountId, unknownAccount, "account_nope")

          const recipient = yield* recipientAt(client, accountId, activeId)
          const strangerClient = yield* server.clientFor(stranger.apiKey)
          const hidden = yield* Effect.flip(
            strangerClient.lockboxRecipients.retrieve({ params: { lockbox_recipient_id: recipient.id } })
          )
          expect(hidden._tag).toBe("ObjectNotFoundError")
          const hiddenUpdate = yield* Effect.flip(
            strangerClient.lockboxRecipients.update({
              params: { lockbox_recipient_id: recipient.id },
              payload: { status: "canceled" }
            })
          )
          expect(hiddenUpdate._tag).toBe("ObjectNotFoundError")
          const missing = yield* Effect.flip(
            client.lockboxRecipients.retrieve({
              params: { lockbox_recipient_id: LockboxRecipientId.make("lockbox_recipient_nope") }
            })
          )
          expect(missing._tag).toBe("ObjectNotFoundError")
          expect((yield* strangerClient.lockboxRecipients.list({ query: {} })).data).toEqual([])
        }))

      it.effect("bad input is a 400 naming the field", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const addressId = yield* activeAddress(server.client)
          const post = (body: unknown) => raw(server).post("/lockbox_recipients", body)
          expectInvalidParameters(yield* post({ lockbox_address_id: addressId }), ["account_id"])
          expectInvalidParameters(yield* post({ account_id: server.accountId }), ["lockbox_address_id"])
          expectInvalidParameters(
            yield* post({ account_id: server.accountId, lockbox_address_id: addressId, recipient_name: text(201) }),
            ["recipient_name"]
          )
          expectInvalidParameters(
            yield* post({ account_id: server.accountId, lockbox_address_id: addressId, description: "" }),
            ["description"]
          )
          expectInvalidParameters(
            yield* post({ account_id: server.accountId, lockbox_address_id: addressId, mail_stop_code: "ABCDEF" }),
            ["mail_stop_code"]
          )
          const recipient = yield* recipientAt(server.client, server.accountId, addressId)
          expectInvalidParameters(
            yield* raw(server).patch(`/lockbox_recipients/${recipient.id}`, { status: "closed" }),
            ["status"]
          )
          expectInvalidParameters(yield* raw(server).get(`/lockbox_recipients?idempotency_key=${text(201)}`), [
            "idempotency_key"
          ])
          expectInvalidParameters(yield* raw(server).get("/lockbox_recipients?limit=101"), ["limit"])
          const ok = yield* raw(server).get(
            `/lockbox_recipients?lockbox_address_id=${LockboxAddressId.make(addressId)}&limit=1`
          )
          expect(ok.status).toBe(200)
        }))
    })
  })
}
