/**
 * The app's answers to real-time decisions: card authorizations up to a
 * spending limit are approved, larger ones declined `exceeds_approval_limit`;
 * balance inquiries, 3DS attempts, code deliveries and wallet tokens are
 * approved (the codes "sent" to a fixed phone number).
 */
import type { RealTimeDecision, RealTimeDecisionAction } from "@moneta/domain/RealTimeDecision"
import { Handlers, NodeAdapter, RealTimeDecisions, Receiver } from "@moneta/receiver"
import type { AssociatedObject, Deduplication } from "@moneta/receiver"
import { Effect } from "effect"
import type { NonEmptyReadonlyArray } from "effect/Array"
import type { RequestListener } from "node:http"

const phone = "+15555550100"

/** The answer to one decision (the object of its category). */
export const answer = (spendingLimit: number) => (decision: RealTimeDecision): RealTimeDecisionAction => {
  switch (decision.category) {
    case "card_authorization_requested":
      return (decision.card_authorization?.settlement_amount ?? 0) <= spendingLimit
        ? { card_authorization: { decision: "approve" } }
        : { card_authorization: { decision: "decline", decline: { reason: "exceeds_approval_limit" } } }
    case "card_balance_inquiry_requested":
      return { card_balance_inquiry: { decision: "approve" } }
    case "card_authentication_requested":
      return { card_authentication: { decision: "approve" } }
    case "card_authentication_challenge_requested":
      return { card_authentication_challenge: { result: "success", success: { phone } } }
    case "digital_wallet_token_requested":
      return { digital_wallet_token: { approval: { phone } } }
    case "digital_wallet_authentication_requested":
      return { digital_wallet_authentication: { result: "success", success: { phone } } }
  }
}

/** `POST /webhooks`: Moneta's deliveries; each decision is answered before the delivery is. */
export const make = (options: {
  readonly secrets: NonEmptyReadonlyArray<Receiver.Secret>
  readonly spendingLimit: number
}): Effect.Effect<RequestListener, never, AssociatedObject.MonetaClient | Deduplication.Deduplication> =>
  Effect.gen(function*() {
    const decide = answer(options.spendingLimit)
    const receiver = yield* Receiver.make({
      secrets: options.secrets,
      handlers: Handlers.empty.pipe(RealTimeDecisions.on((decision) => Effect.succeed(decide(decision))))
    })
    const webhooks = yield* NodeAdapter.makeHandler(receiver)
    return (request, response) => {
      if (request.url?.split("?")[0] === "/webhooks") return webhooks(request, response)
      response.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: "not found" }))
    }
  })
