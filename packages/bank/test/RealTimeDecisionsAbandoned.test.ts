/**
 * A simulation whose process died while it waited for its real-time decision
 * (simulated: its key claimed and its decision raised, then nothing more).
 * Under `TestClock` over a real test database: a retry with its key is 409
 * while the death is not yet certain; once the sweeper has timed the decision
 * out and the grace has passed, the key is given up and a retry runs again,
 * reusing the decision (the client is asked once); its outcome applies once.
 * A request whose first run failed normally asks anew.
 */
import { describe, expect, layer } from "@effect/vitest"
import { CurrentIdempotencyKey } from "@moneta/bank/Caller"
import { Idempotency } from "@moneta/bank/Idempotency"
import { RealTimeDecisions } from "@moneta/bank/RealTimeDecisions"
import * as RealTimeDecisionSweeper from "@moneta/bank/RealTimeDecisionSweeper"
import { Caller } from "@moneta/domain/Caller"
import type { GroupId } from "@moneta/domain/Ids"
import { ApiKeys } from "@moneta/store/ApiKeys"
import { IdempotencyRecords } from "@moneta/store/IdempotencyRecords"
import * as TestDatabase from "@moneta/store/testing"
import { transactionally } from "@moneta/store/UnitOfWork"
import { DateTime, Duration, Effect, Exit, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { TestClock } from "effect/testing"
import { tokenRequest, underTestClock, window, yieldToEventLoop } from "./support/DecisionCallers.js"

const abandonAfter = Duration.seconds(30)
const key = "dies-while-waiting"
const request = { key: Option.some(key), fingerprint: "POST /simulations/digital_wallet_token_requests {card_test}" }

const decisionsOf = (groupId: GroupId) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) => sql<{ id: string }>`SELECT id FROM real_time_decisions WHERE group_id = ${groupId}`.pipe(Effect.orDie)
  )

const testLayer = (kind: TestDatabase.Kind) =>
  Layer.mergeAll(RealTimeDecisions.Default, ApiKeys.Default, Idempotency.Default, IdempotencyRecords.Default).pipe(
    Layer.provideMerge(TestDatabase.layerFor(kind))
  )

for (const kind of TestDatabase.testDatabases) {
  describe(`a simulation that died waiting (${kind})`, () => {
    layer(testLayer(kind), { timeout: TestDatabase.timeout, excludeTestServices: true })((it) => {
      it.effect("its key is given up after the sweeper's grace; the retry reuses its decision and applies it once", () =>
        underTestClock(Effect.gen(function*() {
          const decisions = yield* RealTimeDecisions
          const idempotency = yield* Idempotency
          const { groupId, ...tenant } = yield* Caller
          // the first run: its key claimed, its decision raised, then its process dies
          yield* transactionally(
            (yield* IdempotencyRecords).claim({ groupId, ...tenant }, key, request.fingerprint, yield* DateTime.now)
          )
          const raised = yield* Effect.provideService(
            decisions.raise(tokenRequest, null),
            CurrentIdempotencyKey,
            request.key
          )
          const retry = idempotency.runWaiting(
            request,
            Effect.tap(decisions.ask(tokenRequest, null), (decision) => decisions.markApplied(decision.id)),
            (decision) =>
              Effect.succeed({
                status: 200,
                body: { id: decision.id, status: decision.status },
                resourceId: decision.id
              })
          )

          // the window passes: the sweeper times the decision out, the key is still the dead request's
          yield* TestClock.adjust(window)
          expect(yield* RealTimeDecisionSweeper.sweep("sandbox", abandonAfter)).toBeGreaterThanOrEqual(1)
          expect((yield* decisions.retrieve(raised.id)).status).toBe("timed_out")
          expect((yield* Effect.flip(retry))._tag).toBe("InvalidOperationError")

          // past the grace the sweeper gives the key up: the retry runs, reusing the decision
          yield* TestClock.adjust(abandonAfter)
          yield* RealTimeDecisionSweeper.sweep("sandbox", abandonAfter)
          const retried = yield* retry
          expect(retried._tag).toBe("Fresh")
          if (retried._tag === "Fresh") expect(retried.value).toMatchObject({ id: raised.id, status: "timed_out" })
          expect((yield* decisionsOf(groupId)).map((row) => row.id)).toEqual([raised.id])

          // a further retry is answered from the stored response; a different request with the key is refused
          expect(yield* retry).toMatchObject({ _tag: "Replayed", response: { resourceId: raised.id } })
          const other = idempotency.runWaiting(
            { ...request, fingerprint: "another request" },
            decisions.ask(tokenRequest, null),
            () => Effect.succeed({ status: 200, body: {}, resourceId: null })
          )
          expect((yield* Effect.flip(other))._tag).toBe("IdempotencyKeyAlreadyUsedError")
          // the outcome was applied once: applying it again is refused
          expect((yield* Effect.flip(decisions.markApplied(raised.id)))._tag).toBe("InvalidOperationError")
        })))

      it.effect("a request whose first run failed (its key released) asks anew: only a dead run's decisions are reused", () =>
        underTestClock(Effect.gen(function*() {
          const decisions = yield* RealTimeDecisions
          const idempotency = yield* Idempotency
          const { groupId } = yield* Caller
          const toResponse = (decision: { readonly id: string }) =>
            Effect.succeed({ status: 200, body: { id: decision.id }, resourceId: decision.id })
          const failed = idempotency.runWaiting(
            request,
            Effect.andThen(decisions.raise(tokenRequest, null), Effect.fail("refused after asking" as const)),
            toResponse
          )
          expect(yield* Effect.flip(failed)).toBe("refused after asking")
          const retry = yield* Effect.forkChild(
            idempotency.runWaiting(request, decisions.ask(tokenRequest, null), toResponse)
          )
          // the window passes (again, until the waiter has seen it: it reads the clock between database reads)
          const finished = yield* Effect.repeat(
            Effect.andThen(
              Effect.andThen(TestClock.adjust(window), yieldToEventLoop),
              Effect.sync(() => Option.fromUndefinedOr(retry.pollUnsafe()))
            ),
            {
              until: Option.isSome
            }
          )
          expect(Option.map(finished, Exit.map((outcome) => outcome._tag))).toEqual(Option.some(Exit.succeed("Fresh")))
          expect((yield* decisionsOf(groupId)).length).toBe(2)
        })))

      it.effect("a live waiter's key is never given up: its decisions are still pending or just finished", () =>
        underTestClock(Effect.gen(function*() {
          const decisions = yield* RealTimeDecisions
          const { groupId, ...tenant } = yield* Caller
          yield* transactionally(
            (yield* IdempotencyRecords).claim({ groupId, ...tenant }, key, request.fingerprint, yield* DateTime.now)
          )
          yield* Effect.provideService(decisions.raise(tokenRequest, null), CurrentIdempotencyKey, request.key)
          yield* TestClock.adjust(Duration.sum(window, Duration.subtract(abandonAfter, Duration.millis(1))))
          expect(yield* decisions.abandonDeadWaiters("sandbox", abandonAfter)).toBe(0)
          yield* RealTimeDecisionSweeper.sweep("sandbox", abandonAfter)
          expect(yield* decisions.abandonDeadWaiters("sandbox", abandonAfter)).toBe(0)
          yield* TestClock.adjust(Duration.millis(1))
          expect(yield* decisions.abandonDeadWaiters("sandbox", abandonAfter)).toBe(1)
        })))
    })
  })
}
