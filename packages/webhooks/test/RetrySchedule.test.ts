/**
 * The retry schedule, driven by `TestClock` against real receivers: an
 * endpoint that always fails (4xx, 5xx, refused connection, no answer within
 * 10 s) gets exactly 8 attempts at the spec's offsets from the event and none
 * after; a success stops the retries; the sandbox makes one attempt.
 */
import { describe, expect, it as pure, layer } from "@effect/vitest"
import type { Environment } from "@moneta/domain/Environment"
import type { EventSubscriptionId } from "@moneta/domain/Ids"
import type { TenantShape } from "@moneta/domain/Tenant"
import type { WebhookAttempt, WebhookAttemptFailureReason } from "@moneta/domain/WebhookAttempt"
import * as TestDatabase from "@moneta/store/testing"
import { Context, DateTime, Duration, Effect, Layer, Option, Queue } from "effect"
import { TestClock } from "effect/testing"
import * as Dispatcher from "../src/Dispatcher.js"
import { attemptOffsets, nextAttemptAt } from "../src/RetrySchedule.js"
import * as Transport from "../src/Transport.js"
import { underTestClock } from "./support/Clock.js"
import * as Receiver from "./support/Receiver.js"
import * as Seed from "./support/Seed.js"

const start = DateTime.makeUnsafe("2026-03-02T09:00:00.000Z")
const at = (offset: Duration.Duration) => DateTime.addDuration(start, offset)

// Polling is the fallback for lost notifications; here it would only make the
// test clock step through days in 2-second polls. Waking up at the next due
// time (and on `wake`) is what these tests exercise.
const startDispatcher = (environment: Environment) =>
  Effect.map(
    Layer.build(
      Dispatcher.layer({ environment, pollInterval: Duration.days(30) }).pipe(
        Layer.provide(Transport.layer(environment)),
        Layer.provide(Seed.LoopbackAllowed)
      )
    ),
    (context) => Context.get(context, Dispatcher.Dispatcher)
  )

/** Waits in real time (the test clock stands still) until the subscription has `count` attempts. */
const attemptsReach = (tenant: TenantShape, subscriptionId: EventSubscriptionId, count: number) =>
  Effect.gen(function*() {
    for (let round = 0; round < 500; round++) {
      const attempts = yield* Seed.attempts(tenant, subscriptionId)
      if (attempts.length >= count) return attempts
      yield* TestClock.withLive(Effect.sleep("20 millis"))
    }
    return yield* Effect.die(new Error(`fewer than ${count} attempts after 10 s`))
  })

/** Real time passes while the dispatcher could act, and nothing more happens. */
const settle = TestClock.withLive(Effect.sleep("300 millis"))

type Failure = {
  readonly name: string
  readonly reason: WebhookAttemptFailureReason
  readonly answer?: Receiver.Answer
}

const failures: ReadonlyArray<Failure> = [
  { name: "answers 400", reason: "non_2xx_response", answer: 400 },
  { name: "answers 503", reason: "non_2xx_response", answer: 503 },
  { name: "refuses the connection", reason: "connection_failed" },
  { name: "does not answer within 10 seconds", reason: "timed_out", answer: "hang" }
]

describe("retry schedule", () => {
  pure("offsets are counted from the event; the sandbox, resends and heartbeats get one attempt", () => {
    const made = (attemptNumber: number, startedAt = at(attemptOffsets[attemptNumber - 1] ?? Duration.zero)) =>
      nextAttemptAt({
        environment: "live",
        trigger: "event",
        eventCreatedAt: start,
        attemptNumber,
        startedAt,
        succeeded: false
      })
    for (let attemptNumber = 1; attemptNumber < 8; attemptNumber++) {
      expect(made(attemptNumber)).toEqual(Option.some(at(attemptOffsets[attemptNumber] ?? Duration.zero)))
    }
    expect(made(8)).toEqual(Option.none())
    // A dispatcher that was down catches up one minute apart, never in a burst.
    expect(made(1, at(Duration.hours(2)))).toEqual(
      Option.some(at(Duration.sum(Duration.hours(2), Duration.minutes(1))))
    )
    expect(
      nextAttemptAt({
        environment: "live",
        trigger: "event",
        eventCreatedAt: start,
        attemptNumber: 1,
        startedAt: start,
        succeeded: true
      })
    )
      .toEqual(Option.none())
    for (const [environment, trigger] of [["sandbox", "event"], ["live", "resend"], ["live", "heartbeat"]] as const) {
      expect(
        nextAttemptAt({
          environment,
          trigger,
          eventCreatedAt: start,
          attemptNumber: 1,
          startedAt: start,
          succeeded: false
        })
      )
        .toEqual(Option.none())
    }
  })
})

