/**
 * The webhook dispatcher: the worker that sends what the outbox holds.
 *
 * ```
 * NOTIFY / poll / next due time ─▶ claimer ─▶ sender (POSTs, 10 s) ─▶ recorder
 *                                  (claims a batch         (one statement per
 *                                   under a lease)          batch of attempts)
 * ```
 *
 * - Several processes share the work: claims use `FOR UPDATE SKIP LOCKED` and
 *   a lease (`WebhookDeliveries`); no database transaction is open while a
 *   POST is under way.
 * - At least once: an attempt is recorded after it was sent; a process that
 *   dies in between leaves its claim to expire, and the delivery is sent again.
 * - Woken by NOTIFY when deliveries commit; polls as a fallback (a missed
 *   notification, or LISTEN not yet in effect), and sleeps until the next
 *   delivery falls due. Idle, it runs two small indexed queries per poll interval.
 * - Graceful shutdown: the claimer stops, in-flight attempts finish (within
 *   their deadline) and are recorded, claimed deliveries not yet started are
 *   released for another process.
 * - A delivery claimed `maxClaims` times without a recorded attempt (its
 *   sending keeps killing the process, or its recording keeps failing) is
 *   failed at the next claim, with a log line, instead of being sent forever.
 * - Injected faults (`Faults`, sandbox subscriptions only): a claimed delivery
 *   whose subscription holds one is recorded, delayed, doubled or held back as
 *   the fault says; the others go straight to the sender.
 * - Retention: every `sweepInterval`, attempts and finished deliveries older
 *   than the event retention (30 days) are deleted in bounded batches.
 * - All time is Effect's Clock, so `TestClock` drives deadlines and retries.
 *   Due times, attempts and retention are on each group's sandbox clock
 *   (`SandboxClocks`): the store adds the group's offset to this clock's now.
 */
import type { Environment } from "@moneta/domain/Environment"
import { retainedSinceAt } from "@moneta/domain/Event"
import { timeAt } from "@moneta/domain/SandboxClock"
import type { WebhookAttemptFields, WebhookAttemptId } from "@moneta/domain/WebhookAttempt"
import { reachOf, WebhookDestinations, withoutCredentials } from "@moneta/domain/WebhookDestination"
import { newIds } from "@moneta/store/IdGenerator"
import { Notifications } from "@moneta/store/Notifications"
import {
  type AttemptRecord,
  channel,
  type ClaimedDelivery,
  CommittedHere,
  WebhookDeliveryStore
} from "@moneta/store/WebhookDeliveries"
import {
  Cause,
  Config,
  Context,
  DateTime,
  Deferred,
  Duration,
  Effect,
  Layer,
  Option,
  Queue,
  Schedule,
  Schema,
  Stream
} from "effect"
import { randomUUID } from "node:crypto"
import type { Sent } from "./Delivery.js"
import * as Faults from "./Faults.js"
import { nextAttemptAt } from "./RetrySchedule.js"
import * as Sender from "./Sender.js"
import { DeliveryTransport } from "./Transport.js"

export interface DispatcherOptions {
  /** The environment whose deliveries this dispatcher sends (a server serves one). */
  readonly environment: Environment
  /** POSTs under way at once. */
  readonly concurrency?: number | undefined
  /** Deliveries taken per claim statement. */
  readonly batchSize?: number | undefined
  /** How long a claim keeps other processes away; must exceed the deadline plus recording. */
  readonly lease?: Duration.Input | undefined
  /** The fallback wake-up when no notification comes. */
  readonly pollInterval?: Duration.Input | undefined
  /** The response deadline (the spec's 10 seconds). */
  readonly deadline?: Duration.Input | undefined
  /** Claims without a recorded attempt after which a delivery is failed. */
  readonly maxClaims?: number | undefined
  /** How often expired attempts and deliveries are deleted. */
  readonly sweepInterval?: Duration.Input | undefined
  /** Rows deleted per statement of a sweep. */
  readonly sweepBatchSize?: number | undefined
}

export const defaults = {
  concurrency: 64,
  batchSize: 100,
  lease: Duration.minutes(1),
  pollInterval: Duration.seconds(2),
  deadline: Duration.seconds(10),
  maxClaims: 5,
  sweepInterval: Duration.hours(1),
  sweepBatchSize: 1_000
} as const

