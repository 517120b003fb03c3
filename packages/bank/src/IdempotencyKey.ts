/**
 * The request context operations read besides the Tenant: the idempotency key
 * of the request, if any, and the claim a waiting request holds it under.
 */
import { Context, Effect, Option } from "effect"

/** The `Idempotency-Key` of the request being served; created objects carry it. */
export class CurrentIdempotencyKey extends Context.Service<
  CurrentIdempotencyKey,
  Option.Option<string>
>()("@moneta/bank/CurrentIdempotencyKey") {}

/** The idempotency key to store on a created object (null without one). */
export const idempotencyKey: Effect.Effect<string | null> = Effect.map(
  Effect.serviceOption(CurrentIdempotencyKey),
  (key) => Option.getOrNull(Option.flatten(key))
)

/**
 * The claim under which a waiting idempotent request holds its key
 * (`Idempotency.runAsking`): its decisions are raised under it, and a retry
 * that took the key over (`retry`) reuses them.
 */
export class CurrentClaim extends Context.Service<
  CurrentClaim,
  { readonly claim: string; readonly retry: boolean }
>()("@moneta/bank/CurrentClaim") {}
