/**
 * Wire transfers: create (with or without approval), list, retrieve, approve,
 * cancel. Illegal transitions and uncovered amounts are 409
 * `invalid_operation_error` (declared on the whole API).
 */
import { WireTransferId } from "@moneta/domain/Ids"
import { CreateWireTransfer, WireTransfer, WireTransferFilter } from "@moneta/domain/WireTransfer"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import * as Examples from "./Examples.js"
import { listFields, Page } from "./Parameters.js"
import * as WireTransferExamples from "./WireTransferExamples.js"

export const wireTransferPath = Schema.Struct({ wire_transfer_id: WireTransferId })

export class WireTransfers extends HttpApiGroup.make("wireTransfers")
  .annotateMerge(OpenApi.annotations({
    title: "Wire Transfers",
    description:
      "Wire transfers send funds from an account to any account reachable over the wire network. They can require approval before they are sent."
  }))
  .add(
    HttpApiEndpoint.post("create", "/wire_transfers", {
      payload: CreateWireTransfer,
      success: WireTransfer,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Create a Wire Transfer")
      .annotate(
        OpenApi.Description,
        "Sends funds from an account to an account number and routing number, or to an external account. Without `require_approval` the amount is debited at once and the transfer is `pending_creating`; with it, a pending transaction holds the amount while the transfer waits in `pending_approval`. Either way the available balance must cover the amount. Sandbox outcomes: in the sandbox these destination account numbers take a transfer through the statuses an ordinary one never reaches. `100000000001`: held for review (`pending_reviewing`, the amount held) on create or approval; the submit simulation passes the review, submits and completes it. `100000000002`: held for review likewise; the submit simulation rejects it (`rejected`, the hold released). `100000000003`: the submit simulation stops at `requires_attention`; the next submit completes it. `100000000004`: the submit simulation stops at `submitted`; the next submit completes it. A live server treats them as ordinary destinations."
      )
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          request: {
            account_id: "account_01m8dhwzq94dz9wgv2x7",
            amount: 125000,
            account_number: "987654321",
            routing_number: "101050001",
            creditor: {
              name: "Ian Crease",
              address: { unstructured: { line1: "33 Liberty Street", line2: "New York, NY 10045" } }
            },
            remittance: { category: "unstructured", unstructured: { message: "Invoice 2026-118" } },
            require_approval: true
          },
          response: WireTransferExamples.wireTransferAwaitingApproval
        })
      )
  )
  .add(
    HttpApiEndpoint.get("list", "/wire_transfers", {
      query: { ...listFields, ...WireTransferFilter.fields },
      success: Page(WireTransfer)
    })
      .annotate(OpenApi.Summary, "List Wire Transfers")
      .annotate(
        OpenApi.Description,
        "Lists your wire transfers, newest first, filtered by account, external account, status or idempotency key."
      )
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          response: { data: [WireTransferExamples.reversedWireTransfer], next_cursor: null }
        })
      )
  )
  .add(
    HttpApiEndpoint.get("retrieve", "/wire_transfers/:wire_transfer_id", {
      params: wireTransferPath,
      success: WireTransfer,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Retrieve a Wire Transfer")
      .annotate(OpenApi.Description, "Returns the wire transfer with this identifier.")
      .pipe((endpoint) => Examples.exchange(endpoint, { response: WireTransferExamples.reversedWireTransfer }))
  )
  .add(
    HttpApiEndpoint.post("approve", "/wire_transfers/:wire_transfer_id/approve", {
      params: wireTransferPath,
      success: WireTransfer,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Approve a Wire Transfer")
      .annotate(
        OpenApi.Description,
        "Approves a wire transfer that requires approval: from `pending_approval` it becomes `pending_creating`, to be sent (in the sandbox, `pending_reviewing` for a destination held for review: see the create)."
      )
      .pipe((endpoint) => Examples.exchange(endpoint, { response: WireTransferExamples.approvedWireTransfer }))
  )
  .add(
    HttpApiEndpoint.post("cancel", "/wire_transfers/:wire_transfer_id/cancel", {
      params: wireTransferPath,
      success: WireTransfer,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Cancel a pending Wire Transfer")
      .annotate(
        OpenApi.Description,
        "Cancels a wire transfer that is `pending_approval`; the hold on its amount is released."
      )
      .pipe((endpoint) => Examples.exchange(endpoint, { response: WireTransferExamples.canceledWireTransfer }))
  )
  .middleware(Authorization)
{}
