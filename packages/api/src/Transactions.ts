/** Posted transactions: list and retrieve. */
import { TransactionId } from "@moneta/domain/Ids"
import { Transaction, TransactionFilter } from "@moneta/domain/Transaction"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import { listFields, Page } from "./Parameters.js"

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
  )
  .add(
    HttpApiEndpoint.get("retrieve", "/transactions/:transaction_id", {
      params: Schema.Struct({ transaction_id: TransactionId }),
      success: Transaction,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Retrieve a Transaction")
      .annotate(OpenApi.Description, "Returns the transaction with this identifier.")
  )
  .middleware(Authorization)
{}
