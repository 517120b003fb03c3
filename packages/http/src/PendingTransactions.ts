/** Pending transactions handlers. */
import { MonetaApi } from "@moneta/api/MonetaApi"
import { PendingTransactions } from "@moneta/bank/PendingTransactions"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"

export const PendingTransactionsLive = HttpApiBuilder.group(
  MonetaApi,
  "pendingTransactions",
  (handlers) =>
    Effect.gen(function*() {
      const pendingTransactions = yield* PendingTransactions
      return handlers
        .handle("list", ({ query }) => pendingTransactions.list(query))
        .handle("retrieve", ({ params }) => pendingTransactions.retrieve(params.pending_transaction_id))
    })
)
