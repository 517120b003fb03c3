/** Posted transactions: list and retrieve. */
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { TransactionId } from "@moneta/domain/Ids"
import { Transaction, TransactionFilter } from "@moneta/domain/Transaction"
import { Schema } from "effect"
import { InvalidParametersError, ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import { listFields, Page, urlParams } from "./Parameters.js"

export class Transactions extends HttpApiGroup.make("transactions")
  .annotateContext(OpenApi.annotations({
    title: "Transactions",
    description:
      "Transactions are the immutable additions and removals of money from your bank account. They're the equivalent of line items on your bank statement."
  }))
  .add(
    HttpApiEndpoint.get("list", "/transactions")
      .annotate(OpenApi.Summary, "List Transactions")
      .annotate(
        OpenApi.Description,
        "Lists the transactions of your accounts, newest first, filtered by account or category."
      )
      .setUrlParams(urlParams({ ...listFields, ...TransactionFilter.fields }))
      .addSuccess(Page(Transaction))
  )
  .add(
    HttpApiEndpoint.get("retrieve", "/transactions/:transaction_id")
      .annotate(OpenApi.Summary, "Retrieve a Transaction")
      .annotate(OpenApi.Description, "Returns the transaction with this identifier.")
      .setPath(Schema.Struct({ transaction_id: TransactionId }))
      .addSuccess(Transaction)
      .addError(ObjectNotFoundError)
  )
  .addError(InvalidParametersError)
  .middleware(Authorization)
{}
