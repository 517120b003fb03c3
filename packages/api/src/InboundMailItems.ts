/** Inbound mail items: list, retrieve, and action a pending item's checks (deposit or ignore). */
import { InboundMailItemId } from "@moneta/domain/Ids"
import { ActionInboundMailItem, InboundMailItem, InboundMailItemFilter } from "@moneta/domain/InboundMailItem"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import * as Examples from "./Examples.js"
import { listFields, Page } from "./Parameters.js"

export const inboundMailItemPath = Schema.Struct({ inbound_mail_item_id: InboundMailItemId })

const pendingCheck = {
  amount: 125000,
  back_file_id: "file_26khfk98mzfz90a11oqx",
  check_deposit_id: null,
  front_file_id: "file_makxrc67oh9l6sg7w9yc",
  status: "pending"
} satisfies typeof InboundMailItem.Encoded["checks"][number]

/** A mail item received at an address, awaiting an action (also the simulation's example). */
export const pendingMailItem = {
  id: "inbound_mail_item_h8d7wcnv1fq1pdyodm1b",
  checks: [pendingCheck],
  created_at: "2026-11-21T22:41:05.123Z",
  file_id: "file_w6x4zj2fq5y1v8n3cs0t",
  lockbox_address_id: "lockbox_address_lw6sbzl9ol5dfr8hdv6t",
  lockbox_recipient_id: null,
  recipient_name: "Ian Crease",
  rejection_reason: null,
  status: "pending",
  type: "inbound_mail_item"
} satisfies typeof InboundMailItem.Encoded

const processedMailItem = {
  ...pendingMailItem,
  checks: [{ ...pendingCheck, check_deposit_id: "check_deposit_f06n9gpg7sxn8t19lfc1", status: "deposited" }],
  status: "processed"
} satisfies typeof InboundMailItem.Encoded

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
      .pipe((endpoint) => Examples.exchange(endpoint, { response: { data: [pendingMailItem], next_cursor: null } }))
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
      .pipe((endpoint) => Examples.exchange(endpoint, { response: pendingMailItem }))
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
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          request: { checks: [{ action: "deposit", account_id: "account_in71c4amph0vgo2qllky" }] },
          response: processedMailItem
        })
      )
  )
  .middleware(Authorization)
  .annotateMerge(OpenApi.annotations({ title: "Inbound Mail Items" }))
{}
