/** Waiting for something that happens asynchronously (a webhook arriving). */
import { Duration, Effect, Schedule } from "effect"

/** Retries `check` every 50 ms until it succeeds, for at most `within`. */
export const eventually = <A, E, R>(
  check: Effect.Effect<A, E, R>,
  within: Duration.Input = Duration.seconds(20)
): Effect.Effect<A, E, R> =>
  Effect.retry(check, Schedule.spaced(Duration.millis(50)).pipe(Schedule.upTo({ duration: within })))

/** Fails (so that `eventually` tries again) until `condition` holds; it is evaluated at each try. */
export const expectTrue = (condition: () => boolean, message: string): Effect.Effect<void, string> =>
  Effect.suspend(() => condition() ? Effect.void : Effect.fail(message))
