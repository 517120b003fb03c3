/**
 * Injected webhook faults (`@moneta/domain/WebhookFault`), applied by the
 * dispatcher to the deliveries it claims. A claimed delivery whose
 * subscription held a fault takes one delivery's worth of it
 * (`WebhookDeliveryStore.takeFault`, atomic across processes), then:
 *
 * - `status` / `timeout`: finished at once with that outcome, not sent;
 * - `delay`: sent `seconds` later (on the Clock; the claim's lease outlasts it);
 * - `duplicate`: sent twice, the copy marked `extra` (one claim, two attempts);
 * - `reorder`: held until the subscription's next delivery has finished, or
 *   `reorderHoldSeconds` at most, then sent.
 *
 * Each delivery a fault shaped carries `injectedFault`, which its attempt
 * records as `injected_fault`. Deliveries without a fault pass straight on.
 * A process that stops while it holds or delays a delivery leaves its claim
 * to expire: another sends it then (at least once).
 */
import type { EventSubscriptionId } from "@moneta/domain/Ids"
import { type FaultToApply, injectedExcerpt, injectedFaultLabel, reorderHoldSeconds } from "@moneta/domain/WebhookFault"
import type { ClaimedDelivery } from "@moneta/store/WebhookDeliveries"
import { DateTime, Duration, Effect, Option, type Scope } from "effect"
import { answered, type Sent, unanswered } from "./Delivery.js"

/** A claimed delivery on its way: with the fault that shaped it, and whether it is a duplicate's copy. */
export interface FaultedDelivery extends ClaimedDelivery {
  readonly injectedFault?: string
  /** The second POST of a `duplicate`: one more attempt, not one more claim. */
  readonly extra?: boolean
}

export interface FaultRouterOptions {
  /** Uses one delivery's worth of the subscription's oldest fault, if any. */
  readonly takeFault: (subscriptionId: EventSubscriptionId) => Effect.Effect<Option.Option<FaultToApply>>
  /** Hands deliveries to the sender, in order. */
  readonly send: (deliveries: ReadonlyArray<FaultedDelivery>) => void
  /** Records a delivery's outcome without sending it. */
  readonly finish: (delivery: FaultedDelivery, sent: Sent) => void
  /** The response deadline: a `timeout` fault's attempt lasted that long. */
  readonly deadline: Duration.Duration
}

export interface FaultRouter {
  /** Sends the claimed deliveries, each as its subscription's next fault (if any) says. */
  readonly route: (claimed: ReadonlyArray<ClaimedDelivery>) => Effect.Effect<void>
  /** Tells the router a delivery finished: one held back for its subscription goes now. */
  readonly finished: (delivery: FaultedDelivery) => void
}

/** A router whose delayed and held deliveries live in the scope (the dispatcher's). */
export const makeRouter = (options: FaultRouterOptions): Effect.Effect<FaultRouter, never, Scope.Scope> =>
  Effect.gen(function*() {
    const scope = yield* Effect.scope
    // Deliveries held back, per subscription, each with the function that sends it (once).
    const held = new Map<string, Array<() => void>>()

    const hold = (delivery: FaultedDelivery) =>
      Effect.gen(function*() {
        let gone = false
        const release = () => {
          if (gone) return
          gone = true
          const waiting = held.get(delivery.subscriptionId)
          if (waiting !== undefined) {
            const rest = waiting.filter((each) => each !== release)
            if (rest.length === 0) held.delete(delivery.subscriptionId)
            else held.set(delivery.subscriptionId, rest)
          }
          options.send([delivery])
        }
        held.set(delivery.subscriptionId, [...(held.get(delivery.subscriptionId) ?? []), release])
        // Nothing else for the subscription within the bound: it goes anyway.
        yield* Effect.sleep(Duration.seconds(reorderHoldSeconds)).pipe(
          Effect.andThen(Effect.sync(release)),
          Effect.forkIn(scope)
        )
      })

    const apply = (claimed: ClaimedDelivery, fault: FaultToApply) =>
      Effect.gen(function*() {
        const delivery: FaultedDelivery = { ...claimed, injectedFault: injectedFaultLabel(fault) }
        const startedAt = yield* DateTime.now
        const excerpt = Option.some(injectedExcerpt(fault))
        switch (fault.kind) {
          case "status":
            return options.finish(delivery, answered(startedAt, 0, fault.status ?? 500, excerpt))
          case "timeout":
            return options.finish(delivery, {
              ...unanswered(startedAt, Duration.toMillis(options.deadline), "timed_out"),
              responseBody: excerpt
            })
          case "delay":
            return yield* Effect.sleep(Duration.seconds(fault.seconds ?? 0)).pipe(
              Effect.andThen(Effect.sync(() => options.send([delivery]))),
              Effect.forkIn(scope),
              Effect.asVoid
            )
          case "duplicate":
            return options.send([delivery, { ...delivery, extra: true }])
          case "reorder":
            return yield* hold(delivery)
        }
      })

    const route = (claimed: ReadonlyArray<ClaimedDelivery>) =>
      Effect.gen(function*() {
        const plain: Array<FaultedDelivery> = []
        for (const delivery of claimed) {
          const fault = delivery.faulted ? yield* options.takeFault(delivery.subscriptionId) : Option.none()
          if (Option.isSome(fault)) yield* apply(delivery, fault.value)
          else plain.push(delivery)
        }
        if (plain.length > 0) options.send(plain)
      })

    const finished = (delivery: FaultedDelivery) => {
      if (delivery.injectedFault === "reorder") return
      const waiting = held.get(delivery.subscriptionId)
      if (waiting !== undefined && waiting.length > 0) waiting[0]?.()
    }

    return { route, finished }
  })
