/** Sandbox simulations of the wire network acting on a transfer (absent from live servers). */
import { WireTransfer } from "@moneta/domain/WireTransfer"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import * as Examples from "./Examples.js"
import * as WireTransferExamples from "./WireTransferExamples.js"
import { wireTransferPath } from "./WireTransfers.js"

export class WireTransferSimulations extends HttpApiGroup.make("wireTransferSimulations")
  .annotateMerge(OpenApi.annotations({
    title: "Sandbox: Wire Transfers",
    description: "Sandbox-only endpoints under `/simulations` that make the wire network act on a transfer."
  }))
  .add(
    HttpApiEndpoint.post("submit", "/simulations/wire_transfers/:wire_transfer_id/submit", {
      params: wireTransferPath,
      success: WireTransfer,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Simulate the submission of a Wire Transfer")
      .annotate(
        OpenApi.Description,
        "Sandbox only. Simulates the bank sending a transfer over the wire network: a `pending_approval` or `pending_creating` transfer is submitted and acknowledged at once (`complete`; one submitted awaiting approval settles as an approval would). The sandbox outcome destinations (see Create a Wire Transfer) take other ways: a `pending_reviewing` transfer (or one awaiting approval to such a destination) is reviewed, then completed or `rejected`; `100000000003` stops at `requires_attention` and `100000000004` at `submitted`, and the next submit completes a transfer in either. Each status change emits `wire_transfer.updated`."
      )
      .pipe((endpoint) => Examples.exchange(endpoint, { response: WireTransferExamples.submittedWireTransfer }))
  )
  .add(
    HttpApiEndpoint.post("reverse", "/simulations/wire_transfers/:wire_transfer_id/reverse", {
      params: wireTransferPath,
      success: WireTransfer,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Simulate the reversal of a Wire Transfer")
      .annotate(
        OpenApi.Description,
        "Sandbox only. Simulates the recipient's bank returning a `complete` transfer: it becomes `reversed` and the amount is credited back to the account."
      )
      .pipe((endpoint) => Examples.exchange(endpoint, { response: WireTransferExamples.reversedWireTransfer }))
  )
  .middleware(Authorization)
{}
