/**
 * What the card simulations answer: the authorization's result (the pending
 * or the declined transaction it made) and the token request's (the token or
 * the reason it was declined). Exported from `CardSimulations` too.
 */
import { Result, Schema } from "effect"
import { described } from "../core/Described.js"
import { DigitalWalletTokenId } from "../core/Ids.js"
import { DeclinedTransaction } from "../money/DeclinedTransaction.js"
import { PendingTransaction } from "../money/PendingTransaction.js"
import { DeclineReason as DigitalWalletTokenDeclineReason, declineReasonValues } from "./DigitalWalletToken.js"

/**
 * The result of a simulated authorization: the pending transaction when it
 * was approved, the declined transaction when it was declined; exactly one of
 * them is set (build it with `approvedAuthorization` / `declinedAuthorization`).
 */
export class CardAuthorizationSimulationResult extends Schema.Class<CardAuthorizationSimulationResult>(
  "CardAuthorizationSimulationResult"
)({
  declined_transaction: described(
    Schema.NullOr(DeclinedTransaction),
    "The declined transaction (its source a `card_decline`) when the authorization was declined; null when it was approved."
  ),
  pending_transaction: described(
    Schema.NullOr(PendingTransaction),
    "The pending transaction (its source a `card_authorization`) holding the amount when the authorization was approved; null when it was declined."
  ),
  type: described(
    Schema.tag("inbound_card_authorization_simulation_result"),
    "Always `inbound_card_authorization_simulation_result`: the type of this object."
  )
}) {}

export const approvedAuthorization = (pendingTransaction: PendingTransaction): CardAuthorizationSimulationResult =>
  new CardAuthorizationSimulationResult({ pending_transaction: pendingTransaction, declined_transaction: null })

export const declinedAuthorization = (declinedTransaction: DeclinedTransaction): CardAuthorizationSimulationResult =>
  new CardAuthorizationSimulationResult({ pending_transaction: null, declined_transaction: declinedTransaction })

/**
 * What a simulated authorization answers, from what its step wrote: the hold
 * it opened when approved, else its declined transaction. An authorization
 * step does one or the other, so a step that did neither is a broken planner
 * (the failure is a defect for the caller, never an answer to the client).
 */
export const authorizationResultOf = (written: {
  readonly createdHolds: ReadonlyArray<PendingTransaction>
  readonly declinedTransaction: DeclinedTransaction | null
}): Result.Result<CardAuthorizationSimulationResult, Error> => {
  const hold = written.createdHolds[0]
  if (hold !== undefined) return Result.succeed(approvedAuthorization(hold))
  if (written.declinedTransaction !== null) return Result.succeed(declinedAuthorization(written.declinedTransaction))
  return Result.fail(new Error("an authorization step neither held money nor declined"))
}

/** The result of a simulated token request: the token when provisioned, the reason when declined. */
export class DigitalWalletTokenRequestSimulationResult extends Schema.Class<DigitalWalletTokenRequestSimulationResult>(
  "DigitalWalletTokenRequestSimulationResult"
)({
  decline_reason: described(
    Schema.NullOr(DigitalWalletTokenDeclineReason),
    `Why the token request was declined; null when it was approved. ${declineReasonValues}`
  ),
  digital_wallet_token_id: described(
    Schema.NullOr(DigitalWalletTokenId),
    "The token the request created: `active` when approved (`inactive` when the cardholder's one-time passcode failed); null when the request was declined (no token is created)."
  ),
  type: described(
    Schema.tag("inbound_digital_wallet_token_request_simulation_result"),
    "Always `inbound_digital_wallet_token_request_simulation_result`: the type of this object."
  )
}) {}
