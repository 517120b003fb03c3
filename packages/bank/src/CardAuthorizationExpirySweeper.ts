/**
 * The card authorization expiry sweeper: expires the authorization holds
 * still pending past their `expires_at` (7 days after the authorization), as
 * a card network does, so a hold left alone stops tying up the available
 * balance. Each group's `expires_at` is on its sandbox clock for sandbox rows,
 * on real time for live ones. Every server runs one; the expiry path locks the
 * card payment, so two servers never expire one authorization twice
 * (`CardAuthorizationExpiries`). Clock-driven: `TestClock` moves it.
 */
import type { Environment } from "@moneta/domain/Environment"
import { CardAuthorizationExpiryStore } from "@moneta/store/CardAuthorizationExpiries"
import { Config, Duration, Effect, Layer, Schedule } from "effect"
import type { SqlClient } from "effect/sql"
import { expireDue } from "./CardAuthorizationExpiries.js"
import { CardSimulations } from "./CardSimulations.js"
import { realNow } from "./Time.js"

export interface SweeperOptions {
  readonly environment: Environment
  /** How often due authorizations are looked for. */
  readonly interval?: Duration.Input | undefined
}

export const defaultInterval = Duration.seconds(5)

/** Who the expiries are recorded for: the sweeper, not an API key. */
const sweeperKey = { apiKeyId: "authorization_expiry_sweeper", apiKeyDescription: "Authorization expiry" } as const

/** One pass: expires every authorization of `environment` due on its group's clock, in batches; how many. */
export const sweep = (environment: Environment) =>
  Effect.gen(function*() {
    const store = yield* CardAuthorizationExpiryStore
    const cardSimulations = yield* CardSimulations
    return yield* expireDue(
      cardSimulations,
      (limit) =>
        Effect.flatMap(realNow, (real) => store.due(environment, real, limit)).pipe(
          Effect.map((rows) => rows.map((row) => ({ ...row, tenant: { ...row.tenant, ...sweeperKey } })))
        ),
      "card authorization expiry"
    )
  })

/** Runs a pass every `interval` until the scope closes; a failed pass is logged and the next one runs. */
export const run = (options: SweeperOptions) =>
  sweep(options.environment).pipe(
    Effect.tap((expired) =>
      expired > 0 ? Effect.logInfo(`card authorizations: ${expired} expired by the sweeper`) : Effect.void
    ),
    Effect.catchCause((cause) => Effect.logError("card authorization expiry sweep failed", cause)),
    Effect.repeat(Schedule.spaced(options.interval ?? defaultInterval)),
    Effect.asVoid
  )

/** The sweeper as a layer, forked for the layer's lifetime. */
export const layer = (
  options: SweeperOptions
): Layer.Layer<never, never, CardAuthorizationExpiryStore | CardSimulations | SqlClient.SqlClient> =>
  Layer.effectDiscard(Effect.forkScoped(run(options)))

/** `MONETA_AUTHORIZATION_EXPIRY_SWEEP_INTERVAL` (default 5 seconds). */
export const intervalConfig = Config.Duration("MONETA_AUTHORIZATION_EXPIRY_SWEEP_INTERVAL").pipe(
  Config.withDefault(defaultInterval)
)
