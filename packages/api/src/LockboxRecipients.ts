/** Lockbox recipients: create, list, retrieve, update. A canceled recipient can no longer change (409). */
import { LockboxRecipientId } from "@moneta/domain/Ids"
import {
  CreateLockboxRecipient,
  LockboxRecipient,
  LockboxRecipientFilter,
  UpdateLockboxRecipient
} from "@moneta/domain/LockboxRecipient"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { ObjectNotFoundError } from "./ApiError.js"
import { Authorization } from "./Authorization.js"
import * as Examples from "./Examples.js"
import { listFields, Page } from "./Parameters.js"

export const lockboxRecipientPath = Schema.Struct({ lockbox_recipient_id: LockboxRecipientId })

const lockboxRecipient = {
  id: "lockbox_recipient_rwe5ifvvixgw0a2aeuxp",
  account_id: "account_in71c4amph0vgo2qllky",
  created_at: "2026-11-21T22:41:05.123Z",
  description: "Rent for unit 5",
  idempotency_key: null,
  lockbox_address_id: "lockbox_address_lw6sbzl9ol5dfr8hdv6t",
  mail_stop_code: "VRE6P",
  recipient_name: "Ian Crease",
  status: "active",
  type: "lockbox_recipient"
} satisfies typeof LockboxRecipient.Encoded

export class LockboxRecipients extends HttpApiGroup.make("lockboxRecipients")
  .add(
    HttpApiEndpoint.post("create", "/lockbox_recipients", {
      payload: CreateLockboxRecipient,
      success: LockboxRecipient,
      error: ObjectNotFoundError
    })
      .annotateMerge(OpenApi.annotations({
        summary: "Create a Lockbox Recipient",
        description:
          "Creates an inbox at an active lockbox address whose checks are deposited into `account_id`. The recipient is `active` and gets a `mail_stop_code` unique at its address."
      }))
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          request: {
            account_id: lockboxRecipient.account_id,
            lockbox_address_id: lockboxRecipient.lockbox_address_id,
            description: "Rent for unit 5",
            recipient_name: "Ian Crease"
          },
          response: lockboxRecipient
        })
      )
  )
  .add(
    HttpApiEndpoint.get("list", "/lockbox_recipients", {
      query: { ...listFields, ...LockboxRecipientFilter.fields },
      success: Page(LockboxRecipient)
    })
      .annotateMerge(OpenApi.annotations({
        summary: "List Lockbox Recipients",
        description:
          "Lists lockbox recipients, newest first, filtered by account, lockbox address, idempotency key or creation time."
      }))
      .pipe((endpoint) => Examples.exchange(endpoint, { response: { data: [lockboxRecipient], next_cursor: null } }))
  )
  .add(
    HttpApiEndpoint.get("retrieve", "/lockbox_recipients/:lockbox_recipient_id", {
      params: lockboxRecipientPath,
      success: LockboxRecipient,
      error: ObjectNotFoundError
    })
      .annotateMerge(
        OpenApi.annotations({ summary: "Retrieve a Lockbox Recipient", description: "Retrieves a lockbox recipient." })
      )
      .pipe((endpoint) => Examples.exchange(endpoint, { response: lockboxRecipient }))
  )
  .add(
    HttpApiEndpoint.patch("update", "/lockbox_recipients/:lockbox_recipient_id", {
      params: lockboxRecipientPath,
      payload: UpdateLockboxRecipient,
      success: LockboxRecipient,
      error: ObjectNotFoundError
    })
      .annotateMerge(OpenApi.annotations({
        summary: "Update a Lockbox Recipient",
        description:
          "Changes the description, the recipient name or the status (`active`, `disabled`: mail is rejected, `canceled`: final). A canceled recipient can no longer be changed (409)."
      }))
      .pipe((endpoint) =>
        Examples.exchange(endpoint, {
          request: { status: "disabled" },
          response: { ...lockboxRecipient, status: "disabled" }
        })
      )
  )
  .middleware(Authorization)
  .annotateMerge(OpenApi.annotations({ title: "Lockbox Recipients" }))
{}
