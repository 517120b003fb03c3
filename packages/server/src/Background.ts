/**
 * The server's background work, the webhook dispatcher and the real-time
 * decision sweeper, started only once the server serves requests: building
 * them (their stores, the delivery agent, the dispatcher's workers, LISTEN,
 * the first claim and the first sweep) takes a noticeable part of a start,
 * and the first answer needs none of it. Nothing waits meanwhile: deliveries
 * stay in the outbox and decisions keep their deadlines in the database until
 * then. Their settings are read before the port opens, so a wrong one still
 * stops the start.
 *
 * Until the dispatcher runs, the `Dispatcher` this layer provides says it is
 * not running, so `/ready` answers 503 for those moments.
 */
import { RealTimeDecisions } from "@moneta/bank/RealTimeDecisions"
import * as RealTimeDecisionSweeper from "@moneta/bank/RealTimeDecisionSweeper"
import { WebhookDeliveries } from "@moneta/store/WebhookDeliveries"
import * as Dispatcher from "@moneta/webhooks/Dispatcher"
import * as Transport from "@moneta/webhooks/Transport"
import { Config, Context, Deferred, Effect, Layer, Option, Ref } from "effect"
import { ServerConfig } from "./ServerConfig.js"

/** Completed once the server serves requests; the background work starts then. */
export class Serving extends Context.Tag("@moneta/server/Background/Serving")<Serving, Deferred.Deferred<void>>() {}

export const servingLayer = Layer.effect(Serving, Deferred.make<void>())

/** Marks the server as serving (the background work starts). */
export const markServing = Layer.effectDiscard(
  Effect.flatMap(Serving, (serving) => Deferred.succeed(serving, undefined))
)

const settings = Config.all({
  server: ServerConfig,
  tuning: Dispatcher.config,
  sweepInterval: RealTimeDecisionSweeper.intervalConfig,
  abandonAfter: RealTimeDecisionSweeper.abandonAfterConfig
})

export const layer = Layer.scoped(
  Dispatcher.Dispatcher,
  Effect.gen(function*() {
    const { abandonAfter, server, sweepInterval, tuning } = yield* settings
    const environment = server.environment
    // Deliveries connect only to addresses the destination rule lets receive (`Destinations`).
    const dispatcherLive = Dispatcher.layer({ environment, ...tuning }).pipe(
      Layer.provide(Layer.merge(WebhookDeliveries.Default, Transport.layer(environment)))
    )
    const sweeperLive = RealTimeDecisionSweeper.layer({ environment, interval: sweepInterval, abandonAfter }).pipe(
      Layer.provide(RealTimeDecisions.Default)
    )
    const started = yield* Ref.make(Option.none<Context.Tag.Service<Dispatcher.Dispatcher>>())
    const serving = yield* Serving
    // Built in this layer's scope: when the server stops, the dispatcher stops gracefully as before.
    yield* Deferred.await(serving).pipe(
      Effect.zipRight(Layer.build(Layer.merge(dispatcherLive, sweeperLive))),
      Effect.flatMap((context) => Ref.set(started, Option.some(Context.get(context, Dispatcher.Dispatcher)))),
      Effect.catchAllCause((cause) =>
        Effect.logError("The webhook dispatcher and the decision sweeper did not start", cause)
      ),
      Effect.forkScoped
    )
    return Dispatcher.Dispatcher.of({
      wake: Effect.flatMap(Ref.get(started), Option.match({ onNone: () => Effect.void, onSome: (it) => it.wake })),
      running: Effect.flatMap(
        Ref.get(started),
        Option.match({ onNone: () => Effect.succeed(false), onSome: (it) => it.running })
      )
    })
  })
)
