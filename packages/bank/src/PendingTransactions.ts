/** Pending transactions (holds): list and retrieve. They are opened and ended by the operations that hold money (`Ledger`). */
import type { PendingTransactionFilter } from "@moneta/domain/PendingTransaction"
import { Caller as Tenant } from "@moneta/domain/Caller"
import { PendingTransactions as PendingTransactionStore } from "@moneta/store/PendingTransactions"
import { Effect } from "effect"
import { type ListParameters, pageRequest, toPage } from "./Lists.js"
import { orNotFound } from "./NotFound.js"
import { traced } from "./Traced.js"

export type PendingTransactionListParameters = ListParameters & PendingTransactionFilter

export class PendingTransactions extends Effect.Service<PendingTransactions>()("@moneta/bank/PendingTransactions", {
  effect: Effect.gen(function*() {
    const store = yield* PendingTransactionStore

    const retrieve = (id: string) =>
      Effect.gen(function*() {
        return yield* store.find(yield* Tenant, id).pipe(orNotFound("pending_transaction", id))
      })

    const list = (parameters: PendingTransactionListParameters) =>
      Effect.gen(function*() {
        const request = yield* pageRequest(parameters)
        return toPage(yield* store.list(yield* Tenant, request, {
          accountId: parameters.account_id,
          routeId: parameters.route_id,
          statuses: parameters["status.in"],
          categories: parameters["category.in"]
        }))
      })

    return traced("PendingTransactions", { retrieve, list } as const)
  }),
  dependencies: [PendingTransactionStore.Default]
}) {}
