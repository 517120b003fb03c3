/** Lockbox addresses: create, retrieve, update, list. */
import { LockboxAddressId } from "@moneta/domain/Ids"
import { CreateLockboxAddress, LockboxAddress, UpdateLockboxAddress } from "@moneta/domain/LockboxAddress"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import { IdempotencyKeyFilter, listFields, Page } from "./Parameters.js"

const addressPath = Schema.Struct({ lockbox_address_id: LockboxAddressId })

export class LockboxAddresses extends HttpApiGroup.make("lockboxAddresses")
  .annotateMerge(OpenApi.annotations({
    title: "Lockbox Addresses",
    description: "Lockbox addresses are physical addresses that receive mail (checks) on your behalf."
  }))
  .add(
    HttpApiEndpoint.post("create", "/lockbox_addresses", { payload: CreateLockboxAddress, success: LockboxAddress })
      .annotate(OpenApi.Summary, "Create a Lockbox Address")
      .annotate(OpenApi.Description, "Creates a lockbox address: a physical address that receives mail for you.")
  )
  .add(
    HttpApiEndpoint.get("retrieve", "/lockbox_addresses/:lockbox_address_id", {
      params: addressPath,
      success: LockboxAddress,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Retrieve a Lockbox Address")
      .annotate(OpenApi.Description, "Returns the lockbox address with this identifier.")
  )
  .add(
    HttpApiEndpoint.patch("update", "/lockbox_addresses/:lockbox_address_id", {
      params: addressPath,
      payload: UpdateLockboxAddress,
      success: LockboxAddress,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Update a Lockbox Address")
      .annotate(OpenApi.Description, "Changes a lockbox address's description or status.")
  )
  .add(
    HttpApiEndpoint.get("list", "/lockbox_addresses", {
      query: { ...listFields, ...IdempotencyKeyFilter.fields },
      success: Page(LockboxAddress)
    })
      .annotate(OpenApi.Summary, "List Lockbox Addresses")
      .annotate(OpenApi.Description, "Lists your lockbox addresses, newest first.")
  )
  .middleware(Authorization)
{}
