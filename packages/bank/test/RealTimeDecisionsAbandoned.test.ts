/**
 * The key of a request that waits for a real-time decision is held under a
 * lease (docs/decisions.md, "Idempotent requests that wait"). Under
 * `TestClock` over a real test database: a run that died after raising its
 * decision keeps its key until its lease expires, then a retry takes it over
 * and reuses the decision (the client is asked once) and applies it once; a
 * live run renews its lease however long it waits; a run that lost its key
 * to a takeover applies nothing; a request whose first run failed asks anew.
 */
import { describe, expect, layer } from "@effect/vitest"
import { asking } from "@moneta/bank/AskingWrite"
import { Idempotency } from "@moneta/bank/Idempotency"
import { CurrentClaim, CurrentIdempotencyKey } from "@moneta/bank/IdempotencyKey"
import { RealTimeDecisions, RealTimeDecisionTiming } from "@moneta/bank/RealTimeDecisions"
import * as RealTimeDecisionSweeper from "@moneta/bank/RealTimeDecisionSweeper"
import type { GroupId } from "@moneta/domain/Ids"
import { defaultTimeoutWindows, type RealTimeDecision } from "@moneta/domain/RealTimeDecision"
import { Tenant } from "@moneta/domain/Tenant"
import { ApiKeyStore } from "@moneta/store/ApiKeys"
import { IdempotencyRecordStore } from "@moneta/store/IdempotencyRecords"
import * as TestDatabase from "@moneta/store/testing"
import { transactionally } from "@moneta/store/UnitOfWork"
import { DateTime, Duration, Effect, Exit, Fiber, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { TestClock } from "effect/testing"
import { tokenRequest, underTestClock, window, yieldToEventLoop } from "./support/DecisionCallers.js"

const lease = Duration.seconds(1)
const key = "dies-while-waiting"
const request = { key: Option.some(key), fingerprint: "POST /simulations/digital_wallet_token_requests {card_test}" }

const decisionsOf = (groupId: GroupId) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) =>
      sql<{ id: string; status: string; applied: boolean }>`SELECT id, status, applied FROM real_time_decisions
        WHERE group_id = ${groupId}`
        .pipe(Effect.orDie)
  )

const timing = Layer.succeed(RealTimeDecisionTiming)({
  windows: defaultTimeoutWindows,
  pollInterval: Duration.millis(250),
  lease
})

/** A process that died: it renews, releases and abandons nothing. */
const deadProcessIdempotency = Layer.effect(Idempotency, Idempotency.make).pipe(
  Layer.provide(TestDatabase.deadProcessIdempotencyRecords)
)

const testLayer = (kind: TestDatabase.Kind) =>
  Layer.mergeAll(RealTimeDecisions.Default, ApiKeyStore.Default, Idempotency.Default, IdempotencyRecordStore.Default)
    .pipe(
      Layer.provide(timing),
      Layer.provideMerge(TestDatabase.layerFor(kind))
    )

/** The write of the tests: asks about a token, then applies the decision once. */
const tokenWrite = Effect.gen(function*() {
  const decisions = yield* RealTimeDecisions
  return asking(
    decisions.ask(tokenRequest, null),
    (decision: RealTimeDecision) => Effect.as(decisions.markApplied(decision.id), decision)
  )
})

const toResponse = (decision: RealTimeDecision) =>
  Effect.succeed({ status: 200, body: { id: decision.id, status: decision.status }, resourceId: decision.id })

/** The lease of the test's key as the database has it. */
const leaseOf = (groupId: GroupId) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) =>
      sql<{ lease_until: Date | null }>`SELECT lease_until FROM idempotency_records
      WHERE group_id = ${groupId} AND key = ${key}`.pipe(
        Effect.orDie,
        Effect.map((rows) => Option.map(Option.fromNullishOr(rows[0]?.lease_until), DateTime.makeUnsafe))
      )
  )

