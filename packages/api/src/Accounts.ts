/** Accounts: create, retrieve, list, balance. */
import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Account, AccountStatus, BalanceLookup, CreateAccount } from "@moneta/domain/Account"
import { AccountId, EntityId, ProgramId } from "@moneta/domain/Ids"
import { IdempotencyKey } from "@moneta/domain/Text"
import { Timestamp } from "@moneta/domain/Timestamp"
import { Schema } from "effect"
import { Authorization } from "./Authorization.js"
import { InvalidParametersError, ObjectNotFoundError } from "./ApiError.js"
import { body, CommaSeparated, listFields, Page, urlParams } from "./Parameters.js"

const accountPath = Schema.Struct({ account_id: AccountId })

export class Accounts extends HttpApiGroup.make("accounts")
  .add(
    HttpApiEndpoint.post("create", "/accounts")
      .setPayload(body(CreateAccount))
      .addSuccess(Account)
      .addError(ObjectNotFoundError)
  )
  .add(
    HttpApiEndpoint.get("retrieve", "/accounts/:account_id")
      .setPath(accountPath)
      .addSuccess(Account)
      .addError(ObjectNotFoundError)
  )
  .add(
    HttpApiEndpoint.get("list", "/accounts")
      .setUrlParams(urlParams({
        ...listFields,
        entity_id: Schema.optional(EntityId),
        informational_entity_id: Schema.optional(EntityId),
        program_id: Schema.optional(ProgramId),
        idempotency_key: Schema.optional(IdempotencyKey),
        "status.in": Schema.optional(CommaSeparated(AccountStatus))
      }))
      .addSuccess(Page(Account))
  )
  .add(
    HttpApiEndpoint.get("balance", "/accounts/:account_id/balance")
      .setPath(accountPath)
      .setUrlParams(urlParams({ at_time: Schema.optional(Timestamp) }))
      .addSuccess(BalanceLookup)
      .addError(ObjectNotFoundError)
  )
  .addError(InvalidParametersError)
  .middleware(Authorization)
{}
