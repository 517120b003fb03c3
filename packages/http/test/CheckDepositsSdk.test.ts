/** The check deposit lifecycle driven by the official SDK (`increase` 0.583.x), as a client of the service would. */
import { describe, expect, layer } from "@effect/vitest"
import * as TestDatabase from "@moneta/store/testing"
import { Effect } from "effect"
import Increase, { toFile } from "increase"
import * as TestServer from "./support/TestServer.js"

const sdkFor = (server: TestServer.TestServerShape) =>
  new Increase({ apiKey: server.apiKey, baseURL: server.baseUrl, maxRetries: 0 })

const thrown = (request: () => PromiseLike<unknown>): Promise<unknown> =>
  Promise.resolve(request()).then((value) => ({ unexpectedSuccess: value }), (error: unknown) => error)

const image = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 9, 9, 9])

for (const kind of TestDatabase.testDatabases) {
  describe(`check deposits through the official SDK (${kind})`, () => {
    layer(TestServer.layer(kind), { timeout: TestDatabase.timeout })((it) => {
      it.effect(
        "create, submit (funds held), return; release a hold; adjust; create, reject; refusals are the SDK's error classes",
        () =>
          Effect.gen(function*() {
            const sdk = sdkFor(yield* TestServer.TestServer)
            yield* Effect.promise(async () => {
              const account = await sdk.accounts.create({ name: "SDK check deposits" })
              const front = await sdk.files.create({
                file: await toFile(image, "front.png", { type: "image/png" }),
                purpose: "check_image_front"
              })
              const back = await sdk.files.create({
                file: await toFile(image, "back.png", { type: "image/png" }),
                purpose: "check_image_back"
              })
              const body = {
                account_id: account.id,
                amount: 25_000,
                front_image_file_id: front.id,
                back_image_file_id: back.id,
                description: "Tuition refund"
              }

              const deposit = await sdk.checkDeposits.create(body)
              expect(deposit).toMatchObject({
                type: "check_deposit",
                status: "pending",
                amount: 25_000,
                description: "Tuition refund",
                transaction_id: null
              })
              expect(deposit.idempotency_key).toMatch(/^stainless-node-retry-/)
              expect(await sdk.checkDeposits.retrieve(deposit.id)).toEqual(deposit)

              // Without a scan the sandbox's fixed payer is read off the check.
              const submitted = await sdk.simulations.checkDeposits.submit(deposit.id, {})
              expect(submitted.status).toBe("submitted")
              expect(submitted.deposit_acceptance).toMatchObject({
                account_number: "987654321",
                routing_number: "101050001",
                amount: 25_000
              })
              expect(submitted.deposit_submission?.front_file_id).toBe(front.id)
              const credit = await sdk.transactions.retrieve(submitted.transaction_id ?? "")
              expect(credit.source.category).toBe("check_deposit_acceptance")
              expect(credit.source.check_deposit_acceptance?.check_deposit_id).toBe(deposit.id)
              // The credited funds are held until the hold is released.
              expect(submitted.inbound_funds_hold).toMatchObject({
                amount: 25_000,
                status: "held",
                held_transaction_id: submitted.transaction_id,
                released_at: null,
                type: "inbound_funds_hold"
              })
              const hold = await sdk.pendingTransactions.retrieve(
                submitted.inbound_funds_hold?.pending_transaction_id ?? ""
              )
              expect(hold).toMatchObject({ amount: -25_000, status: "pending" })
              expect(hold.source.category).toBe("inbound_funds_hold")
              expect(hold.source.inbound_funds_hold).toEqual(submitted.inbound_funds_hold)
              expect(await sdk.accounts.balance(account.id)).toMatchObject({
                current_balance: 25_000,
                available_balance: 0
              })

              const again = await thrown(() => sdk.simulations.checkDeposits.submit(deposit.id, {}))
              expect(again).toBeInstanceOf(Increase.ConflictError)

              const returned = await sdk.simulations.checkDeposits.return(deposit.id)
              expect(returned.status).toBe("returned")
              const debit = await sdk.transactions.retrieve(returned.deposit_return?.transaction_id ?? "")
              expect(debit.amount).toBe(-25_000)
              expect(debit.source.category).toBe("check_deposit_return")
              expect(debit.source.check_deposit_return).toEqual(returned.deposit_return)
              // The return ends the hold: nothing is held of funds taken back.
              expect(returned.inbound_funds_hold).toMatchObject({ status: "complete", released_at: expect.any(String) })
              expect(await sdk.pendingTransactions.retrieve(hold.id)).toMatchObject({ status: "complete" })
              expect(await sdk.accounts.balance(account.id)).toMatchObject({ current_balance: 0, available_balance: 0 })
              const returns = await sdk.transactions.list({
                account_id: account.id,
                category: { in: ["check_deposit_return"] }
              })
              expect(returns.data.map((transaction) => transaction.id)).toEqual([debit.id])

              const scanned = await sdk.checkDeposits.create({ ...body, amount: 800 })
              const withScan = await sdk.simulations.checkDeposits.submit(scanned.id, {
                scan: { account_number: "55550001", routing_number: "021000021", auxiliary_on_us: "1042" }
              })
              expect(withScan.deposit_acceptance).toMatchObject({
                account_number: "55550001",
                routing_number: "021000021",
                auxiliary_on_us: "1042",
                serial_number: null
              })

              // Releasing the hold makes the funds available; a second release, or a release of another hold, is 409.
              const released = await sdk.simulations.pendingTransactions.releaseInboundFundsHold(
                withScan.inbound_funds_hold?.pending_transaction_id ?? ""
              )
              expect(released).toMatchObject({ status: "complete", amount: -800 })
              expect(released.source.inbound_funds_hold).toMatchObject({
                status: "complete",
                released_at: released.completed_at
              })
              const afterRelease = await sdk.checkDeposits.retrieve(scanned.id)
              expect(afterRelease.inbound_funds_hold).toEqual(released.source.inbound_funds_hold)
              expect(await sdk.accounts.balance(account.id)).toMatchObject({
                current_balance: 800,
                available_balance: 800
              })
              const releasedAgain = await thrown(() =>
                sdk.simulations.pendingTransactions.releaseInboundFundsHold(released.id)
              )
              expect(releasedAgain).toBeInstanceOf(Increase.ConflictError)
              const unknownHold = await thrown(() =>
                sdk.simulations.pendingTransactions.releaseInboundFundsHold("pending_transaction_nonexistent00000000")
              )
              expect(unknownHold).toBeInstanceOf(Increase.NotFoundError)

              // Adjustments: the default claws the whole amount back; one with a body credits or debits its amount.
              const clawedBack = await sdk.simulations.checkDeposits.adjustment(scanned.id, {})
              expect(clawedBack.status).toBe("submitted")
              expect(clawedBack.deposit_adjustments).toEqual([{
                adjusted_at: expect.any(String),
                amount: -800,
                reason: "non_conforming_item",
                transaction_id: expect.any(String)
              }])
              const claw = await sdk.transactions.retrieve(clawedBack.deposit_adjustments[0]?.transaction_id ?? "")
              expect(claw.amount).toBe(-800)
              expect(claw.source.category).toBe("inbound_check_adjustment")
              expect(claw.source.inbound_check_adjustment).toEqual({
                adjusted_transaction_id: withScan.transaction_id,
                amount: -800,
                reason: "non_conforming_item"
              })
              const corrected = await sdk.simulations.checkDeposits.adjustment(scanned.id, {
                amount: 50,
                reason: "adjusted_amount"
              })
              expect(corrected.deposit_adjustments.map((adjustment) => [adjustment.amount, adjustment.reason])).toEqual(
                [
                  [-800, "non_conforming_item"],
                  [50, "adjusted_amount"]
                ]
              )
              expect(await sdk.accounts.balance(account.id)).toMatchObject({
                current_balance: 50,
                available_balance: 50
              })
              const lateReturn = await thrown(() =>
                sdk.simulations.checkDeposits.adjustment(scanned.id, { reason: "late_return" })
              )
              expect(lateReturn).toBeInstanceOf(Increase.BadRequestError)
              const zero = await thrown(() => sdk.simulations.checkDeposits.adjustment(scanned.id, { amount: 0 }))
              expect(zero).toBeInstanceOf(Increase.BadRequestError)
              const adjustments = await sdk.transactions.list({
                account_id: account.id,
                category: { in: ["inbound_check_adjustment"] }
              })
              expect(adjustments.data.map((transaction) => transaction.amount)).toEqual([50, -800])

              const rejectedOne = await sdk.checkDeposits.create({ ...body, amount: 1_500 })
              const rejected = await sdk.simulations.checkDeposits.reject(rejectedOne.id)
              expect(rejected.status).toBe("rejected")
              expect(rejected.deposit_rejection?.reason).toBe("poor_image_quality")
              const declined = await sdk.declinedTransactions.retrieve(
                rejected.deposit_rejection?.declined_transaction_id ?? ""
              )
              expect(declined.source.category).toBe("check_deposit_rejection")
              expect(declined.source.check_deposit_rejection).toEqual(rejected.deposit_rejection)
              const returnRejected = await thrown(() => sdk.simulations.checkDeposits.return(rejectedOne.id))
              expect(returnRejected).toBeInstanceOf(Increase.ConflictError)
              const adjustRejected = await thrown(() => sdk.simulations.checkDeposits.adjustment(rejectedOne.id, {}))
              expect(adjustRejected).toBeInstanceOf(Increase.ConflictError)

              const swapped = await thrown(() =>
                sdk.checkDeposits.create({ ...body, front_image_file_id: back.id, back_image_file_id: front.id })
              )
              expect(swapped).toBeInstanceOf(Increase.BadRequestError)
              const missing = await thrown(() => sdk.checkDeposits.create({ ...body, front_image_file_id: "file_x" }))
              expect(missing).toBeInstanceOf(Increase.NotFoundError)

              const listed = await sdk.checkDeposits.list({ account_id: account.id })
              expect(listed.data.map((item) => [item.id, item.status])).toEqual([
                [rejectedOne.id, "rejected"],
                [scanned.id, "submitted"],
                [deposit.id, "returned"]
              ])
              const events = await sdk.events.list({ associated_object_id: deposit.id })
              expect(events.data.map((event) => event.category).sort()).toEqual([
                "check_deposit.created",
                "check_deposit.updated",
                "check_deposit.updated"
              ])
            })
          }),
        180_000
      )
    })
  })
}
