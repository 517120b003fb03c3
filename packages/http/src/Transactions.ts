/** Transactions handlers. */
import { HttpApiBuilder } from "@effect/platform"
import { MonetaApi } from "@moneta/api/MonetaApi"
import { Transactions } from "@moneta/bank/Transactions"
import { Effect } from "effect"

export const TransactionsLive = HttpApiBuilder.group(MonetaApi, "transactions", (handlers) =>
  Effect.gen(function*() {
    const transactions = yield* Transactions
    return handlers
      .handle("list", ({ urlParams }) => transactions.list(urlParams))
      .handle("retrieve", ({ path }) => transactions.retrieve(path.transaction_id))
  }))
