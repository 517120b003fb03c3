/** Pending transactions (holds on the available balance): list and retrieve. */
import { PendingTransactionId } from "@moneta/domain/Ids"
import { PendingTransaction, PendingTransactionFilter } from "@moneta/domain/PendingTransaction"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import { pendingCheckDeposit } from "./CheckDeposits.js"
import { inboundFundsHold } from "./CheckDepositSimulations.js"
import * as Examples from "./Examples.js"
import { listFields, Page } from "./Parameters.js"

const pendingTransaction = {
  id: "pending_transaction_k1sfetcau2qbvjbzgju4",
  account_id: "account_in71c4amph0vgo2qllky",
  amount: -100000,
  completed_at: null,
  created_at: "2026-11-21T22:41:05.123Z",
  currency: "USD",
  description: "Wire transfer to Ian Crease",
  held_amount: -100000,
  route_id: null,
  route_type: null,
  source: {
    category: "wire_transfer_instruction",
    wire_transfer_instruction: {
      account_number: "987654321",
      amount: 100000,
      message_to_recipient: "Invoice 1234",
      routing_number: "101050001",
      transfer_id: "wire_transfer_5akynk7dqsq25qwk9q2u"
    }
  },
  status: "pending",
  type: "pending_transaction"
} satisfies typeof PendingTransaction.Encoded

export class PendingTransactions extends HttpApiGroup.make("pendingTransactions")
  .annotateMerge(OpenApi.annotations({
    title: "Pending Transactions",
    description:
      "Pending transactions are potential future additions and removals of money from your bank account: holds on the available balance until the money movement settles or is released."
  }))
  .add(
    HttpApiEndpoint.get("list", "/pending_transactions", {
      query: { ...listFields, ...PendingTransactionFilter.fields },
      success: Page(PendingTransaction)
    })
      .annotate(OpenApi.Summary, "List Pending Transactions")
      .annotate(
        OpenApi.Description,
        "Lists the pending transactions of your accounts, newest first, filtered by account, source or status."
      )
      .pipe((endpoint) => Examples.exchange(endpoint, { response: { data: [pendingTransaction], next_cursor: null } }))
  )
  .add(
    HttpApiEndpoint.get("retrieve", "/pending_transactions/:pending_transaction_id", {
      params: Schema.Struct({ pending_transaction_id: PendingTransactionId }),
      success: PendingTransaction,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Retrieve a Pending Transaction")
      .annotate(OpenApi.Description, "Returns the pending transaction with this identifier.")
      .pipe((endpoint) => Examples.exchange(endpoint, { response: pendingTransaction }))
  )
  .middleware(Authorization)
{}

const releasedAt = "2026-11-22T16:45:12.330Z"

const releasedHold = {
  id: inboundFundsHold.pending_transaction_id,
  account_id: pendingCheckDeposit.account_id,
  amount: -pendingCheckDeposit.amount,
  completed_at: releasedAt,
  created_at: inboundFundsHold.created_at,
  currency: "USD",
  description: "Check deposit hold",
  held_amount: -pendingCheckDeposit.amount,
  route_id: null,
  route_type: null,
  source: {
    category: "inbound_funds_hold",
    inbound_funds_hold: { ...inboundFundsHold, status: "complete", released_at: releasedAt }
  },
  status: "complete",
  type: "pending_transaction"
} satisfies typeof PendingTransaction.Encoded

/** Sandbox simulations of pending transactions (absent from live servers). */
export class PendingTransactionSimulations extends HttpApiGroup.make("pendingTransactionSimulations")
  .annotateMerge(OpenApi.annotations({
    title: "Sandbox: Pending Transactions",
    description: "Sandbox-only endpoints under `/simulations` that end a hold on an account's funds."
  }))
  .add(
    HttpApiEndpoint.post(
      "releaseInboundFundsHold",
      "/simulations/pending_transactions/:pending_transaction_id/release_inbound_funds_hold",
      {
        params: Schema.Struct({ pending_transaction_id: PendingTransactionId }),
        success: PendingTransaction,
        error: ObjectNotFoundError
      }
    )
      .annotate(OpenApi.Summary, "Simulate the release of an Inbound Funds Hold")
      .annotate(
        OpenApi.Description,
        "Sandbox only. Releases an Inbound Funds Hold at once, ahead of its `automatically_releases_at` (when it is released on its own): the Pending Transaction (source `inbound_funds_hold`, in this service a submitted Check Deposit's hold) becomes `complete` and its source's hold `complete` with `released_at`, the deposit's `inbound_funds_hold` alike, and the held funds count in the available balance. A Pending Transaction of another source, or a hold already released, is 409. Emits `pending_transaction.updated` and `check_deposit.updated`."
      )
      .pipe((endpoint) => Examples.exchange(endpoint, { response: releasedHold }))
  )
  .middleware(Authorization)
{}
