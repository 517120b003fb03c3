/** The service's notion of now, from Effect's Clock so tests can drive it. */
import { DateTime, type Effect } from "effect"

export const now: Effect.Effect<DateTime.Utc> = DateTime.now
