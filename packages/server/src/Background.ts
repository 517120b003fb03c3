/**
 * The server's background work, the webhook dispatcher, the real-time
 * decision sweeper and the hold sweeper, started only
 * once the server serves requests (and a moment later, so that the first
 * requests go first): building
 * them (their stores, the delivery agent, the dispatcher's workers, LISTEN,
 * the first claim and the first sweep) takes a noticeable part of a start,
 * and the first answer needs none of it. Nothing waits meanwhile: deliveries
 * stay in the outbox and decisions keep their deadlines in the database until
 * then. Their settings are read before the port opens, so a wrong one still
 * stops the start.
 *
 * Until the dispatcher runs, the `Dispatcher` this layer provides says it is
 * not running, so `/ready` answers 503 for those moments. A start that fails
 * (the database unreachable at that moment) is logged and tried again, each
 * attempt in a scope of its own, so what a failed one acquired is released.
 */
import * as HoldSweeper from "@moneta/bank/HoldSweeper"
import { Idempotency } from "@moneta/bank/Idempotency"
import { RealTimeDecisions } from "@moneta/bank/RealTimeDecisions"
import * as RealTimeDecisionSweeper from "@moneta/bank/RealTimeDecisionSweeper"
import * as ConfiguredDispatcher from "@moneta/webhooks/ConfiguredDispatcher"
import * as Dispatcher from "@moneta/webhooks/Dispatcher"
import { Cause, Config, Context, Deferred, Duration, Effect, Exit, Layer, Option, Ref, Schedule, Scope } from "effect"
import { ServerConfig } from "./ServerConfig.js"

/** Completed once the server serves requests; the background work starts then. */
export class Serving extends Context.Service<Serving, Deferred.Deferred<void>>()("@moneta/server/Background/Serving") {}

export const servingLayer = Layer.effect(Serving, Deferred.make<void>())

/**
 * How long after the port opens the background work starts. Building it and
 * its first claim and sweep take some 0.1 s of the main thread and go ahead
 * of any request on the embedded database's one connection: started at once,
 * they delayed the first answer of a start by about 40 ms
 * (docs/benchmarks.md, "Compiled code kept between starts").
 */
export const startDelay = Duration.millis(500)

/** Marks the server as serving: the background work starts `startDelay` later. */
export const markServing = Layer.effectDiscard(
  Effect.flatMap(
    Serving,
    (serving) => Deferred.succeed(serving, undefined).pipe(Effect.delay(startDelay), Effect.forkScoped)
  )
)

/** How soon a failed start is tried again: 1 s, doubling, then every 30 s. */
export const retrySchedule: Schedule.Schedule<unknown> = Schedule.min([
  Schedule.exponential(Duration.seconds(1)),
  Schedule.spaced(Duration.seconds(30))
])

/**
 * Builds `background` once the server serves, in the calling scope, and tries
 * again on `retry` until it builds; the context once built, None until then.
 */
export const buildWhenServing = <ROut, E, RIn>(
  background: Layer.Layer<ROut, E, RIn>,
  retry: Schedule.Schedule<unknown> = retrySchedule
): Effect.Effect<Ref.Ref<Option.Option<Context.Context<ROut>>>, never, RIn | Serving | Scope.Scope> =>
  Effect.gen(function*() {
    const scope = yield* Effect.scope
    const serving = yield* Serving
    const built = yield* Ref.make(Option.none<Context.Context<ROut>>())
    const attempt = Effect.flatMap(
      Scope.fork(scope, "sequential"),
      (attemptScope) =>
        Layer.buildWithScope(background, attemptScope).pipe(
          Effect.onError((cause) => Scope.close(attemptScope, Exit.failCause(cause)))
        )
    )
    yield* Deferred.await(serving).pipe(
      Effect.andThen(attempt.pipe(
        Effect.sandbox,
        Effect.tapError((cause) =>
          Effect.logError("The webhook dispatcher and the decision sweeper did not start; trying again", cause)
        ),
        Effect.retry({ schedule: retry, while: (cause) => !Cause.hasInterruptsOnly(cause) })
      )),
      Effect.flatMap((context) => Ref.set(built, Option.some(context))),
      // interrupted: the server stopped first
      Effect.catch(() => Effect.void),
      Effect.forkScoped
    )
    return built
  })

const settings = Config.all({
  server: ServerConfig,
  tuning: Dispatcher.config,
  sweepInterval: RealTimeDecisionSweeper.intervalConfig,
  holdSweepInterval: HoldSweeper.intervalConfig
})

export const layer = Layer.effect(
  Dispatcher.Dispatcher,
  Effect.gen(function*() {
    const { holdSweepInterval, server, sweepInterval, tuning } = yield* settings
    const environment = server.environment
    // Deliveries connect only to addresses the destination rule lets receive (`Destinations`).
    const dispatcherLive = ConfiguredDispatcher.layerTuned(environment, tuning)
    const sweeperLive = RealTimeDecisionSweeper.layer({ environment, interval: sweepInterval }).pipe(
      Layer.provide(Layer.merge(RealTimeDecisions.Default, Idempotency.Default))
    )
    const holdSweeperLive = HoldSweeper.layer({ environment, interval: holdSweepInterval }).pipe(
      Layer.provide(HoldSweeper.services)
    )
    // Built in this layer's scope: when the server stops, the dispatcher stops gracefully as before.
    const built = yield* buildWhenServing(Layer.mergeAll(dispatcherLive, sweeperLive, holdSweeperLive))
    const started = Ref.get(built).pipe(Effect.map(Option.map(Context.get(Dispatcher.Dispatcher))))
    return Dispatcher.Dispatcher.of({
      wake: Effect.flatMap(started, Option.match({ onNone: () => Effect.void, onSome: (it) => it.wake })),
      running: Effect.flatMap(
        started,
        Option.match({ onNone: () => Effect.succeed(false), onSome: (it) => it.running })
      )
    })
  })
)
