/** Transactions handlers. */
import { MonetaApi } from "@moneta/api/MonetaApi"
import { Transactions } from "@moneta/bank/Transactions"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"

export const TransactionsLive = HttpApiBuilder.group(MonetaApi, "transactions", (handlers) =>
  Effect.gen(function*() {
    const transactions = yield* Transactions
    return handlers
      .handle("list", ({ query }) => transactions.list(query))
      .handle("retrieve", ({ params }) => transactions.retrieve(params.transaction_id))
  }))
