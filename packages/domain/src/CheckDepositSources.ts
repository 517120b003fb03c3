/**
 * The parts of a check deposit that other resources carry: the accepted
 * check (the `check_deposit_acceptance` transaction source) and the hold on
 * its funds (the `inbound_funds_hold` pending-transaction source). A module of
 * their own so that the Transaction schemas need not import the deposit's
 * rules (which import the money effects that name transaction sources).
 */
import { Schema } from "effect"
import { described } from "./Described.js"
import { CheckDepositId, PendingTransactionId, TransactionId } from "./Ids.js"
import { Amount, Currency } from "./Money.js"
import { Timestamp } from "./Timestamp.js"

/** The check as read when the deposit was accepted; also the `check_deposit_acceptance` transaction source. */
export const CheckDepositAcceptance = Schema.Struct({
  account_number: described(
    Schema.String,
    "The account number printed on the check: an account at the bank that issued it."
  ),
  amount: described(Amount, "The amount deposited, in the minor unit of the currency (cents for USD)."),
  auxiliary_on_us: described(
    Schema.NullOr(Schema.String),
    "An additional line printed on the check, typically the check number of a business check; null when there is none."
  ),
  check_deposit_id: described(CheckDepositId, "The identifier of the Check Deposit that was accepted."),
  currency: described(Currency, "The ISO 4217 code of the currency: `USD` (US Dollar)."),
  routing_number: described(
    Schema.String,
    "The routing number printed on the check: the bank that issued it."
  ),
  serial_number: described(
    Schema.NullOr(Schema.String),
    "The serial number of a consumer check, if printed; null otherwise (a business check's is usually in `auxiliary_on_us`)."
  )
})
export type CheckDepositAcceptance = typeof CheckDepositAcceptance.Type

/** Deposited funds held until the check clears; also the `inbound_funds_hold` pending-transaction source. */
export const InboundFundsHold = Schema.Struct({
  amount: described(Amount, "The held amount, in the minor unit of the Account's currency (cents for USD)."),
  automatically_releases_at: described(
    Timestamp,
    "When the hold is released automatically (ISO 8601, UTC); some conditions release it earlier."
  ),
  created_at: described(Timestamp, "When the hold was created (ISO 8601, UTC)."),
  currency: described(Currency, "The ISO 4217 code of the hold's currency: `USD` (US Dollar)."),
  held_transaction_id: described(
    Schema.NullOr(TransactionId),
    "The identifier of the Transaction whose funds are held; null when none."
  ),
  pending_transaction_id: described(
    Schema.NullOr(PendingTransactionId),
    "The identifier of the Pending Transaction that represents the held funds; null when none."
  ),
  released_at: described(Schema.NullOr(Timestamp), "When the hold was released (ISO 8601, UTC); null while it holds."),
  status: described(
    Schema.Literals(["held", "complete"]),
    "The status of the hold. `held`: the funds are still held. `complete`: they have been released."
  ),
  type: described(Schema.tag("inbound_funds_hold"), "Always `inbound_funds_hold`: the type of this object.")
})
export type InboundFundsHold = typeof InboundFundsHold.Type
