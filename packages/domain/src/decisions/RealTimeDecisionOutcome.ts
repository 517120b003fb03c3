/**
 * What a finished real-time decision means for the card event it paused
 * (decisions.md d and i): the client's answer, or the window passing, as the
 * same answer types the service's own decisions use, so the card planners
 * apply both alike.
 *
 * - authorization / increment: approve → `actioner: user` with the decision's
 *   id and the partial amount of a partial approval (the planner still
 *   declines an approval the balance does not cover);
 *   decline → `webhook_declined` with the client's reason; timeout →
 *   `webhook_timed_out`.
 * - balance inquiry: the same, reporting the client's balance when given.
 * - 3DS authentication: approve / challenge / deny (`webhook_denied`);
 *   timeout → denied `webhook_timed_out`.
 * - challenge delivery and wallet passcode delivery: the client's result;
 *   timeout → `failure`.
 * - wallet token: approve, or declined `webhook_declined`; timeout →
 *   `webhook_timed_out`.
 *
 * The bank passes only finished decisions (`responded` or `timed_out`); a
 * decision still pending counts as unanswered.
 */
import type { AuthorizationDeclineReason } from "../cards/CardNetwork.js"
import * as CardDecision from "./CardDecision.js"
import type { RealTimeDecision } from "./RealTimeDecision.js"
import type { RealTimeDecisionAction } from "./RealTimeDecisionAction.js"

const timedOut = (decision: RealTimeDecision): boolean => decision.status !== "responded"

/**
 * An initial or incremental authorization, or a balance inquiry; `given` is the
 * action as the client sent it (its address verdict is not on the decision).
 */
export const authorizationAnswerOf = (
  decision: RealTimeDecision,
  given: RealTimeDecisionAction | null = null
): CardDecision.AuthorizationAnswer => {
  const realTimeDecisionId = decision.id
  const declined = (reason: "webhook_declined" | "webhook_timed_out", given: AuthorizationDeclineReason | null) =>
    CardDecision.AuthorizationAnswer.Decline({
      actioner: reason === "webhook_timed_out" ? "increase" : "user",
      reason,
      realTimeDecisionId,
      realTimeDecisionReason: given
    })
  if (timedOut(decision)) return declined("webhook_timed_out", null)
  const authorization = decision.card_authorization
  if (authorization !== null) {
    return authorization.decision === "approve"
      ? CardDecision.AuthorizationAnswer.Approve({
        actioner: "user",
        realTimeDecisionId,
        balance: null,
        partialAmount: authorization.approval?.partial_amount ?? null,
        addressVerdict: given?.card_authorization?.approval?.cardholder_address_verification_result ?? null
      })
      : declined("webhook_declined", authorization.decline?.reason ?? null)
  }
  const inquiry = decision.card_balance_inquiry
  if (inquiry !== null && inquiry.decision === "approve") {
    return CardDecision.AuthorizationAnswer.Approve({
      actioner: "user",
      realTimeDecisionId,
      balance: inquiry.approval?.balance ?? null,
      partialAmount: null
    })
  }
  return declined("webhook_declined", null)
}

/** A 3DS authentication attempt. */
export const authenticationAnswerOf = (decision: RealTimeDecision): CardDecision.AuthenticationAnswer => {
  const realTimeDecisionId = decision.id
  if (timedOut(decision)) return { decision: "deny", denyReason: "webhook_timed_out", realTimeDecisionId }
  const answer = decision.card_authentication?.decision ?? "deny"
  return { decision: answer, denyReason: answer === "deny" ? "webhook_denied" : null, realTimeDecisionId }
}

/** The delivery of a 3DS challenge code. */
export const challengeDeliveryAnswerOf = (decision: RealTimeDecision): CardDecision.ChallengeDeliveryAnswer => ({
  result: timedOut(decision) ? "failure" : decision.card_authentication_challenge?.result ?? "failure",
  realTimeDecisionId: decision.id
})

/** A wallet token request. */
export const tokenAnswerOf = (decision: RealTimeDecision): CardDecision.TokenAnswer => {
  const realTimeDecisionId = decision.id
  if (timedOut(decision)) return { _tag: "Decline", reason: "webhook_timed_out", realTimeDecisionId }
  return decision.digital_wallet_token?.decision === "approve"
    ? { _tag: "Approve", realTimeDecisionId }
    : { _tag: "Decline", reason: "webhook_declined", realTimeDecisionId }
}
