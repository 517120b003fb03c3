/**
 * The hold sweeper: ends the holds still pending past their time, as the
 * card network and the check's availability would, so a hold left alone
 * stops tying up the available balance: card authorization holds past their
 * `expires_at` (7 days after the authorization) expire, check deposits'
 * inbound funds holds past their `automatically_releases_at` (2 days after
 * the submission) are released. Each group's time is its sandbox clock for
 * sandbox rows, real time for live ones. Every server runs one; the paths
 * lock what they end, so two servers never end one hold twice (`DueHolds`).
 * Clock-driven: `TestClock` moves it.
 */
import type { Environment } from "@moneta/domain/Environment"
import { DueHoldStore } from "@moneta/store/DueHolds"
import { Config, Duration, Effect, Layer, Schedule } from "effect"
import type { SqlClient } from "effect/sql"
import { CardSimulations } from "./CardSimulations.js"
import { CheckDepositSimulations } from "./CheckDepositSimulations.js"
import { dueAcrossGroups, type Ender, expireAuthorizations, releaseInboundFundsHolds } from "./DueHolds.js"

export interface SweeperOptions {
  readonly environment: Environment
  /** How often due holds are looked for. */
  readonly interval?: Duration.Input | undefined
}

export const defaultInterval = Duration.seconds(5)

/** Who the ends are recorded for: the sweeper, not an API key. */
const authorizationExpiryKey: Ender = {
  apiKeyId: "authorization_expiry_sweeper",
  apiKeyDescription: "Authorization expiry"
}
const holdReleaseKey: Ender = {
  apiKeyId: "inbound_funds_hold_sweeper",
  apiKeyDescription: "Inbound funds hold release"
}

/** What one pass ended. */
export interface Swept {
  readonly cardAuthorizationsExpired: number
  readonly inboundFundsHoldsReleased: number
}

/** One pass: ends every hold of `environment` due on its group's clock, in batches; how many of each. */
export const sweep = (environment: Environment) =>
  Effect.gen(function*() {
    const holds = yield* DueHoldStore
    const cardAuthorizationsExpired = yield* expireAuthorizations(
      yield* CardSimulations,
      dueAcrossGroups(holds.cardAuthorizations, environment, authorizationExpiryKey),
      "card authorization expiry"
    )
    const inboundFundsHoldsReleased = yield* releaseInboundFundsHolds(
      yield* CheckDepositSimulations,
      dueAcrossGroups(holds.inboundFundsHolds, environment, holdReleaseKey),
      "inbound funds hold release"
    )
    return { cardAuthorizationsExpired, inboundFundsHoldsReleased } satisfies Swept
  })

/** Runs a pass every `interval` until the scope closes; a failed pass is logged and the next one runs. */
export const run = (options: SweeperOptions) =>
  sweep(options.environment).pipe(
    Effect.tap(({ cardAuthorizationsExpired, inboundFundsHoldsReleased }) =>
      Effect.all([
        cardAuthorizationsExpired > 0
          ? Effect.logInfo(`card authorizations: ${cardAuthorizationsExpired} expired by the sweeper`)
          : Effect.void,
        inboundFundsHoldsReleased > 0
          ? Effect.logInfo(`inbound funds holds: ${inboundFundsHoldsReleased} released by the sweeper`)
          : Effect.void
      ])
    ),
    Effect.catchCause((cause) => Effect.logError("hold sweep failed", cause)),
    Effect.repeat(Schedule.spaced(options.interval ?? defaultInterval)),
    Effect.asVoid
  )

/** The sweeper as a layer, forked for the layer's lifetime. */
export const layer = (
  options: SweeperOptions
): Layer.Layer<
  never,
  never,
  | DueHoldStore
  | CardSimulations
  | CheckDepositSimulations
  | SqlClient.SqlClient
> => Layer.effectDiscard(Effect.forkScoped(run(options)))

/** The services the sweeper needs beside the database. */
export const services = Layer.mergeAll(
  CardSimulations.Default,
  CheckDepositSimulations.Default,
  DueHoldStore.Default
)

/** `MONETA_AUTHORIZATION_EXPIRY_SWEEP_INTERVAL` (default 5 seconds): how often each server sweeps both kinds. */
export const intervalConfig = Config.Duration("MONETA_AUTHORIZATION_EXPIRY_SWEEP_INTERVAL").pipe(
  Config.withDefault(defaultInterval)
)