for (const kind of TestDatabase.testDatabases) {
  describe(`retry schedule under TestClock (${kind})`, () => {
    layer(Seed.StoreLive.pipe(Layer.provideMerge(TestDatabase.layerFor(kind))), {
      timeout: TestDatabase.timeout,
      excludeTestServices: true
    })((it) => {
      for (const failure of failures) {
        it.effect(
          `an endpoint that ${failure.name} gets 8 attempts at the spec's offsets and none after`,
          () =>
            underTestClock(Effect.gen(function*() {
              yield* TestClock.setTime(DateTime.toEpochMillis(start))
              const receiver = yield* Receiver.make(() => failure.answer ?? 500)
              const url = failure.answer === undefined ? yield* Receiver.refusedUrl : receiver.url
              const tenant = yield* Seed.tenant("live")
              const subscription = yield* Seed.subscribe(tenant, { url, secret: "retry secret" })
              const dispatcher = yield* startDispatcher("live")
              yield* Seed.emit(tenant, ["wire_transfer.created"])

              for (const [index, offset] of attemptOffsets.entries()) {
                yield* TestClock.setTime(DateTime.toEpochMillis(at(offset)))
                yield* dispatcher.wake
                if (failure.answer === "hang") {
                  yield* Queue.take(receiver.requests)
                  yield* TestClock.adjust(Duration.seconds(10))
                }
                yield* attemptsReach(tenant, subscription.id, index + 1)
              }
              yield* TestClock.setTime(DateTime.toEpochMillis(at(Duration.hours(200))))
              yield* dispatcher.wake
              yield* settle

              const attempts: ReadonlyArray<WebhookAttempt> = yield* Seed.attempts(tenant, subscription.id)
              expect(attempts.map((attempt) => DateTime.formatIso(attempt.created_at))).toEqual(
                attemptOffsets.map((offset) => DateTime.formatIso(at(offset)))
              )
              expect(attempts.map((attempt) => attempt.attempt_number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
              expect(new Set(attempts.map((attempt) => attempt.failure_reason))).toEqual(new Set([failure.reason]))
              expect(
                attempts.map((attempt) =>
                  attempt.next_attempt_at === null ? null : DateTime.formatIso(attempt.next_attempt_at)
                )
              )
                .toEqual([...attemptOffsets.slice(1).map((offset) => DateTime.formatIso(at(offset))), null])
              if (failure.answer === "hang") {
                expect(attempts.every((attempt) => attempt.duration_ms === 10_000)).toBe(true)
              }
              if (failure.answer !== undefined && failure.answer !== "hang") {
                expect(attempts[0]?.response_status_code).toBe(failure.answer)
                expect(attempts[0]?.response_body).toBe(`refused with ${failure.answer}`)
              }
              expect((yield* Seed.deliveries(tenant)).map((row) => [row.status, row.attempt_count])).toEqual([[
                "failed",
                8
              ]])
            })),
          180_000
        )
      }

      it.effect("a success stops the retries", () =>
        underTestClock(Effect.gen(function*() {
          yield* TestClock.setTime(DateTime.toEpochMillis(start))
          const receiver = yield* Receiver.make((_request, count) => count < 3 ? 500 : 200)
          const tenant = yield* Seed.tenant("live")
          const subscription = yield* Seed.subscribe(tenant, { url: receiver.url, secret: "retry secret" })
          const dispatcher = yield* startDispatcher("live")
          yield* Seed.emit(tenant, ["wire_transfer.created"])
          for (const [index, offset] of attemptOffsets.slice(0, 3).entries()) {
            yield* TestClock.setTime(DateTime.toEpochMillis(at(offset)))
            yield* dispatcher.wake
            yield* attemptsReach(tenant, subscription.id, index + 1)
          }
          for (const offset of attemptOffsets.slice(3)) {
            yield* TestClock.setTime(DateTime.toEpochMillis(at(offset)))
            yield* dispatcher.wake
          }
          yield* settle
          const attempts = yield* Seed.attempts(tenant, subscription.id)
          expect(attempts.map((attempt) => attempt.status)).toEqual(["failed", "failed", "succeeded"])
          expect(attempts[2]?.next_attempt_at).toBeNull()
          expect(receiver.all()).toHaveLength(3)
          expect((yield* Seed.deliveries(tenant)).map((row) => row.status)).toEqual(["succeeded"])
        })), 180_000)

      it.effect("the sandbox makes one attempt", () =>
        underTestClock(Effect.gen(function*() {
          yield* TestClock.setTime(DateTime.toEpochMillis(start))
          const receiver = yield* Receiver.make(() => 500)
          const tenant = yield* Seed.tenant("sandbox")
          const subscription = yield* Seed.subscribe(tenant, { url: receiver.url, secret: "retry secret" })
          const dispatcher = yield* startDispatcher("sandbox")
          yield* Seed.emit(tenant, ["wire_transfer.created"])
          // LISTEN may not be in effect yet, and polling is off here.
          yield* dispatcher.wake
          yield* attemptsReach(tenant, subscription.id, 1)
          for (const offset of attemptOffsets.slice(1)) {
            yield* TestClock.setTime(DateTime.toEpochMillis(at(offset)))
            yield* dispatcher.wake
          }
          yield* settle
          const attempts = yield* Seed.attempts(tenant, subscription.id)
          expect(attempts.map((attempt) => [attempt.status, attempt.next_attempt_at])).toEqual([["failed", null]])
          expect(receiver.all()).toHaveLength(1)
          expect((yield* Seed.deliveries(tenant)).map((row) => row.status)).toEqual(["failed"])
        })), 180_000)
    })
  })
}
