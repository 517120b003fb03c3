/** Declined transactions: list and retrieve. Card declines write them (`CardSimulations`). */
import type { DeclinedTransactionFilter } from "@moneta/domain/DeclinedTransaction"
import type { DeclinedTransactionId } from "@moneta/domain/Ids"
import { DeclinedTransactionStore } from "@moneta/store/DeclinedTransactions"
import { Context, Effect, Layer } from "effect"
import { listOwn, type ListParameters } from "./Lists.js"
import { findOwn } from "./NotFound.js"
import { spanned } from "./OperationSpan.js"

export type DeclinedTransactionListParameters = ListParameters & DeclinedTransactionFilter

export class DeclinedTransactions extends Context.Service<DeclinedTransactions>()("@moneta/bank/DeclinedTransactions", {
  make: Effect.gen(function*() {
    const store = yield* DeclinedTransactionStore

    const retrieve = (id: DeclinedTransactionId) => findOwn("declined_transaction", id, store.find)

    const list = (parameters: DeclinedTransactionListParameters) =>
      listOwn(parameters, (tenant, request) => store.list(tenant, request, parameters))

    return {
      retrieve: spanned(
        "bank.DeclinedTransactions.retrieve",
        retrieve,
        (id) => ({ "moneta.declined_transaction_id": id })
      ),
      list: spanned("bank.DeclinedTransactions.list", list)
    } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide(DeclinedTransactionStore.Default))
}
