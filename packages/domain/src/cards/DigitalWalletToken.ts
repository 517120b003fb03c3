/**
 * A digital wallet token is a card added to a wallet (`wallet_a`, `wallet_b`,
 * `wallet_c`). Provisioning may ask the client through a
 * `digital_wallet_token_requested` real-time decision; a declined request
 * makes no token (the result names only the reason). A token follows its
 * card's status (`DigitalWalletTokenLifecycle`).
 */
import { Schema } from "effect"
import { described } from "../core/Described.js"
import { CardId, DigitalWalletTokenId } from "../core/Ids.js"
import { Timestamp } from "../core/Timestamp.js"
import { DigitalWallet, digitalWalletValues } from "./CardNetwork.js"

export const Status = Schema.Literals(["active", "inactive", "suspended", "deactivated", "declined"])
export type Status = typeof Status.Type

/** The meanings of a token's statuses, for the reference. */
export const statusValues = "`active`: payments can be made with it. `inactive`: created, but not yet activated by " +
  "the cardholder's one-time passcode. `suspended`: temporarily paused. `deactivated`: permanently canceled. " +
  "`declined`: provisioning was declined (see `decline`; tokens made before issue 30 only: a declined request now makes no token)."

export const DeclineReason = Schema.Literals([
  "card_not_active",
  "no_verification_method",
  "webhook_timed_out",
  "webhook_declined",
  "incorrect_card_verification_code",
  "declined_by_token_requestor"
])
export type DeclineReason = typeof DeclineReason.Type

/** The meanings of the reasons a token request is declined, for the reference. */
export const declineReasonValues = "`card_not_active`: the card is not active. `no_verification_method`: the card " +
  "has no way to verify the cardholder. `webhook_timed_out`: your application did not answer the " +
  "`digital_wallet_token_requested` real-time decision in time. `webhook_declined`: you declined it through that " +
  "decision. `incorrect_card_verification_code`: the card verification code (CVC) was wrong. " +
  "`declined_by_token_requestor`: the wallet declined it."

export const DeviceType = Schema.Literals([
  "unknown",
  "mobile_phone",
  "tablet",
  "watch",
  "mobilephone_or_tablet",
  "pc",
  "household_device",
  "wearable_device",
  "automobile_device"
])
export type DeviceType = typeof DeviceType.Type

export const Device = Schema.Struct({
  device_type: described(
    Schema.NullOr(DeviceType),
    "The kind of device. `unknown`, `mobile_phone`, `tablet`, `watch`, `mobilephone_or_tablet`, `pc`, `household_device`, `wearable_device` or `automobile_device`. Null when the wallet did not say."
  ),
  /** Assigned to the device by the wallet provider. */
  identifier: described(
    Schema.NullOr(Schema.String),
    "The identifier the wallet provider assigned to the device; null when it gave none."
  ),
  ip_address: described(
    Schema.NullOr(Schema.String),
    "The IP address of the device; null when the wallet did not give it."
  ),
  name: described(
    Schema.NullOr(Schema.String),
    "The name of the device, for example \"My Work Phone\"; null when the wallet did not give it."
  )
})
export type Device = typeof Device.Type

export const Update = Schema.Struct({
  status: described(Status, `The status the token changed to. ${statusValues}`),
  timestamp: described(Timestamp, "When the change happened (ISO 8601, UTC).")
})
export type Update = typeof Update.Type

export class DigitalWalletToken extends Schema.Class<DigitalWalletToken>("DigitalWalletToken")({
  id: described(DigitalWalletTokenId, "The digital wallet token's identifier."),
  card_id: described(CardId, "The card this token belongs to; purchases through the token draw on the card's account."),
  cardholder: described(
    Schema.Struct({
      name: described(
        Schema.NullOr(Schema.String),
        "The cardholder's name, for example \"John Smith\"; null when the wallet did not give it."
      )
    }),
    "The cardholder information given when the token was created."
  ),
  created_at: described(Timestamp, "When the token was created (ISO 8601, UTC)."),
  /** Set when provisioning was declined. */
  decline: described(
    Schema.NullOr(
      Schema.Struct({ reason: described(DeclineReason, `Why provisioning was declined. ${declineReasonValues}`) })
    ),
    "Why provisioning was declined; set when `status` is `declined`, null otherwise."
  ),
  device: described(Device, "The device the token was created on."),
  /** The redacted token number. */
  dynamic_primary_account_number: described(
    Schema.NullOr(
      Schema.Struct({
        first6: described(Schema.String, "The first six digits of the token number."),
        last4: described(Schema.String, "The last four digits of the token number.")
      })
    ),
    "The redacted token number (the Dynamic Primary Account Number); null when not known."
  ),
  status: described(Status, `Whether payments can be made with the token. ${statusValues}`),
  token_requestor: described(DigitalWallet, `The digital wallet the token belongs to: ${digitalWalletValues}`),
  type: described(Schema.tag("digital_wallet_token"), "Always `digital_wallet_token`: the type of this object."),
  updates: described(Schema.Array(Update), "The token's status changes, oldest first.")
}) {}

/**
 * How a provisioning request ends: approved tokens are usable at once in the
 * sandbox; a decline by the client, a timeout, or the service's own refusal
 * leaves a `declined` token with its reason.
 */
export const provisioningOutcome = (
  answer: "approve" | "decline" | "timed_out"
): { readonly status: Status; readonly decline: { readonly reason: DeclineReason } | null } => {
  switch (answer) {
    case "approve":
      return { status: "active", decline: null }
    case "decline":
      return { status: "declined", decline: { reason: "webhook_declined" } }
    case "timed_out":
      return { status: "declined", decline: { reason: "webhook_timed_out" } }
  }
}

/** The filters of `GET /digital_wallet_tokens` (besides the paging and `created_at.*` ones every list has). */
export const DigitalWalletTokenFilter = Schema.Struct({
  card_id: described(Schema.optional(CardId), "Only the tokens of this card.")
})
export type DigitalWalletTokenFilter = typeof DigitalWalletTokenFilter.Type
