/**
 * The sweeper: times out the pending decisions whose window has passed, also
 * when the process that was waiting for them died (its simulation then never
 * applies an outcome, so nothing is held). Every server runs one; they share
 * the work through `FOR UPDATE SKIP LOCKED`. Clock-driven: `TestClock` moves it.
 */
import type { Environment } from "@moneta/domain/Environment"
import { Config, Duration, Effect, Layer, Schedule } from "effect"
import type { SqlClient } from "effect/sql"
import { RealTimeDecisions } from "./RealTimeDecisions.js"

export interface SweeperOptions {
  readonly environment: Environment
  /** How often due decisions are looked for. */
  readonly interval?: Duration.Input | undefined
  /** How long after its decisions finished a waiting simulation counts as dead (`defaultAbandonAfter`). */
  readonly abandonAfter?: Duration.Input | undefined
}

export const defaultInterval = Duration.seconds(1)

/**
 * How long after its decisions finished a simulation still waiting counts as
 * dead: a live one applies its outcome within moments of the answer or the
 * window, so its idempotency key is only given up well after that.
 */
export const defaultAbandonAfter = Duration.seconds(30)

/**
 * One pass: batches until nothing due is left; how many decisions were timed
 * out. Then gives up the idempotency keys of simulations that died waiting
 * (so their retries run again, reusing the decisions).
 */
export const sweep = (environment: Environment, abandonAfter: Duration.Duration = defaultAbandonAfter) =>
  Effect.gen(function*() {
    const decisions = yield* RealTimeDecisions
    let total = 0
    while (true) {
      const swept = yield* decisions.timeOutDue(environment)
      total += swept
      if (swept === 0) break
    }
    const abandonedRequests = yield* decisions.abandonDeadWaiters(environment, abandonAfter)
    if (abandonedRequests > 0) {
      yield* Effect.logWarning(
        `real-time decisions: ${abandonedRequests} simulation(s) died while waiting; their keys may be retried`
      )
    }
    return total
  })

/** Runs a pass every `interval` until the scope closes; a failed pass is logged and the next one runs. */
export const run = (options: SweeperOptions) =>
  sweep(options.environment, Duration.fromInputUnsafe(options.abandonAfter ?? defaultAbandonAfter)).pipe(
    Effect.tap((swept) =>
      swept > 0 ? Effect.logInfo(`real-time decisions: ${swept} timed out by the sweeper`) : Effect.void
    ),
    Effect.catchCause((cause) => Effect.logError("real-time decision sweep failed", cause)),
    Effect.repeat(Schedule.spaced(options.interval ?? defaultInterval)),
    Effect.asVoid
  )

/** The sweeper as a layer, forked for the layer's lifetime. */
export const layer = (options: SweeperOptions): Layer.Layer<never, never, RealTimeDecisions | SqlClient.SqlClient> =>
  Layer.effectDiscard(Effect.forkScoped(run(options)))

/** `MONETA_RTD_SWEEP_INTERVAL` (default 1 second). */
export const intervalConfig = Config.Duration("MONETA_RTD_SWEEP_INTERVAL").pipe(Config.withDefault(defaultInterval))

/** `MONETA_RTD_ABANDON_AFTER` (default 30 seconds). */
export const abandonAfterConfig = Config.Duration("MONETA_RTD_ABANDON_AFTER").pipe(
  Config.withDefault(defaultAbandonAfter)
)
