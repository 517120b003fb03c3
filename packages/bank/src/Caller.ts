/**
 * The request context operations read besides the Caller: the idempotency key
 * of the request, if any.
 */
import { Caller as Tenant } from "@moneta/domain/Caller"
import { Context, Effect, Option } from "effect"

export { Tenant }

export interface ApiKeyShape {
  readonly id: string
  readonly description: string | null
}

export class CurrentApiKey extends Context.Tag("@moneta/bank/CurrentApiKey")<CurrentApiKey, ApiKeyShape>() {}

/** The `Idempotency-Key` of the request being served; created objects carry it. */
export class CurrentIdempotencyKey extends Context.Tag("@moneta/bank/CurrentIdempotencyKey")<
  CurrentIdempotencyKey,
  Option.Option<string>
>() {}

/** The idempotency key to store on a created object (null without one). */
export const idempotencyKey: Effect.Effect<string | null> = Effect.map(
  Effect.serviceOption(CurrentIdempotencyKey),
  (key) => Option.getOrNull(Option.flatten(key))
)
