/** Card payment handlers. */
import { MonetaApi } from "@moneta/api/MonetaApi"
import { CardPayments } from "@moneta/bank/CardPayments"
import { CardPayment } from "@moneta/domain/CardPayment"
import { Effect } from "effect"
import { answerEncoded, answerEncodedPage } from "./EncodedAnswer.js"
import * as Group from "./Group.js"

export const CardPaymentsLive = Group.make(MonetaApi, "cardPayments", (handlers) =>
  Effect.gen(function*() {
    const cardPayments = yield* CardPayments
    return handlers
      .handle("list", ({ query }) => answerEncodedPage(CardPayment, cardPayments.list(query)))
      .handle("retrieve", ({ params }) => answerEncoded(CardPayment, cardPayments.retrieve(params.card_payment_id)))
  }))
