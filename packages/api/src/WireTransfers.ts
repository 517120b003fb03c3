/**
 * Wire transfers: create (with or without approval), list, retrieve, approve,
 * cancel. Illegal transitions and uncovered amounts are 409
 * `invalid_operation_error` (declared on the whole API).
 */
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { WireTransferId } from "@moneta/domain/Ids"
import { CreateWireTransfer, WireTransfer, WireTransferFilter } from "@moneta/domain/WireTransfer"
import { Schema } from "effect"
import { InvalidParametersError, ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import { body, listFields, Page, urlParams } from "./Parameters.js"

export const wireTransferPath = Schema.Struct({ wire_transfer_id: WireTransferId })

export class WireTransfers extends HttpApiGroup.make("wireTransfers")
  .annotateContext(OpenApi.annotations({
    title: "Wire Transfers",
    description:
      "Wire transfers send funds from an account to any account reachable over the wire network. They can require approval before they are sent."
  }))
  .add(
    HttpApiEndpoint.post("create", "/wire_transfers")
      .annotate(OpenApi.Summary, "Create a Wire Transfer")
      .annotate(
        OpenApi.Description,
        "Sends funds from an account to an account number and routing number, or to an external account. Without `require_approval` the amount is debited at once and the transfer is `pending_creating`; with it, a pending transaction holds the amount while the transfer waits in `pending_approval`. Either way the available balance must cover the amount."
      )
      .setPayload(body(CreateWireTransfer))
      .addSuccess(WireTransfer)
      .addError(ObjectNotFoundError)
  )
  .add(
    HttpApiEndpoint.get("list", "/wire_transfers")
      .annotate(OpenApi.Summary, "List Wire Transfers")
      .annotate(
        OpenApi.Description,
        "Lists your wire transfers, newest first, filtered by account, external account, status or idempotency key."
      )
      .setUrlParams(urlParams({ ...listFields, ...WireTransferFilter.fields }))
      .addSuccess(Page(WireTransfer))
  )
  .add(
    HttpApiEndpoint.get("retrieve", "/wire_transfers/:wire_transfer_id")
      .annotate(OpenApi.Summary, "Retrieve a Wire Transfer")
      .annotate(OpenApi.Description, "Returns the wire transfer with this identifier.")
      .setPath(wireTransferPath)
      .addSuccess(WireTransfer)
      .addError(ObjectNotFoundError)
  )
  .add(
    HttpApiEndpoint.post("approve", "/wire_transfers/:wire_transfer_id/approve")
      .annotate(OpenApi.Summary, "Approve a Wire Transfer")
      .annotate(
        OpenApi.Description,
        "Approves a wire transfer that requires approval: from `pending_approval` it becomes `pending_creating`, to be sent."
      )
      .setPath(wireTransferPath)
      .addSuccess(WireTransfer)
      .addError(ObjectNotFoundError)
  )
  .add(
    HttpApiEndpoint.post("cancel", "/wire_transfers/:wire_transfer_id/cancel")
      .annotate(OpenApi.Summary, "Cancel a pending Wire Transfer")
      .annotate(
        OpenApi.Description,
        "Cancels a wire transfer that is `pending_approval`; the hold on its amount is released."
      )
      .setPath(wireTransferPath)
      .addSuccess(WireTransfer)
      .addError(ObjectNotFoundError)
  )
  .addError(InvalidParametersError)
  .middleware(Authorization)
{}
