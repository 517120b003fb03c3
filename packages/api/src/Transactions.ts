/** Posted transactions: list and retrieve. */
import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { AccountId, TransactionId } from "@moneta/domain/Ids"
import { Transaction, TransactionSourceCategory } from "@moneta/domain/Transaction"
import { Schema } from "effect"
import { Authorization } from "./Authorization.js"
import { InvalidParametersError, ObjectNotFoundError } from "./ApiError.js"
import { CommaSeparated, listFields, Page, urlParams } from "./Parameters.js"

export class Transactions extends HttpApiGroup.make("transactions")
  .add(
    HttpApiEndpoint.get("list", "/transactions")
      .setUrlParams(urlParams({
        ...listFields,
        account_id: Schema.optional(AccountId),
        route_id: Schema.optional(Schema.String),
        "category.in": Schema.optional(CommaSeparated(TransactionSourceCategory))
      }))
      .addSuccess(Page(Transaction))
  )
  .add(
    HttpApiEndpoint.get("retrieve", "/transactions/:transaction_id")
      .setPath(Schema.Struct({ transaction_id: TransactionId }))
      .addSuccess(Transaction)
      .addError(ObjectNotFoundError)
  )
  .addError(InvalidParametersError)
  .middleware(Authorization)
{}
