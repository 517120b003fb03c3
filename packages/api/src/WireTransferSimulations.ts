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
        "Sandbox only. Simulates the bank sending a transfer over the wire network: a `pending_approval` or `pending_creating` transfer becomes `submitted`."
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
