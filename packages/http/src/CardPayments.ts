/** Card payment handlers. */
import { MonetaApi } from "@moneta/api/MonetaApi"
import { CardPayments } from "@moneta/bank/CardPayments"
import { Effect } from "effect"
import * as Group from "./Group.js"

export const CardPaymentsLive = Group.make(MonetaApi, "cardPayments", (handlers) =>
  Effect.gen(function*() {
    const cardPayments = yield* CardPayments
    return handlers
      .handle("list", ({ query }) => cardPayments.list(query))
      .handle("retrieve", ({ params }) => cardPayments.retrieve(params.card_payment_id))
  }))
