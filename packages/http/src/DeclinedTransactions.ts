/** Declined transaction handlers. */
import { DeclinedTransactions } from "@moneta/bank/DeclinedTransactions"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { ServedApi } from "./ServedApi.js"

export const DeclinedTransactionsLive = HttpApiBuilder.group(
  ServedApi,
  "declinedTransactions",
  (handlers) =>
    Effect.gen(function*() {
      const declinedTransactions = yield* DeclinedTransactions
      return handlers
        .handle("list", ({ query }) => declinedTransactions.list(query))
        .handle("retrieve", ({ params }) => declinedTransactions.retrieve(params.declined_transaction_id))
    })
)
