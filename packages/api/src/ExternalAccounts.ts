/** External accounts: saved wire destinations. */
import {
  CreateExternalAccount,
  ExternalAccount,
  ExternalAccountFilter,
  UpdateExternalAccount
} from "@moneta/domain/ExternalAccount"
import { ExternalAccountId } from "@moneta/domain/Ids"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import * as Examples from "./Examples.js"
import { listFields, Page } from "./Parameters.js"

const externalAccountPath = Schema.Struct({ external_account_id: ExternalAccountId })

const externalAccount = {
  id: "external_account_ukk55lr923a3ac0pp7iv",
  account_holder: "business",
  account_number: "987654321",
  created_at: "2026-11-21T22:41:05.123Z",
  description: "Landlord",
  funding: "checking",
  idempotency_key: null,
  routing_number: "101050001",
  status: "active",
  type: "external_account"
} satisfies typeof ExternalAccount.Encoded

export class ExternalAccounts extends HttpApiGroup.make("externalAccounts")
  .annotateMerge(OpenApi.annotations({
    title: "External Accounts",
    description: "External accounts are accounts at other banks, saved as destinations for transfers."
  }))
  .add(
    HttpApiEndpoint.post("create", "/external_accounts", { payload: CreateExternalAccount, success: ExternalAccount })
      .annotate(OpenApi.Summary, "Create an External Account")
      .annotate(
        OpenApi.Description,
        "Saves an account at another bank (routing and account number) as a transfer destination."
      )
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          request: {
            account_number: "987654321",
            routing_number: "101050001",
            description: "Landlord",
            account_holder: "business"
          },
          response: externalAccount
        })
      )
  )
  .add(
    HttpApiEndpoint.get("list", "/external_accounts", {
      query: { ...listFields, ...ExternalAccountFilter.fields },
      success: Page(ExternalAccount)
    })
      .annotate(OpenApi.Summary, "List External Accounts")
      .annotate(OpenApi.Description, "Lists your external accounts, newest first.")
      .pipe((endpoint) => Examples.exchange(endpoint, { response: { data: [externalAccount], next_cursor: null } }))
  )
  .add(
    HttpApiEndpoint.get("retrieve", "/external_accounts/:external_account_id", {
      params: externalAccountPath,
      success: ExternalAccount,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Retrieve an External Account")
      .annotate(OpenApi.Description, "Returns the external account with this identifier.")
      .pipe((endpoint) => Examples.exchange(endpoint, { response: externalAccount }))
  )
  .add(
    HttpApiEndpoint.patch("update", "/external_accounts/:external_account_id", {
      params: externalAccountPath,
      payload: UpdateExternalAccount,
      success: ExternalAccount,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Update an External Account")
      .annotate(OpenApi.Description, "Changes an external account's description, account holder, funding or status.")
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          request: { status: "archived" },
          response: { ...externalAccount, status: "archived" }
        })
      )
  )
  .middleware(Authorization)
{}