export class Dispatcher extends Context.Service<Dispatcher, {
  /** Makes the dispatcher look for due deliveries now (as a NOTIFY does). */
  readonly wake: Effect.Effect<void>
  /** Whether the dispatcher is still claiming deliveries (for readiness checks). */
  readonly running: Effect.Effect<boolean>
}>()("@moneta/webhooks/Dispatcher") {}

/** An attempt made and waiting for its batch's statement, or a marker that completes once those before it are recorded. */
type Finished =
  | { readonly claimed: Faults.FaultedDelivery; readonly sent: Sent }
  | { readonly flushed: Deferred.Deferred<void> }

type CycleResult = "more" | "full" | "drained"

const maxRecordBatch = 500

const isFaulted = (delivery: ClaimedDelivery) => delivery.faulted

/** Up to `max` items already in the queue, without waiting for any. */
const takeUpTo = <A>(queue: Queue.Queue<A>, max: number): Effect.Effect<ReadonlyArray<A>> =>
  Effect.suspend(() => Queue.sizeUnsafe(queue) > 0 ? Queue.takeBetween(queue, 1, max) : Effect.succeed([]))

/** Lets pending I/O callbacks run (not a timer: the Clock, and a TestClock, are not involved). */
const yieldToEventLoop = Effect.callback<void>((resume) => {
  const handle = setImmediate(() => resume(Effect.void))
  return Effect.sync(() => clearImmediate(handle))
})

