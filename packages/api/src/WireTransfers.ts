/**
 * Wire transfers: create (with or without approval), list, retrieve, approve,
 * cancel. Illegal transitions and uncovered amounts are 409
 * `invalid_operation_error` (declared on the whole API).
 */
import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { AccountId, ExternalAccountId, WireTransferId } from "@moneta/domain/Ids"
import { IdempotencyKey } from "@moneta/domain/Text"
import { CreateWireTransfer, WireTransfer, WireTransferStatus } from "@moneta/domain/WireTransfer"
import { Schema } from "effect"
import { Authorization } from "./Authorization.js"
import { InvalidParametersError, ObjectNotFoundError } from "./ApiError.js"
import { body, CommaSeparated, listFields, Page, urlParams } from "./Parameters.js"

export const wireTransferPath = Schema.Struct({ wire_transfer_id: WireTransferId })

export class WireTransfers extends HttpApiGroup.make("wireTransfers")
  .add(
    HttpApiEndpoint.post("create", "/wire_transfers")
      .setPayload(body(CreateWireTransfer))
      .addSuccess(WireTransfer)
      .addError(ObjectNotFoundError)
  )
  .add(
    HttpApiEndpoint.get("list", "/wire_transfers")
      .setUrlParams(urlParams({
        ...listFields,
        account_id: Schema.optional(AccountId),
        external_account_id: Schema.optional(ExternalAccountId),
        idempotency_key: Schema.optional(IdempotencyKey),
        "status.in": Schema.optional(CommaSeparated(WireTransferStatus))
      }))
      .addSuccess(Page(WireTransfer))
  )
  .add(
    HttpApiEndpoint.get("retrieve", "/wire_transfers/:wire_transfer_id")
      .setPath(wireTransferPath)
      .addSuccess(WireTransfer)
      .addError(ObjectNotFoundError)
  )
  .add(
    HttpApiEndpoint.post("approve", "/wire_transfers/:wire_transfer_id/approve")
      .setPath(wireTransferPath)
      .addSuccess(WireTransfer)
      .addError(ObjectNotFoundError)
  )
  .add(
    HttpApiEndpoint.post("cancel", "/wire_transfers/:wire_transfer_id/cancel")
      .setPath(wireTransferPath)
      .addSuccess(WireTransfer)
      .addError(ObjectNotFoundError)
  )
  .addError(InvalidParametersError)
  .middleware(Authorization)
{}
