/**
 * The POSTs of a dispatcher: up to `concurrency` under way, the rest waiting
 * in claim order; each one's outcome handed to `onFinished` exactly once.
 *
 * A delivery runs as plain callbacks (`Transport`), not as a fiber: at
 * thousands a second the fiber, its deadline race and its streams cost more
 * than the POST (docs/benchmarks.md, "Webhook delivery"). What stays on
 * Effect is time: each POST's start and duration are read from the Clock,
 * and one fiber (`keeper`) sleeps on the Clock until the earliest deadline
 * and ends what is still under way then, so `TestClock` drives deadlines as
 * before.
 *
 * - A URL whose text the rule refuses is not contacted; one whose host
 *   resolves to a refused address is refused by the connection
 *   (`Destinations.guardedLookup`). Judged texts are remembered per sender.
 * - At the deadline, an attempt without an answer has `timed_out`; one whose
 *   status arrived keeps it, without the excerpt still being read.
 */
import { Clock, DateTime, Duration, Effect, Option, Queue } from "effect"
import type { Scope } from "effect"
import {
  answered,
  type Destination,
  destinationOf,
  type DestinationRule,
  refused,
  requestOf,
  type Sent,
  type Target,
  unanswered
} from "./Delivery.js"
import { refusalIn } from "./Destinations.js"
import type { DeliveryTransport, PostControl } from "./Transport.js"

export interface SenderOptions<T extends Target> {
  readonly transport: DeliveryTransport["Service"]
  readonly rule: DestinationRule
  readonly deadline: Duration.Duration
  readonly concurrency: number
  /** Called once per target, when its POST is over (or was never made). */
  readonly onFinished: (target: T, sent: Sent) => void
}

export interface Sender<T extends Target> {
  /** Starts what it can now; the rest waits, in order. */
  readonly enqueue: (targets: ReadonlyArray<T>) => void
  /** Takes back every target not started yet. */
  readonly takeUnstarted: () => ReadonlyArray<T>
  /** Completes when no POST is under way. */
  readonly idle: Effect.Effect<void>
}

interface InFlight<T> {
  readonly target: T
  readonly startedAt: DateTime.Utc
  readonly startNanos: bigint
  readonly deadlineMillis: number
  status: number | undefined
  control: PostControl | undefined
  done: boolean
}

/** Judged destinations kept per sender; past this many, the memory starts over. */
const maxRememberedDestinations = 1_000

export const make = <T extends Target>(options: SenderOptions<T>): Effect.Effect<Sender<T>, never, Scope.Scope> =>
  Effect.gen(function*() {
    const { concurrency, onFinished, rule, transport } = options
    const clock = yield* Clock.Clock
    const deadlineMillis = Duration.toMillis(options.deadline)
    const waiting: Array<T> = []
    const inFlight = new Set<InFlight<T>>()
    const destinations = new Map<string, Destination>()
    let idleWaiters: Array<() => void> = []
    // The deadline the keeper sleeps toward; a POST due earlier wakes it.
    let keeperTarget = Number.POSITIVE_INFINITY
    const kick = yield* Queue.dropping<void>(1)

    const elapsedMillis = (flight: InFlight<T>) =>
      Number((clock.currentTimeNanosUnsafe() - flight.startNanos) / 1_000_000n)

    const destination = (text: string) => {
      let judged = destinations.get(text)
      if (judged === undefined) {
        if (destinations.size >= maxRememberedDestinations) destinations.clear()
        judged = destinationOf(rule, text)
        destinations.set(text, judged)
      }
      return judged
    }

    const complete = (flight: InFlight<T>, sent: Sent) => {
      if (flight.done) return
      flight.done = true
      inFlight.delete(flight)
      onFinished(flight.target, sent)
      pump()
    }

    const start = (target: T) => {
      const startedMillis = clock.currentTimeMillisUnsafe()
      const startedAt = DateTime.makeUnsafe(startedMillis)
      let judged: Destination
      try {
        judged = destination(target.url)
      } catch {
        // Subscriptions' URLs were checked when written; a text that no longer parses is refused, not sent.
        judged = { refusal: "is not a URL" }
      }
      if ("refusal" in judged) return onFinished(target, refused(startedAt, judged.refusal))
      const flight: InFlight<T> = {
        target,
        startedAt,
        startNanos: clock.currentTimeNanosUnsafe(),
        deadlineMillis: startedMillis + deadlineMillis,
        status: undefined,
        control: undefined,
        done: false
      }
      inFlight.add(flight)
      if (flight.deadlineMillis < keeperTarget) {
        keeperTarget = flight.deadlineMillis
        Queue.offerUnsafe(kick, undefined)
      }
      flight.control = transport.post(requestOf(target, judged.url, startedAt), {
        onStatus: (status) => {
          flight.status = status
        },
        onEnd: (excerpt) => {
          if (flight.status === undefined) return
          complete(flight, answered(startedAt, elapsedMillis(flight), flight.status, Option.some(excerpt)))
        },
        onError: (cause) => {
          if (flight.status !== undefined) {
            // The status decides; the excerpt is best effort.
            return complete(flight, answered(startedAt, elapsedMillis(flight), flight.status, Option.none()))
          }
          const refusal = refusalIn(cause)
          complete(
            flight,
            refusal === undefined
              ? unanswered(startedAt, elapsedMillis(flight), "connection_failed")
              : refused(startedAt, refusal.reason)
          )
        }
      })
      // Ended synchronously (a closed agent): nothing is under way to abort.
      if (flight.done) flight.control = undefined
    }

    // Starts waiting targets while there is room; a target finished at once (refused) makes room again.
    let pumping = false
    const pump = () => {
      if (pumping) return
      pumping = true
      try {
        while (inFlight.size < concurrency && waiting.length > 0) {
          const next = waiting.shift()
          if (next !== undefined) start(next)
        }
      } finally {
        pumping = false
      }
      if (inFlight.size === 0 && waiting.length === 0 && idleWaiters.length > 0) {
        const waiters = idleWaiters
        idleWaiters = []
        for (const resume of waiters) resume()
      }
    }

    const expire = (flight: InFlight<T>) => {
      flight.control?.abort()
      const elapsed = elapsedMillis(flight)
      complete(
        flight,
        flight.status === undefined
          ? unanswered(flight.startedAt, elapsed, "timed_out")
          : answered(flight.startedAt, elapsed, flight.status, Option.none())
      )
    }

    // Sleeps on the Clock until the earliest deadline, then ends the POSTs past theirs.
    const keeper = Effect.suspend(() => {
      const now = clock.currentTimeMillisUnsafe()
      let next = Number.POSITIVE_INFINITY
      for (const flight of inFlight) {
        if (flight.deadlineMillis <= now) expire(flight)
        else if (flight.deadlineMillis < next) next = flight.deadlineMillis
      }
      keeperTarget = next
      return next === Number.POSITIVE_INFINITY
        ? Queue.take(kick)
        : Effect.raceFirst(Effect.sleep(Duration.millis(next - now)), Queue.take(kick))
    }).pipe(Effect.forever)
    yield* Effect.forkScoped(keeper)

    return {
      enqueue: (targets) => {
        for (const target of targets) waiting.push(target)
        pump()
      },
      takeUnstarted: () => waiting.splice(0, waiting.length),
      idle: Effect.suspend(() =>
        inFlight.size === 0 && waiting.length === 0
          ? Effect.void
          : Effect.callback<void>((resume) => {
            idleWaiters.push(() => resume(Effect.void))
          })
      )
    } satisfies Sender<T>
  })
