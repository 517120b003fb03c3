/**
 * The client's side of real-time decisions in SDK-driven tests: a loop that
 * finds the group's pending decisions through `GET /events` and answers each
 * once, as `answer` says (undefined: it lets the window pass). The server
 * needs a short `RealTimeDecisionTiming` poll interval for the waits to be short.
 */
import type Increase from "increase"

export const realTimeCategories = [
  "real_time_decision.card_authorization_requested",
  "real_time_decision.card_balance_inquiry_requested",
  "real_time_decision.digital_wallet_token_requested",
  "real_time_decision.digital_wallet_authentication_requested",
  "real_time_decision.card_authentication_requested",
  "real_time_decision.card_authentication_challenge_requested"
] as const

/** The card a decision is about, whatever its category. */
export const cardIdOf = (decision: Increase.RealTimeDecision): string =>
  decision.card_authorization?.card_id ?? decision.card_balance_inquiry?.card_id ??
    decision.card_authentication?.card_id ?? decision.card_authentication_challenge?.card_id ??
    decision.digital_wallet_token?.card_id ?? decision.digital_wallet_authentication?.card_id ?? ""

export interface Answering {
  /** The decisions seen pending (answered or let pass). */
  readonly seen: ReadonlySet<string>
  readonly stop: () => Promise<void>
}

export const startAnswering = (
  sdk: Increase,
  answer: (decision: Increase.RealTimeDecision) => Increase.RealTimeDecisionActionParams | undefined
): Answering => {
  const seen = new Set<string>()
  let running = true
  const loop = (async () => {
    while (running) {
      const events = await sdk.events.list({ category: { in: [...realTimeCategories] }, limit: 100 })
      for (const event of events.data) {
        if (seen.has(event.associated_object_id)) continue
        const decision = await sdk.realTimeDecisions.retrieve(event.associated_object_id)
        if (decision.status !== "pending") continue
        seen.add(decision.id)
        const action = answer(decision)
        if (action !== undefined) await sdk.realTimeDecisions.action(decision.id, action)
      }
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  })()
  return {
    seen,
    stop: async () => {
      running = false
      await loop
    }
  }
}
