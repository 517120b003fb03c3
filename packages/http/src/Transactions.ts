/** Transactions handlers. */
import { Transactions } from "@moneta/bank/Transactions"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { ServedApi } from "./ServedApi.js"

export const TransactionsLive = HttpApiBuilder.group(ServedApi, "transactions", (handlers) =>
  Effect.gen(function*() {
    const transactions = yield* Transactions
    return handlers
      .handle("list", ({ query }) => transactions.list(query))
      .handle("retrieve", ({ params }) => transactions.retrieve(params.transaction_id))
  }))
