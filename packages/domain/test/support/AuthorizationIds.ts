/** The ids a simulated authorization reserves, fixed for planner tests. */
import * as Ids from "../../src/core/Ids.js"

export const authorizationIds = {
  cardPayment: Ids.CardPaymentId.make("card_payment_model"),
  cardAuthorization: Ids.CardAuthorizationId.make("card_authorization_model"),
  cardDecline: Ids.CardDeclineId.make("card_decline_model"),
  pendingTransaction: Ids.PendingTransactionId.make("pending_transaction_model"),
  declinedTransaction: Ids.DeclinedTransactionId.make("declined_transaction_model")
}
