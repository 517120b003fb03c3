/** Transactions handlers. */
import { MonetaApi } from "@moneta/api/MonetaApi"
import { Transactions } from "@moneta/bank/Transactions"
import { Transaction } from "@moneta/domain/Transaction"
import { Effect } from "effect"
import { answerEncoded, answerEncodedPage } from "./EncodedAnswer.js"
import * as Group from "./Group.js"

export const TransactionsLive = Group.make(MonetaApi, "transactions", (handlers) =>
  Effect.gen(function*() {
    const transactions = yield* Transactions
    return handlers
      .handle("list", ({ query }) => answerEncodedPage(Transaction, transactions.list(query)))
      .handle("retrieve", ({ params }) => answerEncoded(Transaction, transactions.retrieve(params.transaction_id)))
  }))
