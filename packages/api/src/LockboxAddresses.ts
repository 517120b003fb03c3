/** Lockbox addresses: create, retrieve, update, list. */
import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { LockboxAddressId } from "@moneta/domain/Ids"
import { CreateLockboxAddress, LockboxAddress, UpdateLockboxAddress } from "@moneta/domain/LockboxAddress"
import { IdempotencyKey } from "@moneta/domain/Text"
import { Schema } from "effect"
import { InvalidParametersError, ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import { body, listFields, Page, urlParams } from "./Parameters.js"

const addressPath = Schema.Struct({ lockbox_address_id: LockboxAddressId })

export class LockboxAddresses extends HttpApiGroup.make("lockboxAddresses")
  .add(HttpApiEndpoint.post("create", "/lockbox_addresses").setPayload(body(CreateLockboxAddress)).addSuccess(LockboxAddress))
  .add(
    HttpApiEndpoint.get("retrieve", "/lockbox_addresses/:lockbox_address_id")
      .setPath(addressPath)
      .addSuccess(LockboxAddress)
      .addError(ObjectNotFoundError)
  )
  .add(
    HttpApiEndpoint.patch("update", "/lockbox_addresses/:lockbox_address_id")
      .setPath(addressPath)
      .setPayload(body(UpdateLockboxAddress))
      .addSuccess(LockboxAddress)
      .addError(ObjectNotFoundError)
  )
  .add(
    HttpApiEndpoint.get("list", "/lockbox_addresses")
      .setUrlParams(urlParams({ ...listFields, idempotency_key: Schema.optional(IdempotencyKey) }))
      .addSuccess(Page(LockboxAddress))
  )
  .addError(InvalidParametersError)
  .middleware(Authorization)
{}
