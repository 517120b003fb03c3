/** Sandbox simulation of mail arriving at a lockbox (absent from live servers). */
import { InboundMailItem } from "@moneta/domain/InboundMailItem"
import { SimulateInboundMailItem } from "@moneta/domain/Simulations"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import * as Examples from "./Examples.js"
import { pendingMailItem } from "./InboundMailItems.js"

export class InboundMailItemSimulations extends HttpApiGroup.make("inboundMailItemSimulations")
  .add(
    HttpApiEndpoint.post("create", "/simulations/inbound_mail_items", {
      payload: SimulateInboundMailItem,
      success: InboundMailItem,
      error: ObjectNotFoundError
    })
      .annotateMerge(OpenApi.annotations({
        summary: "Simulate an Inbound Mail Item",
        description:
          "Sandbox only. Mail with one check of `amount` arrives for exactly one of `lockbox_recipient_id` or `lockbox_address_id`. To an active recipient it is `processed` and the check deposited into the recipient's account at once; to an active address it stays `pending` until actioned; where the recipient or address is not active it is `rejected`. Three sandbox amounts reach the other rejection reasons (Increase's simulation takes no reason): `99999901` (`no_check`: the envelope holds no check), `99999902` (`no_matching_lockbox`: no recipient could be read off it, `lockbox_recipient_id` null) and `99999903` (`lockbox_not_active`); they win over the lockboxes' state. Without `contents_file_id` a default check image is the scan."
      }))
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          request: { amount: 125000, lockbox_address_id: pendingMailItem.lockbox_address_id },
          response: pendingMailItem
        })
      )
  )
  .middleware(Authorization)
  .annotateMerge(OpenApi.annotations({ title: "Sandbox: Inbound Mail Items" }))
{}
