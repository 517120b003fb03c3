/**
 * Answering real-time decisions from a webhook handler. The decision's
 * webhook must not be answered before its `/action` call has finished (the
 * card event waits on the answer, not on the webhook), so the handler fetches
 * the decision, asks the host's function and posts the answer, all before the
 * receiver replies.
 *
 * ```ts
 * const handlers = Handlers.empty.pipe(
 *   RealTimeDecisions.on((decision) =>
 *     Effect.succeed(
 *       decision.card_authorization !== null && decision.card_authorization.settlement_amount <= 10_000
 *         ? { card_authorization: { decision: "approve" } }
 *         : { card_authorization: { decision: "decline", decline: { reason: "exceeds_approval_limit" } } }
 *     ))
 * )
 * ```
 *
 * A decision that is no longer pending when the event arrives (a redelivery
 * of one already answered, or one whose window passed) is left alone; an
 * answer refused because another delivery answered first is logged, not
 * failed, since the decision is settled either way.
 */
import type { Event } from "@moneta/domain/Event"
import { RealTimeDecisionId } from "@moneta/domain/Ids"
import type { RealTimeDecision, RealTimeDecisionAction } from "@moneta/domain/RealTimeDecision"
import { Effect, Schema } from "effect"
import { MonetaClient } from "./AssociatedObject.js"
import * as Handlers from "./Handlers.js"

/** The host's answer to a pending decision: the action body, with the object of the decision's category. */
export type Decide<E, R> = (decision: RealTimeDecision) => Effect.Effect<RealTimeDecisionAction, E, R>

/** The handler of one `real_time_decision.*` event. */
export const handler = <E, R>(decide: Decide<E, R>) => (event: Event) =>
  Effect.gen(function*() {
    const client = yield* MonetaClient
    const real_time_decision_id = yield* Schema.decodeEffect(RealTimeDecisionId)(event.associated_object_id)
    const decision = yield* client.realTimeDecisions.retrieve({ params: { real_time_decision_id } })
    if (decision.status !== "pending") {
      return yield* Effect.logInfo(`real-time decision ${decision.id} is already ${decision.status}; nothing to answer`)
    }
    const payload = yield* decide(decision)
    yield* client.realTimeDecisions.action({ params: { real_time_decision_id }, payload }).pipe(
      Effect.catchTag("InvalidOperationError", (error) =>
        Effect.logInfo(`real-time decision ${decision.id} was not answered: ${error.detail}`))
    )
  })

/** Registers `handler(decide)` for every `real_time_decision.*` category. */
export const on = <E, R>(decide: Decide<E, R>) => Handlers.on("real_time_decision.*", handler(decide))
