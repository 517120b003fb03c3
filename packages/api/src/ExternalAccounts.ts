/** External accounts: saved wire destinations. */
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import {
  CreateExternalAccount,
  ExternalAccount,
  ExternalAccountFilter,
  UpdateExternalAccount
} from "@moneta/domain/ExternalAccount"
import { ExternalAccountId } from "@moneta/domain/Ids"
import { Schema } from "effect"
import { InvalidParametersError, ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import { body, listFields, Page, urlParams } from "./Parameters.js"

const externalAccountPath = Schema.Struct({ external_account_id: ExternalAccountId })

export class ExternalAccounts extends HttpApiGroup.make("externalAccounts")
  .annotateContext(OpenApi.annotations({
    title: "External Accounts",
    description: "External accounts are accounts at other banks, saved as destinations for transfers."
  }))
  .add(
    HttpApiEndpoint.post("create", "/external_accounts")
      .annotate(OpenApi.Summary, "Create an External Account")
      .annotate(
        OpenApi.Description,
        "Saves an account at another bank (routing and account number) as a transfer destination."
      )
      .setPayload(body(CreateExternalAccount))
      .addSuccess(ExternalAccount)
  )
  .add(
    HttpApiEndpoint.get("list", "/external_accounts")
      .annotate(OpenApi.Summary, "List External Accounts")
      .annotate(OpenApi.Description, "Lists your external accounts, newest first.")
      .setUrlParams(urlParams({ ...listFields, ...ExternalAccountFilter.fields }))
      .addSuccess(Page(ExternalAccount))
  )
  .add(
    HttpApiEndpoint.get("retrieve", "/external_accounts/:external_account_id")
      .annotate(OpenApi.Summary, "Retrieve an External Account")
      .annotate(OpenApi.Description, "Returns the external account with this identifier.")
      .setPath(externalAccountPath)
      .addSuccess(ExternalAccount)
      .addError(ObjectNotFoundError)
  )
  .add(
    HttpApiEndpoint.patch("update", "/external_accounts/:external_account_id")
      .annotate(OpenApi.Summary, "Update an External Account")
      .annotate(OpenApi.Description, "Changes an external account's description, account holder, funding or status.")
      .setPath(externalAccountPath)
      .setPayload(body(UpdateExternalAccount))
      .addSuccess(ExternalAccount)
      .addError(ObjectNotFoundError)
  )
  .addError(InvalidParametersError)
  .middleware(Authorization)
{}
