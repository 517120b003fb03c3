/**
 * Migration 0010: credits of wire reversals written with the older Inbound
 * Wire Reversal shape are rewritten to the transfer's own `reversal`, so they
 * decode (and read through SDK 0.583) like new ones.
 */
import { describe, expect, layer } from "@effect/vitest"
import { GroupId, TransactionId } from "@moneta/domain/Ids"
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import inboundWireReversalSource from "../src/migrations/0010_inbound_wire_reversal_source.js"
import * as TestDatabase from "../src/testing.js"
import { TransactionStore } from "../src/Transactions.js"

const tenant = { groupId: GroupId.make("group_wire_reversal_source"), environment: "sandbox" as const }
const createdAt = "2026-01-01T00:00:00.000Z"

const reversal = {
  amount: 12_000,
  created_at: createdAt,
  debtor_routing_number: null,
  description: "Sandbox simulated reversal",
  input_cycle_date: "2026-01-01",
  input_message_accountability_data: "20260101MONETASB000002",
  input_sequence_number: "000002",
  input_source: "MONETASB",
  instruction_identification: null,
  return_reason_additional_information: null,
  return_reason_code: "CUST",
  return_reason_code_description: "Requested by customer",
  transaction_id: "transaction_0010_credit",
  wire_transfer_id: "wire_transfer_0010"
}

/** The source as written before 0010. */
const olderSource = {
  category: "inbound_wire_reversal",
  inbound_wire_reversal: {
    amount: 12_000,
    created_at: createdAt,
    description: "Sandbox simulated reversal",
    input_cycle_date: "2026-01-01",
    input_message_accountability_data: "20260101MONETASB000002",
    input_sequence_number: "000002",
    input_source: "MONETASB",
    originator_routing_number: "021000021",
    previous_message_input_cycle_date: "2026-01-01",
    previous_message_input_message_accountability_data: "20260101MONETASB000001",
    previous_message_input_sequence_number: "000001",
    previous_message_input_source: "MONETASB",
    receiver_financial_institution_information: null,
    sender_reference: null,
    transaction_id: "transaction_0010_credit",
    wire_transfer_id: "wire_transfer_0010"
  }
}

for (const kind of TestDatabase.testDatabases) {
  describe(`migration 0010, inbound wire reversal sources (${kind})`, () => {
    layer(TransactionStore.Default.pipe(Layer.provideMerge(TestDatabase.layerFor(kind))), {
      timeout: TestDatabase.timeout
    })((it) => {
      it.effect("rewrites an older credit's source to its transfer's reversal", () =>
        Effect.gen(function*() {
          const sql = yield* SqlClient.SqlClient
          const at = new Date(createdAt)
          yield* sql`INSERT INTO accounts (id, group_id, environment, created_at, status, body)
            VALUES ('account_0010', ${tenant.groupId}, ${tenant.environment}, ${at}, 'open', '{}'::jsonb)`
          yield* sql`INSERT INTO wire_transfers (id, group_id, environment, created_at, account_id, status, body)
            VALUES ('wire_transfer_0010', ${tenant.groupId}, ${tenant.environment}, ${at}, 'account_0010', 'reversed',
              ${JSON.stringify({ id: "wire_transfer_0010", reversal })}::jsonb)`
          const transaction = {
            id: "transaction_0010_credit",
            account_id: "account_0010",
            amount: 12_000,
            currency: "USD",
            created_at: createdAt,
            description: "Reversal of wire transfer wire_transfer_0010",
            route_id: null,
            route_type: null,
            source: olderSource,
            type: "transaction"
          }
          yield* sql`INSERT INTO transactions (id, group_id, environment, created_at, account_id, amount, category,
              running_balance, body)
            VALUES ('transaction_0010_credit', ${tenant.groupId}, ${tenant.environment}, ${at}, 'account_0010', 12000,
              'inbound_wire_reversal', 12000, ${JSON.stringify(transaction)}::jsonb)`

          yield* inboundWireReversalSource

          const transactions = yield* TransactionStore
          const found = yield* transactions.find(tenant, TransactionId.make("transaction_0010_credit"))
          const source = Option.map(found, (credit) => credit.source)
          expect(Option.getOrThrow(source)).toMatchObject({
            category: "inbound_wire_reversal",
            inbound_wire_reversal: { ...reversal, created_at: expect.anything() }
          })
          const rows = yield* sql<{ body: unknown }>`SELECT body FROM transactions WHERE id = 'transaction_0010_credit'`
          expect(rows[0]?.body).toMatchObject({ source: { inbound_wire_reversal: reversal } })
          expect(rows[0]?.body).not.toHaveProperty("source.inbound_wire_reversal.originator_routing_number")
        }))
    })
  })
}
