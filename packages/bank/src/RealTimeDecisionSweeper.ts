/**
 * The sweeper: times out the pending decisions whose window has passed, also
 * when the process that was waiting for them died (its simulation then never
 * applies an outcome, so nothing is held), and marks abandoned the keys of
 * waiting requests whose lease expired (their run died: a retry takes the key
 * over either way; the mark says so to whoever reads the records). Every
 * server runs one; they share the work through `FOR UPDATE SKIP LOCKED`.
 * Clock-driven: `TestClock` moves it.
 */
import type { Environment } from "@moneta/domain/Environment"
import { Config, Duration, Effect, Layer, Schedule } from "effect"
import type { SqlClient } from "effect/sql"
import { Idempotency } from "./Idempotency.js"
import { RealTimeDecisions } from "./RealTimeDecisions.js"

export interface SweeperOptions {
  readonly environment: Environment
  /** How often due decisions are looked for. */
  readonly interval?: Duration.Input | undefined
}

export const defaultInterval = Duration.seconds(1)

/**
 * One pass: batches until nothing due is left; how many decisions were timed
 * out. Then marks the keys of waiting requests that died abandoned.
 */
export const sweep = (environment: Environment) =>
  Effect.gen(function*() {
    const decisions = yield* RealTimeDecisions
    let total = 0
    while (true) {
      const swept = yield* decisions.timeOutDue(environment)
      total += swept
      if (swept === 0) break
    }
    const abandonedRequests = yield* (yield* Idempotency).abandonExpired(environment)
    if (abandonedRequests > 0) {
      yield* Effect.logWarning(
        `real-time decisions: ${abandonedRequests} waiting request(s) stopped renewing their idempotency key; their retries take it over`
      )
    }
    return total
  })

/** Runs a pass every `interval` until the scope closes; a failed pass is logged and the next one runs. */
export const run = (options: SweeperOptions) =>
  sweep(options.environment).pipe(
    Effect.tap((swept) =>
      swept > 0 ? Effect.logInfo(`real-time decisions: ${swept} timed out by the sweeper`) : Effect.void
    ),
    Effect.catchCause((cause) => Effect.logError("real-time decision sweep failed", cause)),
    Effect.repeat(Schedule.spaced(options.interval ?? defaultInterval)),
    Effect.asVoid
  )

/** The sweeper as a layer, forked for the layer's lifetime. */
export const layer = (
  options: SweeperOptions
): Layer.Layer<never, never, RealTimeDecisions | Idempotency | SqlClient.SqlClient> =>
  Layer.effectDiscard(Effect.forkScoped(run(options)))

/** `MONETA_RTD_SWEEP_INTERVAL` (default 1 second). */
export const intervalConfig = Config.Duration("MONETA_RTD_SWEEP_INTERVAL").pipe(Config.withDefault(defaultInterval))
