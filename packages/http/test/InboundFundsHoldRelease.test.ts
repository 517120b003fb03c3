/**
 * A check deposit's inbound funds hold released on its own once its
 * `automatically_releases_at` (two days after the submission) passes on its
 * group's sandbox clock, over the real server on both databases: by a clock
 * advance (not before the time; the hold completes, the available balance
 * rises, `pending_transaction.updated` and `check_deposit.updated` are
 * emitted, and the official SDK reads it so), and by the hold sweeper (one
 * not yet due on its own group's clock is left alone; two sweeps at once
 * release it once; one the simulation released first is skipped; the
 * sweeper's layer does it on its own).
 */
import { describe, expect, layer } from "@effect/vitest"
import * as HoldSweeper from "@moneta/bank/HoldSweeper"
import type { GroupId } from "@moneta/domain/Ids"
import { AccountId, PendingTransactionId } from "@moneta/domain/Ids"
import * as TestDatabase from "@moneta/store/testing"
import { Duration, Effect, Layer, References, Schedule } from "effect"
import { SqlClient } from "effect/sql"
import Increase from "increase"
import { raw } from "./support/Requests.js"
import * as TestServer from "./support/TestServer.js"
import { balanceOf, eventCategoriesOf, fundedAccount } from "./support/Wires.js"

const day = 86_400_000
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 4, 5, 6])

/** Sets the group's sandbox clock offset directly (an advance would release the holds itself). */
const setOffset = (groupId: GroupId, offsetMillis: number) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) => sql`UPDATE groups SET clock_offset_ms = ${offsetMillis} WHERE id = ${groupId}`.pipe(Effect.orDie)
  )

const upload = (client: TestServer.Client, purpose: string) =>
  Effect.gen(function*() {
    const form = new FormData()
    form.append("purpose", purpose)
    form.append("file", new Blob([png], { type: "image/png" }), `${purpose}.png`)
    return (yield* client.files.create({ payload: form })).id
  })

/** A new group with a 5,000 check deposited into an empty account and submitted: its funds held. */
const groupWithHeldDeposit = Effect.gen(function*() {
  const server = yield* TestServer.TestServer
  const group = yield* server.newGroup()
  const client = yield* server.clientFor(group.apiKey)
  const accountId = AccountId.make(yield* fundedAccount(client, 0))
  const deposit = yield* client.checkDeposits.create({
    payload: {
      account_id: accountId,
      amount: 5_000,
      front_image_file_id: yield* upload(client, "check_image_front"),
      back_image_file_id: yield* upload(client, "check_image_back")
    }
  })
  const submitted = yield* client.checkDepositSimulations.submit({
    params: { check_deposit_id: deposit.id },
    payload: {}
  })
  const holdId = PendingTransactionId.make(submitted.inbound_funds_hold?.pending_transaction_id ?? "")
  const hold = () => client.pendingTransactions.retrieve({ params: { pending_transaction_id: holdId } })
  const depositNow = () => client.checkDeposits.retrieve({ params: { check_deposit_id: deposit.id } })
  return { group, client, accountId, depositId: deposit.id, holdId, submitted, hold, depositNow }
})

const sweep = Effect.map(HoldSweeper.sweep("sandbox"), (swept) => swept.inboundFundsHoldsReleased)

