/** Sandbox simulations of the wire network acting on a transfer (absent from live servers). */
import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { WireTransfer } from "@moneta/domain/WireTransfer"
import { Authorization } from "./Authorization.js"
import { InvalidParametersError, ObjectNotFoundError } from "./ApiError.js"
import { wireTransferPath } from "./WireTransfers.js"

export class WireTransferSimulations extends HttpApiGroup.make("wireTransferSimulations")
  .add(
    HttpApiEndpoint.post("submit", "/simulations/wire_transfers/:wire_transfer_id/submit")
      .setPath(wireTransferPath)
      .addSuccess(WireTransfer)
      .addError(ObjectNotFoundError)
  )
  .add(
    HttpApiEndpoint.post("reverse", "/simulations/wire_transfers/:wire_transfer_id/reverse")
      .setPath(wireTransferPath)
      .addSuccess(WireTransfer)
      .addError(ObjectNotFoundError)
  )
  .addError(InvalidParametersError)
  .middleware(Authorization)
{}
