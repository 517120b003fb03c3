/** Card payments: every interaction of one purchase with the card network, with running totals. */
import { CardPayment, CardPaymentFilter } from "@moneta/domain/CardPayment"
import { CardPaymentId } from "@moneta/domain/Ids"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import { listFields, Page } from "./Parameters.js"

const ListCardPayments = { ...listFields, ...CardPaymentFilter.fields }

export class CardPayments extends HttpApiGroup.make("cardPayments")
  .add(
    HttpApiEndpoint.get("list", "/card_payments", { query: ListCardPayments, success: Page(CardPayment) })
      .annotateMerge(OpenApi.annotations({
        summary: "List Card Payments",
        description: "Card payments, newest first, filtered by account, card and creation time."
      }))
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
  )
  .middleware(Authorization)
  .annotateMerge(OpenApi.annotations({ title: "Card Payments" }))
{}
