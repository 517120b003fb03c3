/** Posted transactions: list and retrieve. */
import { TransactionId } from "@moneta/domain/Ids"
import { Transaction, TransactionFilter } from "@moneta/domain/Transaction"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import * as Examples from "./Examples.js"
import { listFields, Page } from "./Parameters.js"

const transaction = {
  id: "transaction_uyrp7fld2ium70oa7oic",
  account_id: "account_in71c4amph0vgo2qllky",
  amount: -100000,
  currency: "USD",
  created_at: "2026-11-21T22:41:05.123Z",
  description: "Wire transfer to Ian Crease",
  route_id: null,
  route_type: null,
  source: {
    category: "wire_transfer_intention",
    wire_transfer_intention: {
      account_number: "987654321",
      amount: 100000,
      message_to_recipient: "Invoice 1234",
      routing_number: "101050001",
      transfer_id: "wire_transfer_5akynk7dqsq25qwk9q2u"
    }
  },
  type: "transaction"
} satisfies typeof Transaction.Encoded

export class Transactions extends HttpApiGroup.make("transactions")
  .annotateMerge(OpenApi.annotations({
    title: "Transactions",
    description:
      "Transactions are the immutable additions and removals of money from your bank account. They're the equivalent of line items on your bank statement."
  }))
  .add(
    HttpApiEndpoint.get("list", "/transactions", {
      query: { ...listFields, ...TransactionFilter.fields },
      success: Page(Transaction)
    })
      .annotate(OpenApi.Summary, "List Transactions")
      .annotate(
        OpenApi.Description,
        "Lists the transactions of your accounts, newest first, filtered by account or category."
      )
      .pipe((endpoint) => Examples.exchange(endpoint, { response: { data: [transaction], next_cursor: null } }))
  )
  .add(
    HttpApiEndpoint.get("retrieve", "/transactions/:transaction_id", {
      params: Schema.Struct({ transaction_id: TransactionId }),
      success: Transaction,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Retrieve a Transaction")
      .annotate(OpenApi.Description, "Returns the transaction with this identifier.")
      .pipe((endpoint) => Examples.exchange(endpoint, { response: transaction }))
  )
  .middleware(Authorization)
{}
