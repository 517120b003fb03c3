/** Check deposits: retrieve and list (deposits are created by actioning inbound mail). */
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { CheckDeposit, CheckDepositFilter } from "@moneta/domain/CheckDeposit"
import { CheckDepositId } from "@moneta/domain/Ids"
import { Schema } from "effect"
import { InvalidParametersError, ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import { listFields, Page, urlParams } from "./Parameters.js"

export const checkDepositPath = Schema.Struct({ check_deposit_id: CheckDepositId })

export class CheckDeposits extends HttpApiGroup.make("checkDeposits")
  .add(
    HttpApiEndpoint.get("list", "/check_deposits")
      .setUrlParams(urlParams({ ...listFields, ...CheckDepositFilter.fields }))
      .addSuccess(Page(CheckDeposit))
      .annotateContext(OpenApi.annotations({
        summary: "List Check Deposits",
        description: "Lists check deposits, newest first, filtered by account, idempotency key or creation time."
      }))
  )
  .add(
    HttpApiEndpoint.get("retrieve", "/check_deposits/:check_deposit_id")
      .setPath(checkDepositPath)
      .addSuccess(CheckDeposit)
      .addError(ObjectNotFoundError)
      .annotateContext(OpenApi.annotations({
        summary: "Retrieve a Check Deposit",
        description:
          "Retrieves a check deposit; `transaction_id` names the Transaction (source `check_deposit_acceptance`) that credited the account."
      }))
  )
  .addError(InvalidParametersError)
  .middleware(Authorization)
  .annotateContext(OpenApi.annotations({ title: "Check Deposits" }))
{}
