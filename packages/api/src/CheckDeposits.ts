/** Check deposits: retrieve and list (deposits are created by actioning inbound mail). */
import { CheckDeposit, CheckDepositFilter } from "@moneta/domain/CheckDeposit"
import { CheckDepositId } from "@moneta/domain/Ids"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import * as Examples from "./Examples.js"
import { listFields, Page } from "./Parameters.js"

export const checkDepositPath = Schema.Struct({ check_deposit_id: CheckDepositId })

const checkDeposit = {
  id: "check_deposit_f06n9gpg7sxn8t19lfc1",
  account_id: "account_in71c4amph0vgo2qllky",
  amount: 125000,
  back_image_file_id: "file_26khfk98mzfz90a11oqx",
  created_at: "2026-11-21T22:41:05.123Z",
  deposit_acceptance: {
    account_number: "987654321",
    amount: 125000,
    auxiliary_on_us: null,
    check_deposit_id: "check_deposit_f06n9gpg7sxn8t19lfc1",
    currency: "USD",
    routing_number: "101050001",
    serial_number: null
  },
  deposit_adjustments: [],
  deposit_rejection: null,
  deposit_return: null,
  deposit_submission: {
    back_file_id: "file_26khfk98mzfz90a11oqx",
    front_file_id: "file_makxrc67oh9l6sg7w9yc",
    submitted_at: "2026-11-21T22:41:05.123Z"
  },
  description: null,
  front_image_file_id: "file_makxrc67oh9l6sg7w9yc",
  idempotency_key: null,
  inbound_funds_hold: null,
  inbound_mail_item_id: "inbound_mail_item_h8d7wcnv1fq1pdyodm1b",
  lockbox_recipient_id: "lockbox_recipient_rwe5ifvvixgw0a2aeuxp",
  status: "submitted",
  transaction_id: "transaction_uyrp7fld2ium70oa7oib",
  type: "check_deposit"
} satisfies typeof CheckDeposit.Encoded

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
      .pipe((endpoint) => Examples.exchange(endpoint, { response: { data: [checkDeposit], next_cursor: null } }))
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
      .pipe((endpoint) => Examples.exchange(endpoint, { response: checkDeposit }))
  )
  .middleware(Authorization)
  .annotateMerge(OpenApi.annotations({ title: "Check Deposits" }))
{}
