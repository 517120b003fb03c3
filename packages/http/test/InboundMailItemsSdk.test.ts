/**
 * Lockbox recipients, simulated mail, actions, check deposits and files driven
 * by the official SDK (`increase` 0.583.x), as a client of the service would.
 */
import { describe, expect, layer } from "@effect/vitest"
import * as TestDatabase from "@moneta/store/testing"
import { Effect } from "effect"
import Increase, { toFile } from "increase"
import * as TestServer from "./support/TestServer.js"

const sdkFor = (server: TestServer.TestServerShape) =>
  new Increase({ apiKey: server.apiKey, baseURL: server.baseUrl, maxRetries: 0 })

const collect = async <A>(items: AsyncIterable<A>): Promise<Array<A>> => {
  const all: Array<A> = []
  for await (const item of items) all.push(item)
  return all
}

const thrown = (request: () => PromiseLike<unknown>): Promise<unknown> =>
  Promise.resolve(request()).then((value) => ({ unexpectedSuccess: value }), (error: unknown) => error)

for (const kind of TestDatabase.testDatabases) {
  describe(`inbound mail through the official SDK (${kind})`, () => {
    layer(TestServer.layer(kind), { timeout: TestDatabase.timeout })((it) => {
      it.effect("recipient, mail deposited at once, mail actioned at an address, deposits, transactions and balances", () =>
        Effect.gen(function*() {
          const sdk = sdkFor(yield* TestServer.TestServer)
          yield* Effect.promise(async () => {
            const account = await sdk.accounts.create({ name: "SDK lockbox" })
            const seeded = (await sdk.lockboxAddresses.list()).data.find((address) => address.status === "active")
            expect(seeded?.address).not.toBeNull()
            const addressId = seeded?.id ?? ""

            const recipient = await sdk.lockboxRecipients.create({
              account_id: account.id,
              lockbox_address_id: addressId,
              recipient_name: "Ada Lovelace",
              description: "Rent"
            })
            expect(recipient).toMatchObject({
              type: "lockbox_recipient",
              status: "active",
              recipient_name: "Ada Lovelace"
            })
            expect(recipient.idempotency_key).toMatch(/^stainless-node-retry-/)
            expect(await sdk.lockboxRecipients.retrieve(recipient.id)).toEqual(recipient)
            const listed = await collect(
              sdk.lockboxRecipients.list({ account_id: account.id, lockbox_address_id: addressId })
            )
            expect(listed.map((item) => item.id)).toEqual([recipient.id])

            const processed = await sdk.simulations.inboundMailItems.create({
              amount: 25_000,
              lockbox_recipient_id: recipient.id
            })
            expect(processed).toMatchObject({
              status: "processed",
              lockbox_recipient_id: recipient.id,
              rejection_reason: null
            })
            expect(processed.checks[0]).toMatchObject({ amount: 25_000, status: "deposited" })

            const pending = await sdk.simulations.inboundMailItems.create({
              amount: 5_000,
              lockbox_address_id: addressId
            })
            expect(pending.status).toBe("pending")
            const actioned = await sdk.inboundMailItems.action(pending.id, {
              checks: [{ action: "deposit", account_id: account.id }]
            })
            expect(actioned.status).toBe("processed")
            expect(await sdk.inboundMailItems.retrieve(pending.id)).toEqual(actioned)
            const again = await thrown(() =>
              sdk.inboundMailItems.action(pending.id, { checks: [{ action: "ignore" }] })
            )
            expect(again).toBeInstanceOf(Increase.ConflictError)
            const items = await collect(sdk.inboundMailItems.list({ lockbox_recipient_id: recipient.id }))
            expect(items.map((item) => item.id)).toEqual([processed.id])

            const deposits = await collect(sdk.checkDeposits.list({ account_id: account.id }))
            expect(deposits.map((deposit) => deposit.amount)).toEqual([5_000, 25_000])
            const first = await sdk.checkDeposits.retrieve(processed.checks[0]?.check_deposit_id ?? "")
            expect(first).toMatchObject({
              status: "submitted",
              inbound_mail_item_id: processed.id,
              account_id: account.id
            })
            const credits = await collect(
              sdk.transactions.list({ account_id: account.id, category: { in: ["check_deposit_acceptance"] } })
            )
            expect(credits.map((transaction) => transaction.amount)).toEqual([5_000, 25_000])
            expect(await sdk.accounts.balance(account.id)).toMatchObject({
              current_balance: 30_000,
              available_balance: 30_000
            })

            const updated = await sdk.lockboxRecipients.update(recipient.id, { status: "disabled" })
            expect(updated.status).toBe("disabled")
            const rejected = await sdk.simulations.inboundMailItems.create({
              amount: 100,
              lockbox_recipient_id: recipient.id
            })
            expect(rejected).toMatchObject({ status: "rejected", rejection_reason: "lockbox_recipient_not_active" })
            const badRequest = await thrown(() => sdk.simulations.inboundMailItems.create({ amount: 100 }))
            expect(badRequest).toBeInstanceOf(Increase.BadRequestError)
          })
        }))

      it.effect("files: upload, retrieve, list by purpose, download the scanned check", () =>
        Effect.gen(function*() {
          const sdk = sdkFor(yield* TestServer.TestServer)
          yield* Effect.promise(async () => {
            const bytes = Uint8Array.from({ length: 300 }, (_, index) => (index * 13) % 256)
            const uploaded = await sdk.files.create({
              file: await toFile(bytes, "check-front.png", { type: "image/png" }),
              purpose: "check_image_front",
              description: "Front"
            })
            expect(uploaded).toMatchObject({
              type: "file",
              purpose: "check_image_front",
              direction: "to_increase",
              filename: "check-front.png",
              mime_type: "image/png",
              description: "Front"
            })
            expect(await sdk.files.retrieve(uploaded.id)).toEqual(uploaded)
            const downloaded = new Uint8Array(await (await sdk.files.contents(uploaded.id)).arrayBuffer())
            expect(downloaded).toEqual(bytes)

            const address = await sdk.lockboxAddresses.create({ description: "SDK files" })
            const item = await sdk.simulations.inboundMailItems.create({
              amount: 4_321,
              lockbox_address_id: address.id
            })
            const scan = await sdk.files.retrieve(item.file_id)
            expect(scan).toMatchObject({ purpose: "inbound_mail_item", direction: "from_increase" })
            const image = await (await sdk.files.contents(item.checks[0]?.front_file_id ?? "")).text()
            expect(image).toContain("$43.21")
            const fronts = await collect(sdk.files.list({ purpose: { in: ["check_image_front"] } }))
            expect(fronts.map((file) => file.id)).toEqual(
              expect.arrayContaining([uploaded.id, item.checks[0]?.front_file_id])
            )
            expect(fronts.every((file) => file.purpose === "check_image_front")).toBe(true)
            const withScan = await sdk.simulations.inboundMailItems.create({
              amount: 1,
              lockbox_address_id: address.id,
              contents_file_id: uploaded.id
            })
            expect(withScan.file_id).toBe(uploaded.id)
          })
        }))

      it.effect("the sandbox's rejection amounts reach no_check, no_matching_lockbox and lockbox_not_active", () =>
        Effect.gen(function*() {
          const sdk = sdkFor(yield* TestServer.TestServer)
          yield* Effect.promise(async () => {
            const account = await sdk.accounts.create({ name: "SDK mail rejections" })
            const address = (await sdk.lockboxAddresses.list()).data.find((item) => item.status === "active")
            const recipient = await sdk.lockboxRecipients.create({
              account_id: account.id,
              lockbox_address_id: address?.id ?? "",
              recipient_name: "Grace Hopper"
            })
            const noCheck = await sdk.simulations.inboundMailItems.create({
              amount: 99_999_901,
              lockbox_recipient_id: recipient.id
            })
            expect(noCheck).toMatchObject({
              status: "rejected",
              rejection_reason: "no_check",
              checks: [],
              lockbox_recipient_id: recipient.id
            })
            const scan = await (await sdk.files.contents(noCheck.file_id)).text()
            expect(scan).toContain("no check")
            const unmatched = await sdk.simulations.inboundMailItems.create({
              amount: 99_999_902,
              lockbox_recipient_id: recipient.id
            })
            expect(unmatched).toMatchObject({
              status: "rejected",
              rejection_reason: "no_matching_lockbox",
              lockbox_address_id: address?.id,
              lockbox_recipient_id: null,
              recipient_name: null,
              checks: [{ amount: 99_999_902, status: null, check_deposit_id: null }]
            })
            const inactive = await sdk.simulations.inboundMailItems.create({
              amount: 99_999_903,
              lockbox_address_id: address?.id ?? ""
            })
            expect(inactive).toMatchObject({ status: "rejected", rejection_reason: "lockbox_not_active" })
            // Nothing was deposited: the account's balance and deposits are untouched.
            expect(await sdk.accounts.balance(account.id)).toMatchObject({ current_balance: 0 })
            expect((await sdk.checkDeposits.list({ account_id: account.id })).data).toEqual([])
            // Any other amount is ordinary mail.
            const ordinary = await sdk.simulations.inboundMailItems.create({
              amount: 99_999_904,
              lockbox_recipient_id: recipient.id
            })
            expect(ordinary).toMatchObject({ status: "processed", rejection_reason: null })
          })
        }))
    })
  })
}
