/**
 * A digital wallet token is a card added to a wallet (`wallet_a`, `wallet_b`,
 * `wallet_c`). Provisioning may ask the client through a
 * `digital_wallet_token_requested` real-time decision; a declined request
 * still leaves a token, in status `declined`, with the reason.
 */
import { Schema } from "effect"
import { DigitalWallet } from "./CardNetwork.js"
import { CardId, DigitalWalletTokenId } from "./Ids.js"
import { Timestamp } from "./Timestamp.js"

export const Status = Schema.Literals(["active", "inactive", "suspended", "deactivated", "declined"])
export type Status = typeof Status.Type

export const DeclineReason = Schema.Literals([
  "card_not_active",
  "no_verification_method",
  "webhook_timed_out",
  "webhook_declined",
  "incorrect_card_verification_code",
  "declined_by_token_requestor"
])
export type DeclineReason = typeof DeclineReason.Type

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
  device_type: Schema.NullOr(DeviceType),
  /** Assigned to the device by the wallet provider. */
  identifier: Schema.NullOr(Schema.String),
  ip_address: Schema.NullOr(Schema.String),
  name: Schema.NullOr(Schema.String)
})
export type Device = typeof Device.Type

export const Update = Schema.Struct({ status: Status, timestamp: Timestamp })
export type Update = typeof Update.Type

export class DigitalWalletToken extends Schema.Class<DigitalWalletToken>("DigitalWalletToken")({
  id: DigitalWalletTokenId,
  card_id: CardId,
  cardholder: Schema.Struct({ name: Schema.NullOr(Schema.String) }),
  created_at: Timestamp,
  /** Set when provisioning was declined. */
  decline: Schema.NullOr(Schema.Struct({ reason: DeclineReason })),
  device: Device,
  /** The redacted token number. */
  dynamic_primary_account_number: Schema.NullOr(Schema.Struct({ first6: Schema.String, last4: Schema.String })),
  status: Status,
  token_requestor: DigitalWallet,
  type: Schema.tag("digital_wallet_token"),
  updates: Schema.Array(Update)
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
  card_id: Schema.optional(CardId)
})
export type DigitalWalletTokenFilter = typeof DigitalWalletTokenFilter.Type
