/**
 * Expiring card authorizations whose hold is past its `expires_at`, through
 * the expiration simulation's path (`CardSimulations.expire`), so the expiry
 * is recorded and its events emitted as that simulation's are. A sandbox clock
 * advance and the expiry sweeper both use it. The path locks the card payment:
 * of two servers expiring one authorization, the second finds it expired
 * (`CardAuthorizationNotUsable`) and skips it, as it does one settled or
 * reversed meanwhile.
 */
import type { CardPaymentId } from "@moneta/domain/Ids"
import { ClockOffset } from "@moneta/domain/SandboxClock"
import { type AuthenticatedTenant, Tenant } from "@moneta/domain/Tenant"
import { Effect } from "effect"
import type { SqlClient } from "effect/sql"
import type { CardSimulations } from "./CardSimulations.js"

/** How many due authorizations are read at a time. */
export const batchSize = 100

/** An authorization to expire, with the tenant it is expired for and the clock offset its expiry is recorded on. */
export interface DueExpiry {
  readonly tenant: AuthenticatedTenant
  readonly cardPaymentId: CardPaymentId
  readonly clockOffsetMillis: number
}

/**
 * Expires what `findDue(limit)` returns, oldest first, batch after batch until
 * nothing due is left; how many were expired. One that cannot be expired is
 * skipped for the rest of the run (a warning says why, but for one another
 * request already ended).
 */
export const expireDue = (
  cardSimulations: CardSimulations["Service"],
  findDue: (limit: number) => Effect.Effect<ReadonlyArray<DueExpiry>>,
  logPrefix: string
): Effect.Effect<number, never, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const skipped = new Set<CardPaymentId>()
    let total = 0
    for (;;) {
      const due = (yield* findDue(batchSize + skipped.size)).filter((item) => !skipped.has(item.cardPaymentId))
      if (due.length === 0) return total
      for (const item of due) {
        const id = item.cardPaymentId
        // Another request may have settled or reversed it meanwhile: then there is nothing to expire.
        const expired = yield* cardSimulations.expire({ card_payment_id: id }).pipe(
          Effect.as(true),
          Effect.catchTag("CardAuthorizationNotUsable", () => Effect.succeed(false)),
          Effect.catch((error) =>
            Effect.as(Effect.logWarning(`${logPrefix}: card payment ${id} could not be expired (${error._tag})`), false)
          ),
          Effect.provideService(Tenant, item.tenant),
          Effect.provideService(ClockOffset, item.clockOffsetMillis)
        )
        if (expired) total += 1
        else skipped.add(id)
      }
    }
  })
