/** Card payments: list and retrieve. They are written by the card simulations (`CardSimulations`). */
import { Caller as Tenant } from "@moneta/domain/Caller"
import type { CardPaymentFilter } from "@moneta/domain/CardPayment"
import type { CardPaymentId } from "@moneta/domain/Ids"
import { CardPayments as CardPaymentStore } from "@moneta/store/CardPayments"
import { Effect } from "effect"
import { type ListParameters, pageRequest, toPage } from "./Lists.js"
import { orNotFound } from "./NotFound.js"
import { traced } from "./Traced.js"

export type CardPaymentListParameters = ListParameters & CardPaymentFilter

export class CardPayments extends Effect.Service<CardPayments>()("@moneta/bank/CardPayments", {
  effect: Effect.gen(function*() {
    const store = yield* CardPaymentStore

    const retrieve = (id: CardPaymentId) =>
      Effect.flatMap(Tenant, (tenant) => orNotFound("card_payment", id)(store.find(tenant, id)))

    const list = (parameters: CardPaymentListParameters) =>
      Effect.gen(function*() {
        const request = yield* pageRequest(parameters)
        return toPage(yield* store.list(yield* Tenant, request, {
          accountId: parameters.account_id,
          cardId: parameters.card_id
        }))
      })

    return traced("CardPayments", { retrieve, list } as const)
  }),
  dependencies: [CardPaymentStore.Default]
}) {}
