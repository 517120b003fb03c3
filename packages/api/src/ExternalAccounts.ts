/** External accounts: saved wire destinations. */
import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import {
  CreateExternalAccount,
  ExternalAccount,
  ExternalAccountStatus,
  UpdateExternalAccount
} from "@moneta/domain/ExternalAccount"
import { ExternalAccountId } from "@moneta/domain/Ids"
import { RoutingNumber } from "@moneta/domain/RoutingNumber"
import { IdempotencyKey } from "@moneta/domain/Text"
import { Schema } from "effect"
import { Authorization } from "./Authorization.js"
import { InvalidParametersError, ObjectNotFoundError } from "./ApiError.js"
import { body, CommaSeparated, listFields, Page, urlParams } from "./Parameters.js"

const externalAccountPath = Schema.Struct({ external_account_id: ExternalAccountId })

export class ExternalAccounts extends HttpApiGroup.make("externalAccounts")
  .add(
    HttpApiEndpoint.post("create", "/external_accounts")
      .setPayload(body(CreateExternalAccount))
      .addSuccess(ExternalAccount)
  )
  .add(
    HttpApiEndpoint.get("list", "/external_accounts")
      .setUrlParams(urlParams({
        ...listFields,
        idempotency_key: Schema.optional(IdempotencyKey),
        routing_number: Schema.optional(RoutingNumber),
        "status.in": Schema.optional(CommaSeparated(ExternalAccountStatus))
      }))
      .addSuccess(Page(ExternalAccount))
  )
  .add(
    HttpApiEndpoint.get("retrieve", "/external_accounts/:external_account_id")
      .setPath(externalAccountPath)
      .addSuccess(ExternalAccount)
      .addError(ObjectNotFoundError)
  )
  .add(
    HttpApiEndpoint.patch("update", "/external_accounts/:external_account_id")
      .setPath(externalAccountPath)
      .setPayload(body(UpdateExternalAccount))
      .addSuccess(ExternalAccount)
      .addError(ObjectNotFoundError)
  )
  .addError(InvalidParametersError)
  .middleware(Authorization)
{}
