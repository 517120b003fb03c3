/** Lockbox recipients handlers. */
import { MonetaApi } from "@moneta/api/MonetaApi"
import { LockboxRecipients } from "@moneta/bank/LockboxRecipients"
import { LockboxRecipient } from "@moneta/domain/LockboxRecipient"
import { Effect } from "effect"
import { answerEncoded, answerEncodedPage } from "./EncodedAnswer.js"
import { answerRefusals } from "./ErrorMapping.js"
import * as Group from "./Group.js"
import { idempotent } from "./Idempotent.js"

export const LockboxRecipientsLive = Group.make(
  MonetaApi,
  "lockboxRecipients",
  (handlers) =>
    Effect.gen(function*() {
      const recipients = yield* LockboxRecipients
      return handlers
        .handle("create", ({ payload }) => idempotent(LockboxRecipient, recipients.create(payload)))
        .handle("list", ({ query }) => answerEncodedPage(LockboxRecipient, recipients.list(query)))
        .handle("retrieve", ({ params }) =>
          answerEncoded(LockboxRecipient, recipients.retrieve(params.lockbox_recipient_id)))
        .handle("update", ({ params, payload }) =>
          answerRefusals(recipients.update(params.lockbox_recipient_id, payload)))
    })
)
