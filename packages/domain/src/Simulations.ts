/**
 * Request bodies and defaults of the sandbox's non-card simulations
 * (`/simulations/...`). Card simulations live in `CardSimulations`.
 */
import { Schema } from "effect"
import { FileId, LockboxAddressId, LockboxRecipientId, type TransactionId } from "./Ids.js"
import { PositiveAmount } from "./Money.js"
import type { Timestamp } from "./Timestamp.js"
import { Command as WireTransferCommand } from "./WireTransfer.js"

/** `POST /simulations/inbound_mail_items`: exactly one of the two lockbox ids. */
export const SimulateInboundMailItem = Schema.Struct({
  amount: PositiveAmount,
  contents_file_id: Schema.optionalKey(FileId),
  lockbox_address_id: Schema.optionalKey(LockboxAddressId),
  lockbox_recipient_id: Schema.optionalKey(LockboxRecipientId)
}).check(
  Schema.makeFilter((body) => {
    const hasAddress = body.lockbox_address_id !== undefined
    const hasRecipient = body.lockbox_recipient_id !== undefined
    if (hasAddress && hasRecipient) {
      return [
        { path: ["lockbox_address_id"], issue: "cannot be combined with lockbox_recipient_id" },
        { path: ["lockbox_recipient_id"], issue: "cannot be combined with lockbox_address_id" }
      ]
    }
    if (!hasAddress && !hasRecipient) {
      return {
        path: ["lockbox_address_id"],
        issue: "exactly one of lockbox_address_id and lockbox_recipient_id is required"
      }
    }
    return undefined
  })
).annotate({ identifier: "SimulateInboundMailItem" })
export type SimulateInboundMailItem = typeof SimulateInboundMailItem.Type

/** `POST /simulations/check_deposits/{id}/submit`: what the scanned check says. */
export const SimulateCheckDepositSubmission = Schema.Struct({
  scan: Schema.optionalKey(
    Schema.Struct({
      account_number: Schema.String,
      routing_number: Schema.String,
      auxiliary_on_us: Schema.optionalKey(Schema.String),
      serial_number: Schema.optionalKey(Schema.String)
    })
  )
}).annotate({ identifier: "SimulateCheckDepositSubmission" })
export type SimulateCheckDepositSubmission = typeof SimulateCheckDepositSubmission.Type

/** `POST /simulations/check_deposits/{id}/adjustment`. */
export const SimulateCheckDepositAdjustment = Schema.Struct({
  amount: Schema.optionalKey(Schema.Int),
  reason: Schema.optionalKey(
    Schema.Literals(["late_return", "wrong_payee_credit", "adjusted_amount", "non_conforming_item", "paid"])
  )
}).annotate({ identifier: "SimulateCheckDepositAdjustment" })
export type SimulateCheckDepositAdjustment = typeof SimulateCheckDepositAdjustment.Type

/** What the sandbox's `POST /simulations/wire_transfers/{id}/reverse` tells the transfer. */
export const wireReversal = (input: {
  readonly at: Timestamp
  readonly transactionId: TransactionId
  /** Fedwire sequence number of the reversal message (six digits). */
  readonly inputSequenceNumber: string
}) =>
  WireTransferCommand.Reverse({
    at: input.at,
    transactionId: input.transactionId,
    inputSequenceNumber: input.inputSequenceNumber,
    description: "Sandbox simulated reversal",
    returnReasonCode: "CUST",
    returnReasonAdditionalInformation: null
  })

/** What the sandbox's `POST /simulations/wire_transfers/{id}/submit` tells the transfer. */
export const wireSubmission = (input: {
  readonly at: Timestamp
  readonly transactionId: TransactionId
  readonly inputMessageAccountabilityData: string
  readonly uniqueEndToEndTransactionReference: string
}) => WireTransferCommand.Submit(input)

/** The sandbox completes a submitted wire at once (decisions.md g). */
export const wireCompletion = (at: Timestamp) => WireTransferCommand.Complete({ at })
