/** Declined transaction handlers. */
import { MonetaApi } from "@moneta/api/MonetaApi"
import { DeclinedTransactions } from "@moneta/bank/DeclinedTransactions"
import { Effect } from "effect"
import * as Group from "./Group.js"

export const DeclinedTransactionsLive = Group.make(
  MonetaApi,
  "declinedTransactions",
  (handlers) =>
    Effect.gen(function*() {
      const declinedTransactions = yield* DeclinedTransactions
      return handlers
        .handle("list", ({ query }) => declinedTransactions.list(query))
        .handle("retrieve", ({ params }) => declinedTransactions.retrieve(params.declined_transaction_id))
    })
)
