/**
 * The hold sweeper's card authorization expiry over the real server, on both
 * databases: a hold past its `expires_at` on its group's sandbox clock is
 * expired as the expiration simulation does (the hold completes, the card
 * payment gets its expiration element, the available balance comes back);
 * one not yet due on its own group's clock is left alone; two sweeps at once
 * expire it once; the sweeper's layer does it on its own.
 */
import { describe, expect, layer } from "@effect/vitest"
import * as HoldSweeper from "@moneta/bank/HoldSweeper"
import type { GroupId } from "@moneta/domain/Ids"
import * as TestDatabase from "@moneta/store/testing"
import { DateTime, Duration, Effect, Layer, References, Schedule } from "effect"
import { SqlClient } from "effect/sql"
import { approvedHold, cardOnFundedAccount, cardPaymentIdOf } from "./support/Cards.js"
import * as TestServer from "./support/TestServer.js"

const day = 86_400_000

/** Sets the group's sandbox clock offset directly (an advance would expire the holds itself). */
const setOffset = (groupId: GroupId, offsetMillis: number) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) => sql`UPDATE groups SET clock_offset_ms = ${offsetMillis} WHERE id = ${groupId}`.pipe(Effect.orDie)
  )

/** A new group with a funded card and an approved 1,000 authorization on it. */
const groupWithHold = Effect.gen(function*() {
  const server = yield* TestServer.TestServer
  const group = yield* server.newGroup()
  const client = yield* server.clientFor(group.apiKey)
  const { accountId, cardId } = yield* cardOnFundedAccount(client, 10_000)
  const hold = approvedHold(yield* client.cardSimulations.authorize({ payload: { amount: 1_000, card_id: cardId } }))
  const available = () =>
    Effect.map(
      client.accounts.balance({ params: { account_id: accountId }, query: {} }),
      (balance) => balance.available_balance
    )
  const status = () =>
    Effect.map(
      client.pendingTransactions.retrieve({ params: { pending_transaction_id: hold.id } }),
      (pending) => pending.status
    )
  const expirations = () =>
    Effect.map(
      client.cardPayments.retrieve({ params: { card_payment_id: cardPaymentIdOf(hold) } }),
      (payment) => payment.elements.filter((element) => element.category === "card_authorization_expiration")
    )
  return { groupId: group.groupId, available, status, expirations }
})

const sweep = HoldSweeper.sweep("sandbox")

for (const kind of TestDatabase.testDatabases) {
  describe(`the card authorization expiry sweeper (${kind})`, () => {
    layer(Layer.provideMerge(HoldSweeper.services, TestServer.layer(kind)), {
      timeout: TestDatabase.timeout,
      excludeTestServices: true
    })((it) => {
      it.effect("expires a hold past expires_at on its group's clock, and leaves one not yet due on its own", () =>
        Effect.gen(function*() {
          const due = yield* groupWithHold
          const notDue = yield* groupWithHold
          expect(yield* due.available()).toBe(9_000)

          // Seven days and a minute ahead for one group; six days and 23 hours for the other.
          yield* setOffset(due.groupId, 7 * day + 60_000)
          yield* setOffset(notDue.groupId, 7 * day - 3_600_000)
          expect((yield* sweep).cardAuthorizationsExpired).toBeGreaterThanOrEqual(1)

          expect(yield* due.status()).toBe("complete")
          expect(yield* due.available()).toBe(10_000)
          const [expiration, ...more] = yield* due.expirations()
          expect(more).toEqual([])
          // Recorded on the group's clock, as the simulation through its key would.
          const ahead = (expiration?.created_at.epochMilliseconds ?? 0) - (yield* DateTime.now).epochMilliseconds
          expect(ahead).toBeGreaterThan(7 * day)
          expect(ahead).toBeLessThan(7 * day + 120_000)

          expect(yield* notDue.status()).toBe("pending")
          expect(yield* notDue.available()).toBe(9_000)
          expect(yield* notDue.expirations()).toEqual([])

          // A second pass finds nothing more of these.
          yield* sweep
          expect(yield* due.expirations()).toHaveLength(1)
          expect(yield* notDue.status()).toBe("pending")
        }))

      it.effect("two sweeps at once expire a hold once", () =>
        Effect.gen(function*() {
          const due = yield* groupWithHold
          yield* setOffset(due.groupId, 8 * day)
          yield* Effect.all([sweep, sweep], { concurrency: 2 })
          expect(yield* due.status()).toBe("complete")
          expect(yield* due.expirations()).toHaveLength(1)
          expect(yield* due.available()).toBe(10_000)
        }))

      it.effect("the sweeper's layer expires a due hold on its own", () =>
        Effect.gen(function*() {
          const due = yield* groupWithHold
          yield* setOffset(due.groupId, 8 * day)
          yield* Effect.scoped(Effect.gen(function*() {
            yield* Layer.build(HoldSweeper.layer({ environment: "sandbox", interval: "50 millis" }))
            // Waits on the hold's status, bounded.
            yield* due.status().pipe(
              Effect.repeat({
                schedule: Schedule.spaced(Duration.millis(50)),
                until: (status) => status === "complete"
              }),
              Effect.timeout(Duration.seconds(20))
            )
          }))
          expect(yield* due.expirations()).toHaveLength(1)
          expect(yield* due.available()).toBe(10_000)
        }).pipe(Effect.provideService(References.MinimumLogLevel, "Warn")))
    })
  })
}
