/** Declined transactions: money that did not move (a declined card authorization, …). */
import { DeclinedTransaction, DeclinedTransactionFilter } from "@moneta/domain/DeclinedTransaction"
import { DeclinedTransactionId } from "@moneta/domain/Ids"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import { listFields, Page } from "./Parameters.js"

const ListDeclinedTransactions = { ...listFields, ...DeclinedTransactionFilter.fields }

export class DeclinedTransactions extends HttpApiGroup.make("declinedTransactions")
  .add(
    HttpApiEndpoint.get("list", "/declined_transactions", {
      query: ListDeclinedTransactions,
      success: Page(DeclinedTransaction)
    })
      .annotateMerge(OpenApi.annotations({
        summary: "List Declined Transactions",
        description:
          "Declined transactions, newest first, filtered by account, route (`route_id`: the card), source category (`category.in`) and creation time."
      }))
  )
  .add(
    HttpApiEndpoint.get("retrieve", "/declined_transactions/:declined_transaction_id", {
      params: Schema.Struct({ declined_transaction_id: DeclinedTransactionId }),
      success: DeclinedTransaction,
      error: ObjectNotFoundError
    })
      .annotateMerge(OpenApi.annotations({
        summary: "Retrieve a Declined Transaction",
        description:
          "A declined transaction: its amount, signed as the transaction would have been, and its `source` (for cards, the `card_decline`)."
      }))
  )
  .middleware(Authorization)
  .annotateMerge(OpenApi.annotations({ title: "Declined Transactions" }))
{}
