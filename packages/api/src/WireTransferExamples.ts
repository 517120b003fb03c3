/**
 * The examples of the wire transfer endpoints (and of the sandbox's interest
 * payment, which funds the account) in the API reference, in wire form: what a
 * sandbox answered to a transfer that waited for approval, was approved,
 * submitted and reversed, and to one that was canceled. `satisfies` checks
 * each against its schema's wire type, and `ReferenceDescriptions.test.ts`
 * decodes each with the contract.
 */
import type { Transaction } from "@moneta/domain/Transaction"
import type { WireTransfer } from "@moneta/domain/WireTransfer"

export const wireTransferAwaitingApproval = {
  id: "wire_transfer_01m8dhxmkcmc3c1qkeqh",
  account_id: "account_01m8dhwzq94dz9wgv2x7",
  account_number: "987654321",
  amount: 125000,
  approval: null,
  cancellation: null,
  created_at: "2026-11-27T03:48:54.508Z",
  created_by: {
    category: "api_key",
    api_key: { description: "Created at start-up" },
    oauth_application: null,
    user: null
  },
  creditor: {
    name: "Ian Crease",
    address: { unstructured: { line1: "33 Liberty Street", line2: "New York, NY 10045", line3: null } }
  },
  currency: "USD",
  debtor: {
    name: "Ada Lovelace",
    address: { unstructured: { line1: "1 Analytical Way", line2: "New York, NY 10001", line3: null } }
  },
  external_account_id: null,
  idempotency_key: "828c4fce-c4e8-4622-bff2-3156712d29bc",
  inbound_wire_drawdown_request_id: null,
  network: "wire",
  pending_transaction_id: "pending_transaction_01m8dhxmkcmc3c1qkeqk",
  remittance: { category: "unstructured", unstructured: { message: "Invoice 2026-118" }, tax: null },
  reversal: null,
  routing_number: "101050001",
  source_account_number_id: null,
  status: "pending_approval",
  submission: null,
  transaction_id: null,
  unique_end_to_end_transaction_reference: null,
  type: "wire_transfer"
} satisfies typeof WireTransfer.Encoded

export const approvedWireTransfer = {
  id: "wire_transfer_01m8dhxmkcmc3c1qkeqh",
  account_id: "account_01m8dhwzq94dz9wgv2x7",
  account_number: "987654321",
  amount: 125000,
  approval: { approved_at: "2026-11-27T03:48:54.657Z", approved_by: null },
  cancellation: null,
  created_at: "2026-11-27T03:48:54.508Z",
  created_by: {
    category: "api_key",
    api_key: { description: "Created at start-up" },
    oauth_application: null,
    user: null
  },
  creditor: {
    name: "Ian Crease",
    address: { unstructured: { line1: "33 Liberty Street", line2: "New York, NY 10045", line3: null } }
  },
  currency: "USD",
  debtor: {
    name: "Ada Lovelace",
    address: { unstructured: { line1: "1 Analytical Way", line2: "New York, NY 10001", line3: null } }
  },
  external_account_id: null,
  idempotency_key: "828c4fce-c4e8-4622-bff2-3156712d29bc",
  inbound_wire_drawdown_request_id: null,
  network: "wire",
  pending_transaction_id: "pending_transaction_01m8dhxmkcmc3c1qkeqk",
  remittance: { category: "unstructured", unstructured: { message: "Invoice 2026-118" }, tax: null },
  reversal: null,
  routing_number: "101050001",
  source_account_number_id: null,
  status: "pending_creating",
  submission: null,
  transaction_id: "transaction_01m8dhxmr12sdq4hmhz8",
  unique_end_to_end_transaction_reference: null,
  type: "wire_transfer"
} satisfies typeof WireTransfer.Encoded

export const submittedWireTransfer = {
  id: "wire_transfer_01m8dhxmkcmc3c1qkeqh",
  account_id: "account_01m8dhwzq94dz9wgv2x7",
  account_number: "987654321",
  amount: 125000,
  approval: { approved_at: "2026-11-27T03:48:54.657Z", approved_by: null },
  cancellation: null,
  created_at: "2026-11-27T03:48:54.508Z",
  created_by: {
    category: "api_key",
    api_key: { description: "Created at start-up" },
    oauth_application: null,
    user: null
  },
  creditor: {
    name: "Ian Crease",
    address: { unstructured: { line1: "33 Liberty Street", line2: "New York, NY 10045", line3: null } }
  },
  currency: "USD",
  debtor: {
    name: "Ada Lovelace",
    address: { unstructured: { line1: "1 Analytical Way", line2: "New York, NY 10001", line3: null } }
  },
  external_account_id: null,
  idempotency_key: "828c4fce-c4e8-4622-bff2-3156712d29bc",
  inbound_wire_drawdown_request_id: null,
  network: "wire",
  pending_transaction_id: "pending_transaction_01m8dhxmkcmc3c1qkeqk",
  remittance: { category: "unstructured", unstructured: { message: "Invoice 2026-118" }, tax: null },
  reversal: null,
  routing_number: "101050001",
  source_account_number_id: null,
  status: "complete",
  submission: { input_message_accountability_data: "20261127MONETASB000001", submitted_at: "2026-11-27T03:48:54.807Z" },
  transaction_id: "transaction_01m8dhxmr12sdq4hmhz8",
  unique_end_to_end_transaction_reference: "463bc316-60f3-427f-a7ea-5be3a01e62aa",
  type: "wire_transfer"
} satisfies typeof WireTransfer.Encoded

