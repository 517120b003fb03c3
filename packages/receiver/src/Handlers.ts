/**
 * Routing events to handlers by category.
 *
 * ```ts
 * const handlers = Handlers.empty.pipe(
 *   Handlers.on("wire_transfer.created", recordNewTransfer),
 *   Handlers.on("wire_transfer.*", refreshTransfer),  // every wire_transfer.… category
 *   Handlers.on("*", logEvent)                         // everything else
 * )
 * ```
 *
 * One pattern handles an event: its exact category if registered, otherwise
 * the longest matching prefix, otherwise the wildcard. Handlers registered
 * for that same pattern run one after the other, in order. An event that no
 * pattern matches (a category this app does not care about, or one added to
 * the service after this code was written) is acknowledged without running
 * anything.
 */
import type { Event } from "@moneta/domain/Event"
import type { KnownEventCategory, UnknownEventCategory } from "@moneta/domain/EventCategory"
import { Effect, Option } from "effect"
import { dual } from "effect/Function"
import { type Pipeable, pipeArguments } from "effect/Pipeable"

/**
 * A category (`"wire_transfer.updated"`), a prefix ending in `.*`
 * (`"wire_transfer.*"`, `"real_time_decision.*"`), or `"*"` for every event.
 * A category this version does not know yet is written
 * `UnknownEventCategory.make("…")`, so that typos in known ones stay type errors.
 */
export type CategoryPattern = "*" | `${string}.*` | KnownEventCategory | UnknownEventCategory

export type Handler<E, R> = (event: Event) => Effect.Effect<unknown, E, R>

interface Route<E, R> {
  readonly pattern: CategoryPattern
  readonly handler: Handler<E, R>
}

export interface Handlers<out E, out R> extends Pipeable {
  readonly routes: ReadonlyArray<Route<E, R>>
}

const HandlersProto = {
  pipe() {
    return pipeArguments(this, arguments)
  }
}

const make = <E, R>(routes: ReadonlyArray<Route<E, R>>): Handlers<E, R> =>
  Object.assign(Object.create(HandlersProto), { routes })

/** No handlers: every event is acknowledged and ignored. */
export const empty: Handlers<never, never> = make([])

/** Adds a handler for a category, a prefix (`"wire_transfer.*"`) or every event (`"*"`). */
export const on: {
  <E1, R1>(
    pattern: CategoryPattern,
    handler: Handler<E1, R1>
  ): <E, R>(self: Handlers<E, R>) => Handlers<E | E1, R | R1>
  <E, R, E1, R1>(self: Handlers<E, R>, pattern: CategoryPattern, handler: Handler<E1, R1>): Handlers<E | E1, R | R1>
} = dual(
  3,
  <E, R, E1, R1>(self: Handlers<E, R>, pattern: CategoryPattern, handler: Handler<E1, R1>): Handlers<E | E1, R | R1> =>
    make<E | E1, R | R1>([...self.routes, { pattern, handler }])
)

/** How well a pattern matches a category: higher is more specific, none when it does not match. */
const specificity = (pattern: CategoryPattern, category: string): Option.Option<number> => {
  if (pattern === category) return Option.some(Number.MAX_SAFE_INTEGER)
  if (pattern === "*") return Option.some(0)
  if (pattern.endsWith(".*")) {
    const prefix = pattern.slice(0, -1)
    return category.startsWith(prefix) ? Option.some(prefix.length) : Option.none()
  }
  return Option.none()
}

/** The pattern that handles `category`, if any. */
export const patternFor = <E, R>(self: Handlers<E, R>, category: string): Option.Option<CategoryPattern> => {
  let best: Option.Option<{ readonly pattern: CategoryPattern; readonly score: number }> = Option.none()
  for (const { pattern } of self.routes) {
    const score = specificity(pattern, category)
    if (Option.isSome(score) && (Option.isNone(best) || score.value > best.value.score)) {
      best = Option.some({ pattern, score: score.value })
    }
  }
  return Option.map(best, ({ pattern }) => pattern)
}

/** Runs the handlers of the pattern that matches the event; none when nothing matches. */
export const route = <E, R>(self: Handlers<E, R>, event: Event): Option.Option<Effect.Effect<void, E, R>> =>
  Option.map(patternFor(self, event.category), (pattern) =>
    Effect.forEach(
      self.routes.filter((route) => route.pattern === pattern),
      (route) => route.handler(event),
      { discard: true }
    ))
