/**
 * Inbound wire drawdown requests: another bank's request that one of your
 * account numbers send it a wire. The sandbox receives them through a
 * simulation; a wire transfer that answers one names it
 * (`inbound_wire_drawdown_request_id`, which must be one of the caller's).
 */
import { Schema } from "effect"
import { AccountNumberDigits } from "../accounts/AccountNumber.js"
import { RoutingNumber } from "../accounts/RoutingNumber.js"
import { described } from "../core/Described.js"
import { AccountNumberId, InboundWireDrawdownRequestId } from "../core/Ids.js"
import { ShortText } from "../core/Text.js"
import { Timestamp } from "../core/Timestamp.js"
import { type PendingEvent, pendingEvent } from "../events/Event.js"
import { Currency, PositiveAmount } from "../money/Money.js"

const setBySender = (what: string) => described(Schema.NullOr(Schema.String), `${what}; null when the sender set none.`)

export class InboundWireDrawdownRequest extends Schema.Class<InboundWireDrawdownRequest>("InboundWireDrawdownRequest")({
  id: described(InboundWireDrawdownRequestId, "The Inbound Wire Drawdown Request identifier."),
  amount: described(PositiveAmount, "The amount requested, in cents."),
  created_at: described(Timestamp, "When the request was received (ISO 8601, UTC)."),
  creditor_account_number: described(Schema.String, "The account number of the creditor, who asks to be paid."),
  creditor_address_line1: setBySender("The first line of the creditor's address, free-form"),
  creditor_address_line2: setBySender("The second line of the creditor's address, free-form"),
  creditor_address_line3: setBySender("The third line of the creditor's address, free-form"),
  creditor_name: setBySender("The creditor's name"),
  creditor_routing_number: described(Schema.String, "The routing number of the creditor's bank."),
  currency: described(Currency, "The ISO 4217 code of the amount requested: always `USD`."),
  debtor_address_line1: setBySender("The first line of the debtor's address, free-form"),
  debtor_address_line2: setBySender("The second line of the debtor's address, free-form"),
  debtor_address_line3: setBySender("The third line of the debtor's address, free-form"),
  debtor_name: setBySender("The debtor's name"),
  end_to_end_identification: setBySender("A reference the sender set to identify the request"),
  input_message_accountability_data: described(
    Schema.NullOr(Schema.String),
    "The IMAD of the request's Fedwire message: cycle date, input source and sequence number."
  ),
  instruction_identification: setBySender("The sending bank's identifier of the request"),
  recipient_account_number_id: described(
    AccountNumberId,
    "The identifier of the Account Number asked to send the funds."
  ),
  unique_end_to_end_transaction_reference: setBySender("The Unique End-to-end Transaction Reference (UETR)"),
  unstructured_remittance_information: setBySender("A free-form message from the sender"),
  type: described(
    Schema.tag("inbound_wire_drawdown_request"),
    "Always `inbound_wire_drawdown_request`: the type of this object."
  )
}) {}

const freeForm = (what: string) => Schema.optionalKey(described(ShortText, `${what}, 1 to 200 characters.`))

/** `POST /simulations/inbound_wire_drawdown_requests`: the SDK 0.583's `simulations.inboundWireDrawdownRequests.create`. */
export const SimulateInboundWireDrawdownRequest = Schema.Struct({
  amount: described(PositiveAmount, "The amount requested, in cents (more than zero)."),
  creditor_account_number: described(AccountNumberDigits, "The creditor's account number, 1 to 17 digits."),
  creditor_routing_number: described(RoutingNumber, "The routing number of the creditor's bank (valid check digit)."),
  currency: described(Currency, "The ISO 4217 code of the amount: `USD`."),
  recipient_account_number_id: described(
    AccountNumberId,
    "The identifier of the Account Number (yours) asked to send the funds."
  ),
  creditor_address_line1: freeForm("The first line of the creditor's address"),
  creditor_address_line2: freeForm("The second line of the creditor's address"),
  creditor_address_line3: freeForm("The third line of the creditor's address"),
  creditor_name: freeForm("The creditor's name"),
  debtor_account_number: Schema.optionalKey(
    described(AccountNumberDigits, "The debtor's account number, as the sender gave it (not kept).")
  ),
  debtor_address_line1: freeForm("The first line of the debtor's address"),
  debtor_address_line2: freeForm("The second line of the debtor's address"),
  debtor_address_line3: freeForm("The third line of the debtor's address"),
  debtor_name: freeForm("The debtor's name"),
  debtor_routing_number: Schema.optionalKey(
    described(RoutingNumber, "The debtor's routing number, as the sender gave it (not kept).")
  ),
  end_to_end_identification: freeForm("A reference to identify the request"),
  instruction_identification: freeForm("The sending bank's identifier of the request"),
  unique_end_to_end_transaction_reference: freeForm("The Unique End-to-end Transaction Reference (UETR)"),
  unstructured_remittance_information: freeForm("A free-form message")
}).annotate({ identifier: "SimulateInboundWireDrawdownRequest" })
export type SimulateInboundWireDrawdownRequest = typeof SimulateInboundWireDrawdownRequest.Type

export interface CreateInput {
  readonly id: InboundWireDrawdownRequestId
  readonly createdAt: Timestamp
  readonly body: SimulateInboundWireDrawdownRequest
  /** The IMAD of the request's message (`WireTransfer.inputMessageAccountabilityData`). */
  readonly inputMessageAccountabilityData: string
}

/**
 * A received request as the simulation describes it: the free-form fields
 * the sender left out are null. Emits `inbound_wire_drawdown_request.created`.
 */
export const create = (
  input: CreateInput
): { readonly next: InboundWireDrawdownRequest; readonly events: ReadonlyArray<PendingEvent> } => {
  const { body } = input
  const next = new InboundWireDrawdownRequest({
    id: input.id,
    amount: body.amount,
    created_at: input.createdAt,
    creditor_account_number: body.creditor_account_number,
    creditor_address_line1: body.creditor_address_line1 ?? null,
    creditor_address_line2: body.creditor_address_line2 ?? null,
    creditor_address_line3: body.creditor_address_line3 ?? null,
    creditor_name: body.creditor_name ?? null,
    creditor_routing_number: body.creditor_routing_number,
    currency: body.currency,
    debtor_address_line1: body.debtor_address_line1 ?? null,
    debtor_address_line2: body.debtor_address_line2 ?? null,
    debtor_address_line3: body.debtor_address_line3 ?? null,
    debtor_name: body.debtor_name ?? null,
    end_to_end_identification: body.end_to_end_identification ?? null,
    input_message_accountability_data: input.inputMessageAccountabilityData,
    instruction_identification: body.instruction_identification ?? null,
    recipient_account_number_id: body.recipient_account_number_id,
    unique_end_to_end_transaction_reference: body.unique_end_to_end_transaction_reference ?? null,
    unstructured_remittance_information: body.unstructured_remittance_information ?? null
  })
  return {
    next,
    events: [pendingEvent("inbound_wire_drawdown_request.created", "inbound_wire_drawdown_request", next.id)]
  }
}