export const reversedWireTransfer = {
  id: "wire_transfer_01m8dhxmkcmc3c1qkeqh",
  account_id: "account_01m8dhwzq94dz9wgv2x7",
  account_number: "987654321",
  amount: 125000,
  approval: { approved_at: "2026-11-27T03:48:54.657Z", approved_by: null },
  cancellation: null,
  created_at: "2026-11-27T03:48:54.508Z",
  created_by: {
    category: "api_key",
    api_key: { description: "Created at start-up" },
    oauth_application: null,
    user: null
  },
  creditor: {
    name: "Ian Crease",
    address: { unstructured: { line1: "33 Liberty Street", line2: "New York, NY 10045", line3: null } }
  },
  currency: "USD",
  debtor: {
    name: "Ada Lovelace",
    address: { unstructured: { line1: "1 Analytical Way", line2: "New York, NY 10001", line3: null } }
  },
  external_account_id: null,
  idempotency_key: "828c4fce-c4e8-4622-bff2-3156712d29bc",
  inbound_wire_drawdown_request_id: null,
  network: "wire",
  pending_transaction_id: "pending_transaction_01m8dhxmkcmc3c1qkeqk",
  remittance: { category: "unstructured", unstructured: { message: "Invoice 2026-118" }, tax: null },
  reversal: {
    amount: 125000,
    created_at: "2026-11-27T03:48:55.033Z",
    debtor_routing_number: "101050001",
    description: "Sandbox simulated reversal",
    input_cycle_date: "2026-11-27",
    input_message_accountability_data: "20261127MONETASB000002",
    input_sequence_number: "000002",
    input_source: "MONETASB",
    instruction_identification: "SANDBOXRVSL000002",
    return_reason_additional_information: "Returned at the beneficiary's request",
    return_reason_code: "CUST",
    return_reason_code_description: "Requested by customer",
    transaction_id: "transaction_01m8dhxn3tx72rr9eq8v",
    wire_transfer_id: "wire_transfer_01m8dhxmkcmc3c1qkeqh"
  },
  routing_number: "101050001",
  source_account_number_id: null,
  status: "reversed",
  submission: { input_message_accountability_data: "20261127MONETASB000001", submitted_at: "2026-11-27T03:48:54.807Z" },
  transaction_id: "transaction_01m8dhxmr12sdq4hmhz8",
  unique_end_to_end_transaction_reference: "463bc316-60f3-427f-a7ea-5be3a01e62aa",
  type: "wire_transfer"
} satisfies typeof WireTransfer.Encoded

export const canceledWireTransfer = {
  id: "wire_transfer_01m8dhxn74j33srrv36h",
  account_id: "account_01m8dhwzq94dz9wgv2x7",
  account_number: "987654321",
  amount: 5000,
  approval: null,
  cancellation: { canceled_at: "2026-11-27T03:48:55.257Z", canceled_by: null },
  created_at: "2026-11-27T03:48:55.140Z",
  created_by: {
    category: "api_key",
    api_key: { description: "Created at start-up" },
    oauth_application: null,
    user: null
  },
  creditor: { name: "Ian Crease", address: null },
  currency: "USD",
  debtor: {
    name: "Ada Lovelace",
    address: { unstructured: { line1: "1 Analytical Way", line2: "New York, NY 10001", line3: null } }
  },
  external_account_id: null,
  idempotency_key: "db4eefe7-5cc5-4623-9489-5416d0b72422",
  inbound_wire_drawdown_request_id: null,
  network: "wire",
  pending_transaction_id: "pending_transaction_01m8dhxn74j33srrv36k",
  remittance: { category: "unstructured", unstructured: { message: "Deposit" }, tax: null },
  reversal: null,
  routing_number: "101050001",
  source_account_number_id: null,
  status: "canceled",
  submission: null,
  transaction_id: null,
  unique_end_to_end_transaction_reference: null,
  type: "wire_transfer"
} satisfies typeof WireTransfer.Encoded

export const interestPaymentTransaction = {
  id: "transaction_01m8dhxj194802mhwb64",
  account_id: "account_01m8dhwzq94dz9wgv2x7",
  amount: 1000000,
  currency: "USD",
  created_at: "2026-11-27T03:48:51.880Z",
  description: "Interest payment",
  route_id: null,
  route_type: null,
  source: {
    category: "interest_payment",
    interest_payment: {
      accrued_on_account_id: "account_01m8dhwzq94dz9wgv2x7",
      amount: 1000000,
      currency: "USD",
      period_start: "2026-10-27T03:48:51.880Z",
      period_end: "2026-11-27T03:48:51.880Z"
    }
  },
  type: "transaction"
} satisfies typeof Transaction.Encoded
