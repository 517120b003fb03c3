/** Pending transactions handlers. */
import { HttpApiBuilder } from "@effect/platform"
import { MonetaApi } from "@moneta/api/MonetaApi"
import { PendingTransactions } from "@moneta/bank/PendingTransactions"
import { Effect } from "effect"

export const PendingTransactionsLive = HttpApiBuilder.group(
  MonetaApi,
  "pendingTransactions",
  (handlers) =>
    Effect.gen(function*() {
      const pendingTransactions = yield* PendingTransactions
      return handlers
        .handle("list", ({ urlParams }) => pendingTransactions.list(urlParams))
        .handle("retrieve", ({ path }) => pendingTransactions.retrieve(path.pending_transaction_id))
    })
)
