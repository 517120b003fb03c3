/** Card payment handlers. */
import { MonetaApi } from "@moneta/api/MonetaApi"
import { CardPayments } from "@moneta/bank/CardPayments"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"

export const CardPaymentsLive = HttpApiBuilder.group(MonetaApi, "cardPayments", (handlers) =>
  Effect.gen(function*() {
    const cardPayments = yield* CardPayments
    return handlers
      .handle("list", ({ query }) => cardPayments.list(query))
      .handle("retrieve", ({ params }) => cardPayments.retrieve(params.card_payment_id))
  }))
