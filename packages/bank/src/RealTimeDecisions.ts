/**
 * Real-time decisions (decisions.md d, i): retrieving and answering them, and
 * asking the client on behalf of a card simulation.
 *
 * Asking: the decision is written `pending` with its event (and the event's
 * webhook delivery) in one transaction; then the simulation waits, holding no
 * connection and no transaction, until the decision is answered or its window
 * passes. Waiting goes through the database, so the answer may come to any
 * process sharing it: a NOTIFY on the store's channel wakes the waiter at
 * once, and a poll every `pollInterval` finds an answer whose notification was
 * missed (LISTEN not yet in effect, its connection lost). An answer committed
 * by this same process also wakes its waiter directly, without the round trip
 * through the database's notification (the waiter still reads the decision
 * from the database, the source of truth: the decision and the answer as given
 * in one statement). At `timeout_at` the
 * waiter times the decision out itself; the sweeper does the same for
 * decisions whose waiter died. All time is the Clock's, so `TestClock` drives
 * windows and polls in tests.
 */
import * as CardDecision from "@moneta/domain/CardDecision"
import type { Environment } from "@moneta/domain/Environment"
import { type EventSubscriptionId, type RealTimeDecisionId } from "@moneta/domain/Ids"
import * as RealTimeDecision from "@moneta/domain/RealTimeDecision"
import type { RealTimeDecisionAction } from "@moneta/domain/RealTimeDecisionAction"
import { RealTimeDecisionAlreadyApplied } from "@moneta/domain/Refusals"
import { timeAt } from "@moneta/domain/SandboxClock"
import { Tenant } from "@moneta/domain/Tenant"
import { EventStore } from "@moneta/store/Events"
import { newId } from "@moneta/store/IdGenerator"
import { Notifications } from "@moneta/store/Notifications"
import { channel, RealTimeDecisionStore } from "@moneta/store/RealTimeDecisions"
import { CommittedHere, WebhookDeliveryStore } from "@moneta/store/WebhookDeliveries"
import {
  Config,
  Context,
  type DateTime,
  Deferred,
  Duration,
  Effect,
  Layer,
  Option,
  Queue,
  Result,
  Schema,
  Stream
} from "effect"
import { SqlClient } from "effect/sql"
import { CurrentClaim, idempotencyKey } from "./IdempotencyKey.js"
import { findOwn } from "./NotFound.js"
import { spanned, withOperationSpan } from "./OperationSpan.js"
import { always, runStep } from "./Step.js"
import { now, realNow } from "./Time.js"

/**
 * A question a write may ask the client before it applies anything (a card
 * event's real-time decision): `answerOf` turns the finished decision into
 * the write's answer type.
 */
export interface ClientQuestion<A, Kept, E, R> {
  readonly category: RealTimeDecision.Category
  /** The subscription the simulation named, which then gets the only delivery. */
  readonly eventSubscriptionId: EventSubscriptionId | null
  /** The answer nobody can overrule, if any: the client is then not asked. */
  readonly forced: unknown
  /** The decision's request, and what the write keeps of it (ids, references); built only when the client is asked. */
  readonly request: Effect.Effect<{ readonly request: RealTimeDecision.Request; readonly kept: Kept }, E, R>
  /** The finished decision as the answer; `given` is the action as the client sent it (null when it did not answer). */
  readonly answerOf: (decision: RealTimeDecision.RealTimeDecision, given: RealTimeDecisionAction | null) => A
}

/** A finished decision, with the client's answer as it was given (null when it did not answer). */
interface Settled {
  readonly decision: RealTimeDecision.RealTimeDecision
  readonly given: RealTimeDecisionAction | null
}

/** What a write learnt from the client: the answer, the finished decision, the action as given, what it kept. */
export interface Asked<A, Kept> {
  readonly answer: A
  readonly decision: RealTimeDecision.RealTimeDecision
  readonly given: RealTimeDecisionAction | null
  readonly kept: Kept
}

/**
 * How long the client has to answer, per category; how often a waiter looks
 * for an answer it was not told of; and the lease under which a waiting
 * request holds its idempotency key (renewed every third of it while its run
 * lives; once it expires, a retry takes the key over).
 */
