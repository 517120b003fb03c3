/** Accounts: create, retrieve, list, balance, update, close. */
import { Account, AccountFilter, BalanceLookup, CreateAccount, UpdateAccount } from "@moneta/domain/Account"
import { AccountId } from "@moneta/domain/Ids"
import { Timestamp } from "@moneta/domain/Timestamp"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import * as Examples from "./Examples.js"
import { listFields, Page } from "./Parameters.js"

const accountPath = Schema.Struct({ account_id: AccountId })

const account = {
  id: "account_in71c4amph0vgo2qllky",
  name: "Operating account",
  status: "open",
  currency: "USD",
  bank: "increase_bank",
  entity_id: "entity_n8y8tnk2p9339ti393yi",
  informational_entity_id: null,
  program_id: null,
  funding: "deposits",
  interest_rate: "0.0",
  account_revenue_rate: null,
  loan: null,
  idempotency_key: "operating-account-1",
  created_at: "2026-11-21T22:41:05.123Z",
  closed_at: null,
  type: "account"
} satisfies typeof Account.Encoded

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
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          request: { name: "Operating account", entity_id: "entity_n8y8tnk2p9339ti393yi" },
          response: account
        })
      )
  )
  .add(
    HttpApiEndpoint.get("retrieve", "/accounts/:account_id", {
      params: accountPath,
      success: Account,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Retrieve an Account")
      .annotate(OpenApi.Description, "Returns the account with this identifier.")
      .pipe((endpoint) => Examples.exchange(endpoint, { response: account }))
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
      .pipe((endpoint) => Examples.exchange(endpoint, { response: { data: [account], next_cursor: null } }))
  )
  .add(
    HttpApiEndpoint.get("balance", "/accounts/:account_id/balance", {
      params: accountPath,
      query: {
        at_time: Schema.optional(Timestamp).annotateKey({
          description:
            "The instant to look the balances up at (ISO 8601): what they were then. The current balances when omitted."
        })
      },
      success: BalanceLookup,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Retrieve an Account Balance")
      .annotate(
        OpenApi.Description,
        "Returns the account's current and available balance, or its balance at `at_time` when given. The available balance is the current balance less pending holds."
      )
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          response: {
            account_id: account.id,
            current_balance: 125000,
            available_balance: 100000,
            loan: null,
            type: "balance_lookup"
          }
        })
      )
  )
  .add(
    HttpApiEndpoint.patch("update", "/accounts/:account_id", {
      params: accountPath,
      payload: UpdateAccount,
      success: Account,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Update an Account")
      .annotate(
        OpenApi.Description,
        "Renames an open account (a closed one is 409 `invalid_operation_error`). `loan` is refused (400): every account here is funded by deposits. Emits `account.updated`."
      )
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          request: { name: "Main operating account" },
          response: { ...account, name: "Main operating account" }
        })
      )
  )
  .add(
    HttpApiEndpoint.post("close", "/accounts/:account_id/close", {
      params: accountPath,
      success: Account,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Close an Account")
      .annotate(
        OpenApi.Description,
        "Closes an account: its status becomes `closed` and no money can move into or out of it again. Refused with 409 `invalid_operation_error` while its current balance or its pending holds are not zero, and when it is already closed. Emits `account.updated`."
      )
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          response: { ...account, status: "closed", closed_at: "2026-11-22T09:15:00.000Z" }
        })
      )
  )
  .middleware(Authorization)
{}
