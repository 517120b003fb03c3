/** Check deposits: create, retrieve and list (deposits are also made by depositing the checks of inbound mail). */
import { CheckDeposit, CheckDepositFilter, CreateCheckDeposit } from "@moneta/domain/CheckDeposit"
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

/** A deposit made through the API, before the sandbox submits it. */
export const pendingCheckDeposit = {
  ...checkDeposit,
  id: "check_deposit_q8p3vx2m6ck0j5wn1rz4",
  amount: 1000,
  created_at: "2026-11-22T09:14:37.512Z",
  deposit_acceptance: null,
  deposit_submission: null,
  description: "Rent, unit 4B",
  idempotency_key: "deposit-2026-11-22-4b",
  inbound_mail_item_id: null,
  lockbox_recipient_id: null,
  status: "pending",
  transaction_id: null
} satisfies typeof CheckDeposit.Encoded

export class CheckDeposits extends HttpApiGroup.make("checkDeposits")
  .add(
    HttpApiEndpoint.post("create", "/check_deposits", {
      payload: CreateCheckDeposit,
      success: CheckDeposit,
      error: ObjectNotFoundError
    })
      .annotateMerge(OpenApi.annotations({
        summary: "Create a Check Deposit",
        description:
          "Deposits a check into an account from images of its front and back: Files uploaded (`POST /files`) with `purpose` `check_image_front` and `check_image_back`. The account and both files must be yours (404 otherwise), the account open (409), and each file of its side's purpose (400 naming the field). The deposit starts `pending` and no money moves; in the sandbox, `POST /simulations/check_deposits/{check_deposit_id}/submit` accepts it (the amount is credited), `/reject` rejects it, and `/return` returns a submitted one. Emits `check_deposit.created`."
      }))
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          request: {
            account_id: pendingCheckDeposit.account_id,
            amount: pendingCheckDeposit.amount,
            front_image_file_id: pendingCheckDeposit.front_image_file_id,
            back_image_file_id: pendingCheckDeposit.back_image_file_id,
            description: pendingCheckDeposit.description
          },
          response: pendingCheckDeposit
        })
      )
  )
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
