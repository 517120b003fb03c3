/** Inbound mail items: list, retrieve, and action a pending item's checks (deposit or ignore). */
import { InboundMailItemId } from "@moneta/domain/Ids"
import { ActionInboundMailItem, InboundMailItem, InboundMailItemFilter } from "@moneta/domain/InboundMailItem"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import { listFields, Page } from "./Parameters.js"

export const inboundMailItemPath = Schema.Struct({ inbound_mail_item_id: InboundMailItemId })

export class InboundMailItems extends HttpApiGroup.make("inboundMailItems")
  .add(
    HttpApiEndpoint.get("list", "/inbound_mail_items", {
      query: { ...listFields, ...InboundMailItemFilter.fields },
      success: Page(InboundMailItem)
    })
      .annotateMerge(OpenApi.annotations({
        summary: "List Inbound Mail Items",
        description:
          "Lists mail received at your lockbox addresses, newest first, filtered by address, recipient or creation time."
      }))
  )
  .add(
    HttpApiEndpoint.get("retrieve", "/inbound_mail_items/:inbound_mail_item_id", {
      params: inboundMailItemPath,
      success: InboundMailItem,
      error: ObjectNotFoundError
    })
      .annotateMerge(
        OpenApi.annotations({
          summary: "Retrieve an Inbound Mail Item",
          description: "Retrieves an inbound mail item."
        })
      )
  )
  .add(
    HttpApiEndpoint.post("action", "/inbound_mail_items/:inbound_mail_item_id/action", {
      params: inboundMailItemPath,
      payload: ActionInboundMailItem,
      success: InboundMailItem,
      error: ObjectNotFoundError
    })
      .annotateMerge(OpenApi.annotations({
        summary: "Action an Inbound Mail Item",
        description:
          "Deposits or ignores each check of a pending mail item: `checks[i]` acts on the item's `checks[i]` and the list must have one entry per check. `deposit` creates a Check Deposit in `account_id`; `ignore` takes no account. The item becomes `processed`; an item that is not pending is 409."
      }))
  )
  .middleware(Authorization)
  .annotateMerge(OpenApi.annotations({ title: "Inbound Mail Items" }))
{}
