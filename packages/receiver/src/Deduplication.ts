/**
 * Deduplication by `webhook-id`. Delivery is at least once: the sender tries
 * again whenever it did not see a 2xx in time, so the same delivery may
 * arrive twice, even twice at once. A store remembers the ids whose handling
 * succeeded and runs the handling of one id at most once at a time.
 *
 * Implementations: `layerMemory` here (one process, bounded), and
 * `SqlDeduplication.layer` on any `effect/sql` client (several processes,
 * survives restarts). A host app may provide its own.
 */
import { Context, Deferred, Effect, Exit, Layer, Option } from "effect"
import type { DeduplicationError } from "./ReceiverError.js"

export interface DeduplicationShape {
  /**
   * Runs `effect` unless handling `webhookId` already succeeded (then none).
   * The id counts as handled only once `effect` succeeds: after a failure,
   * a defect or an interruption, the next delivery of the id runs it again.
   * A second delivery of an id that is being handled waits for the first.
   */
  readonly once: <A, E, R>(
    webhookId: string,
    effect: Effect.Effect<A, E, R>
  ) => Effect.Effect<Option.Option<A>, E | DeduplicationError, R>
}

export class Deduplication
  extends Context.Service<Deduplication, DeduplicationShape>()("@moneta/receiver/Deduplication")
{}

/** How many handled ids the in-memory store remembers by default. */
export const defaultCapacity = 100_000

type Claim =
  | { readonly _tag: "Handled" }
  | { readonly _tag: "Running"; readonly done: Deferred.Deferred<void> }
  | { readonly _tag: "Claimed"; readonly done: Deferred.Deferred<void> }

/**
 * In this process's memory: for development, tests, and single-process apps
 * whose handlers are idempotent anyway. Remembers the latest `capacity`
 * handled ids (the oldest are forgotten first); a restart forgets them all.
 */
export const makeMemory = (options?: { readonly capacity?: number }): DeduplicationShape => {
  const capacity = options?.capacity ?? defaultCapacity
  // A Map iterates in insertion order, so its first key is the oldest handled id.
  const handled = new Map<string, true>()
  const running = new Map<string, Deferred.Deferred<void>>()

  const remember = (webhookId: string) => {
    handled.set(webhookId, true)
    if (handled.size > capacity) {
      const oldest = handled.keys().next()
      if (oldest.done !== true) handled.delete(oldest.value)
    }
  }

  // Synchronous, so no other fiber can claim the same id between the checks and the claim.
  const claim = (webhookId: string) =>
    Effect.sync((): Claim => {
      if (handled.has(webhookId)) return { _tag: "Handled" }
      const inFlight = running.get(webhookId)
      if (inFlight !== undefined) return { _tag: "Running", done: inFlight }
      const done = Deferred.makeUnsafe<void>()
      running.set(webhookId, done)
      return { _tag: "Claimed", done }
    })

  const once = <A, E, R>(
    webhookId: string,
    effect: Effect.Effect<A, E, R>
  ): Effect.Effect<Option.Option<A>, E | DeduplicationError, R> =>
    Effect.uninterruptibleMask((restore) =>
      Effect.flatMap(claim(webhookId), (claimed) => {
        switch (claimed._tag) {
          case "Handled":
            return Effect.succeed(Option.none())
          case "Running":
            // Whatever the first delivery's outcome, look again: handled now, or free to claim.
            return Effect.andThen(restore(Deferred.await(claimed.done)), once(webhookId, effect))
          case "Claimed":
            return Effect.flatMap(Effect.exit(restore(effect)), (exit) =>
              Effect.sync(() => {
                running.delete(webhookId)
                if (Exit.isSuccess(exit)) remember(webhookId)
              }).pipe(
                Effect.andThen(Deferred.succeed(claimed.done, undefined)),
                Effect.andThen(Exit.map(exit, Option.some))
              ))
        }
      })
    )

  return { once }
}

/** A fresh in-memory store (see `makeMemory`). */
export const layerMemory = (options?: { readonly capacity?: number }): Layer.Layer<Deduplication> =>
  Layer.sync(Deduplication, () => makeMemory(options))
