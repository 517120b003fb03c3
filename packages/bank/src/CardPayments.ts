/** Card payments: list and retrieve. They are written by the card simulations (`CardSimulations`). */
import type { CardPaymentFilter } from "@moneta/domain/CardPayment"
import type { CardPaymentId } from "@moneta/domain/Ids"
import { CardPaymentStore } from "@moneta/store/CardPayments"
import { Context, Effect, Layer } from "effect"
import { listOwn, type ListParameters } from "./Lists.js"
import { findOwn } from "./NotFound.js"
import { spanned } from "./OperationSpan.js"

export type CardPaymentListParameters = ListParameters & CardPaymentFilter

export class CardPayments extends Context.Service<CardPayments>()("@moneta/bank/CardPayments", {
  make: Effect.gen(function*() {
    const store = yield* CardPaymentStore

    const retrieve = (id: CardPaymentId) => findOwn("card_payment", id, store.find)

    const list = (parameters: CardPaymentListParameters) =>
      listOwn(parameters, (tenant, request) => store.list(tenant, request, parameters))

    return {
      retrieve: spanned("bank.CardPayments.retrieve", retrieve, (id) => ({ "moneta.card_payment_id": id })),
      list: spanned("bank.CardPayments.list", list)
    } as const
  })
}) {
  static readonly Default = Layer.effect(this, this.make).pipe(Layer.provide(CardPaymentStore.Default))
}
