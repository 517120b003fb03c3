/**
 * Wire transfers and what they need: external accounts (saved destinations),
 * account numbers (routes into an account), and the sequence that numbers the
 * wire messages this service writes. Typed columns hold what the lists filter
 * on; `body` holds the resource as the API encodes it.
 *
 * `pending_transactions` (0001) keeps `held_amount` as the positive amount an
 * open hold takes off the available balance (the API's `held_amount` is the
 * same number, negative); `accounts.held_amount` is the sum of those.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE external_accounts (
      id text PRIMARY KEY,
      group_id text NOT NULL,
      environment text NOT NULL,
      created_at timestamptz NOT NULL,
      idempotency_key text,
      routing_number text NOT NULL,
      status text NOT NULL,
      body jsonb NOT NULL
    )`
  yield* sql`CREATE INDEX external_accounts_page ON external_accounts (group_id, environment, created_at DESC, id DESC)`
  yield* sql`
    CREATE TABLE account_numbers (
      id text PRIMARY KEY,
      group_id text NOT NULL,
      environment text NOT NULL,
      created_at timestamptz NOT NULL,
      idempotency_key text,
      account_id text NOT NULL REFERENCES accounts (id),
      account_number text NOT NULL UNIQUE,
      status text NOT NULL,
      ach_debit_status text NOT NULL,
      body jsonb NOT NULL
    )`
  yield* sql`CREATE INDEX account_numbers_page ON account_numbers (group_id, environment, created_at DESC, id DESC)`
  yield* sql`CREATE INDEX account_numbers_account ON account_numbers (account_id, created_at DESC, id DESC)`
  yield* sql`
    CREATE TABLE wire_transfers (
      id text PRIMARY KEY,
      group_id text NOT NULL,
      environment text NOT NULL,
      created_at timestamptz NOT NULL,
      idempotency_key text,
      account_id text NOT NULL REFERENCES accounts (id),
      external_account_id text,
      status text NOT NULL,
      body jsonb NOT NULL
    )`
  yield* sql`CREATE INDEX wire_transfers_page ON wire_transfers (group_id, environment, created_at DESC, id DESC)`
  yield* sql`CREATE INDEX wire_transfers_account ON wire_transfers (account_id, created_at DESC, id DESC)`
  yield* sql`CREATE INDEX wire_transfers_external_account ON wire_transfers (external_account_id) WHERE external_account_id IS NOT NULL`
  yield* sql`CREATE INDEX wire_transfers_idempotency_key ON wire_transfers (idempotency_key) WHERE idempotency_key IS NOT NULL`
  yield* sql`CREATE INDEX pending_transactions_account_page ON pending_transactions (account_id, created_at DESC, id DESC)`
  // Input sequence numbers of the wire messages (submissions, reversals): six digits of it end each IMAD.
  yield* sql`CREATE SEQUENCE wire_message_sequence`
})
