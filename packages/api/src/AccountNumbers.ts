/** Account numbers: routes into an account. */
import {
  AccountNumber,
  AccountNumberFilter,
  CreateAccountNumber,
  UpdateAccountNumber
} from "@moneta/domain/AccountNumber"
import { AccountNumberId } from "@moneta/domain/Ids"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import * as Examples from "./Examples.js"
import { listFields, Page } from "./Parameters.js"

const accountNumber = {
  id: "account_number_v18nkfqm6afpsrvy82b2",
  account_id: "account_in71c4amph0vgo2qllky",
  account_number: "987654321",
  created_at: "2026-11-21T22:41:05.123Z",
  idempotency_key: null,
  inbound_ach: { debit_status: "allowed" },
  inbound_checks: { status: "check_transfers_only" },
  name: "Rent payments",
  routing_number: "101050001",
  status: "active",
  type: "account_number"
} satisfies typeof AccountNumber.Encoded

export class AccountNumbers extends HttpApiGroup.make("accountNumbers")
  .annotateMerge(OpenApi.annotations({
    title: "Account Numbers",
    description:
      "Each account can have multiple account and routing numbers. Share a distinct one with each counterparty to route and reconcile what they send."
  }))
  .add(
    HttpApiEndpoint.post("create", "/account_numbers", {
      payload: CreateAccountNumber,
      success: AccountNumber,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Create an Account Number")
      .annotate(
        OpenApi.Description,
        "Creates an account number (with the bank's routing number) routing into an account."
      )
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          request: { account_id: accountNumber.account_id, name: "Rent payments" },
          response: accountNumber
        })
      )
  )
  .add(
    HttpApiEndpoint.get("list", "/account_numbers", {
      query: { ...listFields, ...AccountNumberFilter.fields },
      success: Page(AccountNumber)
    })
      .annotate(OpenApi.Summary, "List Account Numbers")
      .annotate(OpenApi.Description, "Lists your account numbers, newest first, filtered by account or status.")
      .pipe((endpoint) => Examples.exchange(endpoint, { response: { data: [accountNumber], next_cursor: null } }))
  )
  .add(
    HttpApiEndpoint.get("retrieve", "/account_numbers/:account_number_id", {
      params: Schema.Struct({ account_number_id: AccountNumberId }),
      success: AccountNumber,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Retrieve an Account Number")
      .annotate(OpenApi.Description, "Returns the account number with this identifier.")
      .pipe((endpoint) => Examples.exchange(endpoint, { response: accountNumber }))
  )
  .add(
    HttpApiEndpoint.patch("update", "/account_numbers/:account_number_id", {
      params: Schema.Struct({ account_number_id: AccountNumberId }),
      payload: UpdateAccountNumber,
      success: AccountNumber,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Update an Account Number")
      .annotate(
        OpenApi.Description,
        "Changes an account number's name, status or inbound ACH and check settings. `active` and `disabled` numbers may take any status; a `canceled` one takes no change, and a number of a closed account cannot be made `active` again (409 `invalid_operation_error`). Emits `account_number.updated`."
      )
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          request: { status: "disabled", inbound_ach: { debit_status: "blocked" } },
          response: { ...accountNumber, status: "disabled", inbound_ach: { debit_status: "blocked" } }
        })
      )
  )
  .middleware(Authorization)
{}
