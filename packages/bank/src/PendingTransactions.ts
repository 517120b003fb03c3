/** Pending transactions (holds): list and retrieve. They are opened and ended by the operations that hold money (`Ledger`). */
import type { PendingTransactionId } from "@moneta/domain/Ids"
import type { PendingTransactionFilter } from "@moneta/domain/PendingTransaction"
import { PendingTransactionStore } from "@moneta/store/PendingTransactions"
import { Context, Effect, Layer } from "effect"
import { listOwn, type ListParameters } from "./Lists.js"
import { findOwn } from "./NotFound.js"
import { spanned } from "./OperationSpan.js"

export type PendingTransactionListParameters = ListParameters & PendingTransactionFilter

export class PendingTransactions extends Context.Service<PendingTransactions>()("@moneta/bank/PendingTransactions", {
  make: Effect.gen(function*() {
    const store = yield* PendingTransactionStore

    const retrieve = (id: PendingTransactionId) => findOwn("pending_transaction", id, store.find)

    const list = (parameters: PendingTransactionListParameters) =>
      listOwn(parameters, (tenant, request) => store.list(tenant, request, parameters))

    return {
      retrieve: spanned(
        "bank.PendingTransactions.retrieve",
        retrieve,
        (id) => ({ "moneta.pending_transaction_id": id })
      ),
      list: spanned("bank.PendingTransactions.list", list)
    } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide(PendingTransactionStore.Default))
}
