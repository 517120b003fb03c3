/**
 * Ending the holds whose time has come, each through the path its simulation
 * takes, so it is recorded and its events emitted as that simulation's are:
 * card authorizations past their `expires_at` expire (`CardSimulations.expire`),
 * check deposits' inbound funds holds past their `automatically_releases_at`
 * are released (`CheckDepositSimulations.releaseInboundFundsHold`, the
 * deposit's `ReleaseHold` step). A sandbox clock advance and the hold sweeper
 * both use them. Each path locks what it ends (the card payment, the deposit):
 * of two servers ending one hold, the second finds it ended and skips it, as
 * it does one settled, reversed or returned meanwhile.
 */
import type { Environment } from "@moneta/domain/Environment"
import type { CardPaymentId, PendingTransactionId } from "@moneta/domain/Ids"
import { ClockOffset, timeAt } from "@moneta/domain/SandboxClock"
import { type AuthenticatedTenant, Tenant } from "@moneta/domain/Tenant"
import type { HoldQueries } from "@moneta/store/DueHolds"
import { Effect } from "effect"
import type { CardSimulations } from "./CardSimulations.js"
import type { CheckDepositSimulations } from "./CheckDepositSimulations.js"
import { realNow } from "./Time.js"

/** How many due holds are read at a time. */
export const batchSize = 100

/** A hold to end, with the tenant it is ended for and the clock offset its end is recorded on. */
export interface DueHold<Id extends string> {
  readonly tenant: AuthenticatedTenant
  readonly id: Id
  readonly clockOffsetMillis: number
}

/** Up to `limit` due holds, oldest first. */
export type FindDue<Id extends string> = (limit: number) => Effect.Effect<ReadonlyArray<DueHold<Id>>>

/** Who a sweeper records the ends for, in place of an API key. */
export interface Ender {
  readonly apiKeyId: string
  readonly apiKeyDescription: string
}

/** The holds due across every group of `environment`, each on its group's clock, ended for `ender`. */
export const dueAcrossGroups = <Id extends string>(
  queries: HoldQueries<Id>,
  environment: Environment,
  ender: Ender
): FindDue<Id> =>
(limit) =>
  Effect.flatMap(realNow, (real) => queries.due(environment, real, limit)).pipe(
    Effect.map((rows) =>
      rows.map((row) => ({ tenant: { ...row.tenant, ...ender }, id: row.id, clockOffsetMillis: row.clockOffsetMillis }))
    )
  )

/** The tenant's holds due on its clock, `offsetMillis` from real time. */
export const dueForTenant = <Id extends string>(
  queries: HoldQueries<Id>,
  tenant: AuthenticatedTenant,
  offsetMillis: number
): FindDue<Id> =>
(limit) =>
  Effect.flatMap(realNow, (real) => queries.dueFor(tenant, timeAt(real, offsetMillis), limit)).pipe(
    Effect.map((ids) => ids.map((id) => ({ tenant, id, clockOffsetMillis: offsetMillis })))
  )

/**
 * Ends what `findDue(limit)` returns, oldest first, batch after batch until
 * nothing due is left; how many were ended. `end` answers false when the hold
 * was already ended meanwhile; one it answers false for or fails on is
 * skipped for the rest of the run (a failure is logged as a warning).
 */
const endDue = <Id extends string, E extends { readonly _tag: string }, R>(
  findDue: FindDue<Id>,
  end: (id: Id) => Effect.Effect<boolean, E, R>,
  what: string
): Effect.Effect<number, never, Exclude<R, Tenant>> =>
  Effect.gen(function*() {
    const skipped = new Set<Id>()
    let total = 0
    for (;;) {
      const due = (yield* findDue(batchSize + skipped.size)).filter((item) => !skipped.has(item.id))
      if (due.length === 0) return total
      for (const item of due) {
        const ended = yield* end(item.id).pipe(
          Effect.catch((error) =>
            Effect.as(Effect.logWarning(`${what} ${item.id} could not be ended (${error._tag})`), false)
          ),
          Effect.provideService(Tenant, item.tenant),
          Effect.provideService(ClockOffset, item.clockOffsetMillis)
        )
        if (ended) total += 1
        else skipped.add(item.id)
      }
    }
  })

/** Expires the card authorizations `findDue` returns (by card payment); how many. */
export const expireAuthorizations = (
  cardSimulations: CardSimulations["Service"],
  findDue: FindDue<CardPaymentId>,
  logPrefix: string
) =>
  endDue(
    findDue,
    (id) =>
      cardSimulations.expire({ card_payment_id: id }).pipe(
        Effect.as(true),
        // Settled, reversed or expired by another request meanwhile: nothing to expire.
        Effect.catchTag("CardAuthorizationNotUsable", () => Effect.succeed(false))
      ),
    `${logPrefix}: card payment`
  )

/** Releases the inbound funds holds `findDue` returns (by Pending Transaction); how many. */
export const releaseInboundFundsHolds = (
  checkDepositSimulations: CheckDepositSimulations["Service"],
  findDue: FindDue<PendingTransactionId>,
  logPrefix: string
) =>
  endDue(
    findDue,
    (id) =>
      checkDepositSimulations.releaseInboundFundsHold(id).pipe(
        Effect.as(true),
        // Released or returned by another request meanwhile: nothing to release.
        Effect.catchTag("CheckDepositWrongStatus", () => Effect.succeed(false))
      ),
    `${logPrefix}: inbound funds hold`
  )
