/**
 * The reversal of an outbound wire by the receiving bank: the wire transfer's
 * `reversal` and the `inbound_wire_reversal` transaction source. A module of
 * its own so that the Transaction schemas need not import the wire transfer's
 * rules (which import the money effects that name transaction sources).
 */
import { Schema } from "effect"
import { described } from "../core/Described.js"
import { TransactionId, WireTransferId } from "../core/Ids.js"
import { Timestamp } from "../core/Timestamp.js"
import { Amount } from "../money/Money.js"

export const Reversal = Schema.Struct({
  amount: described(Amount, "The amount reversed, in USD cents; credited back to the account."),
  created_at: described(Timestamp, "When the reversal was received (ISO 8601, UTC)."),
  debtor_routing_number: described(
    Schema.NullOr(Schema.String),
    "The routing number of the debtor's bank; null when the reversal message did not give it."
  ),
  description: described(
    Schema.String,
    "The description on the reversal message, set by the reversing bank (the sandbox's is `Sandbox simulated reversal`)."
  ),
  input_cycle_date: described(
    Schema.String,
    "The Fedwire cycle date of the reversal message, `YYYY-MM-DD`; the Fedwire day begins at 9:00 PM Eastern Time on the evening before the cycle date."
  ),
  input_message_accountability_data: described(
    Schema.String,
    "The Fedwire transaction identifier (IMAD) of the reversal message: the cycle date, the input source and the sequence number."
  ),
  input_sequence_number: described(Schema.String, "The Fedwire sequence number of the reversal message (six digits)."),
  input_source: described(Schema.String, "The Fedwire input source identifier of the reversal message."),
  instruction_identification: described(
    Schema.NullOr(Schema.String),
    "The reversing bank's identifier of the reversal; null when it gave none."
  ),
  return_reason_additional_information: described(
    Schema.NullOr(Schema.String),
    "Additional information about the reason for the reversal; null when none was given."
  ),
  return_reason_code: described(
    Schema.NullOr(Schema.String),
    "The code the reversing bank gave as the reason, such as `CUST` (requested by the customer, the sandbox's); null when none was given."
  ),
  return_reason_code_description: described(
    Schema.NullOr(Schema.String),
    "This service's description of `return_reason_code` (`Requested by customer` for `CUST`); null when there is no code or it is not known."
  ),
  transaction_id: described(TransactionId, "The transaction that credited the reversed amount back to the account."),
  wire_transfer_id: described(WireTransferId, "The wire transfer that was reversed.")
})
export type Reversal = typeof Reversal.Type
