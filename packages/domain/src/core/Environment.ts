/** A server serves one environment; every key and every row belongs to one. */
import { Result, Schema } from "effect"
import { InsufficientPermissionsError } from "./Errors.js"

export const Environment = Schema.Literals(["sandbox", "live"])
export type Environment = typeof Environment.Type

/**
 * Whether a key of `environment` may call a sandbox-only control (the clock,
 * snapshots and reset, webhook faults): a live key is refused 403 with
 * `refusal`, which says what the control is and how to call it.
 */
export const sandboxOnly = (
  environment: Environment,
  refusal: string
): Result.Result<void, InsufficientPermissionsError> =>
  environment === "sandbox"
    ? Result.void
    : Result.fail(new InsufficientPermissionsError({ detail: refusal }))
