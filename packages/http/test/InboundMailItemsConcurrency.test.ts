import { describe, expect, layer } from "@effect/vitest"
import { AccountId } from "@moneta/domain/Ids"
import * as TestDatabase from "@moneta/store/testing"
import { Effect, Result } from "effect"
import {
  actionItem,
  activeAddress,
  deposit,
  ignore,
  mailToAddress,
  mailToRecipient,
  recipientAt
} from "./support/Mail.js"
import * as TestServer from "./support/TestServer.js"
import { balanceOf, fundedAccount } from "./support/Wires.js"

/** Generous: these tests send dozens of requests at once, and CI machines are small and shared. */
const busyMachineTimeout = 120_000

const depositCount = (client: TestServer.Client, accountId: string) =>
  Effect.map(
    client.checkDeposits.list({ query: { account_id: AccountId.make(accountId) } }),
    (page) => page.data.length
  )

for (const kind of TestDatabase.testDatabases) {
  describe(`inbound mail under concurrency (${kind})`, () => {
    layer(TestServer.layer(kind), { timeout: TestDatabase.timeout })((it) => {
      it.effect(
        "20 parallel actions on one pending item: exactly one succeeds and the money is credited once",
        () =>
          Effect.gen(function*() {
            const { client } = yield* TestServer.TestServer
            const first = yield* fundedAccount(client, 0)
            const second = yield* fundedAccount(client, 0)
            const item = yield* mailToAddress(client, yield* activeAddress(client), 7_700)
            const choices = [deposit(first), deposit(second), ignore]
            const outcomes = yield* Effect.all(
              Array.from(
                { length: 20 },
                (_, index) => Effect.result(actionItem(client, item.id, [choices[index % 3] ?? ignore]))
              ),
              { concurrency: "unbounded" }
            )
            const succeeded = outcomes.flatMap((outcome) => Result.isSuccess(outcome) ? [outcome.success] : [])
            expect(succeeded).toHaveLength(1)
            for (const outcome of outcomes) {
              if (Result.isFailure(outcome)) expect(outcome.failure._tag).toBe("InvalidOperationError")
            }
            const final = yield* client.inboundMailItems.retrieve({ params: { inbound_mail_item_id: item.id } })
            expect(final).toEqual(succeeded[0])
            const credited = [yield* balanceOf(client, first), yield* balanceOf(client, second)].map((balance) =>
              balance.current
            )
            const deposits = (yield* depositCount(client, first)) + (yield* depositCount(client, second))
            if (final.checks[0]?.status === "deposited") {
              expect(credited.sort()).toEqual([0, 7_700])
              expect(deposits).toBe(1)
            } else {
              expect(final.checks[0]?.status).toBe("ignored")
              expect(credited).toEqual([0, 0])
              expect(deposits).toBe(0)
            }
          }),
        busyMachineTimeout
      )

      it.effect(
        "parallel recipient creations at one address never share a mail stop code",
        () =>
          Effect.gen(function*() {
            const { accountId, client } = yield* TestServer.TestServer
            const addressId = yield* activeAddress(client)
            const created = yield* Effect.all(
              Array.from({ length: 30 }, (_, index) => recipientAt(client, accountId, addressId, `Recipient ${index}`)),
              { concurrency: "unbounded" }
            )
            const codes = new Set(created.map((recipient) => recipient.mail_stop_code))
            expect(codes.size).toBe(30)
            const listed = yield* client.lockboxRecipients.list({ query: { lockbox_address_id: addressId } })
            expect(new Set(listed.data.map((recipient) => recipient.mail_stop_code))).toEqual(codes)
          }),
        busyMachineTimeout
      )

      it.effect("parallel mail to one recipient deposits every check once", () =>
        Effect.gen(function*() {
          const { client } = yield* TestServer.TestServer
          const accountId = yield* fundedAccount(client, 0)
          const recipient = yield* recipientAt(client, accountId, yield* activeAddress(client))
          const amounts = Array.from({ length: 20 }, (_, index) => 100 + index)
          const items = yield* Effect.all(amounts.map((amount) => mailToRecipient(client, recipient.id, amount)), {
            concurrency: "unbounded"
          })
          expect(items.every((item) => item.status === "processed")).toBe(true)
          const total = amounts.reduce((sum, amount) => sum + amount, 0)
          expect(yield* balanceOf(client, accountId)).toEqual({ current: total, available: total })
          expect(yield* depositCount(client, accountId)).toBe(20)
        }), busyMachineTimeout)
    })
  })
}
