/** Declined transaction handlers. */
import { MonetaApi } from "@moneta/api/MonetaApi"
import { DeclinedTransactions } from "@moneta/bank/DeclinedTransactions"
import { DeclinedTransaction } from "@moneta/domain/DeclinedTransaction"
import { Effect } from "effect"
import { answerEncoded, answerEncodedPage } from "./EncodedAnswer.js"
import * as Group from "./Group.js"

export const DeclinedTransactionsLive = Group.make(
  MonetaApi,
  "declinedTransactions",
  (handlers) =>
    Effect.gen(function*() {
      const declinedTransactions = yield* DeclinedTransactions
      return handlers
        .handle("list", ({ query }) => answerEncodedPage(DeclinedTransaction, declinedTransactions.list(query)))
        .handle("retrieve", ({ params }) =>
          answerEncoded(DeclinedTransaction, declinedTransactions.retrieve(params.declined_transaction_id)))
    })
)
