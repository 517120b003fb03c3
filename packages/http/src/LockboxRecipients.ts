/** Lockbox recipients handlers. */
import { HttpApiBuilder } from "@effect/platform"
import { MonetaApi } from "@moneta/api/MonetaApi"
import { LockboxRecipients } from "@moneta/bank/LockboxRecipients"
import { LockboxRecipient } from "@moneta/domain/LockboxRecipient"
import { Effect } from "effect"
import { idempotent } from "./Idempotent.js"

export const LockboxRecipientsLive = HttpApiBuilder.group(
  MonetaApi,
  "lockboxRecipients",
  (handlers) =>
    Effect.gen(function*() {
      const recipients = yield* LockboxRecipients
      return handlers
        .handle("create", ({ payload }) => idempotent(LockboxRecipient, recipients.create(payload)))
        .handle("list", ({ urlParams }) => recipients.list(urlParams))
        .handle("retrieve", ({ path }) => recipients.retrieve(path.lockbox_recipient_id))
        .handle("update", ({ path, payload }) => recipients.update(path.lockbox_recipient_id, payload))
    })
)
