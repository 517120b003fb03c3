/**
 * The dispatcher's housekeeping, under `TestClock` on every test database:
 * a delivery claimed too often without a recorded attempt is failed (with a
 * log line) instead of being sent forever; attempts and finished deliveries
 * past the 30-day event retention are deleted, newer ones kept.
 */
import { describe, expect, layer } from "@effect/vitest"
import type { Environment } from "@moneta/domain/Environment"
import type { TenantShape } from "@moneta/domain/Tenant"
import { WebhookAttempt, WebhookAttemptId } from "@moneta/domain/WebhookAttempt"
import * as TestDatabase from "@moneta/store/testing"
import { WebhookDeliveryStore } from "@moneta/store/WebhookDeliveries"
import { Context, DateTime, Duration, Effect, Layer, Logger, Option, Queue, Schedule, Schema, type Scope } from "effect"
import { SqlClient } from "effect/sql"
import { TestClock } from "effect/testing"
import * as Dispatcher from "../src/Dispatcher.js"
import * as Transport from "../src/Transport.js"
import { underTestClock } from "./support/Clock.js"
import * as Receiver from "./support/Receiver.js"
import * as Seed from "./support/Seed.js"

const start = DateTime.makeUnsafe("2026-03-02T09:00:00.000Z")
const at = (offset: Duration.Input) => DateTime.addDuration(start, offset)

const startDispatcher = (environment: Environment, options: Omit<Dispatcher.DispatcherOptions, "environment">) =>
  Effect.map(
    Layer.build(
      Dispatcher.layer({ environment, pollInterval: Duration.days(60), ...options }).pipe(
        Layer.provide(Transport.layer(environment)),
        Layer.provide(Seed.LoopbackAllowed)
      )
    ),
    (context) => Context.get(context, Dispatcher.Dispatcher)
  )

/** The log messages of this scope's fibers (and the fibers they fork), as they are written. */
const logMessages: Effect.Effect<Queue.Queue<string>, never, Scope.Scope> = Effect.gen(function*() {
  const messages = yield* Queue.unbounded<string>()
  const logger = Logger.make(({ message }) => {
    const parts = Array.isArray(message) ? message : [message]
    Queue.offerUnsafe(messages, parts.map(String).join(" "))
  })
  yield* Effect.updateServiceScoped(Logger.CurrentLoggers, (loggers) => new Set([...loggers, logger]))
  return messages
})

/** Waits for a log message that starts with `prefix`. */
const logged = (messages: Queue.Queue<string>, prefix: string): Effect.Effect<string> =>
  Effect.flatMap(
    Queue.take(messages),
    (message) => message.startsWith(prefix) ? Effect.succeed(message) : logged(messages, prefix)
  )

const CountsRow = Schema.Struct({ deliveries: Schema.NumberFromString, attempts: Schema.NumberFromString })

const rowCounts = (owner: TenantShape) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql`SELECT
        (SELECT count(*) FROM webhook_deliveries WHERE group_id = ${owner.groupId})::text AS deliveries,
        (SELECT count(*) FROM webhook_attempts WHERE group_id = ${owner.groupId})::text AS attempts`
    return yield* Schema.decodeUnknownEffect(Schema.Array(CountsRow))(rows)
  }).pipe(Effect.map((rows) => rows[0]), Effect.orDie)

/** Waits in real time (the test clock stands still) until the tenant has `count` attempts recorded. */
const attemptsRecorded = (owner: TenantShape, count: number) =>
  rowCounts(owner).pipe(
    Effect.repeat({
      until: (counts) => (counts?.attempts ?? 0) >= count,
      schedule: Schedule.spaced("20 millis"),
      times: 500
    }),
    TestClock.withLive
  )

const UnrecordedRow = Schema.Struct({ unrecorded_claims: Schema.Number })

const unrecordedClaims = (owner: TenantShape) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows =
      yield* sql`SELECT unrecorded_claims FROM webhook_deliveries WHERE group_id = ${owner.groupId} ORDER BY id`
    return (yield* Schema.decodeUnknownEffect(Schema.Array(UnrecordedRow))(rows)).map((row) => row.unrecorded_claims)
  }).pipe(Effect.orDie)

