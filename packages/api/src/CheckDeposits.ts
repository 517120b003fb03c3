/** Check deposits: retrieve and list (deposits are created by actioning inbound mail). */
import { CheckDeposit, CheckDepositFilter } from "@moneta/domain/CheckDeposit"
import { CheckDepositId } from "@moneta/domain/Ids"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import { listFields, Page } from "./Parameters.js"

export const checkDepositPath = Schema.Struct({ check_deposit_id: CheckDepositId })

export class CheckDeposits extends HttpApiGroup.make("checkDeposits")
  .add(
    HttpApiEndpoint.get("list", "/check_deposits", {
      query: { ...listFields, ...CheckDepositFilter.fields },
      success: Page(CheckDeposit)
    })
      .annotateMerge(OpenApi.annotations({
        summary: "List Check Deposits",
        description: "Lists check deposits, newest first, filtered by account, idempotency key or creation time."
      }))
  )
  .add(
    HttpApiEndpoint.get("retrieve", "/check_deposits/:check_deposit_id", {
      params: checkDepositPath,
      success: CheckDeposit,
      error: ObjectNotFoundError
    })
      .annotateMerge(OpenApi.annotations({
        summary: "Retrieve a Check Deposit",
        description:
          "Retrieves a check deposit; `transaction_id` names the Transaction (source `check_deposit_acceptance`) that credited the account."
      }))
  )
  .middleware(Authorization)
  .annotateMerge(OpenApi.annotations({ title: "Check Deposits" }))
{}
