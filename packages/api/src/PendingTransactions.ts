/** Pending transactions (holds on the available balance): list and retrieve. */
import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { AccountId, PendingTransactionId } from "@moneta/domain/Ids"
import {
  PendingTransaction,
  PendingTransactionSourceCategory,
  PendingTransactionStatus
} from "@moneta/domain/PendingTransaction"
import { Schema } from "effect"
import { Authorization } from "./Authorization.js"
import { InvalidParametersError, ObjectNotFoundError } from "./ApiError.js"
import { CommaSeparated, listFields, Page, urlParams } from "./Parameters.js"

export class PendingTransactions extends HttpApiGroup.make("pendingTransactions")
  .add(
    HttpApiEndpoint.get("list", "/pending_transactions")
      .setUrlParams(urlParams({
        ...listFields,
        account_id: Schema.optional(AccountId),
        route_id: Schema.optional(Schema.String),
        "status.in": Schema.optional(CommaSeparated(PendingTransactionStatus)),
        "category.in": Schema.optional(CommaSeparated(PendingTransactionSourceCategory))
      }))
      .addSuccess(Page(PendingTransaction))
  )
  .add(
    HttpApiEndpoint.get("retrieve", "/pending_transactions/:pending_transaction_id")
      .setPath(Schema.Struct({ pending_transaction_id: PendingTransactionId }))
      .addSuccess(PendingTransaction)
      .addError(ObjectNotFoundError)
  )
  .addError(InvalidParametersError)
  .middleware(Authorization)
{}