export interface RealTimeDecisionTimingShape {
  readonly windows: Record<RealTimeDecision.Category, Duration.Duration>
  readonly pollInterval: Duration.Duration
  readonly lease: Duration.Duration
}

export const defaultPollInterval = Duration.millis(250)
export const defaultLease = Duration.seconds(10)

/** The windows of decisions.md i unless a layer provides others (`timingFromConfig`, a test's). */
export const RealTimeDecisionTiming = Context.Reference<RealTimeDecisionTimingShape>(
  "@moneta/bank/RealTimeDecisionTiming",
  {
    defaultValue: (): RealTimeDecisionTimingShape => ({
      windows: RealTimeDecision.defaultTimeoutWindows,
      pollInterval: defaultPollInterval,
      lease: defaultLease
    })
  }
)

/**
 * Timing from the environment: `MONETA_RTD_WINDOW_<CATEGORY>` (for example
 * `MONETA_RTD_WINDOW_CARD_AUTHORIZATION_REQUESTED=3 seconds`) per category,
 * `MONETA_RTD_POLL_INTERVAL`, `MONETA_RTD_LEASE`; the windows are decisions.md i's.
 */
export const timingConfig: Config.Config<RealTimeDecisionTimingShape> = Config.all({
  windows: Config.all(
    Object.fromEntries(
      RealTimeDecision.Category.literals.map((category) => [
        category,
        Config.Duration(`MONETA_RTD_WINDOW_${category.toUpperCase()}`).pipe(
          Config.withDefault(RealTimeDecision.defaultTimeoutWindows[category])
        )
      ])
    ) as Record<RealTimeDecision.Category, Config.Config<Duration.Duration>>
  ),
  pollInterval: Config.Duration("MONETA_RTD_POLL_INTERVAL").pipe(Config.withDefault(defaultPollInterval)),
  lease: Config.schema(
    Schema.DurationFromString.check(
      Schema.makeFilter((lease) => Duration.isGreaterThan(lease, Duration.zero) || "must be longer than zero")
    ),
    "MONETA_RTD_LEASE"
  ).pipe(Config.withDefault(defaultLease))
})

export const timingFromConfig = Layer.effect(RealTimeDecisionTiming, timingConfig)

