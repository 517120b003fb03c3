/** Posted transactions: list and retrieve. */
import type { TransactionFilter } from "@moneta/domain/Transaction"
import { Caller as Tenant } from "@moneta/domain/Caller"
import { Transactions as TransactionStore } from "@moneta/store/Transactions"
import { Effect } from "effect"
import { type ListParameters, pageRequest, toPage } from "./Lists.js"
import { orNotFound } from "./NotFound.js"
import { traced } from "./Traced.js"

export class Transactions extends Effect.Service<Transactions>()("@moneta/bank/Transactions", {
  effect: Effect.gen(function*() {
    const store = yield* TransactionStore

    const retrieve = (id: string) =>
      Effect.gen(function*() {
        return yield* store.find(yield* Tenant, id).pipe(orNotFound("transaction", id))
      })

    const list = (parameters: ListParameters & TransactionFilter) =>
      Effect.gen(function*() {
        const request = yield* pageRequest(parameters)
        return toPage(yield* store.list(yield* Tenant, request, {
          accountId: parameters.account_id,
          routeId: parameters.route_id,
          categories: parameters["category.in"]
        }))
      })

    return traced("Transactions", { retrieve, list } as const)
  }),
  dependencies: [TransactionStore.Default]
}) {}
