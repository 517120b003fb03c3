/** Card payment handlers. */
import { HttpApiBuilder } from "@effect/platform"
import { MonetaApi } from "@moneta/api/MonetaApi"
import { CardPayments } from "@moneta/bank/CardPayments"
import { Effect } from "effect"

export const CardPaymentsLive = HttpApiBuilder.group(MonetaApi, "cardPayments", (handlers) =>
  Effect.gen(function*() {
    const cardPayments = yield* CardPayments
    return handlers
      .handle("list", ({ urlParams }) => cardPayments.list(urlParams))
      .handle("retrieve", ({ path }) => cardPayments.retrieve(path.card_payment_id))
  }))
