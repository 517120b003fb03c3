/** Pending transactions (holds on the available balance): list and retrieve. */
import { PendingTransactionId } from "@moneta/domain/Ids"
import { PendingTransaction, PendingTransactionFilter } from "@moneta/domain/PendingTransaction"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import { listFields, Page } from "./Parameters.js"

export class PendingTransactions extends HttpApiGroup.make("pendingTransactions")
  .annotateMerge(OpenApi.annotations({
    title: "Pending Transactions",
    description:
      "Pending transactions are potential future additions and removals of money from your bank account: holds on the available balance until the money movement settles or is released."
  }))
  .add(
    HttpApiEndpoint.get("list", "/pending_transactions", {
      query: { ...listFields, ...PendingTransactionFilter.fields },
      success: Page(PendingTransaction)
    })
      .annotate(OpenApi.Summary, "List Pending Transactions")
      .annotate(
        OpenApi.Description,
        "Lists the pending transactions of your accounts, newest first, filtered by account, source or status."
      )
  )
  .add(
    HttpApiEndpoint.get("retrieve", "/pending_transactions/:pending_transaction_id", {
      params: Schema.Struct({ pending_transaction_id: PendingTransactionId }),
      success: PendingTransaction,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Retrieve a Pending Transaction")
      .annotate(OpenApi.Description, "Returns the pending transaction with this identifier.")
  )
  .middleware(Authorization)
{}
