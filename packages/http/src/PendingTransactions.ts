/** Pending transactions handlers. */
import { PendingTransactions } from "@moneta/bank/PendingTransactions"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { ServedApi } from "./ServedApi.js"

export const PendingTransactionsLive = HttpApiBuilder.group(
  ServedApi,
  "pendingTransactions",
  (handlers) =>
    Effect.gen(function*() {
      const pendingTransactions = yield* PendingTransactions
      return handlers
        .handle("list", ({ query }) => pendingTransactions.list(query))
        .handle("retrieve", ({ params }) => pendingTransactions.retrieve(params.pending_transaction_id))
    })
)