for (const kind of TestDatabase.testDatabases) {
  describe(`dispatcher housekeeping (${kind})`, () => {
    layer(Seed.StoreLive.pipe(Layer.provideMerge(TestDatabase.layerFor(kind))), {
      timeout: TestDatabase.timeout,
      excludeTestServices: true
    })((it) => {
      it.effect(
        "counts claims without a recorded attempt; releases and recorded attempts reset them; the cap fails the delivery",
        () =>
          underTestClock(Effect.gen(function*() {
            yield* TestClock.setTime(DateTime.toEpochMillis(start))
            const store = yield* WebhookDeliveryStore
            const tenant = yield* Seed.tenant("live")
            yield* Seed.subscribe(tenant, { url: "https://example.com/hooks", secret: "cap" })
            yield* Seed.emit(tenant, ["wire_transfer.created"])
            const claimAt = (offset: Duration.Input) =>
              store.claim({
                environment: "live",
                now: at(offset),
                leaseEnd: DateTime.addDuration(at(offset), Duration.minutes(1)),
                claimToken: `claim at ${Duration.format(Duration.fromInputUnsafe(offset))}`,
                limit: 100,
                maxClaims: 3
              }).pipe(Effect.map((taken) => ({
                claimed: taken.claimed.filter((delivery) => delivery.tenant.groupId === tenant.groupId),
                abandoned: taken.abandoned.filter((delivery) => delivery.tenant.groupId === tenant.groupId)
              })))

            // Handed back at shutdown: not a crash, not counted.
            const first = yield* claimAt("1 second")
            expect(first.claimed).toHaveLength(1)
            yield* store.release(first.claimed, at("2 seconds"))
            expect(yield* unrecordedClaims(tenant)).toEqual([0])

            // A recorded attempt starts the count again.
            const second = yield* claimAt("3 seconds")
            const [delivery] = second.claimed
            if (delivery === undefined) return yield* Effect.die(new Error("not claimed"))
            yield* store.record([{
              deliveryId: delivery.id,
              claimToken: delivery.claimToken,
              tenant: delivery.tenant,
              next: Option.some(at("1 minute")),
              attempt: new WebhookAttempt({
                id: WebhookAttemptId.make("webhook_attempt_housekeeping"),
                created_at: at("3 seconds"),
                event_id: delivery.event.id,
                event_category: delivery.event.category,
                event_subscription_id: delivery.subscriptionId,
                url: delivery.url,
                trigger: "event",
                attempt_number: 1,
                status: "failed",
                failure_reason: "non_2xx_response",
                response_status_code: 500,
                response_body: "",
                duration_ms: 1,
                next_attempt_at: at("1 minute")
              })
            }])
            expect(yield* unrecordedClaims(tenant)).toEqual([0])

            // Three claims whose leases run out without an attempt: the fourth claim fails the delivery.
            for (const minutes of [1, 3, 5]) {
              expect((yield* claimAt(Duration.minutes(minutes))).claimed).toHaveLength(1)
            }
            expect(yield* unrecordedClaims(tenant)).toEqual([3])
            const capped = yield* claimAt("7 minutes")
            expect(capped.claimed).toEqual([])
            expect(capped.abandoned.map((abandoned) => [abandoned.eventId, abandoned.claims])).toEqual([[
              delivery.event.id,
              3
            ]])
            expect((yield* Seed.deliveries(tenant)).map((row) => [row.status, row.attempt_count])).toEqual([[
              "failed",
              1
            ]])
            expect(yield* claimAt("9 minutes")).toEqual({ claimed: [], abandoned: [] })
          })),
        60_000
      )

      it.effect(
        "the dispatcher fails a delivery at the claim cap, logs it, and sends nothing",
        () =>
          underTestClock(Effect.gen(function*() {
            yield* TestClock.setTime(DateTime.toEpochMillis(start))
            const messages = yield* logMessages
            const sql = yield* SqlClient.SqlClient
            const receiver = yield* Receiver.make(() => 204)
            const tenant = yield* Seed.tenant("live")
            yield* Seed.subscribe(tenant, { url: receiver.url, secret: "cap" })
            yield* Seed.emit(tenant, ["wire_transfer.created"])
            // As if five processes had died sending it.
            yield* sql`UPDATE webhook_deliveries SET unrecorded_claims = 5 WHERE group_id = ${tenant.groupId}`
            const dispatcher = yield* startDispatcher("live", { maxClaims: 5 })
            yield* dispatcher.wake
            yield* logged(messages, "Webhook delivery failed: claimed without a recorded attempt")
            expect((yield* Seed.deliveries(tenant)).map((row) => row.status)).toEqual(["failed"])
            expect(receiver.all()).toEqual([])
          })),
        60_000
      )

      it.effect(
        "deletes attempts and finished deliveries past the event retention, in batches, and keeps newer ones",
        () =>
          underTestClock(Effect.gen(function*() {
            yield* TestClock.setTime(DateTime.toEpochMillis(start))
            const messages = yield* logMessages
            const receiver = yield* Receiver.make(() => 204)
            const tenant = yield* Seed.tenant("live")
            const subscription = yield* Seed.subscribe(tenant, { url: receiver.url, secret: "retention" })
            // One sweep, 40 days in: it deletes what is older than day 10.
            const dispatcher = yield* startDispatcher("live", { sweepInterval: Duration.days(40), sweepBatchSize: 1 })
            yield* Seed.emit(tenant, ["wire_transfer.created", "wire_transfer.updated"])
            yield* dispatcher.wake
            yield* Receiver.take(receiver, 2)
            yield* attemptsRecorded(tenant, 2)
            yield* TestClock.setTime(DateTime.toEpochMillis(at(Duration.days(29))))
            const [kept] = yield* Seed.emit(tenant, ["wire_transfer.updated"])
            yield* dispatcher.wake
            yield* Receiver.take(receiver, 1)
            yield* attemptsRecorded(tenant, 3)
            expect(yield* rowCounts(tenant)).toEqual({ deliveries: 3, attempts: 3 })

            yield* TestClock.setTime(DateTime.toEpochMillis(at(Duration.days(40))))
            // (Other tests' rows in this database may go in the same sweep.)
            yield* logged(messages, "Deleted ")
            expect(yield* rowCounts(tenant)).toEqual({ deliveries: 1, attempts: 1 })
            expect((yield* Seed.attempts(tenant, subscription.id)).map((attempt) => attempt.event_id)).toEqual([
              kept?.id
            ])
          })),
        60_000
      )
    })
  })
}
