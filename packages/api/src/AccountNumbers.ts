/** Account numbers: routes into an account. */
import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { AccountNumber, AccountNumberStatus, CreateAccountNumber, InboundAch } from "@moneta/domain/AccountNumber"
import { AccountId, AccountNumberId } from "@moneta/domain/Ids"
import { IdempotencyKey } from "@moneta/domain/Text"
import { Schema } from "effect"
import { Authorization } from "./Authorization.js"
import { InvalidParametersError, ObjectNotFoundError } from "./ApiError.js"
import { body, CommaSeparated, listFields, Page, urlParams } from "./Parameters.js"

export class AccountNumbers extends HttpApiGroup.make("accountNumbers")
  .add(
    HttpApiEndpoint.post("create", "/account_numbers")
      .setPayload(body(CreateAccountNumber))
      .addSuccess(AccountNumber)
      .addError(ObjectNotFoundError)
  )
  .add(
    HttpApiEndpoint.get("list", "/account_numbers")
      .setUrlParams(urlParams({
        ...listFields,
        account_id: Schema.optional(AccountId),
        idempotency_key: Schema.optional(IdempotencyKey),
        "status.in": Schema.optional(CommaSeparated(AccountNumberStatus)),
        "ach_debit_status.in": Schema.optional(CommaSeparated(InboundAch.fields.debit_status))
      }))
      .addSuccess(Page(AccountNumber))
  )
  .add(
    HttpApiEndpoint.get("retrieve", "/account_numbers/:account_number_id")
      .setPath(Schema.Struct({ account_number_id: AccountNumberId }))
      .addSuccess(AccountNumber)
      .addError(ObjectNotFoundError)
  )
  .addError(InvalidParametersError)
  .middleware(Authorization)
{}
