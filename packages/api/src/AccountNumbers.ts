/** Account numbers: routes into an account. */
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { AccountNumber, AccountNumberFilter, CreateAccountNumber } from "@moneta/domain/AccountNumber"
import { AccountNumberId } from "@moneta/domain/Ids"
import { Schema } from "effect"
import { InvalidParametersError, ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import { body, listFields, Page, urlParams } from "./Parameters.js"

export class AccountNumbers extends HttpApiGroup.make("accountNumbers")
  .annotateContext(OpenApi.annotations({
    title: "Account Numbers",
    description:
      "Each account can have multiple account and routing numbers. Share a distinct one with each counterparty to route and reconcile what they send."
  }))
  .add(
    HttpApiEndpoint.post("create", "/account_numbers")
      .annotate(OpenApi.Summary, "Create an Account Number")
      .annotate(
        OpenApi.Description,
        "Creates an account number (with the bank's routing number) routing into an account."
      )
      .setPayload(body(CreateAccountNumber))
      .addSuccess(AccountNumber)
      .addError(ObjectNotFoundError)
  )
  .add(
    HttpApiEndpoint.get("list", "/account_numbers")
      .annotate(OpenApi.Summary, "List Account Numbers")
      .annotate(OpenApi.Description, "Lists your account numbers, newest first, filtered by account or status.")
      .setUrlParams(urlParams({ ...listFields, ...AccountNumberFilter.fields }))
      .addSuccess(Page(AccountNumber))
  )
  .add(
    HttpApiEndpoint.get("retrieve", "/account_numbers/:account_number_id")
      .annotate(OpenApi.Summary, "Retrieve an Account Number")
      .annotate(OpenApi.Description, "Returns the account number with this identifier.")
      .setPath(Schema.Struct({ account_number_id: AccountNumberId }))
      .addSuccess(AccountNumber)
      .addError(ObjectNotFoundError)
  )
  .addError(InvalidParametersError)
  .middleware(Authorization)
{}
