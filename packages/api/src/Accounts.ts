/** Accounts: create, retrieve, list, balance. */
import { Account, AccountFilter, BalanceLookup, CreateAccount } from "@moneta/domain/Account"
import { AccountId } from "@moneta/domain/Ids"
import { Timestamp } from "@moneta/domain/Timestamp"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import { listFields, Page } from "./Parameters.js"

const accountPath = Schema.Struct({ account_id: AccountId })

export class Accounts extends HttpApiGroup.make("accounts")
  .annotateMerge(OpenApi.annotations({
    title: "Accounts",
    description:
      "Accounts are your bank accounts with Moneta. They store money, receive transfers, and send payments. They earn interest and have depository insurance."
  }))
  .add(
    HttpApiEndpoint.post("create", "/accounts", {
      payload: CreateAccount,
      success: Account,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Create an Account")
      .annotate(OpenApi.Description, "Creates an account owned by one of your entities.")
  )
  .add(
    HttpApiEndpoint.get("retrieve", "/accounts/:account_id", {
      params: accountPath,
      success: Account,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Retrieve an Account")
      .annotate(OpenApi.Description, "Returns the account with this identifier.")
  )
  .add(
    HttpApiEndpoint.get("list", "/accounts", {
      query: { ...listFields, ...AccountFilter.fields },
      success: Page(Account)
    })
      .annotate(OpenApi.Summary, "List Accounts")
      .annotate(
        OpenApi.Description,
        "Lists your accounts, newest first, filtered by entity, program, status or idempotency key."
      )
  )
  .add(
    HttpApiEndpoint.get("balance", "/accounts/:account_id/balance", {
      params: accountPath,
      query: { at_time: Schema.optional(Timestamp) },
      success: BalanceLookup,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Retrieve an Account Balance")
      .annotate(
        OpenApi.Description,
        "Returns the account's current and available balance, or its balance at `at_time` when given. The available balance is the current balance less pending holds."
      )
  )
  .middleware(Authorization)
{}
