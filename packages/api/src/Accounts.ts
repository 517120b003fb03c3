/** Accounts: create, retrieve, list, balance. */
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Account, AccountFilter, BalanceLookup, CreateAccount } from "@moneta/domain/Account"
import { AccountId } from "@moneta/domain/Ids"
import { Timestamp } from "@moneta/domain/Timestamp"
import { Schema } from "effect"
import { InvalidParametersError, ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import { body, listFields, Page, urlParams } from "./Parameters.js"

const accountPath = Schema.Struct({ account_id: AccountId })

export class Accounts extends HttpApiGroup.make("accounts")
  .annotateContext(OpenApi.annotations({
    title: "Accounts",
    description:
      "Accounts are your bank accounts with Moneta. They store money, receive transfers, and send payments. They earn interest and have depository insurance."
  }))
  .add(
    HttpApiEndpoint.post("create", "/accounts")
      .annotate(OpenApi.Summary, "Create an Account")
      .annotate(OpenApi.Description, "Creates an account owned by one of your entities.")
      .setPayload(body(CreateAccount))
      .addSuccess(Account)
      .addError(ObjectNotFoundError)
  )
  .add(
    HttpApiEndpoint.get("retrieve", "/accounts/:account_id")
      .annotate(OpenApi.Summary, "Retrieve an Account")
      .annotate(OpenApi.Description, "Returns the account with this identifier.")
      .setPath(accountPath)
      .addSuccess(Account)
      .addError(ObjectNotFoundError)
  )
  .add(
    HttpApiEndpoint.get("list", "/accounts")
      .annotate(OpenApi.Summary, "List Accounts")
      .annotate(
        OpenApi.Description,
        "Lists your accounts, newest first, filtered by entity, program, status or idempotency key."
      )
      .setUrlParams(urlParams({ ...listFields, ...AccountFilter.fields }))
      .addSuccess(Page(Account))
  )
  .add(
    HttpApiEndpoint.get("balance", "/accounts/:account_id/balance")
      .annotate(OpenApi.Summary, "Retrieve an Account Balance")
      .annotate(
        OpenApi.Description,
        "Returns the account's current and available balance, or its balance at `at_time` when given. The available balance is the current balance less pending holds."
      )
      .setPath(accountPath)
      .setUrlParams(urlParams({ at_time: Schema.optional(Timestamp) }))
      .addSuccess(BalanceLookup)
      .addError(ObjectNotFoundError)
  )
  .addError(InvalidParametersError)
  .middleware(Authorization)
{}
