/** Card payments: every interaction of one purchase with the card network, with running totals. */
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { CardPayment, CardPaymentFilter } from "@moneta/domain/CardPayment"
import { CardPaymentId } from "@moneta/domain/Ids"
import { Schema } from "effect"
import { InvalidParametersError, ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import { listFields, Page, urlParams } from "./Parameters.js"

const ListCardPayments = urlParams({ ...listFields, ...CardPaymentFilter.fields })

export class CardPayments extends HttpApiGroup.make("cardPayments")
  .add(
    HttpApiEndpoint.get("list", "/card_payments")
      .setUrlParams(ListCardPayments)
      .addSuccess(Page(CardPayment))
      .annotateContext(OpenApi.annotations({
        summary: "List Card Payments",
        description: "Card payments, newest first, filtered by account, card and creation time."
      }))
  )
  .add(
    HttpApiEndpoint.get("retrieve", "/card_payments/:card_payment_id")
      .setPath(Schema.Struct({ card_payment_id: CardPaymentId }))
      .addSuccess(CardPayment)
      .addError(ObjectNotFoundError)
      .annotateContext(OpenApi.annotations({
        summary: "Retrieve a Card Payment",
        description:
          "A card payment with its elements (authentication, authorization, decline, increment, reversal, expiration, settlement, refund, fuel confirmation…) and `state`, the running totals."
      }))
  )
  .addError(InvalidParametersError)
  .middleware(Authorization)
  .annotateContext(OpenApi.annotations({ title: "Card Payments" }))
{}
