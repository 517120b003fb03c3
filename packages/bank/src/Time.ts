/**
 * The service's notion of now, from Effect's Clock so tests can drive it.
 * `now` is the time of the tenant being served: its sandbox clock
 * (`@moneta/domain/SandboxClock`, docs/workbench.md "Clock") where the request
 * provided one, real time otherwise. `realNow` is the server's own time, for
 * what is not the tenant's business: leases, and the sweepers, which add each
 * row's group offset themselves.
 */
import { ClockOffset, timeAt } from "@moneta/domain/SandboxClock"
import { DateTime, Effect } from "effect"

export const realNow: Effect.Effect<DateTime.Utc> = DateTime.now

export const now: Effect.Effect<DateTime.Utc> = Effect.flatMap(
  Effect.service(ClockOffset),
  (offset) => offset === 0 ? DateTime.now : Effect.map(DateTime.now, (real) => timeAt(real, offset))
)
