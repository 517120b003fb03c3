/**
 * Issue 30's account lifecycle: inbound wire drawdown requests (a request
 * from another bank that one of your account numbers send it a wire). Account
 * closing, account number and entity updates need no schema change: the
 * status columns and bodies they write exist.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE inbound_wire_drawdown_requests (
      id text PRIMARY KEY,
      group_id text NOT NULL,
      environment text NOT NULL,
      created_at timestamptz NOT NULL,
      idempotency_key text,
      recipient_account_number_id text NOT NULL REFERENCES account_numbers (id),
      body jsonb NOT NULL
    )`
  yield* sql`CREATE INDEX inbound_wire_drawdown_requests_page
    ON inbound_wire_drawdown_requests (group_id, environment, created_at DESC, id DESC)`
  yield* sql`CREATE INDEX inbound_wire_drawdown_requests_account_number
    ON inbound_wire_drawdown_requests (recipient_account_number_id)`
})
