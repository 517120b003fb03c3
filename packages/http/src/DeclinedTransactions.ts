/** Declined transaction handlers. */
import { HttpApiBuilder } from "@effect/platform"
import { MonetaApi } from "@moneta/api/MonetaApi"
import { DeclinedTransactions } from "@moneta/bank/DeclinedTransactions"
import { Effect } from "effect"

export const DeclinedTransactionsLive = HttpApiBuilder.group(
  MonetaApi,
  "declinedTransactions",
  (handlers) =>
    Effect.gen(function*() {
      const declinedTransactions = yield* DeclinedTransactions
      return handlers
        .handle("list", ({ urlParams }) => declinedTransactions.list(urlParams))
        .handle("retrieve", ({ path }) => declinedTransactions.retrieve(path.declined_transaction_id))
    })
)
