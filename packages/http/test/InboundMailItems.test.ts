import { describe, expect, layer } from "@effect/vitest"
import { AccountId, CheckDepositId, FileId, TransactionId } from "@moneta/domain/Ids"
import * as TestDatabase from "@moneta/store/testing"
import { Effect } from "effect"
import { actionItem, activeAddress, deposit, ignore, mailToAddress, mailToRecipient, recipientAt } from "./support/Mail.js"
import * as TestServer from "./support/TestServer.js"
import { balanceOf, eventCategoriesOf, fundedAccount } from "./support/Wires.js"

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
          const checkDeposit = yield* client.checkDeposits.retrieve({ path: { check_deposit_id: depositId } })
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
            path: { transaction_id: TransactionId.make(checkDeposit.transaction_id ?? "") }
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
          const listed = yield* client.checkDeposits.list({ urlParams: { account_id: AccountId.make(accountId) } })
          expect(listed.data).toEqual([checkDeposit])
          const byCategory = yield* client.transactions.list({
            urlParams: { account_id: AccountId.make(accountId), "category.in": ["check_deposit_acceptance"] }
          })
          expect(byCategory.data.map((listedTransaction) => listedTransaction.id)).toEqual([transaction.id])
          expect(yield* client.inboundMailItems.retrieve({ path: { inbound_mail_item_id: item.id } })).toEqual(item)
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
          expect(yield* eventCategoriesOf(client, pending.id)).toEqual(["inbound_mail_item.created", "inbound_mail_item.updated"])

          const other = yield* mailToAddress(client, addressId, 7_000)
          const ignored = yield* actionItem(client, other.id, [ignore])
          expect(ignored.status).toBe("processed")
          expect(ignored.checks[0]).toMatchObject({ status: "ignored", check_deposit_id: null })
          expect(yield* balanceOf(client, accountId)).toEqual({ current: 5_000, available: 5_000 })

          const listed = yield* client.inboundMailItems.list({ urlParams: { lockbox_address_id: addressId } })
          expect(listed.data.map((item) => item.id)).toEqual([other.id, pending.id])
        }))

      it.effect("the scan and check images are files whose bytes can be downloaded", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const item = yield* mailToAddress(client, yield* activeAddress(client), 123_456)
          const scan = yield* client.files.retrieve({ path: { file_id: item.file_id } })
          expect(scan).toMatchObject({ purpose: "inbound_mail_item", direction: "from_increase", mime_type: "image/svg+xml" })
          const front = yield* client.files.retrieve({ path: { file_id: FileId.make(item.checks[0]?.front_file_id ?? "") } })
          expect(front.purpose).toBe("check_image_front")
          const bytes = yield* client.files.contents({ path: { file_id: front.id } })
          const svg = new TextDecoder().decode(bytes)
          expect(svg).toContain("<svg")
          expect(svg).toContain("$1,234.56")
        }))
    })
  })
}
