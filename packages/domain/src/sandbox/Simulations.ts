/**
 * Request bodies and defaults of the sandbox's non-card simulations
 * (`/simulations/...`). Card simulations live in `CardSimulations`.
 */
import { Schema } from "effect"
import { described } from "../core/Described.js"
import { FileId, LockboxAddressId, LockboxRecipientId, type TransactionId } from "../core/Ids.js"
import type { Timestamp } from "../core/Timestamp.js"
import { posting } from "../money/Ledger.js"
import { PositiveAmount } from "../money/Money.js"
import type { PostTransaction } from "../money/MoneyEffect.js"
import { interestPaymentSource, type SimulateInterestPayment } from "../money/Transaction.js"
import { Command as WireTransferCommand } from "../wires/WireTransfer.js"

/** `POST /simulations/inbound_mail_items`: exactly one of the two lockbox ids. */
export const SimulateInboundMailItem = Schema.Struct({
  amount: described(
    PositiveAmount,
    "The amount of the one check the simulated mail holds, in the minor unit of the currency (cents for USD); a positive integer."
  ),
  contents_file_id: Schema.optionalKey(
    described(
      FileId,
      "A file of yours with the mail's contents (a PDF); its scan and the check images are then that file. When absent, the sandbox makes a default check image."
    )
  ),
  lockbox_address_id: Schema.optionalKey(
    described(
      LockboxAddressId,
      "The lockbox address the mail arrives at: it stays `pending` until actioned. Exactly one of `lockbox_address_id` and `lockbox_recipient_id` is required."
    )
  ),
  lockbox_recipient_id: Schema.optionalKey(
    described(
      LockboxRecipientId,
      "The lockbox recipient the mail is for: its check is deposited at once into the recipient's account (or the mail is rejected when the recipient is not `active`). Exactly one of `lockbox_address_id` and `lockbox_recipient_id` is required."
    )
  )
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
    described(
      Schema.Struct({
        account_number: described(Schema.String, "The account number of the scan."),
        routing_number: described(Schema.String, "The routing number of the scan."),
        auxiliary_on_us: Schema.optionalKey(
          described(
            Schema.String,
            "The auxiliary on-us field of the scan (usually the check number of a business check)."
          )
        ),
        serial_number: Schema.optionalKey(
          described(Schema.String, "The serial number of the scan (usually the check number of a consumer check).")
        )
      }),
      "The check's scanned MICR data to use; when absent, the sandbox's fixed payer: account number `987654321`, routing number `101050001`, no serial number or auxiliary on-us."
    )
  )
}).annotate({ identifier: "SimulateCheckDepositSubmission" })
export type SimulateCheckDepositSubmission = typeof SimulateCheckDepositSubmission.Type

/** `POST /simulations/check_deposits/{id}/adjustment`. */
export const SimulateCheckDepositAdjustment = Schema.Struct({
  amount: Schema.optionalKey(
    described(
      Schema.Int,
      "The adjustment in the minor unit of the deposit's currency (cents for USD): negative when the other bank claws funds back (a debit). The negative of the deposit's amount when absent."
    )
  ),
  reason: Schema.optionalKey(
    described(
      Schema.Literals(["late_return", "wrong_payee_credit", "adjusted_amount", "non_conforming_item", "paid"]),
      "Why the deposit is adjusted. `late_return`: the return was late and the receiving bank answered with a Late Return Claim. `wrong_payee_credit`: the check went to the wrong payee and the depositing bank reimbursed the funds. `adjusted_amount`: the check was deposited for another amount than written on it. `non_conforming_item`: the recipient could not process the check. `paid`: the check was paid."
    )
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
    returnReasonAdditionalInformation: "Returned at the beneficiary's request",
    // the reversing bank's own reference: its message's sequence number
    instructionIdentification: `SANDBOXRVSL${input.inputSequenceNumber}`
  })

/** The Fedwire sequence number of a reversal message: the last six digits of the network's `sequence`, zero-padded. */
export const wireReversalSequenceNumber = (sequence: string): string => sequence.padStart(6, "0").slice(-6)

/** The random bytes a version 4 UUID is made of. */
export const uuidByteCount = 16

const hex = (byte: number) => byte.toString(16).padStart(2, "0")

/**
 * The version 4 UUID of `uuidByteCount` random bytes (the unique end-to-end
 * transaction reference of a submitted wire): the version and variant bits set.
 */
export const uuidOf = (randomBytes: ReadonlyArray<number>): string => {
  const bytes = Array.from({ length: uuidByteCount }, (_, index) => randomBytes[index] ?? 0)
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const text = bytes.map(hex).join("")
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`
}

/** `POST /simulations/interest_payments`: the sandbox's way to fund an account, one posted Transaction. */
export const interestPayment = (input: {
  readonly body: SimulateInterestPayment
  readonly transactionId: TransactionId
  readonly createdAt: Timestamp
}): PostTransaction =>
  posting({
    transactionId: input.transactionId,
    accountId: input.body.account_id,
    amount: input.body.amount,
    description: "Interest payment",
    source: interestPaymentSource(input.body, input.createdAt),
    route: undefined
  })
