/** Posted transactions: list and retrieve. */
import type { TransactionId } from "@moneta/domain/Ids"
import type { TransactionFilter } from "@moneta/domain/Transaction"
import { TransactionStore } from "@moneta/store/Transactions"
import { Context, Effect, Layer } from "effect"
import { listOwn, type ListParameters } from "./Lists.js"
import { findOwn } from "./NotFound.js"
import { spanned } from "./OperationSpan.js"

export class Transactions extends Context.Service<Transactions>()("@moneta/bank/Transactions", {
  make: Effect.gen(function*() {
    const store = yield* TransactionStore

    const retrieve = (id: TransactionId) => findOwn("transaction", id, store.find)

    const list = (parameters: ListParameters & TransactionFilter) =>
      listOwn(parameters, (tenant, request) => store.list(tenant, request, parameters))

    return {
      retrieve: spanned("bank.Transactions.retrieve", retrieve, (id) => ({ "moneta.transaction_id": id })),
      list: spanned("bank.Transactions.list", list)
    } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide(TransactionStore.Default))
}
