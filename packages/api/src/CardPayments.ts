/** Card payments: every interaction of one purchase with the card network, with running totals. */
import { CardPayment, CardPaymentFilter } from "@moneta/domain/CardPayment"
import { CardPaymentId } from "@moneta/domain/Ids"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import * as CardExamples from "./CardExamples.js"
import * as Examples from "./Examples.js"
import { listFields, Page } from "./Parameters.js"

const ListCardPayments = { ...listFields, ...CardPaymentFilter.fields }

export class CardPayments extends HttpApiGroup.make("cardPayments")
  .add(
    HttpApiEndpoint.get("list", "/card_payments", { query: ListCardPayments, success: Page(CardPayment) })
      .annotateMerge(OpenApi.annotations({
        summary: "List Card Payments",
        description: "Card payments, newest first, filtered by account, card and creation time."
      }))
      .pipe((endpoint) =>
        Examples.exchange(endpoint, { response: { data: [CardExamples.cardPayment], next_cursor: null } })
      )
  )
  .add(
    HttpApiEndpoint.get("retrieve", "/card_payments/:card_payment_id", {
      params: Schema.Struct({ card_payment_id: CardPaymentId }),
      success: CardPayment,
      error: ObjectNotFoundError
    })
      .annotateMerge(OpenApi.annotations({
        summary: "Retrieve a Card Payment",
        description:
          "A card payment with its elements (authentication, authorization, decline, increment, reversal, expiration, settlement, refund, fuel confirmation…) and `state`, the running totals."
      }))
      .pipe((endpoint) => Examples.exchange(endpoint, { response: CardExamples.cardPayment }))
  )
  .middleware(Authorization)
  .annotateMerge(OpenApi.annotations({
    title: "Card Payments",
    description:
      "Card payments group every interaction of one purchase with the card network (authentication, authorization, increments, reversals, expiration, settlement, refunds, fuel confirmation\u2026) into one object, with `state`: the running totals of their amounts, in the minor unit of the currency (cents for USD)."
  }))
{}
