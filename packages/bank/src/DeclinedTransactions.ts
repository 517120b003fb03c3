/** Declined transactions: list and retrieve. Card declines write them (`CardSimulations`). */
import { Caller as Tenant } from "@moneta/domain/Caller"
import type { DeclinedTransactionFilter } from "@moneta/domain/DeclinedTransaction"
import type { DeclinedTransactionId } from "@moneta/domain/Ids"
import { DeclinedTransactions as DeclinedTransactionStore } from "@moneta/store/DeclinedTransactions"
import { Effect } from "effect"
import { type ListParameters, pageRequest, toPage } from "./Lists.js"
import { orNotFound } from "./NotFound.js"
import { traced } from "./Traced.js"

export type DeclinedTransactionListParameters = ListParameters & DeclinedTransactionFilter

export class DeclinedTransactions extends Effect.Service<DeclinedTransactions>()("@moneta/bank/DeclinedTransactions", {
  effect: Effect.gen(function*() {
    const store = yield* DeclinedTransactionStore

    const retrieve = (id: DeclinedTransactionId) =>
      Effect.flatMap(Tenant, (tenant) => orNotFound("declined_transaction", id)(store.find(tenant, id)))

    const list = (parameters: DeclinedTransactionListParameters) =>
      Effect.gen(function*() {
        const request = yield* pageRequest(parameters)
        return toPage(yield* store.list(yield* Tenant, request, { accountId: parameters.account_id }))
      })

    return traced("DeclinedTransactions", { retrieve, list } as const)
  }),
  dependencies: [DeclinedTransactionStore.Default]
}) {}