export class RealTimeDecisions extends Context.Service<RealTimeDecisions>()("@moneta/bank/RealTimeDecisions", {
  make: Effect.gen(function*() {
    const store = yield* RealTimeDecisionStore
    const events = yield* EventStore
    const deliveries = yield* WebhookDeliveryStore
    const notifications = yield* Notifications
    const timing = yield* RealTimeDecisionTiming
    const committedHere = yield* CommittedHere

    // The waiters of this process, by decision: each is woken through its queue (a wake-up
    // is "look again", so one pending is enough).
    const waiters = new Map<RealTimeDecisionId, Queue.Queue<void>>()
    // Whether the current fiber runs inside a transaction of the SqlClient (whose transaction
    // service is per client in Effect 4).
    const inTransaction = Effect.flatMap(
      SqlClient.SqlClient,
      (sql) => Effect.map(Effect.serviceOption(sql.transactionService), Option.isSome)
    )
    const wakeWaiter = (id: RealTimeDecisionId) =>
      Effect.suspend(() => {
        const wakeups = waiters.get(id)
        return wakeups === undefined ? Effect.void : Effect.asVoid(Queue.offer(wakeups, undefined))
      })
    // Only once the answer is committed: inside an outer transaction (an idempotent request)
    // it is not yet, and the NOTIFY sent at that commit wakes the waiter instead.
    const wakeWaiterIfCommitted = (id: RealTimeDecisionId) =>
      Effect.flatMap(inTransaction, (open) => open ? Effect.void : wakeWaiter(id))

    const retrieve = (id: RealTimeDecisionId) => findOwn("real_time_decision", id, store.find)

    /** `POST /real_time_decisions/{id}/action`: 400 for an answer that does not fit, 409 once answered or timed out. */
    const action = (id: RealTimeDecisionId, body: RealTimeDecision.RealTimeDecisionAction) =>
      runStep({
        load: Effect.gen(function*() {
          const tenant = yield* Tenant
          return { tenant, decision: yield* findOwn("real_time_decision", id, store.lock), at: yield* now }
        }),
        decide: ({ at, decision }) => RealTimeDecision.respond(decision, body, at),
        persist: ({ next }, { tenant }) => Effect.as(store.updateAnswered(tenant, next, body), next)
      }).pipe(Effect.tap((next) => wakeWaiterIfCommitted(next.id)))

    /**
     * Whether the client is asked about a card event of this category (the
     * domain's `CardDecision.asksClient`): `forced` is the answer nobody can
     * overrule, if any; `eventSubscriptionId` the subscription the simulation named.
     */
    const asksClient = (
      category: RealTimeDecision.Category,
      eventSubscriptionId: EventSubscriptionId | null,
      forced: unknown
    ) =>
      Effect.gen(function*() {
        const tenant = yield* Tenant
        const subscribed = yield* store.hasSubscriber(tenant, RealTimeDecision.eventCategoryOf(category))
        return CardDecision.asksClient({ forced, namedSubscription: eventSubscriptionId, subscribed })
      })

    /**
     * Writes the pending decision and its event; a named subscription gets the only delivery.
     * Once committed, the dispatcher of this process is told at once (the NOTIFY goes to the others).
     */
    const raise = (request: RealTimeDecision.Request, eventSubscriptionId: EventSubscriptionId | null) =>
      Effect.tap(raiseInTransaction(request, eventSubscriptionId), () => signalIfCommitted)

    const signalIfCommitted = Effect.flatMap(
      inTransaction,
      (open) =>
        open
          ? Effect.void
          : Effect.flatMap(Tenant, (tenant) => Effect.sync(() => committedHere.signal(tenant.environment)))
    )

    /** Writes the decision and its event; a named subscription gets the only delivery. */
    const persistRaised = (
      { events: emitted, next }: RealTimeDecision.Transition,
      createdAt: DateTime.Utc,
      eventSubscriptionId: EventSubscriptionId | null
    ) =>
      Effect.gen(function*() {
        const tenant = yield* Tenant
        // the decision's insert rides on its event's statement
        const alongside = [yield* store.insertWrite(tenant, next, yield* raisedBy)]
        if (eventSubscriptionId === null) {
          yield* events.append(tenant, emitted, createdAt, { alongside })
        } else {
          const written = yield* events.append(tenant, emitted, createdAt, { deliver: false, alongside })
          yield* Effect.forEach(
            written,
            (event) =>
              deliveries.enqueue(tenant, {
                eventId: event.id,
                subscriptionId: eventSubscriptionId,
                trigger: "event",
                dueAt: createdAt
              })
          )
        }
        return next
      })

    const raiseInTransaction = (request: RealTimeDecision.Request, eventSubscriptionId: EventSubscriptionId | null) =>
      runStep({
        load: Effect.gen(function*() {
          const createdAt = yield* now
          const id = yield* newId("real_time_decision")
          return { createdAt, id, timeoutAt: RealTimeDecision.timeoutAtOf(createdAt, timing.windows[request.category]) }
        }),
        decide: ({ createdAt, id, timeoutAt }) =>
          always(RealTimeDecision.create({ id, created_at: createdAt, timeout_at: timeoutAt }, request)),
        persist: (raised, { createdAt }) => persistRaised(raised, createdAt, eventSubscriptionId)
      })

    /** Times the decision out if it is still pending and its window has passed; the decision as it now is. */
    const timeOut = (id: RealTimeDecisionId) =>
      runStep({
        load: Effect.gen(function*() {
          const tenant = yield* Tenant
          return { tenant, decision: yield* findOwn("real_time_decision", id, store.lock), at: yield* now }
        }),
        decide: ({ at, decision }) => always(Option.fromUndefinedOr(RealTimeDecision.timedOutIfDue(decision, at))),
        persist: (timedOut, { decision, tenant }) =>
          Option.match(timedOut, {
            onNone: () => Effect.succeed(decision),
            onSome: (next) => Effect.as(store.update(tenant, next), next)
          })
      })

    /** The decision with its answer as given, in one read. */
    const readAnswered = (id: RealTimeDecisionId) => findOwn("real_time_decision", id, store.findAnswered)

    /**
     * The finished decision with its answer: known when it was read with it (`given` not undefined);
     * none unless responded (only an answer writes one); read otherwise (a decision answered
     * before this run looked: a retry's, or one answered while this run timed it out).
     */
    const settled = (decision: RealTimeDecision.RealTimeDecision, given: RealTimeDecisionAction | null | undefined) =>
      given !== undefined
        ? Effect.succeed<Settled>({ decision, given })
        : decision.status !== "responded"
        ? Effect.succeed<Settled>({ decision, given: null })
        : Effect.map(readAnswered(decision.id), ({ answer }): Settled => ({ decision, given: answer }))

    /**
     * Waits until the decision is answered or times out; returns it finished, with its answer.
     * `wakeups` receives a NOTIFY naming the decision, or an answer committed in this process.
     * `raised` is the decision as just written or read, so the first look needs no read; every
     * later one reads the decision with its answer in one statement.
     */
    const settle = (raised: RealTimeDecision.RealTimeDecision, wakeups: Queue.Queue<void>) =>
      Effect.gen(function*() {
        let decision = raised
        let given: RealTimeDecisionAction | null | undefined = undefined
        while (true) {
          const step = RealTimeDecision.waiting(decision, yield* now)
          if (step._tag === "Finished") return yield* settled(decision, given)
          if (step._tag === "Due") {
            const finished = yield* timeOut(decision.id)
            if (RealTimeDecision.isFinished(finished)) return yield* settled(finished, undefined)
          }
          // still pending after timing it out only if the clock moved back: look again
          const remaining = step._tag === "Wait" ? step.remaining : Duration.zero
          yield* Effect.raceFirst(Queue.take(wakeups), Effect.sleep(Duration.min(remaining, timing.pollInterval)))
          const read = yield* readAnswered(decision.id)
          decision = read.body
          given = read.answer
        }
      })

    /**
     * Asks the client: writes the decision and waits for it to finish (answered
     * or timed out). Listening starts before the decision is written, so its
     * answer cannot be missed for want of a listener; the poll covers the rest.
     */
    const askSettled = (request: RealTimeDecision.Request, eventSubscriptionId: EventSubscriptionId | null) =>
      Effect.scoped(Effect.gen(function*() {
        const wakeups = yield* Queue.dropping<void>(1)
        const idOf = yield* Deferred.make<string>()
        yield* notifications.listen(channel).pipe(
          Stream.filterEffect((payload) => Effect.map(Deferred.await(idOf), (id) => id === payload)),
          Stream.runForEach(() => Queue.offer(wakeups, undefined)),
          Effect.catch((error) => Effect.logWarning("real-time decision: LISTEN failed; polling instead", error)),
          Effect.forkScoped
        )
        const raised = Option.getOrNull(yield* raisedBefore(request.category)) ??
          (yield* raise(request, eventSubscriptionId))
        yield* Deferred.succeed(idOf, raised.id)
        yield* Effect.acquireRelease(
          Effect.sync(() => waiters.set(raised.id, wakeups)),
          () => Effect.sync(() => waiters.delete(raised.id))
        )
        return yield* settle(raised, wakeups)
      }))

    /** Asks the client (`askSettled`); the decision finished. */
    const ask = (request: RealTimeDecision.Request, eventSubscriptionId: EventSubscriptionId | null) =>
      Effect.map(askSettled(request, eventSubscriptionId), ({ decision }) => decision)

    /**
     * The decision of this category that an earlier run of the same request
     * raised, when this run took over the key of a run that died or gave up
     * unfinished: it reuses the decision, so the client is asked once. A
     * request whose first run failed normally asks anew (its key was released).
     */
    const raisedBefore = (category: RealTimeDecision.Category) =>
      Effect.gen(function*() {
        const claim = yield* Effect.serviceOption(CurrentClaim)
        if (Option.isNone(claim) || !claim.value.retry) return Option.none<RealTimeDecision.RealTimeDecision>()
        return yield* store.findByClaim(yield* Tenant, claim.value.claim, category)
      })

    /** The idempotent request raising a decision, if any: its key and claim. */
    const raisedBy = Effect.gen(function*() {
      const key = yield* idempotencyKey
      const claim = yield* Effect.serviceOption(CurrentClaim)
      return key === null || Option.isNone(claim) ? null : { key, claim: claim.value.claim }
    })

    /**
     * Records, inside the transaction that applies a decision's outcome, that
     * it is applied: a second application (a retry of a request whose first
     * run applied it, then died before storing its response) is refused (409).
     */
    const markApplied = (id: RealTimeDecisionId) =>
      Effect.gen(function*() {
        if (yield* store.markApplied(yield* Tenant, id)) return
        return yield* Effect.fail(
          new RealTimeDecisionAlreadyApplied({
            detail: `The outcome of real-time decision ${id} was already applied by an earlier run of this request.`
          })
        )
      })

    /**
     * The one way a write asks the client (every card write that asks goes
     * through it, as the write's `ask`, outside any transaction): when the
     * domain's `CardDecision.asksClient` says the client decides, builds the
     * request, commits the decision with its event and waits until it is
     * answered or timed out. What it learnt goes to the write's step, which
     * marks it applied (`markAsked`) and takes its answer by the domain's
     * precedence (forced > client > service). Null when the client is not asked.
     */
    const askFirst = <A, Kept, E, R>(question: ClientQuestion<A, Kept, E, R>) =>
      Effect.gen(function*() {
        if (!(yield* asksClient(question.category, question.eventSubscriptionId, question.forced))) return null
        const { kept, request } = yield* question.request
        // the answer as given (a token approval's contact lives there) comes with the decision
        const { decision, given } = yield* askSettled(request, question.eventSubscriptionId)
        const asked: Asked<A, Kept> = { answer: question.answerOf(decision, given), decision, given, kept }
        return asked
      })

    /** Inside the step that applies them: marks the decisions a write asked as applied (`markApplied`). */
    const markAsked = (...asked: ReadonlyArray<Asked<unknown, unknown> | null>) =>
      Effect.forEach(asked, (each) => each === null ? Effect.void : markApplied(each.decision.id), { discard: true })

    /** Times out every pending decision of `environment` whose window has passed (the sweeper's work); how many. */
    const timeOutDue = (environment: Environment, batchSize = 100) =>
      runStep({
        load: Effect.gen(function*() {
          // The server's time: each decision is compared on its group's sandbox clock (`lockDue`).
          const real = yield* realNow
          return { real, due: yield* store.lockDue(environment, RealTimeDecision.dueCutoff(real), batchSize) }
        }),
        decide: ({ due, real }) =>
          Result.all(due.map(({ clockOffsetMillis, decision, tenant }) =>
            Result.map(
              RealTimeDecision.transition(decision, { _tag: "TimeOut", at: timeAt(real, clockOffsetMillis) }),
              ({ next }) => ({ tenant, next })
            )
          )),
        persist: (timedOut) =>
          Effect.as(Effect.forEach(timedOut, ({ next, tenant }) => store.update(tenant, next)), timedOut.length)
      }).pipe(
        // selected as due at its time, so the window has passed: a refusal here is a defect
        Effect.catchTag("RealTimeDecisionNotAnswerable", Effect.die)
      )

    return {
      retrieve: spanned("bank.RealTimeDecisions.retrieve", retrieve, (id) => ({ "moneta.real_time_decision_id": id })),

      action: spanned("bank.RealTimeDecisions.action", action, (id) => ({ "moneta.real_time_decision_id": id })),

      raise: spanned("bank.RealTimeDecisions.raise", raise, (request) => ({ "moneta.category": request.category })),

      ask: spanned("bank.RealTimeDecisions.ask", ask, (request) => ({ "moneta.category": request.category })),

      askFirst: <A, Kept, E, R>(question: ClientQuestion<A, Kept, E, R>) =>
        withOperationSpan(askFirst(question), "bank.RealTimeDecisions.askFirst", {
          "moneta.category": question.category
        }),

      markAsked,

      markApplied: spanned(
        "bank.RealTimeDecisions.markApplied",
        markApplied,
        (id) => ({ "moneta.real_time_decision_id": id })
      ),

      timeOutDue: spanned(
        "bank.RealTimeDecisions.timeOutDue",
        timeOutDue,
        (environment) => ({ "moneta.environment": environment })
      )
    } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(
    Layer.provide([RealTimeDecisionStore.Default, EventStore.Default, WebhookDeliveryStore.Default])
  )
}
