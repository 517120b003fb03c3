/** Helpers of the card tests: a funded account with a card, and the hold of an approved authorization. */
import { authorizationOfHold } from "@moneta/domain/CardClearing"
import type { CardAuthorizationSimulationResult } from "@moneta/domain/CardSimulations"
import { AccountId, CardId, type CardPaymentId } from "@moneta/domain/Ids"
import type { PendingTransaction } from "@moneta/domain/PendingTransaction"
import { Effect } from "effect"
import type { Client } from "./TestServer.js"
import { fundedAccount } from "./Wires.js"

/** A new account funded with `amount`, and an active card on it. */
export const cardOnFundedAccount = (client: Client, amount: number) =>
  Effect.gen(function*() {
    const accountId = AccountId.make(yield* fundedAccount(client, amount))
    const card = yield* client.cards.create({ payload: { account_id: accountId } })
    return { accountId, cardId: CardId.make(card.id) }
  })

/** The pending transaction of an approved authorization (fails the test when it was declined). */
export const approvedHold = (result: CardAuthorizationSimulationResult): PendingTransaction => {
  if (result.pending_transaction === null) {
    throw new Error(`expected an approval, got ${JSON.stringify(result.declined_transaction?.source)}`)
  }
  return result.pending_transaction
}

/** The card payment an approved authorization opened. */
export const cardPaymentIdOf = (hold: PendingTransaction): CardPaymentId => {
  const authorization = authorizationOfHold(hold)
  if (authorization === undefined) throw new Error(`expected a card_authorization hold, got ${hold.source.category}`)
  return authorization.card_payment_id
}
