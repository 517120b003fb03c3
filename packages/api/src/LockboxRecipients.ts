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
import { listFields, Page } from "./Parameters.js"

export const lockboxRecipientPath = Schema.Struct({ lockbox_recipient_id: LockboxRecipientId })

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
  )
  .middleware(Authorization)
  .annotateMerge(OpenApi.annotations({ title: "Lockbox Recipients" }))
{}