/** The dispatcher, running until its scope closes. */
export const make = (options: DispatcherOptions) =>
  Effect.gen(function*() {
    const store = yield* WebhookDeliveryStore
    const notifications = yield* Notifications
    const transport = yield* DeliveryTransport
    const destinations = yield* WebhookDestinations
    const rule = {
      reach: reachOf(options.environment, destinations.loopbackInSandbox),
      allowedHosts: destinations.allowedHosts
    }
    const concurrency = options.concurrency ?? defaults.concurrency
    const batchSize = options.batchSize ?? defaults.batchSize
    const lease = Duration.fromInputUnsafe(options.lease ?? defaults.lease)
    const pollInterval = Duration.fromInputUnsafe(options.pollInterval ?? defaults.pollInterval)
    const deadline = Duration.fromInputUnsafe(options.deadline ?? defaults.deadline)
    const maxClaims = options.maxClaims ?? defaults.maxClaims
    const sweepInterval = Duration.fromInputUnsafe(options.sweepInterval ?? defaults.sweepInterval)
    const sweepBatchSize = options.sweepBatchSize ?? defaults.sweepBatchSize
    // Claimed but unrecorded deliveries this process may hold: those under way plus one batch waiting.
    const maxHeld = concurrency + batchSize
    const claimThreshold = Math.max(1, Math.floor(Math.min(batchSize, concurrency) / 4))
    // A claim costs about the same for one row as for a batch: with `holding` claimed, wait for room for a good part of one.
    const shortOfRoom = (holding: number) => {
      const room = maxHeld - holding
      return room <= 0 || (holding > 0 && room < claimThreshold)
    }
    const processToken = randomUUID()

    const wakeups = yield* Queue.dropping<void>(1)
    const finished = yield* Queue.unbounded<Finished>()
    // Claimed and not yet recorded (or released): bounds what this process takes from others.
    let held = 0
    let claims = 0
    const wake = Effect.asVoid(Queue.offer(wakeups, undefined))

    // The logged URL of each subscription URL text (parsing one per delivery showed in profiles); bounded.
    const loggedUrls = new Map<string, string>()
    const loggedUrl = (url: string) => {
      let logged = loggedUrls.get(url)
      if (logged === undefined) {
        if (loggedUrls.size >= 1_000) loggedUrls.clear()
        logged = withoutCredentials(url)
        loggedUrls.set(url, logged)
      }
      return logged
    }

    /** The log entry of a finished POST, and the delivery's next due time. */
    const recordOf = (claimed: Faults.FaultedDelivery, sent: Sent, id: WebhookAttemptId): AttemptRecord => {
      const attemptNumber = claimed.attemptCount + 1
      const succeeded = Option.isNone(sent.failureReason)
      // The attempt and its retry are set on the group's sandbox clock, as the event's time is.
      const startedAt = timeAt(sent.startedAt, claimed.clockOffsetMillis)
      const next = nextAttemptAt({
        environment: claimed.liveRetrySchedule ? "live" : claimed.tenant.environment,
        trigger: claimed.trigger,
        eventCreatedAt: claimed.event.created_at,
        attemptNumber,
        startedAt,
        succeeded
      })
      // Every field comes from checked values (the claim's row, the Clock, the POST's outcome): a plain
      // value, not a `WebhookAttempt` whose constructor would check them again (7 µs per delivery).
      const attempt: WebhookAttemptFields = {
        id,
        created_at: startedAt,
        event_id: claimed.event.id,
        event_category: claimed.event.category,
        event_subscription_id: claimed.subscriptionId,
        url: loggedUrl(claimed.url),
        trigger: claimed.trigger,
        attempt_number: attemptNumber,
        status: succeeded ? "succeeded" : "failed",
        failure_reason: Option.getOrNull(sent.failureReason),
        response_status_code: Option.getOrNull(sent.statusCode),
        response_body: Option.getOrNull(sent.responseBody),
        duration_ms: sent.durationMs,
        next_attempt_at: Option.getOrNull(next),
        type: "webhook_attempt",
        ...(claimed.injectedFault === undefined ? {} : { injected_fault: claimed.injectedFault })
      }
      return { deliveryId: claimed.id, claimToken: claimed.claimToken, tenant: claimed.tenant, attempt, next }
    }

    const logFailure = (record: AttemptRecord, refusal: Option.Option<string>) =>
      Option.isSome(refusal)
        ? Effect.logWarning(`Webhook destination refused: the URL ${refusal.value}`).pipe(
          Effect.annotateLogs({
            event_id: record.attempt.event_id,
            event_subscription_id: record.attempt.event_subscription_id
          })
        )
        : Effect.logDebug("Webhook attempt failed").pipe(Effect.annotateLogs({
          event_id: record.attempt.event_id,
          event_subscription_id: record.attempt.event_subscription_id,
          attempt_number: record.attempt.attempt_number,
          failure_reason: record.attempt.failure_reason,
          response_status_code: record.attempt.response_status_code
        }))

    // Recorder: one statement per batch of finished attempts. While POSTs are
    // still under way, it lets the event loop run once more before writing, so
    // that the answers already on their way join the batch.
    const recordBatch = Effect.gen(function*() {
      const first = yield* Queue.takeBetween(finished, 1, maxRecordBatch)
      const more = first.length < maxRecordBatch && held > first.length
        ? yield* Effect.andThen(yieldToEventLoop, takeUpTo(finished, maxRecordBatch - first.length))
        : []
      const batch = [...first, ...more]
      const attempts = batch.flatMap((item) => "sent" in item ? [item] : [])
      if (attempts.length > 0) {
        const ids = yield* newIds("webhook_attempt", attempts.length)
        const records: Array<AttemptRecord> = []
        for (const [index, item] of attempts.entries()) {
          const id = ids[index]
          if (id === undefined) return yield* Effect.die(new Error("the id generator made fewer ids than asked"))
          const record = recordOf(item.claimed, item.sent, id)
          records.push(record)
          if (record.attempt.status === "failed") yield* logFailure(record, item.sent.refusal)
        }
        yield* store.record(records).pipe(
          // A database that is restarting is back within a few seconds; the attempts were made: keep them.
          Effect.sandbox,
          Effect.retry({ schedule: Schedule.exponential(Duration.millis(100)), times: 5 }),
          // The deliveries stay claimed: they are sent again when the lease ends (at least once).
          Effect.catch((cause) => Effect.logError("Could not record webhook attempts", cause)),
          Effect.uninterruptible
        )
        // The claimer needs waking when it waits for room, or to set its timer by a retry just
        // scheduled; otherwise it found nothing more due and new deliveries wake it (NOTIFY, this
        // process's commits): a wake-up would cost an empty claim per batch.
        const claimerWaits = shortOfRoom(held) || records.some((record) => Option.isSome(record.next))
        // A duplicate's copy was never claimed on its own.
        held -= attempts.filter((item) => item.claimed.extra !== true).length
        if (claimerWaits) yield* wake
      }
      for (const item of batch) if ("flushed" in item) yield* Deferred.succeed(item.flushed, undefined)
    })

    yield* Effect.forkScoped(Effect.forever(recordBatch))
    // POSTs run outside fibers; each finished one joins the recorder's queue.
    const sender = yield* Sender.make<Faults.FaultedDelivery>({
      transport,
      rule,
      deadline,
      concurrency,
      onFinished: (claimed, sent) => finish(claimed, sent)
    })

    const router = yield* Faults.makeRouter({
      takeFault: store.takeFault,
      send: (deliveries) => sender.enqueue(deliveries),
      finish: (claimed, sent) => finish(claimed, sent),
      deadline
    })
    /** A delivery's outcome, for the recorder (and for a delivery held back behind it). */
    function finish(claimed: Faults.FaultedDelivery, sent: Sent) {
      Queue.offerUnsafe(finished, { claimed, sent })
      router.finished(claimed)
    }

    const claimDue = Effect.gen(function*() {
      const holding = held
      if (shortOfRoom(holding)) return "full" satisfies CycleResult
      const limit = Math.min(batchSize, maxHeld - holding)
      const now = yield* DateTime.now
      claims += 1
      const claimToken = `${processToken}:${claims}`
      // Claiming and handing over are one step: an interruption in between would strand the claims until the lease ends.
      const { abandoned, claimed } = yield* Effect.uninterruptible(Effect.gen(function*() {
        const taken = yield* store.claim({
          environment: options.environment,
          now,
          leaseEnd: DateTime.addDuration(now, lease),
          claimToken,
          limit,
          maxClaims
        })
        held += taken.claimed.length
        sender.enqueue(
          taken.claimed.some(isFaulted) ? taken.claimed.filter((delivery) => !delivery.faulted) : taken.claimed
        )
        return taken
      }))
      // Deliveries whose subscription holds an injected fault (sandbox only) go as the fault says.
      if (claimed.some(isFaulted)) yield* router.route(claimed.filter(isFaulted))
      yield* Effect.forEach(abandoned, (delivery) =>
        Effect.logError("Webhook delivery failed: claimed without a recorded attempt too many times").pipe(
          Effect.annotateLogs({
            event_id: delivery.eventId,
            event_subscription_id: delivery.subscriptionId,
            group_id: delivery.tenant.groupId,
            claims: delivery.claims
          })
        ), { discard: true })
      return (claimed.length + abandoned.length === limit ? "more" : "drained") satisfies CycleResult
    })

    const idle = Effect.gen(function*() {
      const now = yield* DateTime.now
      const nextDue = yield* store.nextDueAt(options.environment, DateTime.addDuration(now, pollInterval))
      const untilDue = Option.match(nextDue, {
        onNone: () =>
          pollInterval,
        onSome: (dueAt) =>
          Duration.min(pollInterval, DateTime.distance(now, dueAt))
      })
      const dueNow = Option.exists(nextDue, (dueAt) =>
        !DateTime.isGreaterThan(dueAt, now))
      // Due but not claimable: another process holds the rows for a moment (SKIP LOCKED).
      const wait = dueNow ? Duration.millis(5) : untilDue
      yield* Effect.raceFirst(Queue.take(wakeups), Effect.sleep(wait))
    })

    const claimer = Effect.forever(
      claimDue.pipe(
        Effect.flatMap((result): Effect.Effect<void> =>
          result === "more" ? Effect.yieldNow : result === "full" ? Queue.take(wakeups) : idle
        ),
        Effect.catchCause((cause) =>
          Cause.hasInterruptsOnly(cause)
            ? Effect.failCause(cause)
            : Effect.logError("Webhook dispatcher could not claim deliveries", cause).pipe(
              // A notification means the database is back: try again then, not only at the next poll.
              Effect.andThen(Effect.raceFirst(Queue.take(wakeups), Effect.sleep(pollInterval)))
            )
        )
      )
    )

    // Retention: batches until one deletes nothing, then the embedded database is compacted.
    const sweep = Effect.gen(function*() {
      const before = retainedSinceAt(yield* DateTime.now)
      let total = 0
      for (;;) {
        const deleted = yield* store.deleteExpired({ environment: options.environment, before, limit: sweepBatchSize })
        total += deleted
        if (deleted === 0) break
        yield* Effect.yieldNow
      }
      yield* store.compact
      if (total > 0) yield* Effect.logInfo(`Deleted ${total} webhook attempts and deliveries past the event retention`)
    })

    const sweeper = Effect.sleep(sweepInterval).pipe(
      Effect.andThen(sweep),
      Effect.catchCause((cause) =>
        Cause.hasInterruptsOnly(cause)
          ? Effect.failCause(cause)
          : Effect.logError("Webhook retention sweep failed", cause)
      ),
      Effect.forever
    )

    const listener = notifications.listen(channel).pipe(
      Stream.filter((environment) => environment === options.environment),
      Stream.runForEach(() => wake),
      Effect.tapCause((cause) =>
        Effect.logWarning("Webhook dispatcher lost its notifications; polling meanwhile", cause)
      ),
      Effect.retry(Schedule.spaced(pollInterval))
    )

    // Scope finalizers run in reverse order of addition: the claimer and the listener
    // stop first; then the claims nobody started are released, the POSTs under way
    // finish (within their deadline) and every attempt made is recorded; the
    // sender's deadline keeper and the recorder stop last.
    yield* Effect.addFinalizer(() =>
      Effect.gen(function*() {
        const unstarted = sender.takeUnstarted()
        if (unstarted.length > 0) {
          yield* store.release(unstarted, yield* DateTime.now).pipe(
            Effect.catchCause((cause) =>
              Effect.logWarning("Could not release webhook claims; they expire with their lease", cause)
            )
          )
          held -= unstarted.length
        }
        yield* sender.idle
        const flushed = yield* Deferred.make<void>()
        yield* Queue.offer(finished, { flushed })
        yield* Deferred.await(flushed)
      })
    )
    yield* Effect.forkScoped(listener)
    // Commits of this process wake it at once, without the NOTIFY's round trip through the database.
    const committedHere = yield* CommittedHere
    yield* Effect.acquireRelease(
      Effect.sync(() =>
        committedHere.subscribe((environment) => {
          if (environment === options.environment) Queue.offerUnsafe(wakeups, undefined)
        })
      ),
      (unsubscribe) => Effect.sync(unsubscribe)
    )
    const claiming = yield* Effect.forkScoped(claimer)
    yield* Effect.forkScoped(sweeper)
    return Dispatcher.of({ wake, running: Effect.sync(() => claiming.pollUnsafe() === undefined) })
  })

