/** Transactions handlers. */
import { MonetaApi } from "@moneta/api/MonetaApi"
import { Transactions } from "@moneta/bank/Transactions"
import { Effect } from "effect"
import * as Group from "./Group.js"

export const TransactionsLive = Group.make(MonetaApi, "transactions", (handlers) =>
  Effect.gen(function*() {
    const transactions = yield* Transactions
    return handlers
      .handle("list", ({ query }) => transactions.list(query))
      .handle("retrieve", ({ params }) => transactions.retrieve(params.transaction_id))
  }))
