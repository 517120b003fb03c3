/** Declined transactions: money that did not move (a declined card authorization, …). */
import { DeclinedTransaction, DeclinedTransactionFilter } from "@moneta/domain/DeclinedTransaction"
import { DeclinedTransactionId } from "@moneta/domain/Ids"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import { additionalAmounts, networkDetails, verification } from "./CardExamples.js"
import * as Examples from "./Examples.js"
import { listFields, Page } from "./Parameters.js"

const ListDeclinedTransactions = { ...listFields, ...DeclinedTransactionFilter.fields }

const declinedTransaction = {
  id: "declined_transaction_17jbn0yyhvkt4v4ooym8",
  account_id: "account_in71c4amph0vgo2qllky",
  amount: -250000,
  created_at: "2026-11-21T22:41:05.123Z",
  currency: "USD",
  description: "CORNER BOOKSHOP",
  route_id: "card_oubs0hwk5rn6knuecxg2",
  route_type: "card",
  source: {
    category: "card_decline",
    card_decline: {
      id: "card_decline_bx3o8zd7glq8yvtwsvh5",
      actioner: "increase",
      additional_amounts: additionalAmounts,
      amount: 250000,
      card_payment_id: "card_payment_q7n3vvkz4x2fjw8h1ycm",
      currency: "USD",
      declined_transaction_id: "declined_transaction_17jbn0yyhvkt4v4ooym8",
      digital_wallet_token_id: null,
      direction: "settlement",
      incremented_card_authorization_id: null,
      merchant_acceptor_id: "5665270011000168",
      merchant_category_code: "5734",
      merchant_city: "New York",
      merchant_country: "US",
      merchant_descriptor: "CORNER BOOKSHOP",
      merchant_postal_code: "10045",
      merchant_state: "NY",
      network_details: networkDetails,
      network_identifiers: {
        authorization_identification_response: null,
        retrieval_reference_number: "000577384403",
        trace_number: "000577",
        transaction_id: "000577384403"
      },
      network_risk_score: null,
      physical_card_id: null,
      presentment_amount: 250000,
      presentment_currency: "USD",
      processing_category: "purchase",
      real_time_decision_id: null,
      real_time_decision_reason: null,
      reason: "insufficient_funds",
      scheme_fees: [],
      terminal_id: null,
      verification: verification
    }
  },
  type: "declined_transaction"
} satisfies typeof DeclinedTransaction.Encoded

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
      .pipe((endpoint) => Examples.exchange(endpoint, { response: { data: [declinedTransaction], next_cursor: null } }))
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
      .pipe((endpoint) => Examples.exchange(endpoint, { response: declinedTransaction }))
  )
  .middleware(Authorization)
  .annotateMerge(OpenApi.annotations({ title: "Declined Transactions" }))
{}