/** The dispatcher as a layer (it needs the database, its notifications and a `DeliveryTransport`). */
export const layer = (
  options: DispatcherOptions
): Layer.Layer<Dispatcher, never, WebhookDeliveryStore | Notifications | DeliveryTransport> =>
  Layer.effect(Dispatcher, make(options))

/**
 * Tuning from the environment: `MONETA_WEBHOOK_CONCURRENCY`, `MONETA_WEBHOOK_BATCH_SIZE`,
 * `MONETA_WEBHOOK_POLL_INTERVAL`, `MONETA_WEBHOOK_LEASE`, `MONETA_WEBHOOK_MAX_CLAIMS`,
 * `MONETA_WEBHOOK_SWEEP_INTERVAL`.
 */
export const config = Config.all({
  concurrency: Config.Int("MONETA_WEBHOOK_CONCURRENCY").pipe(Config.withDefault(defaults.concurrency)),
  batchSize: Config.Int("MONETA_WEBHOOK_BATCH_SIZE").pipe(Config.withDefault(defaults.batchSize)),
  pollInterval: Config.Duration("MONETA_WEBHOOK_POLL_INTERVAL").pipe(Config.withDefault(defaults.pollInterval)),
  lease: Config.Duration("MONETA_WEBHOOK_LEASE").pipe(Config.withDefault(defaults.lease)),
  maxClaims: Config.schema(
    Schema.Int.check(Schema.isGreaterThanOrEqualTo(1, { message: "must be at least 1" })),
    "MONETA_WEBHOOK_MAX_CLAIMS"
  ).pipe(Config.withDefault(defaults.maxClaims)),
  sweepInterval: Config.Duration("MONETA_WEBHOOK_SWEEP_INTERVAL").pipe(Config.withDefault(defaults.sweepInterval))
})
