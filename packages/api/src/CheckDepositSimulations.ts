/** Sandbox simulations of the check processing a deposit goes through (absent from live servers). */
import { CheckDeposit } from "@moneta/domain/CheckDeposit"
import { SimulateCheckDepositAdjustment, SimulateCheckDepositSubmission } from "@moneta/domain/Simulations"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import { checkDepositPath, pendingCheckDeposit } from "./CheckDeposits.js"
import * as Examples from "./Examples.js"

const at = "2026-11-22T09:20:03.118Z"

/**
 * The submit's body may be left out (the SDK sends none for `submit(id)`): the
 * document says so, with the body's own schema rather than "it or null".
 */
const optionalBody = (schema: string) => ({
  requestBody: {
    required: false,
    content: { "application/json": { schema: { $ref: `#/components/schemas/${schema}` } } }
  }
})

/** A submitted deposit's hold on its funds (the example of `inbound_funds_hold`). */
export const inboundFundsHold = {
  amount: pendingCheckDeposit.amount,
  automatically_releases_at: "2026-11-24T09:20:03.118Z",
  created_at: at,
  currency: "USD",
  held_transaction_id: "transaction_7kq2m9xw4bn8vj3hc5pe",
  pending_transaction_id: "pending_transaction_c3n8w1qz5rk7vm2dx6tb",
  released_at: null,
  status: "held",
  type: "inbound_funds_hold"
} as const

const submittedCheckDeposit = {
  ...pendingCheckDeposit,
  deposit_acceptance: {
    account_number: "987654321",
    amount: pendingCheckDeposit.amount,
    auxiliary_on_us: null,
    check_deposit_id: pendingCheckDeposit.id,
    currency: "USD",
    routing_number: "101050001",
    serial_number: null
  },
  deposit_submission: {
    back_file_id: pendingCheckDeposit.back_image_file_id,
    front_file_id: pendingCheckDeposit.front_image_file_id,
    submitted_at: at
  },
  inbound_funds_hold: inboundFundsHold,
  status: "submitted",
  transaction_id: "transaction_7kq2m9xw4bn8vj3hc5pe"
} satisfies typeof CheckDeposit.Encoded

const adjustedCheckDeposit = {
  ...submittedCheckDeposit,
  deposit_adjustments: [{
    adjusted_at: "2026-11-23T11:05:27.642Z",
    amount: -pendingCheckDeposit.amount,
    reason: "non_conforming_item",
    transaction_id: "transaction_g5t1k8vr3mx9cq2wn7hd"
  }]
} satisfies typeof CheckDeposit.Encoded

const rejectedCheckDeposit = {
  ...pendingCheckDeposit,
  deposit_rejection: {
    amount: pendingCheckDeposit.amount,
    check_deposit_id: pendingCheckDeposit.id,
    currency: "USD",
    declined_transaction_id: "declined_transaction_r4v8c1n6mz2kx9qd7wb3",
    reason: "poor_image_quality",
    rejected_at: at
  },
  status: "rejected"
} satisfies typeof CheckDeposit.Encoded

const returnedCheckDeposit = {
  ...submittedCheckDeposit,
  deposit_return: {
    amount: pendingCheckDeposit.amount,
    check_deposit_id: pendingCheckDeposit.id,
    currency: "USD",
    return_reason: "insufficient_funds",
    returned_at: "2026-11-23T15:02:44.907Z",
    transaction_id: "transaction_w2d6p0sy8lf3ra5tk1um"
  },
  status: "returned"
} satisfies typeof CheckDeposit.Encoded