/** Lets database round trips finish, the clock standing still, until `shown` (bounded). */
const untilDatabaseShows = <R>(shown: Effect.Effect<boolean, never, R>) =>
  Effect.repeat(Effect.andThen(yieldToEventLoop, shown), { until: (done) => done, times: 100_000 }).pipe(
    Effect.flatMap((done) => done ? Effect.void : Effect.die(new Error("the database never showed it")))
  )

/** Moves the clock in small steps, letting database round trips finish between them, until `done`. */
const stepUntil = <A, R>(
  poll: Effect.Effect<Option.Option<A>, never, R>,
  step: Duration.Duration = Duration.millis(250)
) =>
  Effect.repeat(
    Effect.andThen(Effect.andThen(TestClock.adjust(step), yieldToEventLoop), poll),
    { until: Option.isSome }
  )

for (const kind of TestDatabase.testDatabases) {
  describe(`a waiting request's key under a lease (${kind})`, () => {
    layer(testLayer(kind), { timeout: TestDatabase.timeout, excludeTestServices: true })((it) => {
      it.effect("a run that died after raising its decision: 409 while its lease runs, then a retry reuses the decision", () =>
        underTestClock(Effect.gen(function*() {
          const decisions = yield* RealTimeDecisions
          const idempotency = yield* Idempotency
          const records = yield* IdempotencyRecordStore
          const { groupId, ...tenant } = yield* Tenant
          // the first run: its key held, its decision raised under its claim, then its process dies
          const at = yield* DateTime.now
          const claimed = yield* transactionally(
            records.claimLeased({ groupId, ...tenant }, key, request.fingerprint, at, DateTime.addDuration(at, lease))
          )
          if (claimed._tag !== "Held") return expect.fail("the key was free")
          const raised = yield* decisions.raise(tokenRequest, null).pipe(
            Effect.provideService(CurrentIdempotencyKey, request.key),
            Effect.provideService(CurrentClaim, { claim: claimed.hold.claim, retry: false })
          )
          const retry = idempotency.runAsking(request, yield* tokenWrite, toResponse)
          expect((yield* retry)._tag).toBe("InProgress")

          // the window passes: the sweeper times the decision out and marks the dead run's key abandoned
          yield* TestClock.adjust(window)
          expect(yield* RealTimeDecisionSweeper.sweep("sandbox")).toBeGreaterThanOrEqual(1)
          expect((yield* decisions.retrieve(raised.id)).status).toBe("timed_out")
          const retried = yield* retry
          expect(retried._tag).toBe("Fresh")
          if (retried._tag === "Fresh") expect(retried.value).toMatchObject({ id: raised.id, status: "timed_out" })
          expect(yield* decisionsOf(groupId)).toEqual([{ id: raised.id, status: "timed_out", applied: true }])

          // a further retry is answered from the stored response; a different request with the key is refused
          expect(yield* retry).toMatchObject({ _tag: "Replayed", response: { resourceId: raised.id } })
          const other = idempotency.runAsking(
            { ...request, fingerprint: "another request" },
            yield* tokenWrite,
            toResponse
          )
          expect((yield* Effect.flip(other))._tag).toBe("IdempotencyKeyAlreadyUsedError")
        })))

      it.effect("a live run renews its lease while it waits: its key is never taken over", () =>
        underTestClock(Effect.gen(function*() {
          const idempotency = yield* Idempotency
          const { groupId } = yield* Tenant
          const first = yield* Effect.forkChild(idempotency.runAsking(request, yield* tokenWrite, toResponse))
          yield* untilDatabaseShows(Effect.map(leaseOf(groupId), Option.isSome))
          // three leases' worth of waiting: at each third of the lease the run renews it (the
          // clock moves on only once the renewal is in the database, however slow the machine)
          const third = Duration.divideUnsafe(lease, 3)
          for (let step = 0; step < 9; step++) {
            yield* TestClock.adjust(third)
            const at = yield* DateTime.now
            yield* untilDatabaseShows(Effect.map(leaseOf(groupId), (until) =>
              Option.isSome(until) &&
              !DateTime.isLessThan(
                until.value,
                DateTime.addDuration(at, Duration.subtract(lease, Duration.millis(1)))
              )))
          }
          expect(yield* idempotency.abandonExpired("sandbox")).toBe(0)
          expect((yield* idempotency.runAsking(request, yield* tokenWrite, toResponse))._tag).toBe("InProgress")
          // the window passes: the live run finishes with its own decision
          const finished = yield* stepUntil(Effect.sync(() => Option.fromUndefinedOr(first.pollUnsafe())))
          expect(Option.map(finished, Exit.map((outcome) => outcome._tag))).toEqual(Option.some(Exit.succeed("Fresh")))
          expect((yield* decisionsOf(groupId)).map(({ applied, status }) => ({ applied, status }))).toEqual([
            { applied: true, status: "timed_out" }
          ])
        })))

      it.effect("a run that lost its key to a takeover applies nothing: the outcome applies once", () =>
        underTestClock(Effect.gen(function*() {
          const idempotency = yield* Idempotency
          const { groupId } = yield* Tenant
          // a run that stops renewing (its process hangs) while its decision is pending
          const stalled = yield* Effect.forkChild(
            Effect.gen(function*() {
              const stalledIdempotency = yield* Idempotency
              return yield* stalledIdempotency.runAsking(request, yield* tokenWrite, toResponse)
            }).pipe(Effect.provide(deadProcessIdempotency))
          )
          yield* stepUntil(
            Effect.map(decisionsOf(groupId), (rows) => rows.length > 0 ? Option.some(rows) : Option.none())
          )
          // its lease expires: a retry takes the key over and waits on the same decision
          yield* TestClock.adjust(lease)
          const retry = yield* Effect.forkChild(idempotency.runAsking(request, yield* tokenWrite, toResponse))
          const both = Effect.sync(() => {
            const stalledExit = stalled.pollUnsafe()
            const retryExit = retry.pollUnsafe()
            return stalledExit !== undefined && retryExit !== undefined
              ? Option.some([stalledExit, retryExit] as const)
              : Option.none()
          })
          const finished = yield* stepUntil(both)
          if (Option.isNone(finished)) return expect.fail("the runs did not finish")
          const [stalledExit, retryExit] = finished.value
          // one of them applied the decision and stored the answer; the other replayed it or found it in progress
          const tags = [stalledExit, retryExit].map((exit) =>
            Exit.isSuccess(exit)
              ? exit.value._tag
              : Option.getOrNull(Option.map(Exit.findErrorOption(exit), (error) => error._tag))
          )
          expect(tags).toContain("Fresh")
          expect(tags.filter((tag) => tag === "Fresh").length).toBe(1)
          expect((yield* decisionsOf(groupId)).map((row) => row.applied)).toEqual([true])
          yield* Fiber.interrupt(stalled)
        })))

      it.effect("a request whose first run failed (its key released) asks anew: only a dead run's decisions are reused", () =>
        underTestClock(Effect.gen(function*() {
          const decisions = yield* RealTimeDecisions
          const idempotency = yield* Idempotency
          const { groupId } = yield* Tenant
          const failed = idempotency.runAsking(
            request,
            asking(
              Effect.andThen(decisions.raise(tokenRequest, null), Effect.fail("refused after asking" as const)),
              () => Effect.die("never applied")
            ),
            toResponse
          )
          expect(yield* Effect.flip(failed)).toBe("refused after asking")
          const retry = yield* Effect.forkChild(idempotency.runAsking(request, yield* tokenWrite, toResponse))
          const finished = yield* stepUntil(Effect.sync(() => Option.fromUndefinedOr(retry.pollUnsafe())))
          expect(Option.map(finished, Exit.map((outcome) => outcome._tag))).toEqual(Option.some(Exit.succeed("Fresh")))
          expect((yield* decisionsOf(groupId)).length).toBe(2)
        })))
    })
  })
}