for (const kind of TestDatabase.testDatabases) {
  describe(`inbound funds holds released on their own (${kind})`, () => {
    layer(Layer.provideMerge(HoldSweeper.services, TestServer.layer(kind)), {
      timeout: TestDatabase.timeout,
      excludeTestServices: true
    })((it) => {
      it.effect("a clock advance past automatically_releases_at releases the hold, not one before it", () =>
        Effect.gen(function*() {
          const server = yield* TestServer.TestServer
          const held = yield* groupWithHeldDeposit
          const api = raw(server, held.group.apiKey)
          expect(yield* balanceOf(held.client, held.accountId)).toEqual({ current: 5_000, available: 0 })
          const releasesAt = held.submitted.inbound_funds_hold?.automatically_releases_at
          expect(releasesAt?.epochMilliseconds).toBe(
            (held.submitted.deposit_submission?.submitted_at.epochMilliseconds ?? 0) + 2 * day
          )

          // One day: not yet.
          const oneDay = yield* api.post("/moneta/clock/advance", { duration: "1d" })
          expect(oneDay.status).toBe(200)
          expect(oneDay.body).toMatchObject({ fired: { inbound_funds_holds_released: 0 } })
          expect((yield* held.hold()).status).toBe("pending")
          expect(yield* balanceOf(held.client, held.accountId)).toEqual({ current: 5_000, available: 0 })

          // The second day passes automatically_releases_at (submitted a moment after real time 0).
          const twoDays = yield* api.post("/moneta/clock/advance", { duration: "1d" })
          expect(twoDays.status).toBe(200)
          expect(twoDays.body).toMatchObject({ fired: { inbound_funds_holds_released: 1 } })
          expect((yield* held.hold()).status).toBe("complete")
          expect(yield* balanceOf(held.client, held.accountId)).toEqual({ current: 5_000, available: 5_000 })
          const deposit = yield* held.depositNow()
          expect(deposit.status).toBe("submitted")
          expect(deposit.inbound_funds_hold?.status).toBe("complete")
          // Released on the group's clock, two days ahead of real time.
          const releasedAt = deposit.inbound_funds_hold?.released_at?.epochMilliseconds ?? 0
          expect(releasedAt).toBeGreaterThanOrEqual(releasesAt?.epochMilliseconds ?? Infinity)

          // The release step's events, once each.
          expect(yield* eventCategoriesOf(held.client, held.holdId)).toEqual([
            "pending_transaction.created",
            "pending_transaction.updated"
          ])
          const depositEvents = yield* eventCategoriesOf(held.client, held.depositId)
          expect(depositEvents.filter((category) => category === "check_deposit.updated")).toHaveLength(2)

          // A further advance finds nothing more to release.
          const later = yield* api.post("/moneta/clock/advance", { duration: "1d" })
          expect(later.body).toMatchObject({ fired: { inbound_funds_holds_released: 0 } })

          // The official SDK reads the released hold as Increase's would be.
          const sdk = new Increase({ apiKey: held.group.apiKey, baseURL: server.baseUrl, maxRetries: 0 })
          const [sdkHold, sdkDeposit, sdkBalance] = yield* Effect.promise(() =>
            Promise.all([
              sdk.pendingTransactions.retrieve(held.holdId),
              sdk.checkDeposits.retrieve(held.depositId),
              sdk.accounts.balance(held.accountId)
            ])
          )
          expect(sdkHold.status).toBe("complete")
          expect(sdkHold.source.inbound_funds_hold?.status).toBe("complete")
          expect(sdkDeposit.inbound_funds_hold?.released_at).not.toBeNull()
          expect(sdkBalance).toMatchObject({ current_balance: 5_000, available_balance: 5_000 })
        }))

      it.effect("the sweeper releases a hold past its time on its group's clock, and leaves one not yet due", () =>
        Effect.gen(function*() {
          const due = yield* groupWithHeldDeposit
          const notDue = yield* groupWithHeldDeposit
          yield* setOffset(due.group.groupId, 2 * day + 60_000)
          yield* setOffset(notDue.group.groupId, 2 * day - 3_600_000)
          expect(yield* sweep).toBeGreaterThanOrEqual(1)

          expect((yield* due.hold()).status).toBe("complete")
          expect(yield* balanceOf(due.client, due.accountId)).toEqual({ current: 5_000, available: 5_000 })
          expect((yield* due.depositNow()).inbound_funds_hold?.status).toBe("complete")
          expect(yield* eventCategoriesOf(due.client, due.holdId)).toEqual([
            "pending_transaction.created",
            "pending_transaction.updated"
          ])

          expect((yield* notDue.hold()).status).toBe("pending")
          expect(yield* balanceOf(notDue.client, notDue.accountId)).toEqual({ current: 5_000, available: 0 })

          // A second pass finds nothing more of these.
          yield* sweep
          expect(yield* eventCategoriesOf(due.client, due.holdId)).toHaveLength(2)
          expect((yield* notDue.hold()).status).toBe("pending")
        }))

      it.effect("two sweeps at once release a hold once; one already released is skipped", () =>
        Effect.gen(function*() {
          const due = yield* groupWithHeldDeposit
          const releasedFirst = yield* groupWithHeldDeposit
          yield* releasedFirst.client.pendingTransactionSimulations.releaseInboundFundsHold({
            params: { pending_transaction_id: releasedFirst.holdId }
          })
          const releasedAt = (yield* releasedFirst.depositNow()).inbound_funds_hold?.released_at
          yield* setOffset(due.group.groupId, 3 * day)
          yield* setOffset(releasedFirst.group.groupId, 3 * day)

          yield* Effect.all([sweep, sweep], { concurrency: 2 })
          expect((yield* due.hold()).status).toBe("complete")
          expect(yield* balanceOf(due.client, due.accountId)).toEqual({ current: 5_000, available: 5_000 })
          expect(yield* eventCategoriesOf(due.client, due.holdId)).toEqual([
            "pending_transaction.created",
            "pending_transaction.updated"
          ])
          const depositEvents = yield* eventCategoriesOf(due.client, due.depositId)
          expect(depositEvents.filter((category) => category === "check_deposit.updated")).toHaveLength(2)

          // The simulation's release stands: same time, no second release.
          expect((yield* releasedFirst.depositNow()).inbound_funds_hold?.released_at).toEqual(releasedAt)
          expect(yield* eventCategoriesOf(releasedFirst.client, releasedFirst.holdId)).toHaveLength(2)
          expect(yield* balanceOf(releasedFirst.client, releasedFirst.accountId)).toEqual({
            current: 5_000,
            available: 5_000
          })
        }))

      it.effect("the sweeper's layer releases a due hold on its own", () =>
        Effect.gen(function*() {
          const due = yield* groupWithHeldDeposit
          yield* setOffset(due.group.groupId, 3 * day)
          yield* Effect.scoped(Effect.gen(function*() {
            yield* Layer.build(HoldSweeper.layer({ environment: "sandbox", interval: "50 millis" }))
            // Waits on the hold's status, bounded.
            yield* due.hold().pipe(
              Effect.repeat({
                schedule: Schedule.spaced(Duration.millis(50)),
                until: (hold) => hold.status === "complete"
              }),
              Effect.timeout(Duration.seconds(20))
            )
          }))
          expect(yield* balanceOf(due.client, due.accountId)).toEqual({ current: 5_000, available: 5_000 })
        }).pipe(Effect.provideService(References.MinimumLogLevel, "Warn")))
    })
  })
}
