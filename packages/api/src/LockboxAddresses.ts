/** Lockbox addresses: create, retrieve, update, list. */
import { LockboxAddressId } from "@moneta/domain/Ids"
import { CreateLockboxAddress, LockboxAddress, UpdateLockboxAddress } from "@moneta/domain/LockboxAddress"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import * as Examples from "./Examples.js"
import { IdempotencyKeyFilter, listFields, Page } from "./Parameters.js"

const addressPath = Schema.Struct({ lockbox_address_id: LockboxAddressId })

const lockboxAddress = {
  id: "lockbox_address_lw6sbzl9ol5dfr8hdv6t",
  address: {
    city: "San Francisco",
    line1: "1234 Market St",
    line2: "Ste 5678",
    postal_code: "94114",
    state: "CA"
  },
  created_at: "2026-11-21T22:41:05.123Z",
  description: "Rent checks",
  idempotency_key: null,
  status: "active",
  type: "lockbox_address"
} satisfies typeof LockboxAddress.Encoded

export class LockboxAddresses extends HttpApiGroup.make("lockboxAddresses")
  .annotateMerge(OpenApi.annotations({
    title: "Lockbox Addresses",
    description: "Lockbox addresses are physical addresses that receive mail (checks) on your behalf."
  }))
  .add(
    HttpApiEndpoint.post("create", "/lockbox_addresses", { payload: CreateLockboxAddress, success: LockboxAddress })
      .annotate(OpenApi.Summary, "Create a Lockbox Address")
      .annotate(OpenApi.Description, "Creates a lockbox address: a physical address that receives mail for you.")
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          request: { description: "Rent checks" },
          response: { ...lockboxAddress, address: null, status: "pending" }
        })
      )
  )
  .add(
    HttpApiEndpoint.get("retrieve", "/lockbox_addresses/:lockbox_address_id", {
      params: addressPath,
      success: LockboxAddress,
      error: ObjectNotFoundError
    })
      .annotate(OpenApi.Summary, "Retrieve a Lockbox Address")
      .annotate(OpenApi.Description, "Returns the lockbox address with this identifier.")
      .pipe((endpoint) => Examples.exchange(endpoint, { response: lockboxAddress }))
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
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          request: { status: "disabled" },
          response: { ...lockboxAddress, status: "disabled" }
        })
      )
  )
  .add(
    HttpApiEndpoint.get("list", "/lockbox_addresses", {
      query: { ...listFields, ...IdempotencyKeyFilter.fields },
      success: Page(LockboxAddress)
    })
      .annotate(OpenApi.Summary, "List Lockbox Addresses")
      .annotate(OpenApi.Description, "Lists your lockbox addresses, newest first.")
      .pipe((endpoint) => Examples.exchange(endpoint, { response: { data: [lockboxAddress], next_cursor: null } }))
  )
  .middleware(Authorization)
{}
