/**
 * Waiting for a real-time decision, driven by `TestClock` over a real test
 * database: the waiter times the decision out exactly at `timeout_at`, an
 * answer wakes it without any time passing (NOTIFY, or directly when the
 * answer commits in its own process), an answer it was not told of is found
 * by its poll, and the sweeper times out what nobody waits
 * for, never before the window has passed.
 */
import { describe, expect, layer } from "@effect/vitest"
import { Idempotency } from "@moneta/bank/Idempotency"
import { RealTimeDecisions } from "@moneta/bank/RealTimeDecisions"
import * as RealTimeDecisionSweeper from "@moneta/bank/RealTimeDecisionSweeper"
import type { GroupId, RealTimeDecisionId } from "@moneta/domain/Ids"
import { Tenant } from "@moneta/domain/Tenant"
import { ApiKeyStore } from "@moneta/store/ApiKeys"
import { Notifications } from "@moneta/store/Notifications"
import * as TestDatabase from "@moneta/store/testing"
import { Context, DateTime, Duration, Effect, Fiber, Layer, Option, Stream } from "effect"
import { SqlClient } from "effect/sql"
import { TestClock } from "effect/testing"
import { tokenRequest, underTestClock, window, yieldToEventLoop } from "./support/DecisionCallers.js"

/** Waits (yielding to the event loop, no time passing) until the caller's newest decision exists; its id. */
const decisionRaised = (find: () => Effect.Effect<Option.Option<RealTimeDecisionId>>) =>
  Effect.flatMap(
    Effect.repeat(Effect.tap(find(), yieldToEventLoop), { until: Option.isSome }),
    (found) => Option.isSome(found) ? Effect.succeed(found.value) : Effect.die(new Error("no decision"))
  )

/** Notifications that never arrive: only the poll can find an answer. */
const deafNotifications = Layer.effect(
  Notifications,
  Effect.map(Notifications, (real) => ({ ...real, listen: () => Stream.never }))
)

const testLayer = (kind: TestDatabase.Kind, notifications: "real" | "deaf") =>
  Layer.mergeAll(RealTimeDecisions.Default, Idempotency.Default, ApiKeyStore.Default).pipe(
    Layer.provide(notifications === "deaf" ? deafNotifications : Layer.empty),
    Layer.provideMerge(TestDatabase.layerFor(kind))
  )

/** Looks the database up directly, as the test sees it. */
class TestDatabaseQueries extends Context.Service<TestDatabaseQueries>()("test/TestDatabaseQueries", {
  make: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const newestDecision = (groupId: GroupId) =>
      sql<{ id: RealTimeDecisionId }>`SELECT id FROM real_time_decisions WHERE group_id = ${groupId}
        ORDER BY created_at DESC LIMIT 1`.pipe(
        Effect.map((rows) => Option.fromNullishOr(rows[0]?.id)),
        Effect.orDie
      )
    return { newestDecision } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make)
}

/** Forks `ask` and waits until its decision is written. */
const askInBackground = Effect.gen(function*() {
  const decisions = yield* RealTimeDecisions
  const seen = yield* Effect.forkChild(decisions.ask(tokenRequest, null))
  const { groupId } = yield* Tenant
  const database = yield* TestDatabaseQueries
  const id = yield* decisionRaised(() => database.newestDecision(groupId))
  return { fiber: seen, id }
})

/** Answers a waited-for decision; the waiter returns with no time passing. */
const answerWakesAtOnce = Effect.gen(function*() {
  const decisions = yield* RealTimeDecisions
  const { fiber, id } = yield* askInBackground
  yield* decisions.action(id, { digital_wallet_token: { decline: {} } })
  const finished = yield* Fiber.join(fiber)
  expect(finished).toMatchObject({ status: "responded", digital_wallet_token: { decision: "decline" } })
})

for (const kind of TestDatabase.testDatabases) {
  describe(`waiting for real-time decisions (${kind})`, () => {
    layer(Layer.provideMerge(TestDatabaseQueries.Default, testLayer(kind, "real")), {
      timeout: TestDatabase.timeout,
      excludeTestServices: true
    })((it) => {
      it.effect("the waiter times the decision out at timeout_at, not a moment before", () =>
        underTestClock(Effect.gen(function*() {
          const decisions = yield* RealTimeDecisions
          const { fiber, id } = yield* askInBackground
          const raised = yield* decisions.retrieve(id)
          expect(DateTime.distance(raised.created_at, raised.timeout_at)).toEqual(window)
          yield* TestClock.adjust(Duration.subtract(window, Duration.millis(1)))
          expect(fiber.pollUnsafe()).toBeUndefined()
          expect((yield* decisions.retrieve(id)).status).toBe("pending")
          yield* TestClock.adjust(Duration.millis(1))
          const finished = yield* Fiber.join(fiber)
          expect(finished.status).toBe("timed_out")
          // too late to answer now
          const late = yield* Effect.flip(decisions.action(id, { digital_wallet_token: { approval: {} } }))
          expect(late._tag).toBe("RealTimeDecisionNotAnswerable")
        })))

      it.effect("an answer wakes the waiter at once, with no time passing", () => underTestClock(answerWakesAtOnce))

      it.effect("the sweeper times out a decision nobody waits for, only once its window has passed", () =>
        underTestClock(Effect.gen(function*() {
          const decisions = yield* RealTimeDecisions
          const raised = yield* decisions.raise(tokenRequest, null)
          yield* TestClock.adjust(Duration.subtract(window, Duration.millis(1)))
          expect(yield* RealTimeDecisionSweeper.sweep("sandbox")).toBe(0)
          expect((yield* decisions.retrieve(raised.id)).status).toBe("pending")
          yield* TestClock.adjust(Duration.millis(1))
          expect(yield* RealTimeDecisionSweeper.sweep("sandbox")).toBeGreaterThanOrEqual(1)
          expect((yield* decisions.retrieve(raised.id)).status).toBe("timed_out")
          expect(yield* RealTimeDecisionSweeper.sweep("sandbox")).toBe(0)
        })))
    })

    layer(Layer.provideMerge(TestDatabaseQueries.Default, testLayer(kind, "deaf")), {
      timeout: TestDatabase.timeout,
      excludeTestServices: true
    })((it) => {
      it.effect("an answer committed in the waiting process wakes the waiter at once, without notifications", () =>
        underTestClock(answerWakesAtOnce))

      it.effect("without notifications the poll finds the answer within one poll interval", () =>
        underTestClock(Effect.gen(function*() {
          const decisions = yield* RealTimeDecisions
          const sql = yield* SqlClient.SqlClient
          const { fiber, id } = yield* askInBackground
          // Inside an outer transaction (as an idempotent request runs) the answer is not
          // committed when `action` returns, so it does not wake the waiter: the poll finds it.
          yield* sql.withTransaction(decisions.action(id, { digital_wallet_token: { approval: {} } }))
          yield* TestClock.adjust("250 millis")
          const finished = yield* Fiber.join(fiber)
          expect(finished).toMatchObject({ status: "responded", digital_wallet_token: { decision: "approve" } })
        })))
    })
  })
}
