/** Lockbox addresses: create, retrieve, update, list. */
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { LockboxAddressId } from "@moneta/domain/Ids"
import { CreateLockboxAddress, LockboxAddress, UpdateLockboxAddress } from "@moneta/domain/LockboxAddress"
import { Schema } from "effect"
import { InvalidParametersError, ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import { body, IdempotencyKeyFilter, listFields, Page, urlParams } from "./Parameters.js"

const addressPath = Schema.Struct({ lockbox_address_id: LockboxAddressId })

export class LockboxAddresses extends HttpApiGroup.make("lockboxAddresses")
  .annotateContext(OpenApi.annotations({
    title: "Lockbox Addresses",
    description: "Lockbox addresses are physical addresses that receive mail (checks) on your behalf."
  }))
  .add(
    HttpApiEndpoint.post("create", "/lockbox_addresses")
      .annotate(OpenApi.Summary, "Create a Lockbox Address")
      .annotate(OpenApi.Description, "Creates a lockbox address: a physical address that receives mail for you.")
      .setPayload(body(CreateLockboxAddress))
      .addSuccess(LockboxAddress)
  )
  .add(
    HttpApiEndpoint.get("retrieve", "/lockbox_addresses/:lockbox_address_id")
      .annotate(OpenApi.Summary, "Retrieve a Lockbox Address")
      .annotate(OpenApi.Description, "Returns the lockbox address with this identifier.")
      .setPath(addressPath)
      .addSuccess(LockboxAddress)
      .addError(ObjectNotFoundError)
  )
  .add(
    HttpApiEndpoint.patch("update", "/lockbox_addresses/:lockbox_address_id")
      .annotate(OpenApi.Summary, "Update a Lockbox Address")
      .annotate(OpenApi.Description, "Changes a lockbox address's description or status.")
      .setPath(addressPath)
      .setPayload(body(UpdateLockboxAddress))
      .addSuccess(LockboxAddress)
      .addError(ObjectNotFoundError)
  )
  .add(
    HttpApiEndpoint.get("list", "/lockbox_addresses")
      .annotate(OpenApi.Summary, "List Lockbox Addresses")
      .annotate(OpenApi.Description, "Lists your lockbox addresses, newest first.")
      .setUrlParams(urlParams({ ...listFields, ...IdempotencyKeyFilter.fields }))
      .addSuccess(Page(LockboxAddress))
  )
  .addError(InvalidParametersError)
  .middleware(Authorization)
{}