export class CheckDepositSimulations extends HttpApiGroup.make("checkDepositSimulations")
  .annotateMerge(OpenApi.annotations({
    title: "Sandbox: Check Deposits",
    description: "Sandbox-only endpoints under `/simulations` that process a check deposit made through the API."
  }))
  .add(
    HttpApiEndpoint.post("submit", "/simulations/check_deposits/:check_deposit_id/submit", {
      params: checkDepositPath,
      // The official SDK sends no body when called without one (`submit(id)`): that is `{}`.
      payload: [SimulateCheckDepositSubmission, Schema.Null],
      success: CheckDeposit,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Simulate the submission of a Check Deposit")
      .annotate(OpenApi.Override, optionalBody("SimulateCheckDepositSubmission"))
      .annotate(
        OpenApi.Description,
        "Sandbox only. A `pending` deposit is accepted and submitted to the Check21 network: it becomes `submitted`, with `deposit_acceptance` (the check as read, from `scan` when given) and `deposit_submission`; a Transaction of source `check_deposit_acceptance` credits the amount, and a Pending Transaction of source `inbound_funds_hold` holds it (`inbound_funds_hold`, `status: held`): the current balance rises, the available balance once the hold is released (on its own at `automatically_releases_at`, two days on the group's sandbox clock; earlier by `POST /simulations/pending_transactions/{pending_transaction_id}/release_inbound_funds_hold`; or by the deposit's return). Any other status is 409. Emits `check_deposit.updated`, `transaction.created` and `pending_transaction.created`."
      )
      .pipe((endpoint) => Examples.exchange(endpoint, { request: {}, response: submittedCheckDeposit }))
  )
  .add(
    HttpApiEndpoint.post("reject", "/simulations/check_deposits/:check_deposit_id/reject", {
      params: checkDepositPath,
      success: CheckDeposit,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Simulate the rejection of a Check Deposit")
      .annotate(
        OpenApi.Description,
        "Sandbox only. A `pending` deposit is rejected (`poor_image_quality`): it becomes `rejected` with `deposit_rejection`, and a Declined Transaction of source `check_deposit_rejection` records the amount that was not credited. Any other status is 409. Emits `check_deposit.updated` and `declined_transaction.created`."
      )
      .pipe((endpoint) => Examples.exchange(endpoint, { response: rejectedCheckDeposit }))
  )
  .add(
    HttpApiEndpoint.post("return", "/simulations/check_deposits/:check_deposit_id/return", {
      params: checkDepositPath,
      success: CheckDeposit,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Simulate the return of a Check Deposit")
      .annotate(
        OpenApi.Description,
        "Sandbox only. The bank the check was drawn on returns a `submitted` deposit (`insufficient_funds`): it becomes `returned` with `deposit_return`, and a Transaction of source `check_deposit_return` debits the amount back, whatever the balance (a return can overdraw the account); a hold still on its funds is released (`pending_transaction.updated`). Any other status is 409. Emits `check_deposit.updated` and `transaction.created`."
      )
      .pipe((endpoint) => Examples.exchange(endpoint, { response: returnedCheckDeposit }))
  )
  .add(
    HttpApiEndpoint.post("adjustment", "/simulations/check_deposits/:check_deposit_id/adjustment", {
      params: checkDepositPath,
      // The official SDK sends no body when called without one (`adjustment(id)`): that is `{}`.
      payload: [SimulateCheckDepositAdjustment, Schema.Null],
      success: CheckDeposit,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Simulate an adjustment of a Check Deposit")
      .annotate(OpenApi.Override, optionalBody("SimulateCheckDepositAdjustment"))
      .annotate(
        OpenApi.Description,
        "Sandbox only. The bank the check was drawn on adjusts a `submitted` deposit: `amount` (signed; the negative of the deposit's amount when absent) is credited or debited by a Transaction of source `inbound_check_adjustment` (naming the deposit's credit as `adjusted_transaction_id`), whatever the balance, and appended to `deposit_adjustments` with its `reason` (`non_conforming_item` when absent). The status stays `submitted`; a deposit may be adjusted more than once. Any other status is 409; a zero `amount`, or a `reason` of `late_return` or `wrong_payee_credit` (they adjust an inbound check's return, and a deposit's adjustments cannot carry them) is 400. Emits `check_deposit.updated` and `transaction.created`."
      )
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          request: { amount: -pendingCheckDeposit.amount, reason: "non_conforming_item" },
          response: adjustedCheckDeposit
        })
      )
  )
  .middleware(Authorization)
{}
