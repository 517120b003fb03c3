/**
 * The card area: card payments (every interaction of one purchase, with its
 * running totals), declined transactions and digital wallet tokens. Typed
 * columns hold what the lists filter on; `body` holds the resource as the API
 * encodes it. Card holds and postings live in `pending_transactions` and
 * `transactions` (0001), routed through the card (`route_id`).
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE card_payments (
      id text PRIMARY KEY,
      group_id text NOT NULL,
      environment text NOT NULL,
      created_at timestamptz NOT NULL,
      account_id text NOT NULL REFERENCES accounts (id),
      card_id text NOT NULL REFERENCES cards (id),
      body jsonb NOT NULL
    )`
  yield* sql`CREATE INDEX card_payments_page ON card_payments (group_id, environment, created_at DESC, id DESC)`
  yield* sql`CREATE INDEX card_payments_account ON card_payments (account_id, created_at DESC, id DESC)`
  yield* sql`CREATE INDEX card_payments_card ON card_payments (card_id, created_at DESC, id DESC)`
  yield* sql`
    CREATE TABLE declined_transactions (
      id text PRIMARY KEY,
      group_id text NOT NULL,
      environment text NOT NULL,
      created_at timestamptz NOT NULL,
      account_id text NOT NULL REFERENCES accounts (id),
      category text NOT NULL,
      route_id text,
      body jsonb NOT NULL
    )`
  yield* sql`CREATE INDEX declined_transactions_page ON declined_transactions (group_id, environment, created_at DESC, id DESC)`
  yield* sql`CREATE INDEX declined_transactions_account ON declined_transactions (account_id, created_at DESC, id DESC)`
  yield* sql`
    CREATE TABLE digital_wallet_tokens (
      id text PRIMARY KEY,
      group_id text NOT NULL,
      environment text NOT NULL,
      created_at timestamptz NOT NULL,
      card_id text NOT NULL REFERENCES cards (id),
      status text NOT NULL,
      body jsonb NOT NULL
    )`
  yield* sql`CREATE INDEX digital_wallet_tokens_page ON digital_wallet_tokens (group_id, environment, created_at DESC, id DESC)`
  yield* sql`CREATE INDEX digital_wallet_tokens_card ON digital_wallet_tokens (card_id, created_at DESC, id DESC)`
})
